//! The game on the page: read from the query, written back as its URL, and the engine's
//! moves and values.

use std::time::Duration;

use hex::game::{Cell, Color, IllegalMove, MAX_BOARD, Move};
use hex::player::{Config, Player};
use hex::sgf;
use hex::svg::{Marks, svg, winning_chain};
use hex::{Analysis, Position, Verdict};

use super::Params;
use crate::page::Url;
use crate::query::flag;
use crate::{WebError, work};

/// The engine's search a move: playouts by default and at most, and the server's bound on
/// its time (reached only on a slow machine; within it the search is deterministic).
pub(super) const PLAYOUTS: u64 = 3000;
pub(super) const MAX_PLAYOUTS: u64 = 20_000;
pub(super) const ENGINE_TIME: Duration = Duration::from_secs(2);
/// The least search behind the values drawn on the board.
pub(super) const VALUE_PLAYOUTS: u64 = 5000;
/// The fewest visits of a cell whose value is drawn (fewer say little).
pub(super) const VALUE_VISITS: u64 = 10;

/// How the engine plays: its side, its playouts a move, its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Opponent {
    pub(super) side: Option<Color>,
    pub(super) playouts: u64,
    pub(super) seed: u64,
    pub(super) values: bool,
}

impl Default for Opponent {
    fn default() -> Opponent {
        Opponent {
            side: None,
            playouts: PLAYOUTS,
            seed: 1,
            values: false,
        }
    }
}

/// A game on the page: the engine's game and what the page shows.
#[derive(Clone)]
pub(super) struct Game {
    pub(super) game: hex::game::Game,
    pub(super) show: bool,
    pub(super) opponent: Opponent,
}

/// The side's letter in the URL: the contest's letter of its edges (`o` Black, `x` White).
/// A side as the query names the engine's: `black` or `white`.
pub(super) fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn letter(color: Color) -> char {
    color.contest_letter().to_ascii_lowercase()
}

pub(super) fn not_a_cell(size: u8, what: &str, name: &str) -> WebError {
    WebError::bad(format!(
        "{what}: `{name}` is not a cell of a board of size {size} (A1 to {}{size})",
        char::from(b'A' + size - 1)
    ))
}

fn points(size: u8, what: &str, text: Option<&str>) -> Result<Vec<Cell>, WebError> {
    text.unwrap_or("")
        .split('.')
        .filter(|s| !s.is_empty())
        .map(|name| Cell::parse(name, size).ok_or_else(|| not_a_cell(size, what, name)))
        .collect()
}

/// A point as the board names it: `C3`.
fn name_of(point: Cell) -> String {
    point.to_string()
}

/// Why a move cannot be played, in the page's words (cells named as the board names them).
pub(super) fn why(error: IllegalMove) -> String {
    match error {
        IllegalMove::Occupied(point) => format!("{} is taken", name_of(point)),
        IllegalMove::NoSwap => {
            "the swap is only White's answer to Black's first stone, with the swap rule on".into()
        }
        other => other.to_string(),
    }
}

/// The engine's settings of the query: 400 for a side, playouts or seed that is not one,
/// or for the engine on a board larger than it plays.
fn opponent(params: &Params) -> Result<Opponent, WebError> {
    fn given(value: &Option<String>) -> Option<&str> {
        value.as_deref().filter(|s| !s.is_empty())
    }
    let mut opponent = Opponent {
        side: match given(&params.engine)
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None => None,
            // `o` and `x`, the contest's letters, are the old spellings.
            Some("black" | "o") => Some(Color::Black),
            Some("white" | "x") => Some(Color::White),
            Some(other) => {
                return Err(WebError::bad(format!(
                    "engine: expected `black` or `white` (the side the engine plays), found `{other}`"
                )));
            }
        },
        values: flag(params.values.as_deref()),
        ..Opponent::default()
    };
    if let Some(text) = given(&params.playouts) {
        opponent.playouts = text
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=MAX_PLAYOUTS).contains(n))
            .ok_or_else(|| {
                WebError::bad(format!(
                    "playouts: expected 1 to {MAX_PLAYOUTS}, found `{text}`"
                ))
            })?;
    }
    if let Some(text) = given(&params.seed) {
        opponent.seed = text.parse::<u64>().map_err(|_| {
            WebError::bad(format!("seed: expected a number 0 to 2^64, found `{text}`"))
        })?;
    }
    Ok(opponent)
}

/// The game with the engine's reply, if it is the engine's turn: searched on a blocking
/// thread in one of the server's search slots.
pub(super) async fn reply(game: Game) -> Result<Game, WebError> {
    if !game.engine_to_move() {
        return Ok(game);
    }
    work::run("the engine's move", move || {
        let mut game = game;
        let played = game.engine_move();
        let _ = game.play(played);
        game
    })
    .await
}

