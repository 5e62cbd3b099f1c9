//! Matches between GTP engines: each engine is a program started once per game, driven over
//! its stdin and stdout, with every reply awaited for at most a time limit (a reader thread
//! per engine hands complete replies over a channel), so that the arena never hangs.
//!
//! A game ends when a side joins its edges or resigns, or when a side's engine answers
//! `genmove` with something that is not a move (malformed), with an illegal move, with a
//! `?` reply, not at all in time, or dies. Such a game is adjudicated: the solver, within a
//! time limit, names the winner of the position where the engine failed; if it cannot, the
//! failing side loses. The verdict says why the game ended either way.
//!
//! With a game clock ([`Rules::clock`]) the arena keeps each side's time: it tells the
//! engines the clock (`time_settings`) and, before each `genmove`, the mover's time
//! (`time_left`); a side that takes longer than its clock allows loses on time, which no
//! solver overturns.

use std::fmt;
use std::io;
use std::process::Stdio;
use std::time::{Duration, Instant};

use line_child::LineChild;

use crate::game::{Cell, Color, Game, Move};
use crate::position::Position;
use crate::sgf::Record;
use crate::solver::{self, MAX_SOLVER_SIZE, Solver};

/// An engine: a name for the tables and the program with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The name shown in results and SGF.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// GTP commands sent first, each expecting `=` (the built-in engine's `param_player`
    /// lines); `{seed}` in them is replaced as in `command`.
    pub setup: Vec<String>,
}

/// How a game ended, from the winner's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner joined its edges.
    Connected,
    /// The loser resigned.
    Resigned,
    /// The loser's engine named a move that cannot be played.
    Illegal(String),
    /// The loser's engine answered something that is not a GTP reply with a move.
    Malformed(String),
    /// The loser's engine answered a command with `?`.
    Refused(String),
    /// The loser's engine stopped (exited or closed its output).
    Crashed,
    /// The loser's engine did not answer within the time limit.
    Timeout,
    /// The loser's clock ran out.
    OnTime,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Connected => f.write_str("connected"),
            Ending::Resigned => f.write_str("resigned"),
            Ending::Illegal(why) => write!(f, "illegal move: {why}"),
            Ending::Malformed(reply) => write!(f, "malformed reply: {reply:?}"),
            Ending::Refused(why) => write!(f, "refused: {why}"),
            Ending::Crashed => f.write_str("engine stopped"),
            Ending::Timeout => f.write_str("timeout"),
            Ending::OnTime => f.write_str("lost on time"),
        }
    }
}

/// What the solver said of a game in which an engine failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// The solver proved the winner of the position where the engine failed.
    Solved,
    /// The solver found no proof within its limit (or the board is too large for it): the
    /// failing side loses.
    Unresolved,
}

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Which program (0 or 1) played Black.
    pub black: usize,
    /// The winning colour.
    pub winner: Color,
    /// Why the game ended.
    pub ending: Ending,
    /// The solver's verdict, when an engine failed.
    pub adjudication: Option<Adjudication>,
    /// The game as played.
    pub record: Record,
    /// Each program's `genmove` replies and the time they took in all.
    pub moves: [(u32, Duration); 2],
}

impl GameResult {
    /// Which program (0 or 1) won.
    pub fn winner_program(&self) -> usize {
        match self.winner {
            Color::Black => self.black,
            Color::White => 1 - self.black,
        }
    }

    /// A line for game `number` where it did not end on the board (a loss on time, an
    /// engine's failure and what the solver made of it), the programs called `names`; none
    /// for a game won by connecting or by a resignation.
    pub fn note(&self, number: u32, names: [&str; 2]) -> Option<String> {
        let winner = names[self.winner_program()];
        let loser = names[1 - self.winner_program()];
        match self.adjudication {
            None if self.ending == Ending::OnTime => {
                Some(format!("game {number}: {loser} lost on time"))
            }
            None => None,
            Some(Adjudication::Solved) => Some(format!(
                "game {number}: {}; the solver gives it to {winner}",
                self.ending
            )),
            Some(Adjudication::Unresolved) => {
                Some(format!("game {number}: {loser} loses: {}", self.ending))
            }
        }
    }
}

/// A running engine.
struct Running {
    child: LineChild,
}

/// The longest line an engine may answer with; longer is malformed.
const MAX_REPLY_LINE: usize = 4096;

/// Why a command got no usable reply.
enum Failure {
    Crashed,
    Timeout,
    Refused(String),
    /// Not a GTP reply: what came instead.
    Malformed(String),
}

impl Running {
    fn start(program: &Program) -> io::Result<Running> {
        let child = LineChild::spawn(&program.command, MAX_REPLY_LINE, Stdio::null())
            .map_err(|e| io::Error::new(e.kind(), format!("cannot start {}: {e}", program.name)))?;
        Ok(Running { child })
    }

