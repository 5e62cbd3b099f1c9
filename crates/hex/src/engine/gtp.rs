//! The GTP engine loop, as HexGui drives it.
//!
//! Each line is one command, optionally after a number (its id, repeated in the reply).
//! Replies are `= result` or `? reason` followed by one blank line (so a reply never
//! contains a blank line of its own), flushed at once. Lines starting with `#` (such as
//! `# interrupt`) and blank lines get no reply. A line longer than [`MAX_LINE`] bytes or
//! not in UTF-8 gets a `? ` reply; nothing the controller sends stops the loop but `quit`
//! or the end of the input.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use super::game::{Color, Game, MAX_BOARD, Move, Point};
use super::mcts::{self, Budget, Reuse, Search, Settings};
use super::opening::OpeningBook;
use super::policy;
use super::sgf;
use crate::cells::Cells;
use crate::completion::shortest_completion;
use crate::geometry::slot;
use crate::knowledge::{Decision, Endpoint, Expert};
use crate::position::Position;
use crate::solver::{ENTRY_BYTES, Limits as SolverLimits, MAX_SOLVER_SIZE, Outcome, Proof, Solver};

/// The longest command line read (bytes); the rest of a longer line is skipped.
pub const MAX_LINE: usize = 4096;

/// A command, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`: `2`.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`: `true` or `false`.
    KnownCommand(String),
    /// `list_commands`: one name a line.
    ListCommands,
    /// `quit`.
    Quit,
    /// `boardsize WIDTH [HEIGHT]`: a new empty board of HEIGHT rows of WIDTH cells (HEIGHT is
    /// WIDTH when absent), as Benzene and HexGui name them: Black joins the top and bottom rows,
    /// White the left and right columns. The player plays square boards only.
    BoardSize(u8, u8),
    /// `clear_board`.
    ClearBoard,
    /// `play COLOR MOVE`.
    Play(Color, Move),
    /// `genmove COLOR`: the engine's move, which is played.
    GenMove(Color),
    /// `reg_genmove COLOR`: the engine's move, not played.
    RegGenMove(Color),
    /// `compute-inferior COLOR`: the knowledge's fill-in, COLOR to move (HexGui `inferior`:
    /// `fb` or `fw` after each cell, for the colour it is filled with; dead cells go to
    /// COLOR).
    Inferior(Color),
    /// `vc-get-mustplay COLOR`: the fill-in as `compute-inferior` gives it, then every other
    /// empty cell outside the moves to consider marked `x` (nothing more when the knowledge
    /// decides the position) (HexGui `inferior`).
    MustPlay(Color),
    /// `undo`.
    Undo,
    /// `showboard`.
    ShowBoard,
    /// `final_score`: `B+`, `W+` or `cannot score`.
    FinalScore,
    /// `all_legal_moves [COLOR]`.
    AllLegalMoves,
    /// `loadsgf FILE [N]`: the position before move N (all moves when absent).
    LoadSgf(PathBuf, Option<usize>),
    /// `time_left COLOR SECONDS [STONES]`: accepted and ignored (the time per move is a
    /// parameter).
    TimeLeft,
    /// `param_game [NAME VALUE]`: `allow_swap`.
    ParamGame(Option<(String, String)>),
    /// `param_player [NAME VALUE]`: `max_time`, `playouts`, `threads`, `seed`, `patterns`,
    /// `opening_book` (whether `genmove` plays from the opening book).
    ParamPlayer(Option<(String, String)>),
    /// `hexgui-analyze_commands`.
    AnalyzeCommands,
    /// `mcts-values COLOR`: every empty point's value for COLOR (HexGui `pspairs`).
    Values(Color),
    /// `mcts-pv COLOR`: the expected line of play (HexGui `var`).
    Variation(Color),
    /// `mcts-priors COLOR`: every empty point's prior from the learned patterns (HexGui
    /// `pspairs`).
    Priors(Color),
    /// `mcts-policy COLOR`: every empty point's chance from the policy network, on the
    /// board size it learned (HexGui `pspairs`).
    Policy(Color),
    /// `shortest-completion COLOR`: the contest analyzer's fewest stones for COLOR to win
    /// (HexGui `plist`).
    Completion(Color),
    /// `vc-between-cells-full COLOR P Q` (and `-semi`, when the flag is false): the virtual
    /// connections of COLOR between two points or edges that H-search finds (HexGui `vc`).
    VcBetween(Color, [VcEnd; 2], bool),
    /// `dfpn-solve-state COLOR`: the winner with perfect play, COLOR to move.
    DfpnSolveState(Color),
    /// `dfpn-solver-find-winning COLOR`: every winning move of COLOR (HexGui `plist`).
    DfpnFindWinning(Color),
    /// `dfpn-get-pv COLOR`: the principal variation the solver's table holds (HexGui `var`).
    DfpnGetPv(Color),
    /// `dfpn-clear-tt`: the solver's table emptied.
    DfpnClearTt,
    /// `param_dfpn [NAME VALUE]`: the solver's parameters (`time` or Benzene's `timelimit`,
    /// `memory` in MiB or Benzene's `tt_size` in positions, `threads`, `endgame`,
    /// `endgame_empty`, `endgame_time`; `use_guifx`, with which HexGui asks MoHex to draw the
    /// solver's progress on its board, is accepted and has no effect).
    ParamDfpn(Option<(String, String)>),
}

/// An end of a virtual connection in `vc-between-cells-*`: a point, or an edge by the name
/// HexGui gives it (Black's are north and south, White's west and east).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VcEnd {
    /// A point of the board.
    Point(Point),
    /// An edge: `north`, `south`, `west` or `east`.
    Edge(Edge),
}

/// The four edges of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The top edge (Black's first).
    North,
    /// The bottom edge (Black's last).
    South,
    /// The left edge (White's first).
    West,
    /// The right edge (White's last).
    East,
}

