//! GTP commands as the engine reads them: one [`Command`] a line, or why the line is not one.

use std::path::PathBuf;

use crate::game::{Cell, Color, MAX_BOARD, Move};
use crate::player::clock::{Overtime, Remaining, TimeControl, clock_seconds, clock_stones};

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
    /// White the left and right columns. The player plays rectangles as it plays squares.
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
    /// `time_settings MAIN BYO_YOMI STONES` (GTP 2, seconds: byo-yomi 0 for absolute time,
    /// stones 0 for no limit, else Canadian byo-yomi) and `kgs-time_settings none`,
    /// `absolute MAIN`, `byoyomi MAIN PERIOD PERIODS` or `canadian MAIN PERIOD STONES`: the
    /// game clock, both sides' time reset.
    TimeSettings(TimeControl),
    /// `time_left COLOR SECONDS STONES`: COLOR's time (STONES 0 in the main time, else the
    /// stones or periods of the overtime left); STONES may be left out for 0.
    TimeLeft(Color, Remaining),
    /// `gogui-interrupt`: listed so that GoGui sends `# interrupt`, which stops a search at
    /// once; as a command it does nothing.
    Interrupt,
    /// `param_game [NAME VALUE]`: `allow_swap`.
    ParamGame(Option<(String, String)>),
    /// `param_player [NAME VALUE]`: every parameter of the player ([`crate::player::PARAMS`],
    /// the same as `hex gtp`'s flags).
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
    /// `mcts-policy COLOR`: every empty point's chance from the network the search asks
    /// there, on squares from 11x11 up (HexGui `pspairs`).
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
    Cell(Cell),
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
            _ => VcEnd::Cell(Cell::parse(word, MAX_BOARD)?),
        })
    }
}

/// As HexGui writes it: `a1`, or the edge's name.
impl std::fmt::Display for VcEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VcEnd::Cell(p) => std::fmt::Display::fmt(&p.lower(), f),
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
    "gogui-interrupt",
    "hexgui-analyze_commands",
    "kgs-time_settings",
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
    "time_settings",
    "undo",
    "vc-between-cells-full",
    "vc-between-cells-semi",
    "vc-get-mustplay",
    "version",
];

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

/// The clock of `time_settings MAIN BYO_YOMI STONES` or `kgs-time_settings SYSTEM ...`.
fn time_settings(words: &[&str]) -> Result<TimeControl, String> {
    let (system, numbers) = match words[0] {
        "time_settings" => ("gtp", &words[1..]),
        _ => match words.get(1) {
            None => return Err("missing time system (none, absolute, byoyomi or canadian)".into()),
            Some(system) => (*system, &words[2..]),
        },
    };
    let wanted = match system {
        "none" => 0,
        "absolute" => 1,
        "gtp" | "byoyomi" | "canadian" => 3,
        other => {
            return Err(format!(
                "unknown time system {other:?} (none, absolute, byoyomi or canadian)"
            ));
        }
    };
    if numbers.len() != wanted {
        let what = match system {
            "none" => "no more arguments",
            "absolute" => "the main time",
            "byoyomi" => "the main time, the period's time and the periods",
            _ => "the main time, the byo-yomi time and its stones",
        };
        return Err(format!("expected {what}"));
    }
    if system == "none" {
        return Ok(TimeControl::Unlimited);
    }
    let main = clock_seconds(numbers[0]).map_err(|why| format!("main time: {why}"))?;
    if system == "absolute" {
        return Ok(TimeControl::Limited {
            main,
            overtime: Overtime::Absolute,
        });
    }
    let time = clock_seconds(numbers[1]).map_err(|why| format!("byo-yomi time: {why}"))?;
    let stones = clock_stones(numbers[2]).map_err(|why| format!("byo-yomi stones: {why}"))?;
    let absolute = TimeControl::Limited {
        main,
        overtime: Overtime::Absolute,
    };
    Ok(match system {
        "gtp" => TimeControl::gtp(main, time, stones),
        _ if time.is_zero() || stones == 0 => absolute,
        "byoyomi" => TimeControl::Limited {
            main,
            overtime: Overtime::Japanese {
                time,
                periods: stones,
            },
        },
        _ => TimeControl::Limited {
            main,
            overtime: Overtime::Canadian { time, stones },
        },
    })
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
        "gogui-interrupt" => simple(Command::Interrupt),
        "time_settings" | "kgs-time_settings" => time_settings(words).map(Command::TimeSettings),
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
            let c = color(words.get(1).copied())?;
            let time = clock_seconds(words.get(2).ok_or("missing time (seconds)")?)
                .map_err(|why| format!("time: {why}"))?;
            let stones = (words.get(3).map_or(Ok(0), |w| clock_stones(w)))
                .map_err(|why| format!("stones: {why}"))?;
            no_more(words, 4)?;
            Ok(Command::TimeLeft(c, Remaining { time, stones }))
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