    /// Sends a command and waits for its reply (the lines up to a blank line, the first
    /// starting with `=` or `?`): the text after the status.
    fn ask(&mut self, command: &str, limit: Duration) -> Result<String, Failure> {
        if self.child.write_line(command).is_err() {
            return Err(Failure::Crashed);
        }
        let deadline = Instant::now() + limit;
        let mut reply = String::new();
        loop {
            let line = match self.child.read_line(deadline) {
                Ok(line) => line,
                Err(line_child::Failure::TimedOut) => return Err(Failure::Timeout),
                Err(failure) => match failure.line_start() {
                    Some(start) => return Err(Failure::Malformed(format!("{start}..."))),
                    None => return Err(Failure::Crashed),
                },
            };
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                break;
            }
            if !reply.is_empty() {
                reply.push('\n');
            }
            reply.push_str(&line);
        }
        match reply.chars().next() {
            Some('=') => Ok(strip_status(&reply)),
            Some('?') => Err(Failure::Refused(strip_status(&reply))),
            _ => Err(Failure::Malformed(reply)),
        }
    }

    /// As [`Running::ask`], for a line about the clock: an engine that refuses it (one that
    /// does not know the command) plays on, the arena keeping its clock. A `time_left` in the
    /// main time refused is sent again without its stones, as MoHex takes it.
    fn ask_clock(&mut self, command: &str, limit: Duration) -> Result<String, Failure> {
        match self.ask(command, limit) {
            Err(Failure::Refused(_)) if command.starts_with("time_left ") => {
                match command
                    .strip_suffix(" 0")
                    .map(|short| self.ask(short, limit))
                {
                    Some(Err(Failure::Refused(_))) | None => Ok(String::new()),
                    Some(other) => other,
                }
            }
            Err(Failure::Refused(_)) if command.starts_with("time_") => Ok(String::new()),
            other => other,
        }
    }

    fn stop(mut self) {
        let _ = self.child.write_line("quit");
        self.child.finish(line_child::GRACE);
    }
}

/// The reply's text after `=` or `?` and an optional id.
fn strip_status(reply: &str) -> String {
    let rest = &reply[1..];
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.trim().to_string()
}

/// The rules of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The board's side.
    pub size: u8,
    /// How long a `genmove` may take before the engine loses on time.
    pub move_time: Duration,
    /// How long any other command may take.
    pub command_time: Duration,
    /// Whether White may swap (sent as `param_game allow_swap 1`; engines are left at
    /// their default, no swap, otherwise).
    pub swap: bool,
    /// How long the solver may take over a game in which an engine failed (`None`: the
    /// failing side loses at once).
    pub adjudicate: Option<Duration>,
    /// The game clock, if the match has one: then a `genmove` may take what the mover's
    /// clock allows, not `move_time`.
    pub clock: Option<MatchClock>,
}

/// A match's game clock: each side's main time, then byo-yomi time for each move (GTP's
/// `time_settings MAIN BYO_YOMI 1`; none: sudden death).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchClock {
    /// Each side's main time.
    pub main: Duration,
    /// The time each move may take once the main time is spent.
    pub byo_yomi: Duration,
}

impl MatchClock {
    /// The `time_settings` line that tells an engine this clock.
    fn settings(self) -> String {
        let stones = u32::from(!self.byo_yomi.is_zero());
        format!(
            "time_settings {} {} {stones}",
            self.main.as_secs_f64(),
            self.byo_yomi.as_secs_f64()
        )
    }
}

/// One side's clock during a game: the main time left, or in byo-yomi.
#[derive(Clone, Copy, Debug)]
struct SideClock {
    main: Duration,
    overtime: bool,
}

impl SideClock {
    /// The longest the next move may take.
    fn allowed(self, clock: MatchClock) -> Duration {
        if self.overtime {
            clock.byo_yomi
        } else {
            self.main + clock.byo_yomi
        }
    }

    /// The `time_left` line for `color`.
    fn time_left(self, color: Color, clock: MatchClock) -> String {
        if self.overtime {
            format!("time_left {color} {} 1", clock.byo_yomi.as_secs_f64())
        } else {
            format!("time_left {color} {} 0", self.main.as_secs_f64())
        }
    }

    /// Takes a move of `spent` (at most what was allowed) off the clock.
    fn spend(&mut self, spent: Duration) {
        if !self.overtime {
            if spent <= self.main {
                self.main -= spent;
            } else {
                self.main = Duration::ZERO;
                self.overtime = true;
            }
        }
    }
}

