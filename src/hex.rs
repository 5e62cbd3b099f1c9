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
use hex::engine::arena::{self, Adjudication, Program, Rules};
use hex::engine::opening::OpeningBook;
use hex::engine::records;
use hex::engine::{Budget, Engine, Game, Move, Point, Reuse, Settings};
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

/// Whether a record's player `name` (its `PB` or `PW`) is the one a `--player` option asks
/// for: its text inside the name, ignoring case; any player when none is asked for.
fn is_player(wanted: Option<&str>, name: Option<&str>) -> bool {
    wanted.is_none_or(|wanted| {
        name.is_some_and(|name| name.to_lowercase().contains(&wanted.to_lowercase()))
    })
}

/// Checks a `--size` option: a board the engine plays, 1..=19.
fn check_size(size: u8) -> Result<()> {
    if !(1..=hex::engine::MAX_BOARD).contains(&size) {
        bail!("--size must be 1..{}", hex::engine::MAX_BOARD);
    }
    Ok(())
}

/// How hard the built-in player searches.
#[derive(clap::Args, Debug, Clone)]
struct PlayerArgs {
    /// Seconds a move (the default is 1 when --playouts is not given).
    #[arg(long, value_name = "SECONDS", conflicts_with = "playouts")]
    time: Option<f64>,
    /// A fixed number of simulations a move instead of a time (deterministic with --seed
    /// and --threads 1).
    #[arg(long, value_name = "N")]
    playouts: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 2, value_name = "T")]
    threads: usize,
    /// The seed of the random playouts.
    #[arg(long, default_value_t = 1, value_name = "S")]
    seed: u64,
    /// Tuning: the RAVE equivalence parameter (0 turns RAVE off).
    #[arg(
        long,
        default_value_t = 1000.0,
        value_name = "K",
        help_heading = "Tuning"
    )]
    rave: f64,
    /// Tuning: playouts do not answer bridge intrusions.
    #[arg(long, help_heading = "Tuning")]
    no_bridges: bool,
    /// Tuning: a node asks the Hex knowledge at this many visits, the root always (boards up
    /// to 11x11; 0 turns the knowledge off).
    #[arg(
        long,
        default_value_t = hex::engine::KNOWLEDGE_AFTER,
        value_name = "VISITS",
        help_heading = "Tuning"
    )]
    knowledge: u32,
    /// Tuning: the progressive bias of the learned move patterns (0 turns it off).
    #[arg(
        long,
        default_value_t = Settings::default().patterns.unwrap_or(0.0),
        value_name = "C",
        help_heading = "Tuning"
    )]
    patterns: f64,
    /// Tuning: every move's search starts afresh (no tree kept from the last move).
    #[arg(long, help_heading = "Tuning")]
    no_reuse: bool,
    /// Tuning: the UCT exploration constant.
    #[arg(long, default_value_t = 0.0, value_name = "C", help_heading = "Tuning")]
    exploration: f64,
    /// Tuning: the threads grow one search tree together (by default each grows its own,
    /// their statistics summed at the root).
    #[arg(long, help_heading = "Tuning")]
    shared_tree: bool,
    /// Tuning: simulations do not fill in the captured cells the knowledge finds.
    #[arg(long, help_heading = "Tuning")]
    no_fill_in: bool,
    /// Tuning: a leaf gets its children once it has had more than this many visits.
    #[arg(
        long,
        default_value_t = Settings::default().expand_after,
        value_name = "VISITS",
        help_heading = "Tuning"
    )]
    expand_after: u32,
    /// Tuning: on 11x11, once a node has had more than this many visits, its children's
    /// priors come from the policy network instead of the patterns (0: never).
    #[arg(
        long,
        default_value_t = Settings::default().policy.unwrap_or(0),
        value_name = "VISITS",
        help_heading = "Tuning"
    )]
    policy: u32,
}

impl PlayerArgs {
    fn limits(&self) -> Result<Budget> {
        let time = match (self.time, self.playouts) {
            (Some(s), _) if !(s > 0.0 && s <= 86_400.0) => {
                bail!("--time must be more than 0 and at most 86400 seconds")
            }
            (Some(s), _) => Some(Duration::from_secs_f64(s)),
            (None, None) => Some(Duration::from_secs(1)),
            (None, Some(_)) => None,
        };
        if !(1..=64).contains(&self.threads) {
            bail!("--threads must be 1..64");
        }
        Ok(Budget {
            time,
            playouts: self.playouts,
            threads: self.threads,
            seed: self.seed,
        })
    }

