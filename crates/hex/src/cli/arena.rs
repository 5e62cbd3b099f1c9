//! `hex arena`'s arguments, and the match they describe.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{PlayerArgs, board_size, count, game_numbers, invalid, seconds};
use crate::game::{Cell, Game, Move};
use crate::matches::arena::{Match, MatchClock, Program, Rules};

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
    /// Games to play (10 when absent; with --openings, two for each opening); the first
    /// engine is Black in the odd-numbered ones.
    #[arg(long, short, value_name = "G", value_parser = count, allow_negative_numbers = true)]
    pub games: Option<u32>,
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
    /// Seconds an engine may take for a move before it loses on time (with --game-time, for
    /// any other command).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = |t: &str| seconds(t, false, 86_400.0), allow_negative_numbers = true)]
    timeout: f64,
    /// Seconds the solver may take to adjudicate a game in which an engine failed (0: the
    /// failing side loses at once).
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = |t: &str| seconds(t, true, 86_400.0), allow_negative_numbers = true)]
    adjudicate: f64,
    /// Seconds each side has for the whole game (sudden death, unless --byo-yomi): the engines
    /// are told (`time_settings`, then `time_left` before each move; an engine that refuses
    /// either plays on), and a side whose clock runs out loses on time.
    #[arg(long, value_name = "SECONDS", value_parser = |t: &str| seconds(t, false, 604_800.0), allow_negative_numbers = true)]
    game_time: Option<f64>,
    /// Seconds each move may take once --game-time is spent (`time_settings MAIN BYO_YOMI 1`).
    #[arg(long, value_name = "SECONDS", requires = "game_time", value_parser = |t: &str| seconds(t, false, 86_400.0), allow_negative_numbers = true)]
    byo_yomi: Option<f64>,
    /// White may swap (the engines are sent `param_game allow_swap 1`).
    #[arg(long)]
    swap: bool,
    /// Moves every game starts with, Black first, comma-separated (`f6`, `g5,g6`): both
    /// engines are told them with `play`, and the first to move is asked after them (to
    /// measure the answers to one opening).
    #[arg(long, value_name = "MOVES")]
    opening: Option<String>,
    /// Openings, comma-separated, each a point or moves separated by spaces (`a2,b2,f6 g5`), or
    /// `balanced`: the near-even first moves engines are compared from, on 11x11 a2, b2, k10
    /// and j10, on 13x13 a2, a3, b2 and k2. Each is played twice, each engine Black once
    /// (games 2k-1 and 2k play the k-th); with --games G (even), G games go through the list in
    /// turn. A tally by opening follows the table.
    #[arg(long, value_name = "LIST", conflicts_with_all = ["opening", "tally"])]
    openings: Option<String>,
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

/// The openings `--openings balanced` names, by board size: near-even first moves (the list
/// the Hex literature compares engines from, after the NeuroHex and MoHex-CNN papers).
const BALANCED: [(u8, &str); 2] = [(11, "a2,b2,k10,j10"), (13, "a2,a3,b2,k2")];

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
        game_numbers(self.first_game, self.game_count())
    }

    /// The openings: `--openings`' list, or `--opening` alone, or none (each a game that has
    /// not ended: a usage error if not).
    fn openings(&self) -> Result<Vec<Vec<Cell>>, clap::Error> {
        match (&self.opening, self.opening_list()?) {
            (_, Some(list)) => (list.split(','))
                .map(|one| opening(self.size, list, "--openings <LIST>", one.split_whitespace()))
                .collect(),
            (Some(text), None) => Ok(vec![opening(
                self.size,
                text,
                "--opening <MOVES>",
                text.split(',').map(str::trim),
            )?]),
            (None, None) => Ok(Vec::new()),
        }
    }

    /// `--openings`' list, `balanced` spelled out for the board's size (a usage error on a
    /// size that has no such list).
    fn opening_list(&self) -> Result<Option<&str>, clap::Error> {
        match self.openings.as_deref() {
            Some(name) if name.eq_ignore_ascii_case("balanced") => {
                match BALANCED.iter().find(|&&(size, _)| size == self.size) {
                    Some((_, list)) => Ok(Some(list)),
                    None => {
                        let known: Vec<String> = (BALANCED.iter())
                            .map(|(size, _)| format!("{size}x{size}"))
                            .collect();
                        let why = format!(
                            "the balanced openings are known for {}, not {1}x{1}: give the openings",
                            known.join(" and "),
                            self.size
                        );
                        Err(invalid(name, "--openings <LIST>", &why))
                    }
                }
            }
            list => Ok(list),
        }
    }

    /// The number of games: `--games`, else two for each of `--openings`, else 10.
    pub fn game_count(&self) -> u32 {
        let openings = (self.opening_list().ok().flatten()).map(|list| list.split(',').count());
        match (self.games, openings) {
            (Some(games), _) => games,
            (None, Some(openings)) => 2 * openings as u32,
            (None, None) => 10,
        }
    }

    /// The game clock of `--game-time` and `--byo-yomi`.
    fn clock(&self) -> Option<MatchClock> {
        Some(MatchClock {
            main: Duration::from_secs_f64(self.game_time?),
            byo_yomi: self
                .byo_yomi
                .map_or(Duration::ZERO, Duration::from_secs_f64),
        })
    }

    /// The match these options describe: the built-in engine, where an engine is not given,
    /// is `program hex gtp` told its settings as `param_player` lines (a seed for each game).
    pub fn to_match(&self, program: &Path) -> Result<Match, clap::Error> {
        self.numbers()?;
        if let (Some(games), Some(_)) = (self.games, &self.openings)
            && games % 2 == 1
        {
            let why = "with --openings, an even number: each opening twice, each engine Black once";
            return Err(invalid(&games.to_string(), "--games <G>", why));
        }
        let config = &self.player.config;
        if config.max_time.is_none() && config.playouts.is_none() && self.game_time.is_none() {
            if let Some(given) = self.player.given("max_time") {
                return Err(invalid(
                    given,
                    "--time <SECONDS>",
                    "no limit at all: give a time above 0, --playouts N or --game-time SECONDS",
                ));
            }
        }
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
            games: self.game_count(),
            rules: Rules {
                size: self.size,
                move_time: Duration::from_secs_f64(self.timeout),
                command_time: Duration::from_secs_f64(self.timeout.max(10.0)),
                swap: self.swap,
                adjudicate: (self.adjudicate > 0.0)
                    .then(|| Duration::from_secs_f64(self.adjudicate)),
                clock: self.clock(),
            },
            seed: config.seed,
            openings: self.openings()?,
        })
    }
}

/// The moves of one opening (`option`'s `text`, of which `words` are the points) on a
/// `size` board: each a point, the whole a game that has not ended (a usage error if not).
fn opening<'a>(
    size: u8,
    text: &str,
    option: &str,
    words: impl Iterator<Item = &'a str>,
) -> Result<Vec<Cell>, clap::Error> {
    let refuse = |why: String| invalid(text, option, &why);
    let mut game = Game::new(size).ok_or_else(|| refuse("a board's side is 1 to 19".into()))?;
    let mut moves = Vec::new();
    for word in words {
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
    if moves.is_empty() {
        return Err(refuse("an opening of no moves".into()));
    }
    Ok(moves)
}
