//! The GTP engine, as HexGui and Benzene speak it: commands parsed ([`command`]) and carried
//! out on the game and the [`crate::player::Player`], replies `= ...` or `? ...` and a blank
//! line. The loop runs over any reader and writer:
//!
//! ```
//! use hex::gtp::Engine;
//! use hex::player::Player;
//!
//! let mut engine = Engine::new(Player::default());
//! let (mut out, mut log) = (Vec::new(), Vec::new());
//! engine.run(&b"boardsize 5 5\nplay b c3\nfinal_score\n"[..], &mut out, &mut log).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "= \n\n= \n\n= cannot score\n\n");
//! ```
//!
//! Each line is one command, optionally after a number (its id, repeated in the reply).
//! Replies are `= result` or `? reason` followed by one blank line (so a reply never
//! contains a blank line of its own), flushed at once. Lines starting with `#` and blank
//! lines get no reply; `# interrupt` (GoGui's and HexGui's) stops the running search at once,
//! which then answers with its best move so far. A line longer than [`MAX_LINE`] bytes or
//! not in UTF-8 gets a `? ` reply; nothing the controller sends stops the loop but `quit`
//! or the end of the input. What a reply leaves unsaid (why a solver's answer is empty) goes
//! to a second writer, the log: the binary's stderr.
//!
//! The input is read by a thread of its own, so that an interrupt reaches a search while it
//! runs and, with `ponder` on, the player searches after its move until the next command
//! comes. A `resign` answer is not played: the position stays as it was (the controller
//! decides what it means), and `final_score` scores only a board on which a side has joined
//! its edges.

mod analysis;
pub mod command;
mod reader;

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use crate::completion::shortest_completion;
use crate::game::{Color, Game, Move};
use crate::player::clock::{Clock, TimeControl, clock_seconds};
use crate::player::params::{flag, invalid};
use crate::player::{self, Player, network, search};
use crate::sgf;
use crate::solver::Outcome;
use analysis::{connections, knowledge, points, pspairs, search_values};
pub use command::{COMMANDS, Command, MAX_LINE, Parsed, VcEnd, parse};
use reader::{Signals, read_lines};

/// The analysis commands offered to HexGui, in its `type/Label/command` form (`%m` stands
/// for the side to move). Each type is one HexGui draws: `reg_genmove` is a `plist` (its
/// move tinted, not played), as HexGui has no handler for Benzene's `varc`, plays a `move`
/// and cannot draw `swap-pieces` or `resign` as a `var`.
pub const ANALYZE_COMMANDS: &str = "pspairs/MCTS Values/mcts-values %m\n\
var/MCTS Principal Variation/mcts-pv %m\n\
pspairs/MCTS Pattern Priors/mcts-priors %m\n\
pspairs/MCTS Policy Network/mcts-policy %m\n\
plist/Shortest Completion Black/shortest-completion black\n\
plist/Shortest Completion White/shortest-completion white\n\
string/DFPN Solve State/dfpn-solve-state %m\n\
plist/DFPN Find Winning/dfpn-solver-find-winning %m\n\
var/DFPN Get PV/dfpn-get-pv %m\n\
none/DFPN Clear TT/dfpn-clear-tt\n\
inferior/Compute Inferior/compute-inferior %m\n\
inferior/VC Get Mustplay/vc-get-mustplay %m\n\
vc/VC Between Cells Full/vc-between-cells-full %c %P\n\
vc/VC Between Cells Semi/vc-between-cells-semi %c %P\n\
plist/Reg GenMove/reg_genmove %m\n\
param/Game Param/param_game\n\
param/Player Param/param_player\n\
param/DFPN Param/param_dfpn";

/// Why a solver's answer is empty when the limits are reached before a proof (written to the
/// log).
pub const UNKNOWN: &str = "unknown within the limits";

/// `dfpn-solve-state`'s answer when the limits end the search without a proof: MoHex's
/// (the colour `empty`), which HexGui shows in its status bar.
pub const NO_WINNER: &str = "empty";

/// The engine: the game, its clock and the player.
#[derive(Debug)]
pub struct Engine {
    game: Game,
    clock: Clock,
    player: Player,
    quit: bool,
    /// Lines for the log, written after the command's reply.
    notes: Vec<String>,
    /// While [`Engine::run`] reads: what its reader has seen, and the number of the command
    /// being carried out (from 1).
    reading: Option<(Arc<Signals>, u64)>,
    /// Whether the last command was a `genmove` that played a move (after which, with
    /// `ponder` on, the player ponders).
    moved: bool,
    /// What `version` answers.
    version: &'static str,
}

impl Engine {
    /// An engine on an empty 11x11 board, swap off, with `player`.
    pub fn new(player: Player) -> Engine {
        Engine {
            game: Game::new(11).expect("11 is a board size"),
            clock: Clock::default(),
            player,
            quit: false,
            notes: Vec::new(),
            reading: None,
            moved: false,
            version: env!("CARGO_PKG_VERSION"),
        }
    }

    /// The engine with `version` as its `version` reply (the binary's, which names the
    /// commit it was built from) instead of the crate's.
    pub fn with_version(mut self, version: &'static str) -> Engine {
        self.version = version;
        self
    }