impl VcEnd {
    /// A point like `a1`, or an edge's name, in either case.
    fn parse(word: &str) -> Option<VcEnd> {
        Some(match word.to_ascii_lowercase().as_str() {
            "north" => VcEnd::Edge(Edge::North),
            "south" => VcEnd::Edge(Edge::South),
            "west" => VcEnd::Edge(Edge::West),
            "east" => VcEnd::Edge(Edge::East),
            _ => VcEnd::Point(Point::parse(word, MAX_BOARD)?),
        })
    }
}

/// As HexGui writes it: `a1`, or the edge's name.
impl std::fmt::Display for VcEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VcEnd::Point(p) => write!(f, "{p}"),
            VcEnd::Edge(edge) => f.write_str(match edge {
                Edge::North => "north",
                Edge::South => "south",
                Edge::West => "west",
                Edge::East => "east",
            }),
        }
    }
}

/// The commands [`Command`] knows, as `list_commands` names them.
pub const COMMANDS: &[&str] = &[
    "all_legal_moves",
    "boardsize",
    "clear_board",
    "compute-inferior",
    "dfpn-clear-tt",
    "dfpn-get-pv",
    "dfpn-solve-state",
    "dfpn-solver-find-winning",
    "final_score",
    "genmove",
    "hexgui-analyze_commands",
    "known_command",
    "list_commands",
    "loadsgf",
    "mcts-policy",
    "mcts-priors",
    "mcts-pv",
    "mcts-values",
    "name",
    "param_dfpn",
    "param_game",
    "param_player",
    "play",
    "protocol_version",
    "quit",
    "reg_genmove",
    "shortest-completion",
    "showboard",
    "time_left",
    "undo",
    "vc-between-cells-full",
    "vc-between-cells-semi",
    "vc-get-mustplay",
    "version",
];

/// Points with a value each, in HexGui's `pspairs` form.
fn pspairs(values: &[(Point, f64)]) -> String {
    (values.iter())
        .map(|(p, value)| format!("{p} {value:.4}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The analysis commands offered to HexGui, in its `type/Label/command` form (`%m` stands
/// for the side to move).
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
varc/Reg GenMove/reg_genmove %m\n\
param/Game Param/param_game\n\
param/Player Param/param_player\n\
param/DFPN Param/param_dfpn";

/// A line's optional id and its command, or the id and why it cannot be read.
pub type Parsed = (Option<u32>, Result<Command, String>);

fn color(word: Option<&str>) -> Result<Color, String> {
    match word {
        None => Err("missing color (black or white)".into()),
        Some(w) => Color::parse(w).ok_or_else(|| format!("invalid color {w:?} (black or white)")),
    }
}

fn no_more(words: &[&str], at: usize) -> Result<(), String> {
    match words.get(at) {
        None => Ok(()),
        Some(extra) => Err(format!("unexpected argument {extra:?}")),
    }
}

/// Reads one command line (comments and blank lines are the caller's: here they are
/// errors).
pub fn parse(line: &str) -> Parsed {
    let line = line.split('#').next().unwrap_or_default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let (id, words) = match words.first().map(|w| w.parse::<u32>()) {
        Some(Ok(id)) => (Some(id), &words[1..]),
        _ => (None, &words[..]),
    };
    (id, parse_words(words))
}

fn parse_words(words: &[&str]) -> Result<Command, String> {
    let Some(&name) = words.first() else {
        return Err("empty command".into());
    };
    let simple = |command: Command| no_more(words, 1).map(|()| command);
    match name {
        "protocol_version" => simple(Command::ProtocolVersion),
        "name" => simple(Command::Name),
        "version" => simple(Command::Version),
        "list_commands" => simple(Command::ListCommands),
        "quit" => simple(Command::Quit),
        "clear_board" => simple(Command::ClearBoard),
        "undo" => simple(Command::Undo),
        "showboard" => simple(Command::ShowBoard),
        "final_score" => simple(Command::FinalScore),
        "hexgui-analyze_commands" => simple(Command::AnalyzeCommands),
        "dfpn-clear-tt" => simple(Command::DfpnClearTt),
        "known_command" => match words.get(1) {
            Some(w) => no_more(words, 2).map(|()| Command::KnownCommand(w.to_string())),
            None => Err("missing command name".into()),
        },
        "boardsize" => {
            let size = |w: Option<&&str>| -> Result<u32, String> {
                let w = w.ok_or("missing board size")?;
                w.parse::<u32>()
                    .map_err(|_| format!("invalid board size {w:?}"))
            };
            let width = size(words.get(1))?;
            let height = if words.len() > 2 {
                size(words.get(2))?
            } else {
                width
            };
            no_more(words, 3)?;
            let side = |n: u32| match u8::try_from(n) {
                Ok(n) if (1..=MAX_BOARD).contains(&n) => Ok(n),
                _ => Err(format!(
                    "unacceptable size: {n} (boards are 1x1 to {MAX_BOARD}x{MAX_BOARD})"
                )),
            };
            Ok(Command::BoardSize(side(width)?, side(height)?))
        }
        "play" => {
            let c = color(words.get(1).copied())?;
            let Some(&mv) = words.get(2) else {
                return Err("missing move".into());
            };
            no_more(words, 3)?;
            let mv = Move::parse(mv, MAX_BOARD).ok_or_else(|| {
                format!("invalid move {mv:?} (a point like a1, swap-pieces or resign)")
            })?;
            Ok(Command::Play(c, mv))
        }
        "genmove"
        | "reg_genmove"
        | "compute-inferior"
        | "vc-get-mustplay"
        | "mcts-values"
        | "mcts-pv"
        | "mcts-priors"
        | "mcts-policy"
        | "shortest-completion"
        | "dfpn-solve-state"
        | "dfpn-solver-find-winning"
        | "dfpn-get-pv" => {
            let c = color(words.get(1).copied())?;
            no_more(words, 2)?;
            Ok(match name {
                "genmove" => Command::GenMove(c),
                "reg_genmove" => Command::RegGenMove(c),
                "compute-inferior" => Command::Inferior(c),
                "vc-get-mustplay" => Command::MustPlay(c),
                "mcts-values" => Command::Values(c),
                "mcts-pv" => Command::Variation(c),
                "mcts-priors" => Command::Priors(c),
                "mcts-policy" => Command::Policy(c),
                "shortest-completion" => Command::Completion(c),
                "dfpn-solver-find-winning" => Command::DfpnFindWinning(c),
                "dfpn-get-pv" => Command::DfpnGetPv(c),
                _ => Command::DfpnSolveState(c),
            })
        }
        "vc-between-cells-full" | "vc-between-cells-semi" => {
            let c = color(words.get(1).copied())?;
            let end = |at: usize| match words.get(at) {
                None => {
                    Err("missing point (a point like a1, or north, south, west or east)".into())
                }
                Some(w) => VcEnd::parse(w).ok_or_else(|| {
                    format!("invalid point {w:?} (a point like a1, or north, south, west or east)")
                }),
            };
            let ends = [end(2)?, end(3)?];
            no_more(words, 4)?;
            Ok(Command::VcBetween(c, ends, name == "vc-between-cells-full"))
        }
        "all_legal_moves" => {
            if let Some(w) = words.get(1) {
                color(Some(w))?;
            }
            no_more(words, 2).map(|()| Command::AllLegalMoves)
        }
        "loadsgf" => {
            let Some(file) = words.get(1) else {
                return Err("missing file name".into());
            };
            let moves = match words.get(2) {
                None => None,
                Some(w) => Some(
                    w.parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| format!("invalid move number {w:?}"))?,
                ),
            };
            no_more(words, 3)?;
            Ok(Command::LoadSgf(PathBuf::from(file), moves))
        }
        "time_left" => {
            color(words.get(1).copied())?;
            Ok(Command::TimeLeft)
        }
        "param_game" | "param_player" | "param_dfpn" => {
            let pair = match words.len() {
                1 => None,
                3 => Some((words[1].to_string(), words[2].to_string())),
                _ => return Err("expected no arguments, or a name and a value".into()),
            };
            Ok(match name {
                "param_game" => Command::ParamGame(pair),
                "param_player" => Command::ParamPlayer(pair),
                _ => Command::ParamDfpn(pair),
            })
        }
        other => Err(format!("unknown command {other:?}")),
    }
}

/// The reply to a parameter set to a value outside what it allows, which it names.
fn invalid(name: &str, value: &str, allowed: &str) -> String {
    format!("invalid value {value:?} for {name} (allowed: {allowed})")
}

/// A `[bool]` parameter's value: `0` or `1` (or `false`, `true`).
fn parse_flag(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(invalid(name, value, "0 or 1")),
    }
}

/// What the player's commands say on a rectangle.
const SQUARE_ONLY: &str = "the player plays square boards only (the solver takes rectangles)";

/// What `dfpn-solve-state` says when the limits are reached before a proof.
pub const UNKNOWN: &str = "unknown within the limits";

/// The solver's settings (`param_dfpn`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnSettings {
    /// `dfpn-solve-state`'s time limit; none for no limit.
    pub time: Option<Duration>,
    /// The transposition table's size in bytes (`memory` in MiB, `tt_size` in positions).
    pub table_bytes: usize,
    /// Threads searching one proof.
    pub threads: usize,
    /// Whether `genmove` asks the solver first when few cells are empty.
    pub endgame: bool,
    /// At most this many empty cells for `genmove` to ask the solver.
    pub endgame_empty: usize,
    /// `genmove`'s time limit for the solver.
    pub endgame_time: Duration,
    /// HexGui's `use_guifx` (MoHex draws the solver's progress on HexGui's board when it is
    /// on): accepted, no effect.
    pub use_guifx: bool,
}

