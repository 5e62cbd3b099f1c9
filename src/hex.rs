//! `boardgames hex`: the Hex contest's position analyzer, the solver (`solve`), and the Hex
//! engine (`gtp`, `arena`).

mod opening_book;
mod patterns;
mod selfplay;
mod solve;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use hex::contest;
use hex::game::{Game, Move, Point};
use hex::gtp::Engine;
use hex::matches::arena::{self, Adjudication, Program, Rules};
use hex::matches::records;
use hex::player::Player;
use hex::player::cli::PlayerArgs;
use indicatif::{ProgressBar, ProgressStyle};

use crate::io::{self, InputArg};

#[derive(clap::Args, Debug)]
#[command(about = io::summary(contest::ABOUT), long_about = contest::ABOUT)]
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
    Solve(solve::Args),
    Gtp(GtpArgs),
    Arena(ArenaArgs),
    Selfplay(selfplay::Args),
    Patterns(patterns::Args),
    OpeningBook(opening_book::Args),
}

/// Checks a `--size` option: a board the engine plays, 1..=19.
fn check_size(size: u8) -> Result<()> {
    if !(1..=hex::game::MAX_BOARD).contains(&size) {
        bail!("--size must be 1..{}", hex::game::MAX_BOARD);
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
#[command(about = io::summary(hex::gtp::GTP_ABOUT), long_about = hex::gtp::GTP_ABOUT)]
#[command(after_long_help = hex::gtp::GTP_EXAMPLE)]
struct GtpArgs {
    #[command(flatten)]
    player: PlayerArgs,
}

/// Plays two GTP engines against each other: G games on an NxN board, colours alternating.
///
/// Each engine is a command line (split at spaces; `{seed}` in it is replaced by a number that
/// changes from game to game); the built-in engine (`boardgames hex gtp`
/// with the given player options) stands in for any not given. When an engine makes an illegal
/// move, a malformed, overlong or `?` reply, crashes, or does not reply within --timeout, the
/// solver adjudicates: the winner of the position with perfect play, if proven within
/// --adjudicate seconds, else the failing side loses. Every game is saved as SGF; a table of wins
/// with 95% intervals (and the adjudicated games apart) ends the run, and each engine's mean
/// time a move is shown.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (the built-in engine against itself, two games on 3x3; another engine is given as
`--engine2 \"PROGRAM ARGS... --seed {seed}\"`):
  $ boardgames hex arena -n 3 -g 2 --playouts 50 --threads 1
  engine        colour  games   wins    rate  95% interval
  boardgames-1  black       1      1  100.0%  20.7%..100.0%
  boardgames-1  white       1      0    0.0%  0.0%..79.3%
  boardgames-1  both        2      1   50.0%  9.5%..90.5%
  boardgames-2  black       1      1  100.0%  20.7%..100.0%
  boardgames-2  white       1      0    0.0%  0.0%..79.3%
  boardgames-2  both        2      1   50.0%  9.5%..90.5%")]
struct ArenaArgs {
    /// The first engine's command (the built-in engine when absent).
    #[arg(long, value_name = "COMMAND")]
    engine1: Option<String>,
    /// The second engine's command (the built-in engine when absent).
    #[arg(long, value_name = "COMMAND")]
    engine2: Option<String>,
    /// Games to play; the first engine is Black in the odd-numbered ones.
    #[arg(long, short, default_value_t = 10, value_name = "G")]
    games: u32,
    /// The number of the first game: play games K..K+G-1 of a longer match, each with the
    /// seeds and colours it has there (for jobs that share a match out).
    #[arg(long, default_value_t = 1, value_name = "K")]
    first_game: u32,
    /// Play nothing: print the table of the games saved in --sgf-dir (the folders of jobs
    /// that each played part of a match, put together).
    #[arg(long)]
    tally: bool,
    /// The board's side.
    #[arg(long, short = 'n', default_value_t = 9, value_name = "N")]
    size: u8,
    /// Seconds an engine may take for a move before it loses on time.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    timeout: f64,
    /// Seconds the solver may take to adjudicate a game in which an engine failed (0: the
    /// failing side loses at once).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    adjudicate: f64,
    /// White may swap (the engines are sent `param_game allow_swap 1`).
    #[arg(long)]
    swap: bool,
    /// Moves every game starts with, Black first, comma-separated (`f6`, `g5,g6`): both
    /// engines are told them with `play`, and the first to move is asked after them (to
    /// measure the answers to one opening).
    #[arg(long, value_name = "MOVES")]
    opening: Option<String>,
    /// Where the games are saved as SGF (game-001.sgf, ...); the run ends by naming it.
    #[arg(
        long,
        alias = "games-dir",
        default_value = "hex-arena",
        value_name = "DIR"
    )]
    sgf_dir: PathBuf,
    #[command(flatten)]
    player: PlayerArgs,
}

pub fn run(args: Args) -> Result<()> {
    match args.verb {
        Some(Verb::Solve(args)) => solve::run(args),
        None => {
            let input = args.input.read()?;
            io::print(&input.parse(contest::run)?)
        }
        Some(Verb::Gtp(gtp)) => {
            let player = Player::new(gtp.player.config).map_err(anyhow::Error::msg)?;
            Engine::new(player)
                .run(
                    std::io::stdin().lock(),
                    std::io::stdout().lock(),
                    std::io::stderr(),
                )
                .context("GTP session")
        }
        Some(Verb::Arena(arena)) => run_arena(arena),
        Some(Verb::Selfplay(args)) => selfplay::run(args),
        Some(Verb::Patterns(args)) => patterns::run(args),
        Some(Verb::OpeningBook(args)) => opening_book::run(args),
    }
}