/// Plays one game, `programs[black]` as Black, from the position that `opening` (moves from
/// the empty board, Black first) reaches: both engines are told those moves with `play`.
/// An opening that is not a legal game in progress is an error.
pub fn play_game(
    programs: &[Program; 2],
    black: usize,
    rules: Rules,
    opening: &[Cell],
) -> io::Result<GameResult> {
    let refused = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
    let mut game = Game::new(rules.size).ok_or_else(|| refused("a board size 1 to 19".into()))?;
    game.set_allow_swap(rules.swap);
    // The opening, played before any engine starts; each engine is told it as set-up.
    let mut told = Vec::new();
    for &point in opening {
        let color = game.to_move();
        game.play(color, Move::Play(point))
            .map_err(|e| refused(format!("the opening's {}: {e}", point.lower())))?;
        if game.winner().is_some() {
            return Err(refused(format!(
                "the opening ends the game at {}",
                point.lower()
            )));
        }
        told.push(format!("play {color} {}", point.lower()));
    }
    let mut engines = Vec::new();
    for program in programs {
        engines.push(Running::start(program)?);
    }
    let side = |color: Color| match color {
        Color::Black => black,
        Color::White => 1 - black,
    };
    let mut result: Option<(Color, Ending)> = None;
    // Set up both engines (the opening too); a failure here loses for that engine's colour.
    'setup: for color in Color::BOTH {
        let engine = &mut engines[side(color)];
        let mut setup = programs[side(color)].setup.clone();
        setup.extend([
            format!("boardsize {0} {0}", rules.size),
            "clear_board".into(),
        ]);
        if rules.swap {
            setup.push("param_game allow_swap 1".into());
        }
        setup.extend(told.iter().cloned());
        setup.extend(rules.clock.map(MatchClock::settings));
        for command in setup {
            if let Err(failure) = engine.ask_clock(&command, rules.command_time) {
                result = Some((color.opponent(), failure_ending(failure)));
                break 'setup;
            }
        }
    }
    let mut moves = [(0, Duration::ZERO); 2];
    let mut clocks = rules.clock.map(|clock| {
        let side = SideClock {
            main: clock.main,
            overtime: clock.main.is_zero(),
        };
        (clock, [side; 2])
    });
    while result.is_none() {
        let color = game.to_move();
        let engine = &mut engines[side(color)];
        let mut limit = rules.move_time;
        if let Some((clock, sides)) = &clocks {
            let at = usize::from(color == Color::White);
            let told = sides[at].time_left(color, *clock);
            if let Err(failure) = engine.ask_clock(&told, rules.command_time) {
                result = Some((color.opponent(), failure_ending(failure)));
                break;
            }
            limit = sides[at].allowed(*clock);
        }
        let asked = Instant::now();
        let reply = engine.ask(&format!("genmove {color}"), limit);
        let took = asked.elapsed();
        let spent = &mut moves[side(color)];
        spent.0 += 1;
        spent.1 += took;
        if let Some((_, sides)) = &mut clocks {
            if took > limit || matches!(reply, Err(Failure::Timeout)) {
                result = Some((color.opponent(), Ending::OnTime));
                break;
            }
            sides[usize::from(color == Color::White)].spend(took);
        }
        let mv =
            reply.and_then(|text| Move::parse(&text, rules.size).ok_or(Failure::Malformed(text)));
        let mv = match mv {
            Ok(mv) => mv,
            Err(failure) => {
                result = Some((color.opponent(), failure_ending(failure)));
                break;
            }
        };
        if let Err(error) = game.play(color, mv) {
            result = Some((color.opponent(), Ending::Illegal(format!("{mv}: {error}"))));
            break;
        }
        if mv == Move::Resign {
            result = Some((color.opponent(), Ending::Resigned));
            break;
        }
        if let Some(winner) = game.winner() {
            result = Some((winner, Ending::Connected));
            break;
        }
        let other = color.opponent();
        if let Err(failure) =
            engines[side(other)].ask(&format!("play {color} {mv}"), rules.command_time)
        {
            result = Some((color, failure_ending(failure)));
        }
    }
    for engine in engines {
        engine.stop();
    }
    let (mut winner, ending) = result.expect("the loop ends with a result");
    let adjudication = match ending {
        Ending::Connected | Ending::Resigned | Ending::OnTime => None,
        _ => Some(match adjudicate(&game, rules.adjudicate) {
            Some(proven) => {
                winner = proven;
                Adjudication::Solved
            }
            None => Adjudication::Unresolved,
        }),
    };
    let mut record = Record::of(&game);
    record.black = Some(programs[black].name.clone());
    record.white = Some(programs[1 - black].name.clone());
    record.result = Some(format!(
        "{}+{}",
        winner.letter(),
        match ending {
            Ending::Connected => "",
            Ending::Resigned => "Resign",
            Ending::Timeout | Ending::OnTime => "Time",
            _ => "Forfeit",
        }
    ));
    Ok(GameResult {
        black,
        winner,
        ending,
        adjudication,
        record,
        moves,
    })
}