impl Game {
    /// A board of `size` with `setup`'s stones (the side to move is the game's to say:
    /// [`hex::game::Game::to_move`]).
    pub(super) fn new(
        size: u8,
        setup: &[(Color, Cell)],
        swap_rule: bool,
    ) -> Result<Game, WebError> {
        let mut game = hex::game::Game::new(size).ok_or_else(|| {
            WebError::bad(format!("size: expected 1 to {MAX_BOARD}, found {size}"))
        })?;
        game.set_allow_swap(swap_rule);
        for &(color, point) in setup {
            game.setup(color, point)
                .map_err(|error| WebError::bad(format!("set-up stones: {}", why(error))))?;
        }
        Ok(Game {
            game,
            show: false,
            opponent: Opponent::default(),
        })
    }

    pub(super) fn parse(params: &Params) -> Result<Game, WebError> {
        let size = match params.size.as_deref().filter(|s| !s.is_empty()) {
            None => 11,
            Some(text) => text
                .parse::<u8>()
                .ok()
                .filter(|size| (1..=MAX_BOARD).contains(size))
                .ok_or_else(|| {
                    WebError::bad(format!("size: expected 1 to {MAX_BOARD}, found `{text}`"))
                })?,
        };
        let mut setup = Vec::new();
        for (color, text) in [(Color::Black, &params.o), (Color::White, &params.x)] {
            let what = letter(color).to_string();
            for point in points(size, &what, text.as_deref())? {
                setup.push((color, point));
            }
        }
        let mut game = Game::new(size, &setup, flag(params.swap.as_deref()))?;
        game.show = flag(params.show.as_deref());
        game.opponent = opponent(params)?;
        let moves: Vec<&str> = (params.moves.as_deref().unwrap_or("").split('.'))
            .filter(|s| !s.is_empty())
            .collect();
        let turns = turns(params.turns.as_deref(), moves.len())?;
        for (number, name) in (1..).zip(moves) {
            let played = Move::parse(name, size).ok_or_else(|| not_a_cell(size, "moves", name))?;
            let color = turns.as_ref().map_or(game.to_move(), |t| t[number - 1]);
            game.game.play(color, played).map_err(|error| {
                WebError::bad(format!("moves: move {number}, {name}: {}", why(error)))
            })?;
        }
        Ok(game)
    }

    pub(super) fn size(&self) -> u8 {
        self.game.size()
    }

    /// The side to move: the one that did not make the last move.
    pub(super) fn to_move(&self) -> Color {
        self.game.to_move()
    }

    pub(super) fn play(&mut self, played: Move) -> Result<(), IllegalMove> {
        self.game.play(self.to_move(), played)
    }

    pub(super) fn url(&self) -> Url {
        let setup = |color| {
            self.game
                .setup_stones()
                .iter()
                .filter(|(c, _)| *c == color)
                .map(|&(_, point)| name_of(point))
                .collect::<Vec<_>>()
                .join(".")
        };
        let moves: Vec<String> = self
            .game
            .history()
            .iter()
            .map(|&(_, played)| match played {
                Move::Play(point) => name_of(point),
                Move::Swap => "swap".into(),
                Move::Resign => "resign".into(),
            })
            .collect();
        let mut url = Url::new("/hex");
        if self.size() != 11 {
            url = url.with("size", self.size());
        }
        url = url
            .with("x", setup(Color::White))
            .with("o", setup(Color::Black))
            .with("moves", moves.join("."));
        // The colours of the moves, only where they do not take turns (a record may not).
        let mut turn = self.game.first_to_move();
        let alternate = self.game.history().iter().all(|&(color, _)| {
            let taking_turns = color == turn;
            turn = color.opponent();
            taking_turns
        });
        if !alternate {
            let letters: String = (self.game.history().iter())
                .map(|&(color, _)| letter(color))
                .collect();
            url = url.with("turns", letters);
        }
        if self.game.allow_swap() {
            url = url.with("swap", 1);
        }
        if self.show {
            url = url.with("show", 1);
        }
        let opponent = self.opponent;
        if let Some(side) = opponent.side {
            url = url
                .with("engine", side_name(side))
                .with("playouts", opponent.playouts)
                .with("seed", opponent.seed);
        }
        if opponent.values {
            url = url.with("values", 1);
        }
        url
    }

    /// The game with its last move taken back; against the engine, back to the human's
    /// turn (the engine's reply and the move before it).
    pub(super) fn undone(&self) -> Game {
        let mut back = self.clone();
        back.game.undo();
        if back.engine_to_move() {
            let mut again = back.clone();
            if again.game.undo() {
                return again;
            }
        }
        back
    }