    /// The game clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The player, to change.
    pub fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// Carries out one command: the text of a `=` reply, or of a `?` reply. Notes for the
    /// log wait in the engine until [`Engine::take_notes`] (which [`Engine::run`] calls after
    /// each reply).
    pub fn execute(&mut self, command: Command) -> Result<String, String> {
        self.moved = false;
        let game = &mut self.game;
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok("boardgames".into()),
            Command::Version => Ok(self.version.into()),
            Command::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => {
                self.quit = true;
                Ok(String::new())
            }
            Command::BoardSize(width, height) => {
                let swap = game.allow_swap();
                *game = Game::rectangle(height, width).expect("parse checked the size");
                game.set_allow_swap(swap);
                self.clock.restart();
                Ok(String::new())
            }
            Command::ClearBoard => {
                let swap = game.allow_swap();
                *game = Game::rectangle(game.rows(), game.cols()).expect("the size was valid");
                game.set_allow_swap(swap);
                self.clock.restart();
                Ok(String::new())
            }
            // The controller's word that a side gave up, not a move: the position stays.
            Command::Play(_, Move::Resign) => Ok(String::new()),
            Command::Play(color, mv) => {
                if let Move::Play(p) = mv
                    && (p.row >= game.rows() || p.col >= game.cols())
                {
                    return Err(format!(
                        "{} is off the {}x{} board",
                        p.lower(),
                        game.cols(),
                        game.rows()
                    ));
                }
                game.play(color, mv).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            Command::GenMove(color) => {
                let start = Instant::now();
                let mv = self.choose(color, start)?;
                self.clock.spend(color, start.elapsed());
                // A resignation is an answer, not a move: the position stays.
                if mv != Move::Resign {
                    self.game.play(color, mv).map_err(|e| e.to_string())?;
                    self.moved = true;
                }
                Ok(mv.to_string())
            }
            Command::RegGenMove(color) => Ok(self.choose(color, Instant::now())?.to_string()),
            Command::TimeSettings(control) => {
                self.clock.set_control(control);
                Ok(String::new())
            }
            Command::TimeLeft(color, left) => {
                self.clock.set_left(color, left);
                Ok(String::new())
            }
            Command::Interrupt => Ok(String::new()),
            Command::Inferior(color) => knowledge(game, color, false).map_err(|e| e.to_string()),
            Command::MustPlay(color) => knowledge(game, color, true).map_err(|e| e.to_string()),
            Command::VcBetween(color, ends, full) => connections(game, color, ends, full),
            Command::Undo => {
                if game.undo() {
                    Ok(String::new())
                } else {
                    Err("no move to undo".into())
                }
            }
            Command::ShowBoard => Ok(format!("\n{}", game.to_string().trim_end())),
            Command::FinalScore => Ok(match game.winner() {
                Some(Color::Black) => "B+".into(),
                Some(Color::White) => "W+".into(),
                None => "cannot score".into(),
            }),
            Command::AllLegalMoves => {
                if game.winner().is_some() {
                    return Ok(String::new());
                }
                let mut moves: Vec<String> =
                    game.empty_points().map(|p| p.lower().to_string()).collect();
                if game.can_swap(Color::White) {
                    moves.push("swap-pieces".into());
                }
                Ok(moves.join(" "))
            }
            Command::LoadSgf(path, moves) => {
                // Read as every input is (a byte-order mark skipped, the size bounded).
                let input = input::open(&path).map_err(|e| text::with_source(&e))?;
                let record =
                    sgf::parse(&input.text).map_err(|e| format!("{}:{e}", path.display()))?;
                let swap = game.allow_swap();
                let mut loaded = record
                    .game_at(moves.map_or(usize::MAX, |n| n - 1))
                    .map_err(|(_, e)| e.to_string())?;
                loaded
                    .set_allow_swap(swap || loaded.history().iter().any(|(_, m)| *m == Move::Swap));
                *game = loaded;
                Ok(String::new())
            }
            Command::ParamGame(None) => Ok(format!(
                "[bool] allow_swap {}\n[string] game_time {}\n{}",
                u8::from(game.allow_swap()),
                (self.clock.control().game_time()).map_or(0.0, |t| t.as_secs_f64()),
                self.clock.list()
            )),
            Command::ParamGame(Some((name, value))) => match name.as_str() {
                "allow_swap" => {
                    game.set_allow_swap(
                        flag(&value).map_err(|allowed| invalid(&name, &value, &allowed))?,
                    );
                    Ok(String::new())
                }
                // MoHex's: sudden death in this many seconds a side (0: no clock).
                "game_time" => {
                    let main = clock_seconds(&value).map_err(|why| {
                        invalid(
                            &name,
                            &value,
                            &format!("seconds a side, 0 for no clock: {why}"),
                        )
                    })?;
                    self.clock.set_control(TimeControl::sudden_death(main));
                    Ok(String::new())
                }
                "time_control" | "time_left_black" | "time_left_white" => Err(format!(
                    "{name} is shown, not set: use time_settings, kgs-time_settings or time_left"
                )),
                _ => Err(format!(
                    "unknown parameter {name:?} (allow_swap, game_time)"
                )),
            },
            Command::ParamPlayer(None) => Ok(self.player.config().list()),
            Command::ParamPlayer(Some((name, value))) => {
                self.player.set(&name, &value).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            Command::AnalyzeCommands => Ok(ANALYZE_COMMANDS.into()),
            Command::Values(color) => {
                let analysis = (self.player.analyse(game, color)).map_err(|e| e.to_string())?;
                Ok(search_values(&analysis))
            }
            Command::Priors(color) => Ok(pspairs(&player::priors(game, color))),
            Command::Policy(color) => match search::network_priors(game, color) {
                None => Err(format!(
                    "the networks read square boards from {n}x{n} up",
                    n = network::SMALLEST
                )),
                Some(priors) => Ok(pspairs(&priors)),
            },
            Command::Variation(color) => {
                let analysis = (self.player.analyse(game, color)).map_err(|e| e.to_string())?;
                Ok(analysis
                    .variation
                    .iter()
                    .map(|p| p.lower().to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            Command::Completion(color) => {
                // The contest's analyser, whose boards are square.
                if !game.is_square() {
                    return Err("shortest-completion takes square boards only".into());
                }
                let board = game.board();
                Ok(match shortest_completion(&board, color) {
                    None => String::new(),
                    Some(c) => c
                        .added
                        .iter()
                        .map(|&cell| cell.lower().to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                })
            }
            Command::DfpnSolveState(color) => {
                match (self.player.solve(game, color, self.player.dfpn().time))
                    .map_err(|e| e.to_string())?
                {
                    Outcome::Proven(proof) => Ok(proof.winner.to_string()),
                    Outcome::Unknown { nodes, time } => {
                        self.notes.push(format!(
                            "dfpn-solve-state: {UNKNOWN} ({nodes} positions in {:.1} s)",
                            time.as_secs_f64()
                        ));
                        Ok(NO_WINNER.into())
                    }
                }
            }
            Command::DfpnFindWinning(color) => {
                match (self.player.winning_moves(game, color)).map_err(|e| e.to_string())? {
                    None => {
                        self.notes
                            .push(format!("dfpn-solver-find-winning: {UNKNOWN}"));
                        Ok(String::new())
                    }
                    Some(cells) => Ok(points(cells)),
                }
            }
            Command::DfpnGetPv(color) => (self.player.variation(game, color))
                .map(points)
                .map_err(|e| e.to_string()),
            Command::DfpnClearTt => {
                self.player.clear_solver();
                Ok(String::new())
            }
            Command::ParamDfpn(None) => Ok(self.player.dfpn().list()),
            Command::ParamDfpn(Some((name, value))) => {
                (self.player.dfpn_mut().set(&name, &value)).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
        }
    }

    /// The player's move for `color` under the clock's plan (the move asked for at `start`),
    /// stopped at once by an interrupt to this command.
    fn choose(&mut self, color: Color, start: Instant) -> Result<Move, String> {
        let plan = (self.clock).plan(color, self.game.empty_points().count(), start);
        let reading = self.reading.clone();
        let halt = move || {
            (reading.as_ref())
                .is_some_and(|(signals, command)| signals.interrupted.load(Relaxed) >= *command)
        };
        (self.player.choose_within(&self.game, color, plan, &halt)).map_err(|e| e.to_string())
    }

    /// With `ponder` on, after a `genmove` that played: searches the position for the side
    /// to move until the next command comes (or the input ends), keeping the tree.
    fn ponder(&mut self) {
        let Some((signals, command)) = self.reading.clone() else {
            return;
        };
        if !(self.moved && self.player.config().ponder) || self.game.winner().is_some() {
            return;
        }
        let halt = move || signals.read.load(Relaxed) > command || signals.closed.load(Relaxed);
        let playouts = (self.player).ponder(&self.game, self.game.to_move(), &halt);
        self.notes.push(format!(
            "ponder: {playouts} simulations in the opponent's time"
        ));
    }

    /// The notes for the log the commands carried out since the last call left, oldest
    /// first.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Reads commands from `input` until `quit` or its end, answering each on `output` and
    /// writing what the answers leave unsaid to `log`, a line each.
    pub fn run(
        &mut self,
        input: impl BufRead + Send + 'static,
        mut output: impl Write,
        mut log: impl Write,
    ) -> io::Result<()> {
        let signals = Arc::new(Signals::default());
        let lines = read_lines(input, signals.clone());
        let mut command = 0;
        let ended = loop {
            if self.quit {
                break Ok(());
            }
            let Ok(line) = lines.recv() else {
                break Ok(());
            };
            let (too_long, bytes) = match line {
                Ok(line) => line,
                Err(e) => break Err(e),
            };
            command += 1;
            self.reading = Some((signals.clone(), command));
            let (id, result) = if too_long {
                (None, Err(format!("line longer than {MAX_LINE} bytes")))
            } else {
                match std::str::from_utf8(&bytes) {
                    Err(_) => (None, Err("the command is not UTF-8".into())),
                    Ok(line) => {
                        let (id, command) = parse(line);
                        (id, command.and_then(|c| self.execute(c)))
                    }
                }
            };
            output.write_all(format_reply(id, &result).as_bytes())?;
            output.flush()?;
            if !self.quit {
                self.ponder();
            }
            for note in self.take_notes() {
                writeln!(log, "{note}")?;
            }
        };
        self.reading = None;
        ended
    }
}

/// A reply: `=` or `?`, the id if any, a space, the text, then a blank line. Blank lines
/// inside the text are dropped so that the reply ends where the controller expects.
pub fn format_reply(id: Option<u32>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let mut body = String::new();
    for (i, line) in text.trim_end().split('\n').enumerate() {
        if i > 0 && line.trim().is_empty() {
            continue;
        }
        if i > 0 {
            body.push('\n');
        }
        body.push_str(line.trim_end_matches('\r'));
    }
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    format!("{mark}{id} {body}\n\n")
}

/// What the GTP engine ([`Engine::run`]) speaks, as its help tells it; the first paragraph sums
/// it up.
pub const GTP_ABOUT: &str = "\
A Hex engine speaking GTP on stdin and stdout, as HexGui drives it.

Points are `a1` at the top left (the letter the column, the number the row); Black moves \
first and joins the top and bottom edges, White joins left and right; boards up to 19x19. \
`list_commands` names every command; `hexgui-analyze_commands` gives HexGui its analysis \
menu.

Under a game clock (`time_settings`, `kgs-time_settings` or `param_game game_time`, with \
`time_left` before each move) the engine shares its time out itself (--time and --playouts \
keep their budget, the clock only capping it); `# interrupt` (GoGui's and HexGui's Stop) ends a search at once with \
its best move; --ponder searches in the opponent's time.";

/// An example of a GTP session, for the engine's help.
pub const GTP_EXAMPLE: &str = "\
Example (White's answer to Black's centre on 3x3, at a fixed amount of work):
  $ printf 'boardsize 3 3\\nplay black b2\\ngenmove white\\n' | boardgames hex gtp --playouts 200 --threads 1
  = 

  = 

  = b3";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, MAX_BOARD};
    use crate::player::book::OpeningBook;
    use crate::player::{Config, DfpnSettings};
    use crate::position::Position;
    use crate::solver::{ENTRY_BYTES, Limits as SolverLimits, Solver};
    use std::time::Duration;

    #[test]
    fn the_gtp_example_is_what_the_engine_answers() {
        let mut lines = GTP_EXAMPLE.lines().skip(1);
        let command = lines.next().unwrap();
        let input = command.split('\'').nth(1).unwrap().replace("\\n", "\n");
        assert!(command.ends_with("--playouts 200 --threads 1"), "{command}");
        let mut config = crate::player::Config::default();
        config.set("playouts", "200").unwrap();
        config.set("threads", "1").unwrap();
        let player = crate::player::Player::new(config).unwrap();
        let mut out = Vec::new();
        Engine::new(player)
            .run(io::Cursor::new(input.into_bytes()), &mut out, io::sink())
            .unwrap();
        let shown: String = lines
            .map(|line| format!("{}\n", line.get(2..).unwrap_or("")))
            .collect();
        assert_eq!(String::from_utf8(out).unwrap(), shown + "\n");
    }

    fn engine() -> Engine {
        engine_with(300, 3)
    }

    /// `param_game` of a game without a clock, swap off.
    pub(super) const NO_CLOCK: &str = "[bool] allow_swap 0\n[string] game_time 0\n[string] time_control none\n[string] time_left_black -\n[string] time_left_white -";

    /// An engine at `playouts` a move on one thread, seeded with `seed`.
    pub(super) fn engine_with(playouts: u64, seed: u64) -> Engine {
        let mut config = Config::default();
        config.set("playouts", &playouts.to_string()).unwrap();
        config.set("threads", "1").unwrap();
        config.set("seed", &seed.to_string()).unwrap();
        Engine::new(Player::new(config).unwrap())
    }

    /// Runs a session in memory and returns everything the engine wrote (its log
    /// dropped).
    pub(super) fn session(engine: &mut Engine, input: &[u8]) -> String {
        logged_session(engine, input).0
    }

    /// Runs a session in memory and returns what the engine wrote as replies and to its
    /// log.
    pub(super) fn logged_session(engine: &mut Engine, input: &[u8]) -> (String, String) {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        let input = io::Cursor::new(input.to_vec());
        engine.run(input, &mut out, &mut log).unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(log).unwrap(),
        )
    }

    pub(super) fn reply(engine: &mut Engine, line: &str) -> String {
        session(engine, format!("{line}\n").as_bytes())
    }

    #[test]
    fn parse_each_command() {
        use Command::*;
        let ok = |line: &str| parse(line).1.unwrap();
        assert_eq!(ok("protocol_version"), ProtocolVersion);
        assert_eq!(ok("name"), Name);
        assert_eq!(ok("version"), Version);
        assert_eq!(ok("known_command play"), KnownCommand("play".into()));
        assert_eq!(ok("list_commands"), ListCommands);
        assert_eq!(ok("quit"), Quit);
        assert_eq!(ok("boardsize 9 9"), BoardSize(9, 9));
        assert_eq!(ok("boardsize 7"), BoardSize(7, 7));
        assert_eq!(ok("boardsize 4 3"), BoardSize(4, 3));
        assert_eq!(ok("clear_board"), ClearBoard);
        let a1 = Move::Play(crate::Cell { row: 0, col: 0 });
        assert_eq!(ok("play b A1"), Play(Color::Black, a1));
        assert_eq!(ok("play white swap"), Play(Color::White, Move::Swap));
        assert_eq!(ok("play W swap-pieces"), Play(Color::White, Move::Swap));
        assert_eq!(ok("play black resign"), Play(Color::Black, Move::Resign));
        assert_eq!(ok("genmove white"), GenMove(Color::White));
        assert_eq!(ok("reg_genmove b"), RegGenMove(Color::Black));
        assert_eq!(ok("compute-inferior w"), Inferior(Color::White));
        assert_eq!(ok("vc-get-mustplay black"), MustPlay(Color::Black));
        assert_eq!(ok("undo"), Undo);
        assert_eq!(ok("showboard"), ShowBoard);
        assert_eq!(ok("final_score"), FinalScore);
        assert_eq!(ok("all_legal_moves"), AllLegalMoves);
        assert_eq!(ok("all_legal_moves black"), AllLegalMoves);
        assert_eq!(ok("loadsgf g.sgf 3"), LoadSgf("g.sgf".into(), Some(3)));
        assert_eq!(ok("loadsgf g.sgf"), LoadSgf("g.sgf".into(), None));
        let left = |s, stones| crate::player::clock::Remaining {
            time: Duration::from_secs(s),
            stones,
        };
        assert_eq!(ok("time_left b 30 0"), TimeLeft(Color::Black, left(30, 0)));
        assert_eq!(ok("time_left w 5 2"), TimeLeft(Color::White, left(5, 2)));
        assert_eq!(ok("time_left w 5"), TimeLeft(Color::White, left(5, 0)));
        assert_eq!(ok("gogui-interrupt"), Interrupt);
        let main = |s| crate::player::clock::TimeControl::Limited {
            main: Duration::from_secs(s),
            overtime: crate::player::clock::Overtime::Absolute,
        };
        assert_eq!(ok("time_settings 60 0 0"), TimeSettings(main(60)));
        assert_eq!(ok("kgs-time_settings absolute 60"), TimeSettings(main(60)));
        assert_eq!(
            ok("kgs-time_settings none"),
            TimeSettings(crate::player::clock::TimeControl::Unlimited)
        );
        assert_eq!(ok("param_game"), ParamGame(None));
        assert_eq!(
            ok("param_game allow_swap 1"),
            ParamGame(Some(("allow_swap".into(), "1".into())))
        );
        assert_eq!(ok("param_player"), ParamPlayer(None));
        assert_eq!(ok("hexgui-analyze_commands"), AnalyzeCommands);
        assert_eq!(ok("mcts-values b"), Values(Color::Black));
        assert_eq!(ok("mcts-pv w"), Variation(Color::White));
        assert_eq!(ok("mcts-policy w"), Policy(Color::White));
        assert_eq!(ok("shortest-completion white"), Completion(Color::White));
        assert_eq!(ok("dfpn-solve-state black"), DfpnSolveState(Color::Black));
        assert_eq!(
            ok("param_dfpn use_guifx 1"),
            ParamDfpn(Some(("use_guifx".into(), "1".into())))
        );
        assert_eq!(ok("param_dfpn"), ParamDfpn(None));
        assert_eq!(parse("12 name"), (Some(12), Ok(Name)));
        assert_eq!(parse("name # a comment"), (None, Ok(Name)));
    }

    #[test]
    fn what_the_knowledge_knows() {
        let mut e = engine();
        // 4x4: a1 lies between Black's b1 and top edge and White's a2 and left edge: dead,
        // filled for the colour asked about; of the other cells, c1 is vulnerable to White's
        // c2 and d1 dominated by Black's c2 (see `analysis`' tests for every label).
        session(&mut e, b"boardsize 4\nplay b b1\nplay w a2\n");
        let black = reply(&mut e, "compute-inferior b");
        assert!(black.starts_with("= a1 fdb c1 iv[c2] "), "{black}");
        assert!(black.contains(" d1 id[c2] "), "{black}");
        assert!(reply(&mut e, "compute-inferior w").starts_with("= a1 fdw "));
        // 5x5: Black's a1 captures b1 and a2 (its edge), White's b3 captures a3 and a4, then
        // (with those filled in) Black's corner captures c1 and b2 too; Black, to move, wins
        // by c3: the knowledge sees it, so it marks no moves out.
        session(&mut e, b"boardsize 5\nplay b a1\nplay w b3\n");
        let fill_in = "b1 fcb c1 fcb a2 fcb b2 fcb a3 fcw a4 fcw";
        assert!(reply(&mut e, "compute-inferior b").starts_with(&format!("= {fill_in} ")));
        assert_eq!(
            reply(&mut e, "vc-get-mustplay b"),
            format!("= {fill_in}\n\n")
        );
        // 5x5: Black's a1 captures b1 and c1 against White's c2, whose threats leave Black
        // five moves, of which d2 dominates e1; the other sixteen empty cells are marked x.
        session(&mut e, b"boardsize 5\nplay b a1\nplay w c2\n");
        let must = reply(&mut e, "vc-get-mustplay b");
        assert!(must.starts_with("= b1 fcb c1 fcb d1 x "), "{must}");
        assert!(must.ends_with(" e5 x e1 id[d2]\n\n"), "{must}");
        let words: Vec<&str> = must[2..].split_whitespace().collect();
        assert_eq!(words.len(), 2 * (2 + 16 + 1), "{must}");
        // reg_genmove answers a move of the must-play region (the player leaves dominated
        // moves in) and leaves the board as it was.
        let marked: Vec<&str> = (words.chunks(2))
            .filter(|pair| !pair[1].starts_with('i'))
            .map(|pair| pair[0])
            .collect();
        let before = reply(&mut e, "showboard");
        let mv = reply(&mut e, "reg_genmove b");
        let mv = mv.trim_start_matches("= ").trim_end();
        assert!(!marked.contains(&mv), "{mv} in {must}");
        assert_eq!(reply(&mut e, "showboard"), before);
        // Up to 19x19 the knowledge answers: on an empty 19x19 board the cells of Black's
        // edges are dominated (a cell a row inwards is as good), and with no threat to
        // answer White's must-play rules nothing out.
        session(&mut e, b"boardsize 19\n");
        let inferior = reply(&mut e, "compute-inferior b");
        assert!(
            inferior.contains(" b1 id[") && inferior.contains(" r19 id["),
            "{inferior}"
        );
        assert!(!inferior.contains(" j10 "), "{inferior}");
        let must = reply(&mut e, "vc-get-mustplay w");
        assert!(must.starts_with("= ") && !must.contains(" x"), "{must}");
        // A board past 19 on a side is refused where it is set, so the knowledge is never
        // asked about one.
        assert_eq!(
            reply(&mut e, "boardsize 20 8"),
            "? unacceptable size: 20 (boards are 1x1 to 19x19)\n\n"
        );
    }

    #[test]
    fn the_knowledge_answers_on_rectangles() {
        let mut e = engine();
        // Seven columns by four rows: Black's a1 captures b1 and c1 against White's c2, as on
        // 5x5; Black, crossing four rows, then wins to move, so the must-play region is empty.
        session(&mut e, b"boardsize 7 4\nplay b a1\nplay w c2\n");
        let black = reply(&mut e, "compute-inferior b");
        assert!(black.starts_with("= b1 fcb c1 fcb "), "{black}");
        assert!(black.contains(" g4 iv[g3] "), "{black}");
        assert_eq!(reply(&mut e, "vc-get-mustplay b"), "= b1 fcb c1 fcb\n\n");
        // Four columns by seven rows, the colours and the axes exchanged: the same, White's.
        session(&mut e, b"boardsize 4 7\nplay w a1\nplay b b3\n");
        let white = reply(&mut e, "compute-inferior w");
        assert!(white.starts_with("= a2 fcw a3 fcw "), "{white}");
        assert!(white.contains(" d7 iv[c7] "), "{white}");
        // A Black stone on the second of four rows: bridged to the top, and joined to the
        // bottom by H-search's connections; ends off the 7x4 board are refused.
        session(&mut e, b"boardsize 7 4\nplay b d2\n");
        assert_eq!(
            reply(&mut e, "vc-between-cells-full b d2 north"),
            "= black d2 north full or [ d1 e1 ] [ ]\n\n"
        );
        let south = reply(&mut e, "vc-between-cells-full b d2 south");
        assert!(
            south.starts_with("= black d2 south full or [ c2 b3 c3 d3 a4 b4 c4 d4 ] [ ]\n"),
            "{south}"
        );
        assert_eq!(
            reply(&mut e, "vc-between-cells-semi b a5 north"),
            "? a5 is off the 7x4 board\n\n"
        );
        // Any shape up to 19 a side: 16 columns by 8 rows.
        session(&mut e, b"boardsize 16 8\n");
        let wide = reply(&mut e, "compute-inferior b");
        assert!(wide.starts_with("= a1 iv[a2] p8 iv[p7] "), "{wide}");
    }

    #[test]
    fn parse_errors_say_why() {
        let err = |line: &str| parse(line).1.unwrap_err();
        assert_eq!(err("frobnicate"), "unknown command \"frobnicate\"");
        assert_eq!(
            err("boardsize 0 0"),
            "unacceptable size: 0 (boards are 1x1 to 19x19)"
        );
        assert_eq!(
            err("boardsize 99 99"),
            "unacceptable size: 99 (boards are 1x1 to 19x19)"
        );
        assert_eq!(
            err("boardsize 9 20"),
            "unacceptable size: 20 (boards are 1x1 to 19x19)"
        );
        assert_eq!(err("boardsize x"), "invalid board size \"x\"");
        assert_eq!(err("play red a1"), "invalid color \"red\" (black or white)");
        assert_eq!(err("play b"), "missing move");
        assert_eq!(
            err("play b z99"),
            "invalid move \"z99\" (a point like a1, swap-pieces or resign)"
        );
        assert_eq!(err("genmove"), "missing color (black or white)");
        assert_eq!(err("name x"), "unexpected argument \"x\"");
        assert_eq!(err("loadsgf f 0"), "invalid move number \"0\"");
    }

    #[test]
    fn every_reply_has_its_exact_form() {
        let mut e = engine();
        assert_eq!(reply(&mut e, "protocol_version"), "= 2\n\n");
        assert_eq!(reply(&mut e, "name"), "= boardgames\n\n");
        assert_eq!(reply(&mut e, "7 known_command genmove"), "=7 true\n\n");
        assert_eq!(reply(&mut e, "known_command frob"), "= false\n\n");
        assert_eq!(reply(&mut e, "boardsize 3 3"), "= \n\n");
        assert_eq!(reply(&mut e, "play b b2"), "= \n\n");
        assert_eq!(reply(&mut e, "play w b2"), "? b2 is occupied\n\n");
        assert_eq!(reply(&mut e, "play w d1"), "? d1 is off the 3x3 board\n\n");
        assert_eq!(
            reply(&mut e, "showboard"),
            "= \n    a b c\n 1\\ . . . \\1\n  2\\ . B . \\2\n   3\\ . . . \\3\n        a b c\n\n"
        );
        assert_eq!(
            reply(&mut e, "all_legal_moves"),
            "= a1 b1 c1 a2 c2 a3 b3 c3\n\n"
        );
        assert_eq!(reply(&mut e, "final_score"), "= cannot score\n\n");
        assert_eq!(
            reply(&mut e, "play w swap-pieces"),
            format!("? {}\n\n", super::super::game::IllegalMove::NoSwap)
        );
        assert_eq!(reply(&mut e, "param_game"), format!("= {NO_CLOCK}\n\n"));
        assert_eq!(
            reply(&mut e, "param_player"),
            format!("= {}\n\n", engine().player().config().list())
        );
        assert_eq!(reply(&mut e, "param_game allow_swap 1"), "= \n\n");
        assert_eq!(reply(&mut e, "play w swap-pieces"), "= \n\n");
        assert_eq!(
            reply(&mut e, "all_legal_moves"),
            "= a1 b1 c1 a2 c2 a3 b3 c3\n\n"
        );
        assert_eq!(reply(&mut e, "undo"), "= \n\n");
        assert_eq!(reply(&mut e, "undo"), "= \n\n");
        assert_eq!(reply(&mut e, "undo"), "? no move to undo\n\n");
        assert_eq!(reply(&mut e, "play b b1"), "= \n\n");
        assert_eq!(reply(&mut e, "play b b2"), "= \n\n");
        assert_eq!(reply(&mut e, "shortest-completion black"), "= a3\n\n");
        assert_eq!(reply(&mut e, "play b a3"), "= \n\n");
        assert_eq!(reply(&mut e, "final_score"), "= B+\n\n");
        assert_eq!(reply(&mut e, "genmove w"), "? the game is over\n\n");
        assert_eq!(reply(&mut e, "mcts-values w"), "? the game is over\n\n");
        assert_eq!(reply(&mut e, "dfpn-solve-state w"), "= black\n\n");
        assert_eq!(reply(&mut e, "param_dfpn use_guifx 1"), "= \n\n");
        assert_eq!(reply(&mut e, "time_left b 10 0"), "= \n\n");
        assert_eq!(
            reply(&mut e, "param_player threads 0"),
            "? invalid value \"0\" for threads (allowed: 1 to 64)\n\n"
        );
        assert_eq!(reply(&mut e, "param_player seed 5"), "= \n\n");
        assert!(reply(&mut e, "param_player").contains("[string] seed 5\n"));
        assert_eq!(reply(&mut e, "clear_board"), "= \n\n");
        let genmove = reply(&mut e, "genmove b");
        assert!(
            genmove.starts_with("= ") && genmove.ends_with("\n\n"),
            "{genmove:?}"
        );
        let mv = genmove.trim();
        let mv = mv.trim_start_matches("= ");
        assert!(Move::parse(mv, 3).is_some(), "{mv}");
        assert_eq!(e.game().history().len(), 1);
        // The search's values: of the eight empty points, those visited often enough, each
        // with its win rate in per cent and its visits.
        let values = reply(&mut e, "mcts-values w");
        let words: Vec<&str> = values.trim_start_matches("= ").split_whitespace().collect();
        assert!((1..=8).contains(&(words.len() / 2)), "{values}");
        for pair in words.chunks(2) {
            assert!(crate::Cell::parse(pair[0], 3).is_some(), "{values}");
            let (rate, visits) = pair[1].split_once('@').unwrap();
            assert!(
                (0.0..=100.0).contains(&rate.parse::<f64>().unwrap()),
                "{values}"
            );
            assert!(
                visits.parse::<u64>().unwrap() >= analysis::VALUE_VISITS,
                "{values}"
            );
        }
        assert!(reply(&mut e, "mcts-pv w").starts_with("= "));
        // Each empty point's prior from the learned patterns, in per cent: 100 in all, but
        // for the rounding.
        let priors = pairs(&mut e, "mcts-priors w");
        assert_eq!(priors.len(), 8, "{priors:?}");
        assert_sums_to_100(&priors);
        assert_eq!(reply(&mut e, "param_player patterns 1.5"), "= \n\n");
        assert!(reply(&mut e, "param_player").contains("[string] patterns 1.5\n"));
        assert_eq!(reply(&mut e, "quit"), "= \n\n");
    }

    /// Asserts that values shown in per cent (each rounded to its last digit) add up to 100.
    fn assert_sums_to_100(values: &[(String, f64)]) {
        let total: f64 = values.iter().map(|(_, v)| v).sum();
        let rounding: f64 = (values.iter())
            .map(|&(_, v)| match v {
                10.0.. => 0.5,
                1.0.. => 0.05,
                _ => 0.005,
            })
            .sum();
        assert!((total - 100.0).abs() <= rounding, "{total}: {values:?}");
    }

    /// The points and values of a `pspairs` answer to `command`.
    fn pairs(e: &mut Engine, command: &str) -> Vec<(String, f64)> {
        let answer = reply(e, command);
        let words: Vec<&str> = answer.trim_start_matches("= ").split_whitespace().collect();
        (words.chunks(2))
            .map(|w| (w[0].to_string(), w[1].parse().unwrap()))
            .collect()
    }

    #[test]
    fn mcts_values_leave_out_moves_seldom_visited() {
        // 30 simulations on an empty 5x5 board: at most three of its moves can have had
        // ten visits.
        let mut e = engine_with(30, 1);
        session(&mut e, b"boardsize 5\n");
        let values = reply(&mut e, "mcts-values b");
        assert!(values.split_whitespace().count() <= 1 + 2 * 3, "{values}");
        // 3x3 with Black's centre: the knowledge finds Black's win, and nothing is searched;
        // its move is shown alone.
        session(&mut e, b"boardsize 3\nplay b b2\n");
        let decided = reply(&mut e, "mcts-values b");
        let words: Vec<&str> = decided.split_whitespace().collect();
        assert_eq!(words.len(), 3, "{decided}");
        assert_eq!(words[2], "100@0", "{decided}");
    }

    #[test]
    fn mcts_policy_shows_the_networks_chances_on_squares_from_11x11_up() {
        let mut e = engine();
        // The network is convolutional: it learned 11x11 and reads larger squares too.
        assert_eq!(reply(&mut e, "boardsize 13"), "= \n\n");
        let thirteen = pairs(&mut e, "mcts-policy b");
        assert_eq!(thirteen.len(), 169);
        assert_sums_to_100(&thirteen);
        for board in ["boardsize 9", "boardsize 13 11"] {
            assert_eq!(reply(&mut e, board), "= \n\n");
            assert_eq!(
                reply(&mut e, "mcts-policy b"),
                "? the networks read square boards from 11x11 up\n\n"
            );
        }
        assert_eq!(reply(&mut e, "boardsize 11"), "= \n\n");
        assert_eq!(reply(&mut e, "play b f6"), "= \n\n");
        let policy = pairs(&mut e, "mcts-policy w");
        assert_eq!(policy.len(), 120);
        assert!(policy.iter().all(|(p, _)| p != "f6"));
        assert_sums_to_100(&policy);
        // Not the patterns' shares.
        let patterns = pairs(&mut e, "mcts-priors w");
        let apart = (policy.iter().zip(&patterns)).map(|((_, a), (_, b))| (a - b).abs());
        assert!(apart.fold(0.0, f64::max) > 1.0);
        // Not spread evenly: the network has favourite answers to the centre stone.
        let best = policy.iter().map(|(_, v)| *v).fold(0.0, f64::max);
        assert!(best > 1000.0 / 120.0, "{best}");
    }

    #[test]
    fn bad_input_gets_a_reply_and_the_loop_goes_on() {
        let mut e = engine();
        let mut input = Vec::new();
        input.extend_from_slice(&vec![b'x'; 100_000]);
        input.extend_from_slice(b"\nname\n\xff\xfe play\n# interrupt\n\n  \nversion\n");
        let out = session(&mut e, &input);
        assert_eq!(
            out,
            format!(
                "? line longer than 4096 bytes\n\n= boardgames\n\n? the command is not UTF-8\n\n= {}\n\n",
                env!("CARGO_PKG_VERSION")
            )
        );
        // The end of the input without a line break, and after quit nothing is read.
        assert_eq!(session(&mut e, b"name"), "= boardgames\n\n");
        assert_eq!(session(&mut e, b"quit\nname\n"), "= \n\n");
    }

    #[test]
    fn genmove_resigns_a_lost_game_and_swaps_a_strong_opening() {
        let mut e = engine_with(3000, 1);
        // On 3x3 the centre wins for Black whatever White does.
        let out = session(&mut e, b"boardsize 3 3\nplay b b2\ngenmove w\n");
        assert_eq!(out, "= \n\n= \n\n= resign\n\n");
        // An answer, not a move: the position stays.
        assert_eq!((e.game().winner(), e.game().history().len()), (None, 1));
        // On 5x5 the centre is a winning first move: White takes it by swapping; a1 is not.
        let out = session(
            &mut e,
            b"boardsize 5 5\nparam_game allow_swap 1\nplay b c3\ngenmove w\nshowboard\n",
        );
        assert!(out.ends_with("= swap-pieces\n\n= \n    a b c d e\n 1\\ . . . . . \\1\n  2\\ . . . . . \\2\n   3\\ . . W . . \\3\n    4\\ . . . . . \\4\n     5\\ . . . . . \\5\n          a b c d e\n\n"), "{out}");
        let out = session(&mut e, b"boardsize 5 5\nplay b a1\ngenmove w\n");
        assert!(!out.contains("swap"), "{out}");
    }

    #[test]
    fn genmove_plays_from_the_opening_book_unless_told_not_to() {
        // A book whose moves no search would choose: the corner, and after c3 b2, e5.
        let book = OpeningBook::parse("5 - a1 0.5 1\n5 c3,b2 e5 0.5 1\n").unwrap();
        let mut e = engine();
        e.player_mut().set_book(book);
        // (The endgame solver, which comes first, would prove c3 on so small a board.)
        let out = session(&mut e, b"boardsize 5\nparam_dfpn endgame 0\ngenmove b\n");
        assert_eq!(out, "= \n\n= \n\n= a1\n\n");
        // The same position reached by other moves and turned half round: after c3 d4 the
        // book's e5 is a1.
        let out = session(
            &mut e,
            b"clear_board\nplay b c3\nplay w d4\nreg_genmove b\n",
        );
        assert_eq!(out, "= \n\n= \n\n= \n\n= a1\n\n");
        // Off, the search decides; on again, the book.
        let out = session(
            &mut e,
            b"clear_board\nparam_player opening_book 0\ngenmove b\n",
        );
        assert!(!out.ends_with("= a1\n\n"), "{out}");
        assert!(reply(&mut e, "param_player").contains("[bool] opening_book 0"));
        let out = session(
            &mut e,
            b"clear_board\nparam_player opening_book 1\ngenmove b\n",
        );
        assert!(out.ends_with("= a1\n\n"), "{out}");
        // White may swap: the book (made without swap) is not asked, and the search swaps
        // the winning centre (as in the test of swapping).
        let mut e = engine_with(3000, 1);
        e.player_mut()
            .set_book(OpeningBook::parse("5 c3 b2 0.5 1\n").unwrap());
        let swap = b"boardsize 5\nparam_game allow_swap 1\nplay b c3\ngenmove w\n";
        assert!(session(&mut e, swap).ends_with("= swap-pieces\n\n"));
        let no_swap = b"clear_board\nparam_game allow_swap 0\nplay b c3\ngenmove w\n";
        assert!(session(&mut e, no_swap).ends_with("= b2\n\n"));
    }

    #[test]
    fn loadsgf_sets_up_the_position_before_move_n() {
        let path = std::env::temp_dir().join(format!("hex-gtp-{}.sgf", std::process::id()));
        std::fs::write(
            &path,
            "(;FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];B[b2];W[d4])",
        )
        .unwrap();
        let mut e = engine();
        let name = path.display();
        assert_eq!(reply(&mut e, &format!("loadsgf {name} 3")), "= \n\n");
        assert_eq!(e.game().history().len(), 2);
        assert_eq!(
            reply(&mut e, "all_legal_moves").split_whitespace().count(),
            1 + 24
        );
        assert_eq!(reply(&mut e, &format!("loadsgf {name}")), "= \n\n");
        assert_eq!(e.game().history().len(), 4);
        std::fs::write(&path, "(;FF[4]GM[1]SZ[19];B[pd])").unwrap();
        assert_eq!(
            reply(&mut e, &format!("loadsgf {name}")),
            format!("? {name}:1:8: GM[1] is not Hex (GM[11])\n\n")
        );
        // A byte-order mark (a file saved by Notepad) is skipped.
        std::fs::write(&path, "\u{feff}(;FF[4]GM[11]SZ[5];B[c3])").unwrap();
        assert_eq!(reply(&mut e, &format!("loadsgf {name}")), "= \n\n");
        assert_eq!(e.game().history().len(), 1);
        std::fs::remove_file(&path).unwrap();
        let missing = reply(&mut e, &format!("loadsgf {name}"));
        assert!(
            missing.starts_with(&format!("? cannot read {name}: ")),
            "{missing}"
        );
        // The game loaded before the failure is still there.
        assert_eq!(e.game().history().len(), 1);
    }

    #[test]
    fn the_solver_and_its_table_are_kept_from_one_question_to_the_next() {
        let mut e = engine();
        reply(&mut e, "boardsize 6");
        reply(&mut e, "play b b3");
        let position = Position::of_game(e.game());
        assert_eq!(position.to_move, Color::White);
        // A new solver has to search this position...
        let fresh = Solver::new(SolverLimits::default()).solve(&position);
        let Ok(Outcome::Proven(fresh)) = fresh else {
            panic!("6x6 is small")
        };
        assert!(fresh.nodes > 1);
        assert_eq!(reply(&mut e, "dfpn-solve-state w"), "= black\n\n");
        // ...the engine's, asked again, finds it proven in the table it kept.
        let kept = e.player_mut().kept_solver().expect("the solver is kept");
        let Ok(Outcome::Proven(again)) = kept.solve(&position) else {
            panic!("proven before")
        };
        assert_eq!((again.nodes, again.winner), (1, fresh.winner));
        // A new board size starts afresh; the solver is still the one kept, with the threads
        // asked for.
        reply(&mut e, "boardsize 4");
        reply(&mut e, "param_dfpn threads 2");
        assert_eq!(reply(&mut e, "dfpn-solve-state b"), "= black\n\n");
        assert!(
            e.player_mut()
                .kept_solver()
                .is_some_and(|s| s.table_bytes() > 0)
        );
        assert_eq!(e.player_mut().kept_solver().map(|s| s.threads()), Some(2));
    }

    #[test]
    fn dfpn_solve_state_answers_the_winner() {
        let mut e = engine();
        // Whoever moves first on an empty board wins (strategy stealing).
        let out = session(
            &mut e,
            b"boardsize 3\ndfpn-solve-state b\ndfpn-solve-state w\nboardsize 4\ndfpn-solve-state black\n",
        );
        assert_eq!(out, "= \n\n= black\n\n= white\n\n= \n\n= black\n\n");
        // Black's centre on 3x3 wins whoever moves; so does White's.
        let out = session(
            &mut e,
            b"boardsize 3\nplay b b2\ndfpn-solve-state w\nclear_board\nplay w b2\ndfpn-solve-state b\n",
        );
        assert_eq!(out, "= \n\n= \n\n= black\n\n= \n\n= \n\n= white\n\n");
        // A finished game: its winner.
        let out = session(
            &mut e,
            b"clear_board\nplay w a1\nplay w b1\nplay w c1\ndfpn-solve-state b\n",
        );
        assert!(out.ends_with("= white\n\n"), "{out}");
        // Budget. A search the limits end has no winner: `empty`, as MoHex answers, with the
        // reason in the log; so on the empty boards of 11x11, 13x13 and 19x19.
        let (out, log) = logged_session(
            &mut e,
            b"param_dfpn time 0.05\nboardsize 11\ndfpn-solve-state b\nboardsize 13\ndfpn-solve-state b\nboardsize 19\ndfpn-solve-state w\n",
        );
        assert_eq!(
            out,
            "= \n\n= \n\n= empty\n\n= \n\n= empty\n\n= \n\n= empty\n\n"
        );
        assert_eq!(log.lines().count(), 3, "{log}");
        for line in log.lines() {
            assert!(
                line.starts_with("dfpn-solve-state: unknown within the limits (")
                    && line.ends_with(" s)"),
                "{log}"
            );
        }
        // A 19x19 game near its end: Black's column j lacks j10 alone. Black to move wins;
        // White to move must take j10, and Black's stones beside it still win by going
        // round: i10 or k10 on either side (the solver proves it or gives up, never wrong).
        let column: String = (1..=19)
            .filter(|&row| row != 10)
            .map(|row| format!("play b j{row}\n"))
            .collect();
        let out = session(&mut e, format!("{column}dfpn-solve-state b\n").as_bytes());
        assert!(out.ends_with("= black\n\n"), "{out}");
        let out = session(&mut e, b"play w j10\ndfpn-solve-state b\n");
        assert!(
            out.ends_with("= black\n\n") || out.ends_with("= empty\n\n"),
            "{out}"
        );
        // A board past the largest is refused where it is set.
        let out = session(&mut e, b"boardsize 20\n");
        assert!(out.starts_with("? "), "{out}");
    }

    #[test]
    fn rectangles_are_width_by_height_and_the_shorter_crossing_wins() {
        let mut e = engine();
        // Four columns, three rows: Black crosses three rows, White four columns, and Black
        // wins even with White to move; three columns by four rows, the other way round (so
        // White, moving first, wins with any move: a stone more never hurts).
        let out = session(
            &mut e,
            b"boardsize 4 3\nshowboard\ndfpn-solve-state w\nplay b d3\nplay b a4\nboardsize 3 4\ndfpn-solve-state b\ndfpn-solver-find-winning w\n",
        );
        let board =
            "    a b c d\n 1\\ . . . . \\1\n  2\\ . . . . \\2\n   3\\ . . . . \\3\n        a b c d";
        assert_eq!(
            out,
            format!(
                "= \n\n= \n{board}\n\n= black\n\n= \n\n? a4 is off the 4x3 board\n\n= \n\n= white\n\n= a1 b1 c1 a2 b2 c2 a3 b3 c3 a4 b4 c4\n\n"
            )
        );
        // The contest's analyser takes square boards only.
        assert_eq!(
            reply(&mut e, "shortest-completion b"),
            "? shortest-completion takes square boards only\n\n"
        );
    }

    /// Whether `color`'s stones in `game` join its two edges: a flood fill of its own over
    /// the six neighbours of each point, from the first row (Black) or column (White).
    fn joined(game: &Game, color: Color) -> bool {
        let (rows, cols) = (i16::from(game.rows()), i16::from(game.cols()));
        let at = |r: i16, c: i16| (r * cols + c) as usize;
        let mine = |r: i16, c: i16| {
            (0..rows).contains(&r)
                && (0..cols).contains(&c)
                && game.get(Cell {
                    row: r as u8,
                    col: c as u8,
                }) == Some(color)
        };
        let mut seen = vec![false; at(rows, 0)];
        let mut stack: Vec<(i16, i16)> = match color {
            Color::Black => (0..cols).map(|c| (0, c)).collect(),
            Color::White => (0..rows).map(|r| (r, 0)).collect(),
        };
        stack.retain(|&(r, c)| mine(r, c));
        while let Some((r, c)) = stack.pop() {
            if std::mem::replace(&mut seen[at(r, c)], true) {
                continue;
            }
            if (color == Color::Black && r == rows - 1) || (color == Color::White && c == cols - 1)
            {
                return true;
            }
            for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
                if mine(r + dr, c + dc) && !seen[at(r + dr, c + dc)] {
                    stack.push((r + dr, c + dc));
                }
            }
        }
        false
    }

    #[test]
    fn a_resignation_is_an_answer_not_a_move() {
        // On 3x3 after Black's b2 White has lost: it resigns, and the position stays.
        let mut e = engine_with(3000, 1);
        session(&mut e, b"boardsize 3\nplay b b2\n");
        let board = reply(&mut e, "showboard");
        assert_eq!(reply(&mut e, "genmove w"), "= resign\n\n");
        assert_eq!(reply(&mut e, "showboard"), board);
        assert_eq!(reply(&mut e, "final_score"), "= cannot score\n\n");
        assert_eq!(reply(&mut e, "play w resign"), "= \n\n");
        // Play goes on: moves, the engine's too, and undo takes back stones.
        assert_eq!(reply(&mut e, "play w a1"), "= \n\n");
        assert!(!reply(&mut e, "genmove b").starts_with("? "));
        let undone = session(&mut e, b"undo\nundo\nundo\nundo\n");
        assert_eq!(undone, "= \n\n= \n\n= \n\n? no move to undo\n\n");
    }

    #[test]
    fn the_player_plays_rectangles() {
        // Five columns by four rows: Black, crossing four rows against White's five columns,
        // wins whoever moves; after White's c2 five of Black's moves still win (the solver
        // finds them), and genmove plays one (the endgame solver off: the search's own move).
        let mut e = engine_with(300, 5);
        let out = session(
            &mut e,
            b"boardsize 5 4\nparam_dfpn endgame 0\ndfpn-solve-state w\nplay w c2\ndfpn-solve-state b\ndfpn-solver-find-winning b\n",
        );
        assert_eq!(
            out,
            "= \n\n= \n\n= black\n\n= \n\n= black\n\n= a2 b2 d2 b3 a4\n\n"
        );
        let mv = reply(&mut e, "genmove b");
        assert!(
            ["a2", "b2", "d2", "b3", "a4"].contains(&mv.trim_start_matches("= ").trim_end()),
            "{mv}"
        );
        assert_eq!(reply(&mut e, "dfpn-solve-state w"), "= black\n\n");
        // The analyses of the search answer too: the values and line for White, and the
        // priors of every empty point.
        let values = reply(&mut e, "mcts-values w");
        assert!(values.starts_with("= ") && values.contains('@'), "{values}");
        let line = reply(&mut e, "mcts-pv w");
        let first = line
            .trim_start_matches("= ")
            .split_whitespace()
            .next()
            .unwrap();
        let point = Cell::parse(first, MAX_BOARD).unwrap();
        assert!(
            point.row < 4 && point.col < 5 && e.game().get(point).is_none(),
            "{line}"
        );
        let priors = pairs(&mut e, "mcts-priors w");
        assert_eq!(priors.len(), 18, "{priors:?}");
        assert_sums_to_100(&priors);
        // No policy network here: it knows one square size.
        assert!(reply(&mut e, "mcts-policy w").starts_with("? "));
    }

    #[test]
    fn the_player_plays_a_rectangle_to_the_end() {
        // The engine against itself at 300 playouts a move on six columns by four rows and
        // four columns by six rows, the endgame solver off so that the search plays every
        // move: each move is legal, and the game ends with a winner whose stones join its
        // edges, the side with the shorter crossing (it wins with either side to move).
        for (size, winner) in [("6 4", Color::Black), ("4 6", Color::White)] {
            let mut e = engine_with(300, 9);
            session(
                &mut e,
                format!("boardsize {size}\nparam_dfpn endgame 0\n").as_bytes(),
            );
            let mut color = Color::Black;
            while e.game().winner().is_none() {
                let empty = e.game().empty_points().count();
                let mv = reply(&mut e, &format!("genmove {color}"));
                assert!(
                    mv.starts_with("= ") && !mv.contains("resign"),
                    "{size}: {mv}"
                );
                assert_eq!(e.game().empty_points().count(), empty - 1, "{size}: {mv}");
                color = color.opponent();
            }
            let score = reply(&mut e, "final_score");
            assert_eq!(e.game().winner(), Some(winner), "{size}:\n{}", e.game());
            assert!(joined(e.game(), winner), "{size}:\n{}", e.game());
            assert!(
                !joined(e.game(), winner.opponent()),
                "{size}:\n{}",
                e.game()
            );
            assert_eq!(score, format!("= {}+\n\n", winner.letter()));
        }
    }

    #[test]
    fn genmove_plays_the_solvers_winning_move() {
        // One playout a move: the search alone would play almost at random.
        let mut e = engine_with(1, 7);
        for size in [3, 4, 5] {
            let out = session(
                &mut e,
                format!("boardsize {size}\nparam_dfpn endgame 1\ngenmove b\ndfpn-solve-state w\n")
                    .as_bytes(),
            );
            assert!(out.ends_with("= black\n\n"), "{size}x{size}: {out}");
        }
        // A lost position is left to the search.
        let out = session(&mut e, b"boardsize 3\nplay b b2\ngenmove w\n");
        assert!(out.starts_with("= \n\n= \n\n= "), "{out}");
        assert_eq!(e.game().history().len(), 2);
    }

    #[test]
    fn param_dfpn_lists_and_sets() {
        let mut e = engine();
        let tt = |mib: usize| (mib << 20) / ENTRY_BYTES;
        assert_eq!(
            reply(&mut e, "param_dfpn"),
            format!(
                "= [string] time 10\n[string] memory 64\n[string] tt_size {}\n[string] threads 1\n[bool] endgame 1\n[string] endgame_empty 30\n[string] endgame_time 0.5\n[bool] use_guifx 0\n\n",
                tt(64)
            )
        );
        let out = session(
            &mut e,
            b"param_dfpn time 2.5\nparam_dfpn memory 8\nparam_dfpn use_guifx 1\nparam_dfpn endgame 0\nparam_dfpn threads 2\nparam_dfpn\n",
        );
        assert_eq!(
            out,
            format!(
                "= \n\n= \n\n= \n\n= \n\n= \n\n= [string] time 2.5\n[string] memory 8\n[string] tt_size {}\n[string] threads 2\n[bool] endgame 0\n[string] endgame_empty 30\n[string] endgame_time 0.5\n[bool] use_guifx 1\n\n",
                tt(8)
            )
        );
        // Benzene's names: timelimit in seconds, tt_size in positions.
        let out = session(
            &mut e,
            b"param_dfpn timelimit 7\nparam_dfpn tt_size 100000\n",
        );
        assert_eq!(out, "= \n\n= \n\n");
        assert_eq!(e.player().dfpn().time, Some(Duration::from_secs(7)));
        assert_eq!(e.player().dfpn().table_bytes, 100_000 * ENTRY_BYTES);
        assert_eq!(
            reply(&mut e, "param_dfpn memory 0"),
            "? invalid value \"0\" for memory (allowed: MiB 1 to 65536)\n\n"
        );
        assert_eq!(
            reply(&mut e, "param_dfpn time -1"),
            "? invalid value \"-1\" for time (allowed: seconds 0 to 86400, 0 for no limit)\n\n"
        );
        assert_eq!(
            reply(&mut e, "param_dfpn use_guifx 2"),
            "? invalid value \"2\" for use_guifx (allowed: 0 or 1)\n\n"
        );
        assert!(reply(&mut e, "param_dfpn frob 1").starts_with("? unknown parameter \"frob\""));
        assert_eq!(
            reply(&mut e, "param_dfpn time"),
            "? expected no arguments, or a name and a value\n\n"
        );
    }

    /// The solved position's winners by plain play: every empty point, played, then the
    /// opponent's `dfpn-solve-state`.
    fn winners_one_by_one(e: &mut Engine, color: &str, opponent: &str) -> Vec<String> {
        let empty: Vec<String> = e
            .game()
            .empty_points()
            .map(|p| p.lower().to_string())
            .collect();
        empty
            .into_iter()
            .filter(|p| {
                let out = session(
                    e,
                    format!("play {color} {p}\ndfpn-solve-state {opponent}\nundo\n").as_bytes(),
                );
                out == format!("= \n\n= {color}\n\n= \n\n")
            })
            .collect()
    }

    #[test]
    fn find_winning_lists_every_winning_move_and_only_those() {
        let mut e = engine();
        for (setup, color, opponent) in [
            ("boardsize 4\n", "black", "white"),
            ("boardsize 4\n", "white", "black"),
            ("boardsize 5\nplay b c3\n", "white", "black"),
            ("boardsize 5\nplay b b4\nplay w c3\n", "black", "white"),
        ] {
            session(&mut e, setup.as_bytes());
            let found = reply(&mut e, &format!("dfpn-solver-find-winning {color}"));
            let expected = winners_one_by_one(&mut e, color, opponent).join(" ");
            assert_eq!(found, format!("= {expected}\n\n"), "{setup}{color}");
        }
        // Only losing moves: an empty list, and nothing in the log. Off limits: an empty
        // list too, the reason in the log.
        session(&mut e, b"boardsize 3\nplay b b2\n");
        let lost = logged_session(&mut e, b"dfpn-solver-find-winning w\n");
        assert_eq!(lost, ("= \n\n".into(), String::new()));
        session(&mut e, b"boardsize 11\nparam_dfpn time 0.01\n");
        let unknown = logged_session(&mut e, b"dfpn-solver-find-winning b\n");
        assert_eq!(
            unknown,
            (
                "= \n\n".into(),
                format!("dfpn-solver-find-winning: {UNKNOWN}\n")
            )
        );
    }

    #[test]
    fn the_principal_variation_comes_from_the_kept_table() {
        let mut e = engine();
        session(&mut e, b"boardsize 5\n");
        // Nothing searched yet: no variation.
        assert_eq!(reply(&mut e, "dfpn-get-pv b"), "= \n\n");
        assert_eq!(reply(&mut e, "dfpn-solve-state b"), "= black\n\n");
        let pv = reply(&mut e, "dfpn-get-pv b");
        let moves: Vec<&str> = pv.trim_start_matches("= ").split_whitespace().collect();
        assert!(!moves.is_empty(), "{pv}");
        // Its moves are distinct empty points, Black's first, and Black keeps the win.
        let mut colors = ["b", "w"].iter().cycle();
        for mv in &moves {
            assert_eq!(
                reply(&mut e, &format!("play {} {mv}", colors.next().unwrap())),
                "= \n\n"
            );
        }
        if e.game().winner().is_none() {
            let next = if moves.len() % 2 == 0 { "b" } else { "w" };
            assert_eq!(
                reply(&mut e, &format!("dfpn-solve-state {next}")),
                "= black\n\n"
            );
        }
        // Once the table is cleared the variation is gone.
        session(&mut e, b"boardsize 5\ndfpn-clear-tt\n");
        assert!(
            e.player_mut()
                .kept_solver()
                .is_some_and(|s| s.table_bytes() == 0)
        );
        assert_eq!(reply(&mut e, "dfpn-get-pv b"), "= \n\n");
    }

    #[test]
    fn a_bad_parameter_value_is_answered_with_what_is_allowed() {
        let mut e = engine();
        let tt_range = format!("positions 1..{}", (65_536 << 20) / ENTRY_BYTES);
        for (command, allowed) in [
            ("param_game allow_swap yes", "0 or 1"),
            (
                "param_player max_time 1e300",
                "seconds a move, 0 to 86400; 0: no time limit",
            ),
            (
                "param_player max_time NaN",
                "seconds a move, 0 to 86400; 0: no time limit",
            ),
            (
                "param_player playouts -1",
                "a whole number of simulations, 0 for no limit",
            ),
            ("param_player threads 65", "1 to 64"),
            (
                "param_player seed x",
                "a whole number 0 to 18446744073709551615",
            ),
            (
                "param_dfpn time 1e300",
                "seconds 0 to 86400, 0 for no limit",
            ),
            ("param_dfpn memory 65537", "MiB 1 to 65536"),
            ("param_dfpn threads 0", "1 to 64"),
            ("param_dfpn tt_size 0", tt_range.as_str()),
            ("param_dfpn endgame 2", "0 or 1"),
            (
                "param_dfpn endgame_empty -3",
                "a number of empty cells, 0 or more",
            ),
            (
                "param_dfpn endgame_time 0",
                "seconds above 0, at most 86400",
            ),
        ] {
            let words: Vec<&str> = command.split(' ').collect();
            assert_eq!(
                reply(&mut e, command),
                format!(
                    "? invalid value {:?} for {} (allowed: {allowed})\n\n",
                    words[2], words[1]
                ),
                "{command}"
            );
        }
        // Nothing was changed by a refused value.
        assert_eq!(reply(&mut e, "param_game"), format!("= {NO_CLOCK}\n\n"));
        assert_eq!(
            reply(&mut e, "param_player"),
            format!("= {}\n\n", engine().player().config().list())
        );
        assert_eq!(
            reply(&mut e, "param_dfpn"),
            format!("= {}\n\n", DfpnSettings::default().list())
        );
    }

    #[test]
    fn analyze_commands_are_in_hexgui_form_and_known() {
        for line in ANALYZE_COMMANDS.lines() {
            let parts: Vec<&str> = line.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            // The types HexGui draws (`HexGui.actionSetAnalyzeCommand` has a handler for
            // each), and `none` for a command that only acts.
            assert!(
                [
                    "pspairs", "plist", "var", "inferior", "string", "param", "none", "vc"
                ]
                .contains(&parts[0]),
                "{line}"
            );
            let command = parts[2].split(' ').next().unwrap();
            assert!(COMMANDS.contains(&command), "{command}");
            // HexGui's wildcards: the side to move, a colour chosen, points clicked.
            let line = (parts[2].replace("%m", "black").replace("%c", "b")).replace("%P", "a1 b2");
            assert!(parse(&line).1.is_ok(), "{line}");
        }
    }
}