/// The solver's table size when adjudicating.
const ADJUDICATION_MEMORY: usize = 64 << 20;

/// The winner of `game`'s position with perfect play, if the solver proves it within
/// `limit`.
fn adjudicate(game: &Game, limit: Option<Duration>) -> Option<Color> {
    if let Some(winner) = game.winner() {
        return Some(winner);
    }
    if game.size() > MAX_SOLVER_SIZE || game.can_swap(game.to_move()) {
        return None;
    }
    let mut solver = Solver::new(solver::Limits {
        time: Some(limit?),
        nodes: None,
        memory: ADJUDICATION_MEMORY,
    });
    match solver.solve(&Position::of_game(game)) {
        Ok(solver::Outcome::Proven(proof)) => Some(proof.winner),
        _ => None,
    }
}

fn failure_ending(failure: Failure) -> Ending {
    match failure {
        Failure::Crashed => Ending::Crashed,
        Failure::Timeout => Ending::Timeout,
        Failure::Refused(why) => Ending::Refused(why),
        Failure::Malformed(text) => Ending::Malformed(text.chars().take(80).collect()),
    }
}

/// A match: two engines, each a command in which `{seed}` stands for a seed that changes
/// from game to game (so that engines with a fixed amount of work still play different
/// games), and the games to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The engines, as [`Program`]s whose command may hold `{seed}`.
    pub engines: [Program; 2],
    /// How many games.
    pub games: u32,
    /// The rules of every game.
    pub rules: Rules,
    /// The seed: game G gives the first engine `seed + 2G` and the second one more.
    pub seed: u64,
    /// The openings, moves Black first (see [`play_game`]): games 2k-1 and 2k start from the
    /// k-th (from the first again after the last); none: every game from the empty board.
    pub openings: Vec<Vec<Cell>>,
}

impl Match {
    /// The engines of game `number` (from 1), `{seed}` replaced in their commands.
    pub fn programs(&self, number: u32) -> [Program; 2] {
        let seed = self.seed.wrapping_add(2 * u64::from(number));
        [0, 1].map(|engine| {
            let seed = seed.wrapping_add(engine).to_string();
            let program = &self.engines[engine as usize];
            let replace = |words: &[String]| -> Vec<String> {
                (words.iter())
                    .map(|word| word.replace("{seed}", &seed))
                    .collect()
            };
            Program {
                name: program.name.clone(),
                command: replace(&program.command),
                setup: replace(&program.setup),
            }
        })
    }

    /// The opening of game `number` (from 1): the k-th for games 2k-1 and 2k.
    pub fn opening(&self, number: u32) -> &[Cell] {
        match self.openings.len() {
            0 => &[],
            n => &self.openings[(number.saturating_sub(1) / 2) as usize % n],
        }
    }

    /// Plays the games in turn, the first engine Black in the odd-numbered ones. After each,
    /// `each` gets its number, its outcome and the table so far; an error from it (a record
    /// that cannot be saved, say) stops the match.
    pub fn play<E: From<io::Error>>(
        &self,
        each: impl FnMut(u32, &GameResult, &Table) -> Result<(), E>,
    ) -> Result<Table, E> {
        self.play_games(1..=self.games, each)
    }

    /// Plays only the games numbered in `numbers`, each with the seeds and colours it has in
    /// the whole match, so that jobs playing parts of a match play the games it would.
    pub fn play_games<E: From<io::Error>>(
        &self,
        numbers: std::ops::RangeInclusive<u32>,
        mut each: impl FnMut(u32, &GameResult, &Table) -> Result<(), E>,
    ) -> Result<Table, E> {
        let mut table = Table::default();
        for number in numbers {
            let black = usize::from(number % 2 == 0);
            let opening = self.opening(number);
            let outcome = play_game(&self.programs(number), black, self.rules, opening)?;
            table.add(&outcome);
            each(number, &outcome, &table)?;
        }
        Ok(table)
    }
}

/// Wins and games of one program with one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games played.
    pub games: u32,
}

impl Tally {
    /// The share of games won and its 95% Wilson score interval; none without games.
    pub fn rate(self) -> Option<(f64, f64, f64)> {
        if self.games == 0 {
            return None;
        }
        let n = f64::from(self.games);
        let p = f64::from(self.wins) / n;
        let z = 1.959_964f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        Some((p, (centre - half).max(0.0), (centre + half).min(1.0)))
    }
}

/// A match's results: each program's tally as Black and as White.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// `tallies[program][0]` as Black, `[1]` as White.
    pub tallies: [[Tally; 2]; 2],
    /// Games in which an engine failed and the solver named the winner: won by each
    /// program.
    pub solved: [u32; 2],
    /// Games in which an engine failed and the solver found no proof (the failing side
    /// lost).
    pub unresolved: u32,
    /// Each program's moves and the time they took in all.
    pub moves: [(u32, Duration); 2],
    /// The games each program lost on time.
    pub on_time: [u32; 2],
    /// The most time each program took in one game.
    pub most: [Duration; 2],
}