    /// Whether the engine is to move now.
    pub(super) fn engine_to_move(&self) -> bool {
        self.opponent.side == Some(self.to_move())
            && self.game.winner().is_none()
            && self.game.empty_points().next().is_some()
    }

    /// The player's parameters for the position: the game's playouts within the server's
    /// time, one thread, a seed of the game's seed and the move number; the rest as `boardgames
    /// hex gtp` has them by default.
    fn config(&self) -> Config {
        Config {
            max_time: Some(ENGINE_TIME),
            playouts: Some(self.opponent.playouts),
            threads: 1,
            seed: self
                .opponent
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(self.game.history().len() as u64),
            ..Config::default()
        }
    }

    /// The engine's move for the side to move, as `boardgames hex gtp` chooses it (the same
    /// player: its opening book, its endgame solver, the search; the swap when the first
    /// stone looks better than any answer, resigning when it sees no chance).
    fn engine_move(&self) -> Move {
        let mut player = Player::new(self.config()).expect("the built-in book is not read");
        (player.choose(&self.game, self.to_move())).unwrap_or(Move::Resign)
    }

    /// The engine's win rate for the side to move after each empty cell it tried at least
    /// [`VALUE_VISITS`] times, in per cent, from a search of at least [`VALUE_PLAYOUTS`] playouts.
    pub(super) fn engine_values(&self) -> Vec<(Cell, String, Color)> {
        let color = self.to_move();
        let config = Config {
            playouts: Some(self.opponent.playouts.max(VALUE_PLAYOUTS)),
            ..self.config()
        };
        let mut player = Player::new(config).expect("the built-in book is not read");
        let Ok(analysis) = player.analyse(&self.game, color) else {
            return Vec::new();
        };
        analysis
            .values
            .into_iter()
            .filter(|&(_, visits, _)| visits >= VALUE_VISITS)
            .map(|(point, _, rate)| (point, format!("{:.0}", rate * 100.0), color))
            .collect()
    }

    pub(super) fn marks(&self) -> Marks {
        let mut marks = Marks {
            last: match self.game.history().last() {
                Some(&(_, Move::Play(point))) => Some(point),
                _ => None,
            },
            ..Marks::default()
        };
        if let Some(winner) = self.game.winner() {
            marks.chain = winning_chain(&Position::of_game(&self.game), winner);
        } else if self.show
            && let Verdict::Open { x, o } = Analysis::of(self.game.board()).verdict
        {
            for completion in [x, o] {
                for &cell in &completion.added {
                    marks.hints.push((cell, completion.player));
                }
            }
        }
        marks
    }

    pub(super) fn picture(&self, marks: &Marks) -> String {
        svg(&Position::of_game(&self.game), marks)
    }
}

/// Reads a game in SGF as HexGui writes it (`hex::sgf`), replayed as GTP's `loadsgf` replays
/// it ([`sgf::Record::game_at`]): Black's stones and moves are Black's here.
pub(super) fn parse_sgf(text: &str, swap_rule: bool) -> Result<Game, WebError> {
    let bad = |message: String| WebError::bad(format!("sgf: {message}"));
    let record = sgf::parse(text).map_err(|why| bad(why.to_string()))?;
    let swapped = record.moves.iter().any(|&(_, mv)| mv == Move::Swap);
    if record.square().is_none() {
        return Err(bad("this page plays square boards only".into()));
    }
    let mut game = record.game_at(usize::MAX).map_err(|(index, error)| {
        let stone = if index < record.setup.len() {
            format!("set-up stone {}", index + 1)
        } else {
            format!("move {}", index - record.setup.len() + 1)
        };
        bad(format!("{stone}: {}", why(error)))
    })?;
    game.set_allow_swap(swap_rule || swapped);
    Ok(Game {
        game,
        show: false,
        opponent: Opponent::default(),
    })
}

/// The `turns` of the query: one letter a move (`o` Black, `x` White), for moves that do not
/// take turns; `None` when not given (the moves take turns).
fn turns(text: Option<&str>, moves: usize) -> Result<Option<Vec<Color>>, WebError> {
    let Some(text) = text.filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let colors: Vec<Color> = text
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'o' => Ok(Color::Black),
            'x' => Ok(Color::White),
            other => Err(WebError::bad(format!(
                "turns: expected a letter o (Black) or x (White) for each move, found `{other}`"
            ))),
        })
        .collect::<Result<_, _>>()?;
    if colors.len() != moves {
        return Err(WebError::bad(format!(
            "turns: expected one letter for each of the {moves} moves, found {}",
            colors.len()
        )));
    }
    Ok(Some(colors))
}