    fn settings(&self) -> Result<Settings> {
        let fine = |x: f64| x >= 0.0 && x.is_finite();
        if !fine(self.rave) || !fine(self.exploration) || !fine(self.patterns) {
            bail!("--rave, --exploration and --patterns must be 0 or more");
        }
        Ok(Settings {
            bridges: !self.no_bridges,
            rave: (self.rave > 0.0).then_some(self.rave),
            exploration: self.exploration,
            knowledge: (self.knowledge > 0).then_some(self.knowledge),
            patterns: (self.patterns > 0.0).then_some(self.patterns),
            shared_tree: self.shared_tree,
            fill_in: !self.no_fill_in,
            expand_after: self.expand_after,
            policy: (self.policy > 0).then_some(self.policy),
        })
    }
}

#[derive(clap::Args, Debug)]
#[command(about = io::summary(hex::engine::GTP_ABOUT), long_about = hex::engine::GTP_ABOUT)]
#[command(after_long_help = hex::engine::GTP_EXAMPLE)]
struct GtpArgs {
    #[command(flatten)]
    player: PlayerArgs,
    #[command(flatten)]
    book: BookArgs,
}

/// Which opening book the built-in player plays from.
#[derive(clap::Args, Debug, Clone)]
struct BookArgs {
    /// Play the first moves from this opening book (made by `hex opening-book`) instead of
    /// the built-in ones (9x9 and 11x11).
    #[arg(long, value_name = "FILE", conflicts_with = "no_opening_book")]
    opening_book: Option<PathBuf>,
    /// Search every move, the first ones too.
    #[arg(long)]
    no_opening_book: bool,
}

impl BookArgs {
    /// Sets up `engine`'s book.
    fn apply(&self, engine: &mut Engine) -> Result<()> {
        if let Some(path) = &self.opening_book {
            engine.set_book(io::read_path(path)?.parse(OpeningBook::parse)?);
        }
        engine.set_use_book(!self.no_opening_book);
        Ok(())
    }

    /// The options that give the same book to `hex gtp`.
    fn flags(&self) -> String {
        match &self.opening_book {
            _ if self.no_opening_book => " --no-opening-book".into(),
            Some(path) => format!(" --opening-book {}", path.display()),
            None => String::new(),
        }
    }
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
    #[command(flatten)]
    book: BookArgs,
}

pub fn run(args: Args) -> Result<()> {
    match args.verb {
        Some(Verb::Solve(args)) => solve::run(args),
        None => {
            let input = args.input.read()?;
            io::print(&input.parse(contest::run)?)
        }
        Some(Verb::Gtp(gtp)) => {
            let mut engine = Engine::new(gtp.player.limits()?);
            engine.set_settings(gtp.player.settings()?);
            if gtp.player.no_reuse {
                engine.set_reuse(Reuse::Off);
            }
            gtp.book.apply(&mut engine)?;
            engine
                .run(std::io::stdin().lock(), std::io::stdout().lock())
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
    let limits = args.player.limits()?;
    if let Some(path) = &args.book.opening_book {
        // Read once here, so that a bad book is named before any game.
        io::read_path(path)?.parse(OpeningBook::parse)?;
    }
    let me = std::env::current_exe().context("cannot find the boardgames program")?;
    let tuning = &args.player;
    let work = match limits.time {
        Some(t) => format!("--time {}", t.as_secs_f64()),
        None => format!("--playouts {}", limits.playouts.unwrap_or(1000)),
    };
    let flags = [
        (tuning.no_bridges, " --no-bridges"),
        (tuning.no_reuse, " --no-reuse"),
        (tuning.shared_tree, " --shared-tree"),
        (tuning.no_fill_in, " --no-fill-in"),
    ];
    let builtin = format!(
        "hex gtp {work} --threads {} --rave {} --exploration {} --knowledge {} --patterns {} --expand-after {} --policy {}{}{} --seed {{seed}}",
        limits.threads,
        tuning.rave,
        tuning.exploration,
        tuning.knowledge,
        tuning.patterns,
        tuning.expand_after,
        tuning.policy,
        flags.map(|(on, flag)| if on { flag } else { "" }).concat(),
        args.book.flags()
    );
    let engine = |given: &Option<String>, number: u8| -> Result<Program> {
        let Some(line) = given else {
            let mut command = vec![me.display().to_string()];
            command.extend(builtin.split_whitespace().map(String::from));
            let name = format!("boardgames-{number}");
            return Ok(Program { name, command });
        };
        let command: Vec<String> = line.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            bail!("an engine command is empty");
        }
        let name = line.clone();
        Ok(Program { name, command })
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
        seed: limits.seed,
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