impl Table {
    /// Counts one game.
    pub fn add(&mut self, outcome: &GameResult) {
        match outcome.adjudication {
            Some(Adjudication::Solved) => self.solved[outcome.winner_program()] += 1,
            Some(Adjudication::Unresolved) => self.unresolved += 1,
            None => {}
        }
        for (all, (moves, time)) in self.moves.iter_mut().zip(outcome.moves) {
            all.0 += moves;
            all.1 += time;
        }
        for (most, (_, time)) in self.most.iter_mut().zip(outcome.moves) {
            *most = (*most).max(time);
        }
        if outcome.ending == Ending::OnTime {
            self.on_time[1 - outcome.winner_program()] += 1;
        }
        for program in 0..2 {
            let colour = usize::from(program != outcome.black);
            let tally = &mut self.tallies[program][colour];
            tally.games += 1;
            if outcome.winner_program() == program {
                tally.wins += 1;
            }
        }
    }

    /// The games program 0 or 1 won, with either colour.
    pub fn wins(&self, program: usize) -> u32 {
        self.tallies[program].iter().map(|tally| tally.wins).sum()
    }

    /// The table as text, one line per program and colour, with the names given (`-` for
    /// the rate of a colour a program has not played).
    pub fn render(&self, names: [&str; 2]) -> String {
        let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
        let mut out = format!(
            "{:<width$}  {:<6}  {:>5}  {:>5}  {:>6}  95% interval\n",
            "engine", "colour", "games", "wins", "rate"
        );
        for (program, name) in names.iter().enumerate() {
            let [black, white] = self.tallies[program];
            let all = Tally {
                wins: black.wins + white.wins,
                games: black.games + white.games,
            };
            for (label, tally) in [("black", black), ("white", white), ("both", all)] {
                let (rate, interval) = match tally.rate() {
                    Some((p, low, high)) => (
                        format!("{:.1}%", 100.0 * p),
                        format!("{:.1}%..{:.1}%", 100.0 * low, 100.0 * high),
                    ),
                    None => ("-".into(), "-".into()),
                };
                out += &format!(
                    "{name:<width$}  {label:<6}  {:>5}  {:>5}  {rate:>6}  {interval}\n",
                    tally.games, tally.wins,
                );
            }
        }
        let [one, two] = self.solved;
        if one + two + self.unresolved > 0 {
            out += &format!(
                "Adjudicated after an engine failed: {} won {one}, {} won {two} (solved); {} unresolved (the failing side lost)\n",
                names[0], names[1], self.unresolved
            );
        }
        let [one, two] = self.on_time;
        if one + two > 0 {
            out += &format!("Lost on time: {} {one}, {} {two}\n", names[0], names[1]);
        }
        out
    }

    /// Each program's mean time a move, as text.
    pub fn timing(&self, names: [&str; 2]) -> String {
        let mean = |(moves, time): (u32, Duration)| match moves {
            0 => "-".to_string(),
            n => format!("{:.2}", time.as_secs_f64() / f64::from(n)),
        };
        format!(
            "Mean seconds a move: {} {}, {} {}\n",
            names[0],
            mean(self.moves[0]),
            names[1],
            mean(self.moves[1])
        )
    }

    /// Each program's most time in one game, as text (for a match on a clock).
    pub fn clock_timing(&self, names: [&str; 2]) -> String {
        format!(
            "Most seconds in one game: {} {:.2}, {} {:.2}\n",
            names[0],
            self.most[0].as_secs_f64(),
            names[1],
            self.most[1].as_secs_f64()
        )
    }
}

/// A match's results by opening: for each, the games, each program's wins and Black's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningTable {
    /// Each opening's moves as text (`a2`, `f6 g5`), its games, the wins of each program and
    /// of Black.
    pub rows: Vec<(String, u32, [u32; 2], u32)>,
}

