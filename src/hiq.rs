//! `boardgames hiq`: the Hi-Q contest program, and `hiq solve` and `hiq count` beyond it.

use anyhow::Result;
use hiq::cli::{BoardArg, Command, CountArgs, SolveArgs};
use hiq::{CensusTable, Goal, Layout, contest, limit};

use crate::io;

pub use hiq::cli::Args;

/// The board `--board` names, and its name for the reader.
fn layout(arg: &BoardArg) -> Result<(Layout, String)> {
    match arg.board.to_str() {
        Some("english") => Ok((Layout::english().clone(), "english".into())),
        Some("european") => Ok((Layout::european().clone(), "european".into())),
        _ => {
            let input = io::read_path(&arg.board)?;
            Ok((input.parse(Layout::from_picture)?, input.name))
        }
    }
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Some(Command::Solve(args)) => solve(args),
        Some(Command::Count(args)) => count(args),
        None => {
            let options = contest::Options { trace: args.trace };
            crate::contest::run(&args.input, |text| contest::run_with(text, options))
        }
    }
}

fn solve(args: SolveArgs) -> Result<()> {
    let (layout, name) = layout(&args.board)?;
    let goal = match args.finish {
        None => Goal::Fewest,
        Some(number) => Goal::Finish(layout.hole(number).ok_or_else(|| {
            io::usage(
                &["hiq", "solve"],
                format!(
                    "invalid value '{number}' for '--finish <HOLE>': the {name} board has holes 1 to {}",
                    layout.holes()
                ),
            )
        })?),
    };
    let input = io::read(&args.input)?;
    let starts = input.parse(|text| hiq::parse_positions(&layout, text))?;
    io::print(&hiq::answers(&layout, starts, goal))
}

fn count(args: CountArgs) -> Result<()> {
    let (layout, name) = layout(&args.board)?;
    // A limit the user gave that is refused is a usage error (exit 2), as every refused
    // option value is; a limit the memory set is not the user's to correct.
    let refused = |message: String| match args.max_positions {
        Some(_) => io::usage(&["hiq", "count"], message),
        None => anyhow::anyhow!(message),
    };
    let max_positions = limit::position_limit(&name, args.max_positions, limit::available_memory())
        .map_err(|limit| refused(limit.explain("--max-positions")))?;
    let levels = layout.holes().saturating_sub(1) as u64;
    let bar = indicatif::ProgressBar::new(levels).with_style(
        indicatif::ProgressStyle::with_template("counting {bar:32} {pos}/{len} levels {msg}")
            .expect("the template is valid"),
    );
    let census = hiq::census_within(&layout, u32::MAX, max_positions, &|jumps, positions| {
        bar.set_message(format!(
            "(level {jumps}: {})",
            text::Counted(positions, "position")
        ));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let census = census.map_err(|err| {
        refused(format!(
            "{name} board: {err} (--max-positions); a larger limit takes about {} bytes a position",
            limit::BYTES_PER_POSITION
        ))
    })?;
    io::print(&CensusTable::new(&layout, &name, &census).to_string())
}
