//! `hex arena`'s arguments, and the match they describe.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{PlayerArgs, board_size, count, game_numbers, invalid, seconds};
use crate::game::{Cell, Game, Move};
use crate::matches::arena::{Match, Program, Rules};

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
pub struct ArenaArgs {
    /// The first engine's command (the built-in engine when absent).
    #[arg(long, value_name = "COMMAND", value_parser = command)]
    engine1: Option<Command>,
    /// The second engine's command (the built-in engine when absent).
    #[arg(long, value_name = "COMMAND", value_parser = command)]
    engine2: Option<Command>,
    /// Games to play; the first engine is Black in the odd-numbered ones.
    #[arg(long, short, default_value = "10", value_name = "G", value_parser = count, allow_negative_numbers = true)]
    pub games: u32,
    /// The number of the first game: play games K..K+G-1 of a longer match, each with the
    /// seeds and colours it has there (for jobs that share a match out). A folder that holds
    /// the records of a match is only added to by its next games.
    #[arg(long, default_value = "1", value_name = "K", value_parser = count, allow_negative_numbers = true)]
    pub first_game: u32,
    /// Play nothing: print the table of the games saved in --sgf-dir (the folders of jobs
    /// that each played part of a match, put together).
    #[arg(long)]
    pub tally: bool,
    /// The board's side.
    #[arg(long, short = 'n', default_value = "9", value_name = "N", value_parser = board_size, allow_negative_numbers = true)]
    pub size: u8,
    /// Seconds an engine may take for a move before it loses on time.
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = |t: &str| seconds(t, false, 86_400.0), allow_negative_numbers = true)]
    timeout: f64,
    /// Seconds the solver may take to adjudicate a game in which an engine failed (0: the
    /// failing side loses at once).
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = |t: &str| seconds(t, true, 86_400.0), allow_negative_numbers = true)]
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
    pub sgf_dir: PathBuf,
    /// The built-in engine's settings.
    #[command(flatten)]
    pub player: PlayerArgs,
}

/// An engine's command line as given (its name in the tables and records), and its words.
#[derive(Clone, Debug)]
struct Command {
    line: String,
    words: Vec<String>,
}

/// An engine's command line, split at spaces.
fn command(text: &str) -> Result<Command, String> {
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    if words.is_empty() {
        return Err("a command: the program and its arguments".into());
    }
    let line = text.to_string();
    Ok(Command { line, words })
}

impl ArenaArgs {
    /// The numbers of the games to play.
    pub fn numbers(&self) -> Result<RangeInclusive<u32>, clap::Error> {
        game_numbers(self.first_game, self.games)
    }

    /// The moves of `--opening` on the board: each a point, the whole a game that has not
    /// ended (a usage error if not).
    fn opening(&self) -> Result<Vec<Cell>, clap::Error> {
        let Some(text) = &self.opening else {
            return Ok(Vec::new());
        };
        let size = self.size;
        let refuse = |why: String| invalid(text, "--opening <MOVES>", &why);
        let mut game = Game::new(size).ok_or_else(|| refuse("a board's side is 1..19".into()))?;
        let mut moves = Vec::new();
        for word in text.split(',').map(str::trim) {
            let Some(point) = Cell::parse(word, size) else {
                let last = Cell {
                    row: size - 1,
                    col: size - 1,
                };
                return Err(refuse(format!(
                    "{word:?} is not a point of the {size}x{size} board (a1 to {})",
                    last.lower()
                )));
            };
            if game.play(game.to_move(), Move::Play(point)).is_err() {
                return Err(refuse(format!("{word} is already taken")));
            }
            if game.winner().is_some() {
                return Err(refuse(format!("the game is over after {word}")));
            }
            moves.push(point);
        }
        Ok(moves)
    }

    /// The match these options describe: the built-in engine, where an engine is not given,
    /// is `program hex gtp` told its settings as `param_player` lines (a seed for each game).
    pub fn to_match(&self, program: &Path) -> Result<Match, clap::Error> {
        self.numbers()?;
        let config = &self.player.config;
        let mut setup: Vec<String> = (config.changes().into_iter())
            .filter(|&(name, _)| name != "seed")
            .map(|(name, value)| format!("param_player {name} {value}"))
            .collect();
        setup.push("param_player seed {seed}".into());
        let engine = |given: &Option<Command>, number: u8| match given {
            None => Program {
                name: format!("boardgames-{number}"),
                command: vec![program.display().to_string(), "hex".into(), "gtp".into()],
                setup: setup.clone(),
            },
            Some(command) => Program {
                name: command.line.clone(),
                command: command.words.clone(),
                setup: Vec::new(),
            },
        };
        Ok(Match {
            engines: [engine(&self.engine1, 1), engine(&self.engine2, 2)],
            games: self.games,
            rules: Rules {
                size: self.size,
                move_time: Duration::from_secs_f64(self.timeout),
                command_time: Duration::from_secs_f64(self.timeout.max(10.0)),
                swap: self.swap,
                adjudicate: (self.adjudicate > 0.0)
                    .then(|| Duration::from_secs_f64(self.adjudicate)),
            },
            seed: config.seed,
            opening: self.opening()?,
        })
    }
}