impl Default for DfpnSettings {
    fn default() -> DfpnSettings {
        DfpnSettings {
            time: Some(Duration::from_secs(10)),
            table_bytes: 64 << 20,
            threads: 1,
            endgame: true,
            endgame_empty: ENDGAME_EMPTY,
            endgame_time: Duration::from_millis(ENDGAME_MILLIS),
            use_guifx: false,
        }
    }
}

/// The largest table `memory` and `tt_size` allow, in MiB.
const MAX_MIB: usize = 65_536;

/// `genmove` asks the solver when at most this many cells are empty (by default).
pub const ENDGAME_EMPTY: usize = 30;
/// `genmove`'s default time for the solver (milliseconds).
pub const ENDGAME_MILLIS: u64 = 500;

impl DfpnSettings {
    fn list(&self) -> String {
        format!(
            "[string] time {}\n[string] memory {}\n[string] tt_size {}\n[string] threads {}\n[bool] endgame {}\n[string] endgame_empty {}\n[string] endgame_time {}\n[bool] use_guifx {}",
            self.time.map_or(0.0, |t| t.as_secs_f64()),
            self.table_bytes >> 20,
            self.table_bytes / ENTRY_BYTES,
            self.threads,
            u8::from(self.endgame),
            self.endgame_empty,
            self.endgame_time.as_secs_f64(),
            u8::from(self.use_guifx)
        )
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let bad = |allowed: &str| invalid(name, value, allowed);
        let seconds = |allowed: &str| {
            value
                .parse::<f64>()
                .ok()
                .filter(|s| (0.0..=86_400.0).contains(s))
                .ok_or_else(|| bad(allowed))
        };
        let flag = || parse_flag(name, value);
        match name {
            "time" | "timelimit" => {
                let s = seconds("seconds 0..86400, 0 for no limit")?;
                self.time = (s > 0.0).then(|| Duration::from_secs_f64(s));
            }
            "memory" => {
                let mib: usize = value
                    .parse()
                    .ok()
                    .filter(|m| (1..=MAX_MIB).contains(m))
                    .ok_or_else(|| bad("MiB 1..65536"))?;
                self.table_bytes = mib << 20;
            }
            "tt_size" => {
                let most = (MAX_MIB << 20) / ENTRY_BYTES;
                let entries: usize = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=most).contains(n))
                    .ok_or_else(|| bad(&format!("positions 1..{most}")))?;
                self.table_bytes = entries * ENTRY_BYTES;
            }
            "threads" => {
                self.threads = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=64).contains(n))
                    .ok_or_else(|| bad("1..64"))?;
            }
            "endgame" => self.endgame = flag()?,
            "endgame_empty" => {
                self.endgame_empty = value
                    .parse()
                    .map_err(|_| bad("a number of empty cells, 0 or more"))?;
            }
            "endgame_time" => {
                let allowed = "seconds above 0, at most 86400";
                let s = seconds(allowed)?;
                if s == 0.0 {
                    return Err(bad(allowed));
                }
                self.endgame_time = Duration::from_secs_f64(s);
            }
            "use_guifx" => self.use_guifx = flag()?,
            _ => {
                return Err(format!(
                    "unknown parameter {name:?} (time, timelimit, memory, tt_size, threads, endgame, endgame_empty, endgame_time, use_guifx)"
                ));
            }
        }
        Ok(())
    }

    fn limits(&self, time: Option<Duration>) -> SolverLimits {
        SolverLimits {
            time,
            nodes: None,
            memory: self.table_bytes,
        }
    }
}

