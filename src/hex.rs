//! `boardgames hex`: the Hex contest's position analyzer, the solver (`solve`), and the Hex
//! engine (`gtp`, `arena`, `selfplay`, `patterns`, `opening-book`).

mod solve;

use std::io::Write;

use anyhow::{Context, Result, anyhow};
use hex::cli::{ArenaArgs, GtpArgs, OpeningBookArgs, PatternsArgs, SelfplayArgs, SolveArgs};
use hex::contest;
use hex::gtp::Engine;
use hex::matches::arena::OpeningTable;
use hex::matches::records;
use hex::matches::records::followed_games;
use hex::player::book::OpeningBook;
use hex::player::building::{Plan, Step};
use hex::player::{Player, patterns};
use indicatif::{ProgressBar, ProgressStyle};

use crate::io::{self, InputArg};

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(contest::ABOUT), long_about = contest::ABOUT)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_long_help = contest::FORMAT)]
pub struct Args {
    #[command(subcommand)]
    verb: Option<Verb>,
    #[command(flatten)]
    input: InputArg,
}

#[derive(clap::Subcommand, Debug)]
enum Verb {
    Solve(SolveArgs),
    Gtp(GtpArgs),
    Arena(ArenaArgs),
    Selfplay(SelfplayArgs),
    Patterns(PatternsArgs),
    OpeningBook(OpeningBookArgs),
}

pub fn run(args: Args) -> Result<()> {
    match args.verb {
        None => io::print(&io::read(&args.input)?.parse(contest::run)?),
        Some(Verb::Solve(args)) => solve::run(args),
        Some(Verb::Gtp(gtp)) => {
            let mut player = Player::new(gtp.player.config)?;
            *player.dfpn_mut() = gtp.solver.settings;
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                // A person at a terminal, not a GUI: say what this waits for. (Over a pipe,
                // as HexGui and the arena run it, nothing is said.)
                io::comment(
                    "This is the Hex engine over GTP: it waits for commands on stdin, one a line \
                     (list_commands names them, quit ends).\n\
                     To play it on a board: give HexGui `boardgames hex gtp` as its program, or \
                     run boardgames serve and open its Hex page.\n",
                )?;
            }
            // A reader thread of the engine's own takes stdin (interrupts reach a search).
            let input = std::io::BufReader::new(std::io::stdin());
            let output = std::io::stdout().lock();
            let session = Engine::new(player).with_version(crate::VERSION).run(
                input,
                output,
                std::io::stderr(),
            );
            session.context("GTP session")
        }
        Some(Verb::Arena(arena)) => run_arena(arena),
        Some(Verb::Selfplay(args)) => selfplay(args),
        Some(Verb::Patterns(args)) => patterns(args),
        Some(Verb::OpeningBook(args)) => opening_book(args),
    }
}

fn run_arena(args: ArenaArgs) -> Result<()> {
    let dir = &args.sgf_dir;
    if args.tally {
        let saved =
            records::read_dir(dir).with_context(|| format!("--tally: {}", dir.display()))?;
        let (table, names) = records::tally(&saved)
            .map_err(|(number, why)| anyhow!("{}: {why}", records::file_name(number)))?;
        return io::print(&table.render(names.each_ref().map(String::as_str)));
    }
    let me = std::env::current_exe().context("cannot find the boardgames program")?;
    let game = (args.to_match(&me)).map_err(|e| io::usage(&["hex", "arena"], e))?;
    let numbers = args.numbers()?;
    // Read once here, so that a bad book is named before any game.
    Player::new(args.player.config.clone())?;
    let names = game.engines.each_ref().map(|engine| engine.name.as_str());
    records::check_new_run(dir, *numbers.start(), args.size, names)?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let bar = ProgressBar::new(u64::from(args.game_count())).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} {msg}")?,
    );
    let mut openings = OpeningTable::default();
    let table = game.play_games(numbers.clone(), |number, outcome, table| -> Result<()> {
        records::save(dir, number, &outcome.record)?;
        openings.add(game.opening(number), outcome);
        if let Some(note) = outcome.note(number, names) {
            bar.println(note);
        }
        let [(one, won1), (two, won2)] = [0, 1].map(|i| (names[i], table.wins(i)));
        bar.set_message(format!("{one}: {won1} won, {two}: {won2} won"));
        bar.inc(1);
        Ok(())
    })?;
    bar.finish_and_clear();
    io::print(&table.render(names))?;
    if game.openings.len() > 1 {
        io::print(&format!("\n{}", openings.render(names)))?;
    }
    io::comment(&table.timing(names))?;
    if game.rules.clock.is_some() {
        io::comment(&table.clock_timing(names))?;
    }
    let saved = records::span(&numbers);
    io::comment(&format!(
        "The games are saved as SGF in {}/ ({saved}).\n",
        dir.display()
    ))
}

fn selfplay(args: SelfplayArgs) -> Result<()> {
    let (run, numbers) = args.run().map_err(|e| io::usage(&["hex", "selfplay"], e))?;
    let dir = &args.out;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for number in numbers {
        let record = run.play(number)?;
        records::save(dir, number, &record)?;
        let name = records::file_name(number);
        let result = record.result.unwrap_or_default();
        io::print(&format!("{name}  {result}  {} moves\n", record.moves.len()))?;
    }
    Ok(())
}

fn patterns(args: PatternsArgs) -> Result<()> {
    io::print(&patterns::extract_dirs(&args.dirs, args.player.as_deref())?)
}

fn opening_book(args: OpeningBookArgs) -> Result<()> {
    let plies = args
        .plan_plies()
        .map_err(|e| io::usage(&["hex", "opening-book"], e))?;
    let plan = Plan {
        size: args.size,
        plies,
        games: followed_games(&args.games, args.size, args.games_player.as_deref())
            .map_err(anyhow::Error::msg)?,
        min_games: args.min_games(),
        by_results: args.by_results,
    };
    let path = &args.out;
    let mut book = if path.exists() {
        hex::player::book::read(path)?
    } else {
        OpeningBook::default()
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    if book.lines().is_empty() {
        let how = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        writeln!(file, "# boardgames {how}")?;
    }
    let style = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} positions of ply {msg}, {elapsed} (about {eta} left)",
    )?;
    let mut bar = ProgressBar::hidden();
    let added = book.build(&plan, &args.config(), |step| -> Result<()> {
        match step {
            Step::Ply { ply, positions } => {
                bar.finish_and_clear();
                bar = ProgressBar::new(positions as u64).with_style(style.clone());
                bar.set_message(ply.to_string());
            }
            Step::Added(line) => {
                writeln!(file, "{line}")
                    .with_context(|| format!("cannot write {}", path.display()))?;
                bar.inc(1);
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let answered = book.answered_before(args.size, plies);
    io::print(&format!(
        "{answered} positions answered in {} ({added} new)\n",
        path.display()
    ))
}