/// The moves of `--opening` on a board of `size`: each a point, the whole a game that has
/// not ended.
fn parse_opening(text: &str, size: u8) -> Result<Vec<Point>> {
    let mut game = Game::new(size).context("a board size 1..=19")?;
    let mut moves = Vec::new();
    for word in text.split(',').map(str::trim) {
        let Some(point) = Point::parse(word, size) else {
            bail!(
                "--opening: {word:?} is not a point of the {size}x{size} board (a1 to {})",
                Point {
                    row: size - 1,
                    col: size - 1
                }
            );
        };
        if game.play(game.to_move(), Move::Play(point)).is_err() {
            bail!("--opening: {word} is already taken");
        }
        if game.winner().is_some() {
            bail!("--opening: the game is over after {word}");
        }
        moves.push(point);
    }
    Ok(moves)
}

fn run_arena(args: ArenaArgs) -> Result<()> {
    let dir = &args.sgf_dir;
    if args.tally {
        let saved =
            records::read_dir(dir).with_context(|| format!("--tally: {}", dir.display()))?;
        let (table, names) = records::tally(&saved)
            .map_err(|(number, why)| anyhow::anyhow!("{}: {why}", records::file_name(number)))?;
        return io::print(&table.render(names.each_ref().map(String::as_str)));
    }
    if args.first_game == 0 || args.first_game.checked_add(args.games).is_none() {
        bail!("--first-game must be 1 or more, and the last game's number fit 32 bits");
    }
    let numbers = args.first_game..=args.first_game + args.games - 1;
    check_size(args.size)?;
    if !(args.timeout > 0.0 && args.timeout <= 86_400.0) {
        bail!("--timeout must be more than 0 and at most 86400 seconds");
    }
    if !(0.0..=86_400.0).contains(&args.adjudicate) {
        bail!("--adjudicate must be 0..86400 seconds");
    }
    let opening = match &args.opening {
        Some(text) => parse_opening(text, args.size)?,
        None => Vec::new(),
    };
    let config = &args.player.config;
    // Read once here, so that a bad book is named before any game.
    Player::new(config.clone()).map_err(anyhow::Error::msg)?;
    let me = std::env::current_exe().context("cannot find the boardgames program")?;
    // The built-in engine is told its parameters in GTP, a seed for each game.
    let mut setup: Vec<String> = (config.changes().into_iter())
        .filter(|&(name, _)| name != "seed")
        .map(|(name, value)| format!("param_player {name} {value}"))
        .collect();
    setup.push("param_player seed {seed}".into());
    let engine = |given: &Option<String>, number: u8| -> Result<Program> {
        let Some(line) = given else {
            let command = vec![me.display().to_string(), "hex".into(), "gtp".into()];
            let name = format!("boardgames-{number}");
            let setup = setup.clone();
            return Ok(Program {
                name,
                command,
                setup,
            });
        };
        let command: Vec<String> = line.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            bail!("an engine command is empty");
        }
        let name = line.clone();
        let setup = Vec::new();
        Ok(Program {
            name,
            command,
            setup,
        })
    };
    let game = arena::Match {
        engines: [engine(&args.engine1, 1)?, engine(&args.engine2, 2)?],
        games: args.games,
        rules: Rules {
            size: args.size,
            move_time: Duration::from_secs_f64(args.timeout),
            command_time: Duration::from_secs_f64(args.timeout.max(10.0)),
            swap: args.swap,
            adjudicate: (args.adjudicate > 0.0).then(|| Duration::from_secs_f64(args.adjudicate)),
        },
        seed: config.seed,
        opening,
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let names = game.engines.each_ref().map(|engine| engine.name.as_str());
    let bar = ProgressBar::new(u64::from(args.games)).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} {msg}")
            .expect("a valid template"),
    );
    let table = game.play_games(numbers.clone(), |number, outcome, table| -> Result<()> {
        let path = dir.join(records::file_name(number));
        std::fs::write(&path, outcome.record.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
        let winner = names[outcome.winner_program()];
        match outcome.adjudication {
            None => {}
            Some(Adjudication::Solved) => bar.println(format!(
                "game {number}: {}; the solver gives it to {winner}",
                outcome.ending
            )),
            Some(Adjudication::Unresolved) => {
                let loser = names[1 - outcome.winner_program()];
                bar.println(format!("game {number}: {loser} loses: {}", outcome.ending));
            }
        }
        let [one, two] = names;
        let [won1, won2] = [table.wins(0), table.wins(1)];
        bar.set_message(format!("{one}: {won1} won, {two}: {won2} won"));
        bar.inc(1);
        Ok(())
    })?;
    bar.finish_and_clear();
    io::print(&table.render(names))?;
    let [first, last] = [numbers.start(), numbers.end()].map(|&n| records::file_name(n));
    io::comment(&table.timing(names))?;
    let saved = match args.games {
        0 => return Ok(()),
        1 => first,
        _ => format!("{first} to {last}"),
    };
    io::comment(&format!(
        "The games are saved as SGF in {}/ ({saved}).\n",
        dir.display()
    ))
}