/// The engine: the game, the player's settings, and the solver.
#[derive(Debug)]
pub struct Engine {
    game: Game,
    limits: Budget,
    settings: Settings,
    search: Search,
    dfpn: DfpnSettings,
    /// Made at the first question for the solver and kept, with its table, for the next
    /// (`dfpn-solve-state` and `genmove`'s endgame alike).
    solver: Option<Solver>,
    /// The opening book `genmove` plays from (the built-in one unless another is given),
    /// and whether it does.
    book: Cow<'static, OpeningBook>,
    use_book: bool,
    quit: bool,
}

impl Engine {
    /// An engine on an empty 11x11 board, swap off, searching with `limits`.
    pub fn new(limits: Budget) -> Engine {
        Engine {
            game: Game::new(11).expect("11 is a board size"),
            limits,
            settings: Settings::default(),
            search: Search::default(),
            dfpn: DfpnSettings::default(),
            solver: None,
            book: Cow::Borrowed(OpeningBook::built_in()),
            use_book: true,
            quit: false,
        }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's ideas (for matches comparing them).
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// Plays from `book` instead of the built-in opening book.
    pub fn set_book(&mut self, book: OpeningBook) {
        self.book = Cow::Owned(book);
    }

    /// Whether `genmove` plays from the opening book (on by default).
    pub fn set_use_book(&mut self, on: bool) {
        self.use_book = on;
    }

    /// Whether the search keeps its trees from move to move.
    pub fn set_reuse(&mut self, reuse: Reuse) {
        self.search.reuse = reuse;
    }

    fn search(&mut self, color: Color) -> Result<mcts::Evaluation, String> {
        if !self.game.is_square() {
            return Err(SQUARE_ONLY.into());
        }
        if self.game.winner().is_some() {
            return Err("the game is over".into());
        }
        if self.game.empty_points().next().is_none() {
            return Err("the board is full".into());
        }
        Ok(self
            .search
            .analyse(&self.game, color, self.limits, self.settings))
    }

    /// Carries out one command: the text of a `=` reply, or of a `?` reply.
    pub fn execute(&mut self, command: Command) -> Result<String, String> {
        let game = &mut self.game;
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok("boardgames".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
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
                Ok(String::new())
            }
            Command::ClearBoard => {
                let swap = game.allow_swap();
                *game = Game::rectangle(game.rows(), game.cols()).expect("the size was valid");
                game.set_allow_swap(swap);
                Ok(String::new())
            }
            Command::Play(color, mv) => {
                if let Move::Play(p) = mv
                    && (p.row >= game.rows() || p.col >= game.cols())
                {
                    return Err(format!(
                        "{p} is off the {}x{} board",
                        game.cols(),
                        game.rows()
                    ));
                }
                game.play(color, mv).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            Command::GenMove(color) => {
                let mv = self.choose(color)?;
                self.game.play(color, mv).map_err(|e| e.to_string())?;
                Ok(mv.to_string())
            }
            Command::RegGenMove(color) => Ok(self.choose(color)?.to_string()),
            Command::Inferior(color) => knowledge(game, color, false),
            Command::MustPlay(color) => knowledge(game, color, true),
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
                let mut moves: Vec<String> = game.empty_points().map(|p| p.to_string()).collect();
                if game.can_swap(Color::White) {
                    moves.push("swap-pieces".into());
                }
                Ok(moves.join(" "))
            }
            Command::LoadSgf(path, moves) => {
                let text = std::fs::read(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let text = String::from_utf8(text)
                    .map_err(|_| format!("{} is not UTF-8", path.display()))?;
                let record = sgf::parse(&text).map_err(|e| format!("{}:{e}", path.display()))?;
                let swap = game.allow_swap();
                let mut loaded = record
                    .game_at(moves.map_or(usize::MAX, |n| n - 1))
                    .map_err(|(_, e)| e.to_string())?;
                loaded
                    .set_allow_swap(swap || loaded.history().iter().any(|(_, m)| *m == Move::Swap));
                *game = loaded;
                Ok(String::new())
            }
            Command::TimeLeft => Ok(String::new()),
            Command::ParamGame(None) => {
                Ok(format!("[bool] allow_swap {}", u8::from(game.allow_swap())))
            }
            Command::ParamGame(Some((name, value))) => match name.as_str() {
                "allow_swap" => {
                    game.set_allow_swap(parse_flag(&name, &value)?);
                    Ok(String::new())
                }
                _ => Err(format!("unknown parameter {name:?} (allow_swap)")),
            },
            Command::ParamPlayer(None) => {
                let l = self.limits;
                Ok(format!(
                    "[string] max_time {}\n[string] playouts {}\n[string] threads {}\n[string] seed {}\n[string] patterns {}\n[bool] opening_book {}",
                    l.time.map_or(0.0, |t| t.as_secs_f64()),
                    l.playouts.unwrap_or(0),
                    l.threads,
                    l.seed,
                    self.settings.patterns.unwrap_or(0.0),
                    u8::from(self.use_book)
                ))
            }
            Command::ParamPlayer(Some((name, value))) => {
                let bad = |allowed: &str| invalid(&name, &value, allowed);
                let l = &mut self.limits;
                match name.as_str() {
                    "max_time" => {
                        let s = value
                            .parse::<f64>()
                            .ok()
                            .filter(|s| (0.0..=86_400.0).contains(s))
                            .ok_or_else(|| bad("seconds a move, 0..86400; 0: playouts decide"))?;
                        l.time = (s > 0.0).then(|| Duration::from_secs_f64(s));
                    }
                    "playouts" => {
                        let n: u64 = value.parse().map_err(|_| {
                            bad("a whole number of playouts a move; 0: max_time decides")
                        })?;
                        l.playouts = (n > 0).then_some(n);
                    }
                    "threads" => {
                        l.threads = value
                            .parse()
                            .ok()
                            .filter(|n| (1..=64).contains(n))
                            .ok_or_else(|| bad("1..64"))?;
                    }
                    "seed" => {
                        l.seed = value
                            .parse()
                            .map_err(|_| bad(&format!("a whole number 0..{}", u64::MAX)))?;
                    }
                    "patterns" => {
                        let c = value
                            .parse::<f64>()
                            .ok()
                            .filter(|c| c.is_finite() && *c >= 0.0)
                            .ok_or_else(|| bad("the progressive bias of the learned patterns, 0 or more; 0: off"))?;
                        self.settings.patterns = (c > 0.0).then_some(c);
                    }
                    "opening_book" => self.use_book = parse_flag(&name, &value)?,
                    _ => {
                        return Err(format!(
                            "unknown parameter {name:?} (max_time, playouts, threads, seed, patterns, opening_book)"
                        ));
                    }
                }
                if l.time.is_none() && l.playouts.is_none() {
                    l.time = Some(Duration::from_secs(1));
                }
                Ok(String::new())
            }
            Command::AnalyzeCommands => Ok(ANALYZE_COMMANDS.into()),
            Command::Values(color) => {
                let analysis = self.search(color)?;
                Ok(analysis
                    .values
                    .iter()
                    .map(|(p, _, rate)| format!("{p} {rate:.3}"))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            Command::Priors(color) => {
                if !game.is_square() {
                    return Err(SQUARE_ONLY.into());
                }
                Ok(pspairs(&mcts::priors(game, color)))
            }
            Command::Policy(color) => match mcts::network_priors(game, color) {
                None => Err(format!(
                    "the policy network knows only {n}x{n} boards",
                    n = policy::SIZE
                )),
                Some(priors) => Ok(pspairs(&priors)),
            },
            Command::Variation(color) => {
                let analysis = self.search(color)?;
                Ok(analysis
                    .variation
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            Command::Completion(color) => {
                if !game.is_square() {
                    return Err(SQUARE_ONLY.into());
                }
                let board = game.board();
                Ok(match shortest_completion(&board, color.player()) {
                    None => String::new(),
                    Some(c) => c
                        .added
                        .iter()
                        .map(|&cell| super::Point::from(cell).to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                })
            }
            Command::DfpnSolveState(color) => match self.solve(color, self.dfpn.time)? {
                Outcome::Proven(proof) => Ok(Color::of_player(proof.winner).to_string()),
                Outcome::Unknown { .. } => Err(UNKNOWN.into()),
            },
            Command::DfpnFindWinning(color) => {
                let limits = self.dfpn.limits(self.dfpn.time);
                let (rows, cols, position) = self.position(color);
                match self.solver(limits).winning_moves(rows, cols, position) {
                    Err(e) => Err(e.to_string()),
                    Ok(None) => Err(UNKNOWN.into()),
                    Ok(Some(cells)) => Ok(points(cells)),
                }
            }
            Command::DfpnGetPv(color) => {
                let limits = self.dfpn.limits(self.dfpn.time);
                let (rows, cols, position) = self.position(color);
                (self.solver(limits).variation(rows, cols, position))
                    .map(points)
                    .map_err(|e| e.to_string())
            }
            Command::DfpnClearTt => {
                if let Some(solver) = &mut self.solver {
                    solver.clear_table();
                }
                Ok(String::new())
            }
            Command::ParamDfpn(None) => Ok(self.dfpn.list()),
            Command::ParamDfpn(Some((name, value))) => {
                self.dfpn.set(&name, &value)?;
                Ok(String::new())
            }
        }
    }

    /// The move `genmove` plays: `resign` when the search sees no chance, `swap-pieces`
    /// when swapping is allowed and Black's first stone looks better than any answer.
    fn choose(&mut self, color: Color) -> Result<Move, String> {
        if let Some(mv) = self.endgame(color) {
            return Ok(mv);
        }
        if self.use_book && !self.game.can_swap(color) {
            if let Some(point) = self.book.reply(&self.game, color) {
                return Ok(Move::Play(point));
            }
        }
        let analysis = self.search(color)?;
        if self.game.can_swap(color) && analysis.win_rate < 0.5 {
            return Ok(Move::Swap);
        }
        if analysis.win_rate < RESIGN_BELOW && analysis.playouts >= RESIGN_AFTER {
            return Ok(Move::Resign);
        }
        Ok(analysis.best)
    }

    /// The solver's winning move for `color`, when `endgame` is on, few cells are empty and
    /// it finds a proof within `endgame_time` (a proven loss is left to the search).
    fn endgame(&mut self, color: Color) -> Option<Move> {
        let d = self.dfpn;
        let game = &self.game;
        if !d.endgame
            || game.winner().is_some()
            || game.can_swap(color)
            || game.rows().max(game.cols()) > MAX_SOLVER_SIZE
            || game.empty_points().count() > d.endgame_empty
        {
            return None;
        }
        match self.solve(color, Some(d.endgame_time)) {
            Ok(Outcome::Proven(Proof {
                winner,
                best: Some(cell),
                ..
            })) if winner == color.player() => Some(Move::Play(cell.into())),
            _ => None,
        }
    }

    /// The kept solver, within `limits`.
    fn solver(&mut self, limits: SolverLimits) -> &mut Solver {
        let solver = self.solver.get_or_insert_with(|| {
            // GTP's answers never show a proof's size: not counting it saves time.
            let mut solver = Solver::new(limits);
            solver.count_proofs(false);
            solver
        });
        solver.set_limits(limits);
        solver.set_threads(self.dfpn.threads);
        solver
    }

    /// Solves the game's position with `color` to move, within `time`, with the kept solver.
    fn solve(&mut self, color: Color, time: Option<Duration>) -> Result<Outcome, String> {
        let limits = self.dfpn.limits(time);
        let (rows, cols, position) = self.position(color);
        (self.solver(limits).solve_position(rows, cols, position)).map_err(|e| e.to_string())
    }

    /// The game's shape and position for the solver, `color` to move.
    fn position(&self, color: Color) -> (u8, u8, Position) {
        let position = Position {
            to_move: color.player(),
            ..Position::of_game(&self.game)
        };
        (self.game.rows(), self.game.cols(), position)
    }

    /// Reads commands from `input` until `quit` or its end, answering each on `output`.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut bytes = Vec::new();
        while !self.quit {
            let Some(too_long) = read_line(&mut input, &mut bytes)? else {
                return Ok(());
            };
            let reply = if too_long {
                Some((None, Err(format!("line longer than {MAX_LINE} bytes"))))
            } else {
                match std::str::from_utf8(&bytes) {
                    Err(_) => Some((None, Err("the command is not UTF-8".into()))),
                    Ok(line) => {
                        let line = line.split('#').next().unwrap_or_default();
                        if line.trim().is_empty() {
                            None
                        } else {
                            let (id, command) = parse(line);
                            Some((id, command.and_then(|c| self.execute(c))))
                        }
                    }
                }
            };
            if let Some((id, result)) = reply {
                output.write_all(format_reply(id, &result).as_bytes())?;
                output.flush()?;
            }
        }
        Ok(())
    }
}

/// Cells as GTP points, separated by spaces.
fn points(cells: Vec<crate::Cell>) -> String {
    (cells.into_iter())
        .map(|cell| super::Point::from(cell).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the knowledge says of `game` with `color` to move, as HexGui's `inferior` type
/// shows it: each filled-in cell with `fb` or `fw`, then (with `must_play`, when the
/// position is not decided) each other empty cell outside the moves to consider with `x`.
fn knowledge(game: &Game, color: Color, must_play: bool) -> Result<String, String> {
    if game.size() > MAX_SOLVER_SIZE {
        return Err(format!(
            "the knowledge covers boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE}"
        ));
    }
    let expert = Expert::new(game.size());
    let mut position = Position::of_game(game);
    position.to_move = color.player();
    let inferior = expert.inferior(&position);
    let mut marks: Vec<(Cells, &str)> = vec![
        (inferior.captured[slot(Color::Black.player())], "fb"),
        (inferior.captured[slot(Color::White.player())], "fw"),
        (
            inferior.dead,
            if color == Color::Black { "fb" } else { "fw" },
        ),
    ];
    if must_play && let Decision::Consider { moves, .. } = expert.decide(&position) {
        let filled = inferior.dead | inferior.captured[0] | inferior.captured[1];
        marks.push((position.empty(&expert.geometry) - moves - filled, "x"));
    }
    let geometry = &expert.geometry;
    Ok(marks
        .into_iter()
        .flat_map(|(cells, mark)| {
            (cells.iter()).map(move |at| format!("{} {mark}", Point::from(geometry.cell_at(at))))
        })
        .collect::<Vec<_>>()
        .join(" "))
}

/// `vc-between-cells-full` and `-semi`: COLOR's connections between two ends that H-search
/// finds, a line each as Benzene writes them for HexGui (`COLOR P Q full or [ carrier ] [ ]`;
/// a semi-connection `semi and`, then its key). An edge of the other colour's, or an end on
/// the opponent's stone, has none; a stone on one's own edge stands for that edge.
fn connections(game: &Game, color: Color, ends: [VcEnd; 2], full: bool) -> Result<String, String> {
    if game.rows() != game.cols() || game.size() > MAX_SOLVER_SIZE {
        return Err(format!(
            "the knowledge covers square boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE}"
        ));
    }
    let expert = Expert::new(game.size());
    let geometry = &expert.geometry;
    let mut endpoints = [Endpoint::Side(0); 2];
    for (end, endpoint) in ends.iter().zip(&mut endpoints) {
        *endpoint =
            match (*end, color) {
                (VcEnd::Point(p), _) if p.row >= game.rows() || p.col >= game.cols() => {
                    return Err(format!("{p} is off the {0}x{0} board", game.size()));
                }
                (VcEnd::Point(p), _) => Endpoint::Cell(geometry.spot(p.cell())),
                (VcEnd::Edge(Edge::North), Color::Black)
                | (VcEnd::Edge(Edge::West), Color::White) => Endpoint::Side(0),
                (VcEnd::Edge(Edge::South), Color::Black)
                | (VcEnd::Edge(Edge::East), Color::White) => Endpoint::Side(1),
                (VcEnd::Edge(_), _) => return Ok(String::new()),
            };
    }
    let position = Position::of_game(game);
    let found = expert.connections_between(&position, color.player(), endpoints);
    let cells = |carrier: Cells| {
        (carrier.iter())
            .map(|at| format!(" {}", Point::from(geometry.cell_at(at))))
            .collect::<String>()
    };
    let [from, to] = ends;
    let lines: Vec<String> = if full {
        (found.full.iter())
            .map(|&carrier| format!("{color} {from} {to} full or [{} ] [ ]", cells(carrier)))
            .collect()
    } else {
        (found.semi.iter())
            .map(|&(carrier, key)| {
                let key = Point::from(geometry.cell_at(key));
                format!(
                    "{color} {from} {to} semi and [{} ] [ ] {key}",
                    cells(carrier)
                )
            })
            .collect()
    };
    Ok(lines.join("\n"))
}

/// Below this win rate, with enough simulations, `genmove` resigns.
const RESIGN_BELOW: f64 = 0.02;
/// The fewest simulations behind a resignation.
const RESIGN_AFTER: u64 = 2000;

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

/// Reads one line into `bytes` (without its line break), keeping at most [`MAX_LINE`]
/// bytes: `None` at the end of the input, else whether the line was longer.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>) -> io::Result<Option<bool>> {
    bytes.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        if chunk.len() > room {
            too_long = true;
        }
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if done {
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(Budget {
            time: None,
            playouts: Some(300),
            threads: 1,
            seed: 3,
        })
    }

    /// Runs a session in memory and returns everything the engine wrote.
    fn session(engine: &mut Engine, input: &[u8]) -> String {
        let mut out = Vec::new();
        engine.run(input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn reply(engine: &mut Engine, line: &str) -> String {
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
        let a1 = Move::Play(super::super::Point { row: 0, col: 0 });
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
        assert_eq!(ok("time_left b 30 0"), TimeLeft);
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
        // filled for the colour asked about.
        session(&mut e, b"boardsize 4\nplay b b1\nplay w a2\n");
        assert_eq!(reply(&mut e, "compute-inferior b"), "= a1 fb\n\n");
        assert_eq!(reply(&mut e, "compute-inferior w"), "= a1 fw\n\n");
        // 5x5: Black's a1 captures b1 and a2 (its edge), White's b3 captures a3 and a4, then
        // (with those filled in) Black's corner captures c1 and b2 too; Black, to move, wins
        // by c3: the knowledge sees it, so it marks no moves out.
        session(&mut e, b"boardsize 5\nplay b a1\nplay w b3\n");
        assert_eq!(
            reply(&mut e, "compute-inferior b"),
            "= b1 fb c1 fb a2 fb b2 fb a3 fw a4 fw\n\n"
        );
        assert_eq!(
            reply(&mut e, "vc-get-mustplay b"),
            "= b1 fb c1 fb a2 fb b2 fb a3 fw a4 fw\n\n"
        );
        // 5x5: Black's a1 captures b1 and c1 against White's c2, whose threats leave Black
        // five moves; the other sixteen empty cells are marked x.
        session(&mut e, b"boardsize 5\nplay b a1\nplay w c2\n");
        let must = reply(&mut e, "vc-get-mustplay b");
        assert!(must.starts_with("= b1 fb c1 fb d1 x "), "{must}");
        let marked: Vec<&str> = must[2..].split_whitespace().step_by(2).collect();
        assert_eq!(marked.len(), 23 - 5, "{must}");
        // reg_genmove answers a move to consider and leaves the board as it was.
        let before = reply(&mut e, "showboard");
        let mv = reply(&mut e, "reg_genmove b");
        let mv = mv.trim_start_matches("= ").trim_end();
        assert!(!marked.contains(&mv), "{mv} in {must}");
        assert_eq!(reply(&mut e, "showboard"), before);
        // Past 11x11 the knowledge says nothing.
        session(&mut e, b"boardsize 12\n");
        assert_eq!(
            reply(&mut e, "vc-get-mustplay b"),
            "? the knowledge covers boards up to 11x11\n\n"
        );
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
        assert_eq!(reply(&mut e, "param_game"), "= [bool] allow_swap 0\n\n");
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
            "? invalid value \"0\" for threads (allowed: 1..64)\n\n"
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
        let values = reply(&mut e, "mcts-values w");
        assert_eq!(values.split_whitespace().count(), 1 + 2 * 8, "{values}");
        assert!(reply(&mut e, "mcts-pv w").starts_with("= "));
        // Each empty point's prior from the learned patterns, summing to 1.
        let priors = pairs(&mut e, "mcts-priors w");
        assert_eq!(priors.len(), 8, "{priors:?}");
        let total: f64 = priors.iter().map(|(_, v)| v).sum();
        assert!((total - 1.0).abs() < 1e-3, "{priors:?}");
        assert_eq!(reply(&mut e, "param_player patterns 1.5"), "= \n\n");
        assert!(reply(&mut e, "param_player").contains("[string] patterns 1.5\n"));
        assert_eq!(reply(&mut e, "quit"), "= \n\n");
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
    fn mcts_policy_shows_the_networks_chances_on_the_size_it_learned() {
        let mut e = engine();
        assert_eq!(reply(&mut e, "boardsize 9"), "= \n\n");
        assert_eq!(
            reply(&mut e, "mcts-policy b"),
            "? the policy network knows only 11x11 boards\n\n"
        );
        assert_eq!(reply(&mut e, "boardsize 11"), "= \n\n");
        assert_eq!(reply(&mut e, "play b f6"), "= \n\n");
        let policy = pairs(&mut e, "mcts-policy w");
        assert_eq!(policy.len(), 120);
        assert!(policy.iter().all(|(p, _)| p != "f6"));
        let total: f64 = policy.iter().map(|(_, v)| v).sum();
        assert!((total - 1.0).abs() < 1e-3, "{total}");
        // Not the patterns' shares.
        let patterns = pairs(&mut e, "mcts-priors w");
        let apart = (policy.iter().zip(&patterns)).map(|((_, a), (_, b))| (a - b).abs());
        assert!(apart.fold(0.0, f64::max) > 0.01);
        // Not spread evenly: the network has favourite answers to the centre stone.
        let best = policy.iter().map(|(_, v)| *v).fold(0.0, f64::max);
        assert!(best > 10.0 / 120.0, "{best}");
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
        let mut e = Engine::new(Budget {
            time: None,
            playouts: Some(3000),
            threads: 1,
            seed: 1,
        });
        // On 3x3 the centre wins for Black whatever White does.
        let out = session(&mut e, b"boardsize 3 3\nplay b b2\ngenmove w\n");
        assert_eq!(out, "= \n\n= \n\n= resign\n\n");
        assert_eq!(e.game().winner(), Some(Color::Black));
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
        e.set_book(book);
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
        let mut e = Engine::new(Budget {
            time: None,
            playouts: Some(3000),
            threads: 1,
            seed: 1,
        });
        e.set_book(OpeningBook::parse("5 c3 b2 0.5 1\n").unwrap());
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
        std::fs::remove_file(&path).unwrap();
        assert!(reply(&mut e, &format!("loadsgf {name}")).starts_with("? cannot read "));
        // The game loaded before the failures is still there.
        assert_eq!(e.game().history().len(), 4);
    }

    #[test]
    fn the_solver_and_its_table_are_kept_from_one_question_to_the_next() {
        let mut e = engine();
        reply(&mut e, "boardsize 6");
        reply(&mut e, "play b b3");
        let board = e.game().board();
        // A new solver has to search this position...
        let fresh = Solver::new(SolverLimits::default()).solve(&board, crate::Player::X);
        let Ok(Outcome::Proven(fresh)) = fresh else {
            panic!("6x6 is small")
        };
        assert!(fresh.nodes > 1);
        assert_eq!(reply(&mut e, "dfpn-solve-state w"), "= black\n\n");
        // ...the engine's, asked again, finds it proven in the table it kept.
        let kept = e.solver.as_mut().expect("the solver is kept");
        let Ok(Outcome::Proven(again)) = kept.solve(&board, crate::Player::X) else {
            panic!("proven before")
        };
        assert_eq!((again.nodes, again.winner), (1, fresh.winner));
        // A new board size starts afresh; the solver is still the one kept, with the threads
        // asked for.
        reply(&mut e, "boardsize 4");
        reply(&mut e, "param_dfpn threads 2");
        assert_eq!(reply(&mut e, "dfpn-solve-state b"), "= black\n\n");
        assert!(e.solver.as_ref().is_some_and(|s| s.table_bytes() > 0));
        assert_eq!(e.solver.as_ref().map(Solver::threads), Some(2));
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
        // Budget and refusals.
        let out = session(
            &mut e,
            b"boardsize 11\nparam_dfpn time 0.05\ndfpn-solve-state b\nboardsize 13\ndfpn-solve-state b\n",
        );
        assert_eq!(
            out,
            "= \n\n= \n\n? unknown within the limits\n\n= \n\n? the solver takes boards up to 11x11; this one is 13x13\n\n"
        );
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
        // The player, the swap and the contest's analyses take square boards only.
        for command in ["genmove b", "mcts-values b", "shortest-completion b"] {
            assert_eq!(
                reply(&mut e, command),
                format!("? {SQUARE_ONLY}\n\n"),
                "{command}"
            );
        }
    }

    #[test]
    fn genmove_plays_the_solvers_winning_move() {
        // One playout a move: the search alone would play almost at random.
        let mut e = Engine::new(Budget {
            time: None,
            playouts: Some(1),
            threads: 1,
            seed: 7,
        });
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
        assert_eq!(e.dfpn.time, Some(Duration::from_secs(7)));
        assert_eq!(e.dfpn.table_bytes, 100_000 * ENTRY_BYTES);
        assert_eq!(
            reply(&mut e, "param_dfpn memory 0"),
            "? invalid value \"0\" for memory (allowed: MiB 1..65536)\n\n"
        );
        assert_eq!(
            reply(&mut e, "param_dfpn time -1"),
            "? invalid value \"-1\" for time (allowed: seconds 0..86400, 0 for no limit)\n\n"
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
        let empty: Vec<String> = e.game().empty_points().map(|p| p.to_string()).collect();
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
        // Only losing moves: an empty list. Off limits: unknown.
        session(&mut e, b"boardsize 3\nplay b b2\n");
        assert_eq!(reply(&mut e, "dfpn-solver-find-winning w"), "= \n\n");
        session(&mut e, b"boardsize 11\nparam_dfpn time 0.01\n");
        assert_eq!(
            reply(&mut e, "dfpn-solver-find-winning b"),
            format!("? {UNKNOWN}\n\n")
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
        assert!(e.solver.as_ref().is_some_and(|s| s.table_bytes() == 0));
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
                "seconds a move, 0..86400; 0: playouts decide",
            ),
            (
                "param_player max_time NaN",
                "seconds a move, 0..86400; 0: playouts decide",
            ),
            (
                "param_player playouts -1",
                "a whole number of playouts a move; 0: max_time decides",
            ),
            ("param_player threads 65", "1..64"),
            (
                "param_player seed x",
                "a whole number 0..18446744073709551615",
            ),
            ("param_dfpn time 1e300", "seconds 0..86400, 0 for no limit"),
            ("param_dfpn memory 65537", "MiB 1..65536"),
            ("param_dfpn threads 0", "1..64"),
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
        assert_eq!(reply(&mut e, "param_game"), "= [bool] allow_swap 0\n\n");
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
            assert!(
                [
                    "pspairs", "plist", "var", "varc", "inferior", "string", "param", "none", "vc"
                ]
                .contains(&parts[0])
            );
            let command = parts[2].split(' ').next().unwrap();
            assert!(COMMANDS.contains(&command), "{command}");
            // HexGui's wildcards: the side to move, a colour chosen, points clicked.
            let line = (parts[2].replace("%m", "black").replace("%c", "b")).replace("%P", "a1 b2");
            assert!(parse(&line).1.is_ok(), "{line}");
        }
    }
}