impl OpeningTable {
    /// Counts one game, played from `opening`.
    pub fn add(&mut self, opening: &[Cell], outcome: &GameResult) {
        let name = (opening.iter())
            .map(|p| p.lower().to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let at = match self.rows.iter().position(|row| row.0 == name) {
            Some(at) => at,
            None => {
                self.rows.push((name, 0, [0; 2], 0));
                self.rows.len() - 1
            }
        };
        let row = &mut self.rows[at];
        row.1 += 1;
        row.2[outcome.winner_program()] += 1;
        row.3 += u32::from(outcome.winner == Color::Black);
    }

    /// The table as text: a line for each opening and one for all of them.
    pub fn render(&self, names: [&str; 2]) -> String {
        let width = (self.rows.iter().map(|row| row.0.len()))
            .chain([7])
            .max()
            .unwrap_or(7);
        let [one, two] = names.map(|n| n.len().max(4));
        let mut out = format!(
            "{:<width$}  {:>5}  {:>one$}  {:>two$}  black won\n",
            "opening", "games", names[0], names[1]
        );
        let mut all = (0, [0; 2], 0);
        for (name, games, wins, black) in &self.rows {
            out += &format!(
                "{name:<width$}  {games:>5}  {:>one$}  {:>two$}  {black:>9}\n",
                wins[0], wins[1]
            );
            all.0 += games;
            all.1[0] += wins[0];
            all.1[1] += wins[1];
            all.2 += black;
        }
        out + &format!(
            "{:<width$}  {:>5}  {:>one$}  {:>two$}  {:>9}\n",
            "all", all.0, all.1[0], all.1[1], all.2
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_not_won_on_the_board_gets_a_note() {
        let result = |ending, adjudication| GameResult {
            black: 1,
            winner: Color::White,
            ending,
            adjudication,
            record: Record::of(&crate::game::Game::new(3).unwrap()),
            moves: [(0, Duration::ZERO); 2],
        };
        let names = ["one", "two"];
        // Program 1 played Black, so White's win is program 0's.
        assert_eq!(result(Ending::Connected, None).note(3, names), None);
        assert_eq!(result(Ending::Resigned, None).note(3, names), None);
        assert_eq!(
            result(Ending::OnTime, None).note(3, names).unwrap(),
            "game 3: two lost on time"
        );
        assert_eq!(
            (result(Ending::Crashed, Some(Adjudication::Solved)).note(4, names)).unwrap(),
            "game 4: engine stopped; the solver gives it to one"
        );
        assert_eq!(
            (result(Ending::Timeout, Some(Adjudication::Unresolved)).note(5, names)).unwrap(),
            "game 5: two loses: timeout"
        );
    }

    #[test]
    fn wilson_interval() {
        let (p, low, high) = Tally {
            wins: 20,
            games: 20,
        }
        .rate()
        .unwrap();
        assert_eq!(p, 1.0);
        assert!((low - 0.839).abs() < 0.001, "{low}");
        assert_eq!(high, 1.0);
        let (p, low, high) = Tally {
            wins: 10,
            games: 20,
        }
        .rate()
        .unwrap();
        assert_eq!(p, 0.5);
        assert!((low - 0.299).abs() < 0.001 && (high - 0.701).abs() < 0.001);
    }

    #[test]
    fn a_colour_not_played_has_no_rate() {
        let mut table = Table::default();
        table.tallies[0][0] = Tally { wins: 1, games: 1 };
        table.tallies[1][1] = Tally { wins: 0, games: 1 };
        let text = table.render(["one", "two"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "one     black       1      1  100.0%  20.7%..100.0%"
        );
        assert_eq!(lines[2], "one     white       0      0       -  -");
        assert_eq!(lines[4], "two     black       0      0       -  -");
        assert_eq!(table.wins(0), 1);
        assert_eq!(table.wins(1), 0);
    }

    #[test]
    fn each_game_has_its_seeds() {
        let engine = |name: &str| Program {
            name: name.into(),
            command: vec!["engine".into(), "--seed={seed}".into()],
            setup: vec!["param_player seed {seed}".into()],
        };
        let game = Match {
            engines: [engine("a"), engine("b")],
            games: 2,
            rules: rules(),
            seed: 5,
            openings: Vec::new(),
        };
        let seeds = |number| game.programs(number).map(|p| p.command[1].clone());
        assert_eq!(seeds(1), ["--seed=7", "--seed=8"]);
        assert_eq!(seeds(2), ["--seed=9", "--seed=10"]);
        assert_eq!(game.programs(2)[1].name, "b");
        assert_eq!(game.programs(2)[1].setup, ["param_player seed 10"]);
    }

    fn sh(name: &str, script: &str) -> Program {
        Program {
            name: name.into(),
            command: vec!["sh".into(), "-c".into(), script.into()],
            setup: Vec::new(),
        }
    }

    /// A GTP engine in shell that answers `genmove` with the given text and everything else
    /// with `= `.
    fn scripted(name: &str, genmove: &str) -> Program {
        sh(
            name,
            &format!(
                "while read cmd rest; do case $cmd in genmove) {genmove};; quit) printf '= \\n\\n'; exit;; *) printf '= \\n\\n';; esac; done"
            ),
        )
    }

    fn rules() -> Rules {
        Rules {
            size: 2,
            // Generous, so that a loaded machine does not make the good engine late.
            move_time: Duration::from_secs(3),
            command_time: Duration::from_secs(5),
            swap: false,
            adjudicate: None,
            clock: None,
        }
    }

    #[test]
    fn verdicts_for_bad_engines() {
        let good = scripted("good", "printf '= a1\\n\\n'");
        let cases = [
            (
                scripted("garbage", "printf 'hello\\n\\n'"),
                "malformed reply: \"hello\"",
            ),
            (
                scripted("offboard", "printf '= z9\\n\\n'"),
                "malformed reply: \"z9\"",
            ),
            (scripted("refuses", "printf '? no\\n\\n'"), "refused: no"),
            (scripted("dies", "exit 3"), "engine stopped"),
            (scripted("sleeps", "sleep 10"), "timeout"),
            (scripted("resigns", "printf '= resign\\n\\n'"), "resigned"),
        ];
        for (bad, verdict) in cases {
            // The bad engine plays White, so the good one (always a1) moves first.
            let programs = [good.clone(), bad];
            let outcome = play_game(&programs, 0, rules(), &[]).unwrap();
            assert_eq!(outcome.winner, Color::Black);
            assert_eq!(outcome.winner_program(), 0);
            assert_eq!(outcome.ending.to_string(), verdict);
        }
        // A reply line past the cap loses as malformed, however long it would go on.
        let flood = scripted("floods", "yes abcdefgh | tr -d '\\n'");
        let outcome = play_game(&[good.clone(), flood], 0, rules(), &[]).unwrap();
        let start = "abcdefgh".repeat(8);
        assert_eq!(
            outcome.ending.to_string(),
            format!("malformed reply: \"{start}...\"")
        );
        // An occupied point: White answers a1 to a1.
        let outcome = play_game(&[good.clone(), good], 0, rules(), &[]).unwrap();
        assert_eq!(
            outcome.ending.to_string(),
            "illegal move: a1: a1 is occupied"
        );
        assert_eq!(outcome.record.to_string().lines().nth(1), Some(";B[a1]"));
    }

    #[test]
    fn a_failed_game_is_adjudicated_by_the_solver() {
        // After Black's a1 on 2x2, White wins (a2 threatens b1 and b2): White's engine
        // dies, yet the solver gives it the game.
        let good = scripted("good", "printf '= a1\\n\\n'");
        let rules = Rules {
            adjudicate: Some(Duration::from_secs(30)),
            ..rules()
        };
        let outcome = play_game(&[good, scripted("dies", "exit 3")], 0, rules, &[]).unwrap();
        assert_eq!(outcome.winner, Color::White);
        assert_eq!(outcome.ending, Ending::Crashed);
        assert_eq!(outcome.adjudication, Some(Adjudication::Solved));
        assert_eq!(outcome.moves[0].0, 1);
        let mut table = Table::default();
        table.add(&outcome);
        assert_eq!((table.solved, table.unresolved), ([0, 1], 0));
        assert_eq!(
            table.render(["good", "dies"]).lines().last(),
            Some(
                "Adjudicated after an engine failed: good won 0, dies won 1 (solved); 0 unresolved (the failing side lost)"
            )
        );
    }

    #[test]
    fn swapping_is_a_rule_of_the_match() {
        let swapper = scripted("swapper", "printf '= swap-pieces\\n\\n'");
        let good = scripted("good", "printf '= a1\\n\\n'");
        let programs = [good, swapper];
        let outcome = play_game(&programs, 0, rules(), &[]).unwrap();
        assert!(
            matches!(outcome.ending, Ending::Illegal(_)),
            "{}",
            outcome.ending
        );
        let swap = Rules {
            swap: true,
            ..rules()
        };
        // With swapping allowed, White's swap stands and Black's a1 (now White's) is then
        // occupied.
        let outcome = play_game(&programs, 0, swap, &[]).unwrap();
        assert_eq!(
            outcome.record.to_string().lines().nth(2),
            Some(";W[swap-pieces]"),
            "{}",
            outcome.record
        );
    }

    #[test]
    fn games_start_from_the_opening() {
        let a1 = Cell::parse("a1", 2).unwrap();
        let black = scripted("black", "printf '= a2\\n\\n'");
        let white = scripted("white", "printf '= b1\\n\\n'");
        let outcome = play_game(&[black.clone(), white.clone()], 0, rules(), &[a1]).unwrap();
        let record = outcome.record.to_string();
        let moves: Vec<&str> = record.lines().skip(1).take(3).collect();
        assert_eq!(moves, [";B[a1]", ";W[b1]", ";B[a2]"], "{record}");
        assert_eq!(outcome.winner, Color::Black);
        // The opening's move was no engine's: each was asked for one move, White first.
        assert_eq!((outcome.moves[0].0, outcome.moves[1].0), (1, 1));
        // An engine that refuses to be told the opening loses before anyone moves.
        let deaf = sh(
            "deaf",
            "while read cmd rest; do case $cmd in play) printf '? no\\n\\n';; quit) exit;; *) printf '= \\n\\n';; esac; done",
        );
        let outcome = play_game(&[black, deaf], 0, rules(), &[a1]).unwrap();
        assert_eq!(outcome.ending.to_string(), "refused: no");
        assert_eq!((outcome.winner, outcome.moves[0].0), (Color::Black, 0));
        // An opening that is not a legal game is an error, not a game.
        let error = play_game(&[white.clone(), white.clone()], 0, rules(), &[a1, a1]).unwrap_err();
        assert_eq!(error.to_string(), "the opening's a1: a1 is occupied");
    }

    #[test]
    fn on_a_clock_the_engines_are_told_it_and_a_slow_side_loses_on_time() {
        let clocked = Rules {
            clock: Some(MatchClock {
                main: Duration::from_millis(1500),
                byo_yomi: Duration::ZERO,
            }),
            ..rules()
        };
        // White answers only once told the clock and its time (sudden death: stones 0);
        // Black sleeps past its 1.5 s on its second move.
        let told = sh(
            "told",
            "while read cmd rest; do case $cmd in time_settings) s=\"$rest\"; printf '= \\n\\n';; time_left) l=\"$rest\"; printf '= \\n\\n';; genmove) if [ \"$s\" = '1.5 0 0' ] && [ \"$l\" = 'white 1.5 0' ]; then printf '= b1\\n\\n'; else printf '? not told\\n\\n'; fi;; quit) exit;; *) printf '= \\n\\n';; esac; done",
        );
        let slow = sh(
            "slow",
            "n=0; while read cmd rest; do case $cmd in genmove) n=$((n+1)); [ $n -gt 1 ] && sleep 3; printf '= a1\\n\\n';; quit) exit;; *) printf '= \\n\\n';; esac; done",
        );
        let outcome = play_game(&[slow, told.clone()], 0, clocked, &[]).unwrap();
        assert_eq!(outcome.ending, Ending::OnTime, "{}", outcome.record);
        assert_eq!((outcome.winner, outcome.adjudication), (Color::White, None));
        assert_eq!(outcome.record.result.as_deref(), Some("W+Time"));
        let mut table = Table::default();
        table.add(&outcome);
        assert_eq!(table.on_time, [1, 0]);
        let text = table.render(["slow", "told"]);
        assert_eq!(text.lines().last(), Some("Lost on time: slow 1, told 0"));
        // An engine that refuses the clock's lines plays on; the arena keeps its clock.
        let deaf = sh(
            "deaf",
            "while read cmd rest; do case $cmd in time_*) printf '? unknown command\\n\\n';; genmove) printf '= a1\\n\\n';; quit) exit;; *) printf '= \\n\\n';; esac; done",
        );
        let outcome = play_game(&[deaf, told], 0, clocked, &[]).unwrap();
        assert_eq!(
            outcome.ending.to_string(),
            "illegal move: a1: a1 is occupied"
        );
        assert_eq!(outcome.moves[0].0, 2);
    }

    #[test]
    fn openings_are_played_twice_with_colours_swapped_and_tallied() {
        let [a1, b1] = ["a1", "b1"].map(|p| Cell::parse(p, 2).unwrap());
        let game = Match {
            engines: [
                scripted("one", "printf '= b2\\n\\n'"),
                scripted("two", "printf '= a2\\n\\n'"),
            ],
            games: 4,
            rules: rules(),
            seed: 1,
            openings: vec![vec![a1], vec![b1]],
        };
        assert_eq!(
            [1, 2, 3, 4, 5].map(|n| game.opening(n)),
            [&[a1][..], &[a1], &[b1], &[b1], &[a1]]
        );
        let mut openings = OpeningTable::default();
        let table = game
            .play(|number, outcome, _| -> io::Result<()> {
                openings.add(game.opening(number), outcome);
                Ok(())
            })
            .unwrap();
        assert_eq!(table.tallies[0][0].games + table.tallies[0][1].games, 4);
        let text = openings.render(["one", "two"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "opening  games   one   two  black won");
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[1].starts_with("a1           2") && lines[3].starts_with("all          4"),
            "{text}"
        );
    }

    #[test]
    fn an_engines_set_up_lines_come_first_and_a_refused_one_loses() {
        let mut picky = sh(
            "picky",
            "while read cmd rest; do case $cmd in param_player) printf '? no %s\\n\\n' \"$rest\";; quit) exit;; *) printf '= \\n\\n';; esac; done",
        );
        picky.setup = vec!["param_player threads 1".into()];
        let white = scripted("white", "printf '= b1\\n\\n'");
        let outcome = play_game(&[picky, white], 0, rules(), &[]).unwrap();
        assert_eq!(outcome.ending.to_string(), "refused: no threads 1");
        assert_eq!((outcome.winner, outcome.moves[0].0), (Color::White, 0));
    }
}
