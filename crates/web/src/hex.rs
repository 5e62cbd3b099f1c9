//! `/hex`: two players at one board, the contest's analyser, SGF saved and loaded.
//!
//! Query: `size` (1..26, 11 by default), `x` and `o` (stones set up before play, cell names
//! joined by `.`), `moves` (the moves since, cell names joined by `.`, `swap` for the swap
//! move), `swap` (the swap rule is on), `show` (draw both players' shortest completions),
//! `click` (a cell clicked), `sgf` (a game to load), `contest` (contest input to run);
//! against the engine, `engine` (`x` or `o`: the engine's side), `playouts` (its search a
//! move), `seed` (its random seed, so that a link replays the same game) and `values` (draw
//! the engine's win rate of every empty cell).

use std::fmt::Write as _;
use std::time::Duration;

use axum::extract::Query;
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use hex::engine::{self, Color, Point, sgf};
use hex::svg::{Marks, svg, winning_chain};
use hex::{Analysis, Board, Cell, MAX_SIZE, Player, Verdict};
use serde::Deserialize;

use crate::page::{self, Url};
use crate::{LIMITS, WebError, work};

/// The query of `/hex`.
#[derive(Debug, Default, Deserialize)]
pub struct Params {
    size: Option<String>,
    x: Option<String>,
    o: Option<String>,
    moves: Option<String>,
    swap: Option<String>,
    show: Option<String>,
    click: Option<String>,
    sgf: Option<String>,
    contest: Option<String>,
    engine: Option<String>,
    playouts: Option<String>,
    seed: Option<String>,
    values: Option<String>,
}

/// The engine's search a move: playouts by default and at most, and the server's bound on
/// its time (reached only on a slow machine; within it the search is deterministic).
const PLAYOUTS: u64 = 3000;
const MAX_PLAYOUTS: u64 = 20_000;
const ENGINE_TIME: Duration = Duration::from_secs(2);
/// The least search behind the values drawn on the board.
const VALUE_PLAYOUTS: u64 = 5000;
/// The fewest visits of a cell whose value is drawn (fewer say little).
const VALUE_VISITS: u64 = 10;

/// How the engine plays: its side, its playouts a move, its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Opponent {
    side: Option<Player>,
    playouts: u64,
    seed: u64,
    values: bool,
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

/// A move: a stone on a cell, or the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Stone(Cell),
    Swap,
    Resign,
}

/// A game: the set-up stones, the moves since, the position they give.
#[derive(Clone)]
struct Game {
    size: u8,
    setup: [Vec<Cell>; 2],
    moves: Vec<Move>,
    swap_rule: bool,
    show: bool,
    opponent: Opponent,
    board: Board,
    to_move: Player,
    winner: Option<Player>,
}

fn flag(value: Option<&str>) -> bool {
    matches!(value, Some(v) if !v.is_empty() && v != "0")
}

fn cells(size: u8, what: &str, text: Option<&str>) -> Result<Vec<Cell>, WebError> {
    text.unwrap_or("")
        .split('.')
        .filter(|s| !s.is_empty())
        .map(|name| cell(size, what, name))
        .collect()
}

fn cell(size: u8, what: &str, name: &str) -> Result<Cell, WebError> {
    Cell::parse(name, size).ok_or_else(|| {
        WebError::bad(format!(
            "{what}: `{name}` is not a cell of a board of size {size} (A1..{}{size})",
            char::from(b'A' + size - 1)
        ))
    })
}

/// The engine's point at a cell: reflected in the long diagonal (see [`Game::engine_game`]).
fn to_point(cell: Cell) -> Point {
    Point {
        row: cell.col,
        col: cell.row,
    }
}

/// The cell at an engine's point (the inverse of [`to_point`]).
fn to_cell(point: Point) -> Cell {
    Cell {
        row: point.col,
        col: point.row,
    }
}

/// The engine's settings of the query: 400 for a side, playouts or seed that is not one,
/// or for the engine on a board larger than it plays.
fn opponent(size: u8, params: &Params) -> Result<Opponent, WebError> {
    fn given(value: &Option<String>) -> Option<&str> {
        value.as_deref().filter(|s| !s.is_empty())
    }
    let mut opponent = Opponent {
        side: match given(&params.engine)
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None => None,
            Some("x") => Some(Player::X),
            Some("o") => Some(Player::O),
            Some(other) => {
                return Err(WebError::bad(format!(
                    "engine: expected `x` or `o` (the engine's side), found `{other}`"
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
                    "playouts: expected 1..{MAX_PLAYOUTS}, found `{text}`"
                ))
            })?;
    }
    if let Some(text) = given(&params.seed) {
        opponent.seed = text.parse::<u64>().map_err(|_| {
            WebError::bad(format!("seed: expected a number 0..2^64, found `{text}`"))
        })?;
    }
    if (opponent.side.is_some() || opponent.values) && size > engine::MAX_BOARD {
        return Err(WebError::bad(format!(
            "engine: the engine plays boards up to {0}x{0}, not {size}x{size}",
            engine::MAX_BOARD
        )));
    }
    Ok(opponent)
}

/// The game with the engine's reply, if it is the engine's turn: searched on a blocking
/// thread in one of the server's search slots.
async fn reply(game: Game) -> Result<Game, WebError> {
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

/// Who has won the position, if anyone.
fn winner(board: &Board) -> Option<Player> {
    Player::BOTH
        .into_iter()
        .find(|&player| !winning_chain(board, player).is_empty())
}

impl Game {
    fn new(size: u8, setup: [Vec<Cell>; 2], swap_rule: bool) -> Result<Game, WebError> {
        let mut board = Board::empty(size)
            .ok_or_else(|| WebError::bad(format!("size: expected 1..{MAX_SIZE}, found {size}")))?;
        for (player, stones) in Player::BOTH.into_iter().zip(&setup) {
            for &cell in stones {
                if board.get(cell).is_some() {
                    return Err(WebError::bad(format!("{cell} is set up twice")));
                }
                board.set(cell, player);
            }
        }
        let to_move = if setup[0].len() > setup[1].len() {
            Player::O
        } else {
            Player::X
        };
        Ok(Game {
            size,
            setup,
            moves: Vec::new(),
            swap_rule,
            show: false,
            opponent: Opponent::default(),
            winner: winner(&board),
            board,
            to_move,
        })
    }

    fn parse(params: &Params) -> Result<Game, WebError> {
        let size = match params.size.as_deref().filter(|s| !s.is_empty()) {
            None => 11,
            Some(text) => text
                .parse::<u8>()
                .ok()
                .filter(|size| (1..=MAX_SIZE).contains(size))
                .ok_or_else(|| {
                    WebError::bad(format!("size: expected 1..{MAX_SIZE}, found `{text}`"))
                })?,
        };
        let setup = [
            cells(size, "x", params.x.as_deref())?,
            cells(size, "o", params.o.as_deref())?,
        ];
        let mut game = Game::new(size, setup, flag(params.swap.as_deref()))?;
        game.show = flag(params.show.as_deref());
        game.opponent = opponent(size, params)?;
        for (number, name) in (1..).zip(
            params
                .moves
                .as_deref()
                .unwrap_or("")
                .split('.')
                .filter(|s| !s.is_empty()),
        ) {
            let played = match name {
                "swap" => Move::Swap,
                "resign" => Move::Resign,
                _ => Move::Stone(cell(size, "moves", name)?),
            };
            game.play(played)
                .map_err(|why| WebError::bad(format!("moves: move {number}, {name}: {why}")))?;
        }
        Ok(game)
    }

    /// Whether the swap may be played now: the rule is on, and one stone has been played on
    /// an empty board.
    fn may_swap(&self) -> bool {
        self.swap_rule
            && self.moves.len() == 1
            && self.setup.iter().all(Vec::is_empty)
            && self.winner.is_none()
    }

    fn play(&mut self, played: Move) -> Result<(), String> {
        if let Some(winner) = self.winner {
            return Err(format!("the game is over: {winner} has won"));
        }
        match played {
            Move::Stone(cell) => {
                if let Some(player) = self.board.get(cell) {
                    return Err(format!("{cell} is taken by {player}"));
                }
                self.board.set(cell, self.to_move);
            }
            Move::Swap => {
                if !self.may_swap() {
                    return Err("the swap is only the second move, with the swap rule on".into());
                }
                // The first stone changes sides: O takes its mirror image across the long
                // diagonal, so that O's stone stands as X's stood for X.
                let Some(Move::Stone(first)) = self.moves.first().copied() else {
                    return Err("the swap needs a first stone".into());
                };
                let mut board = Board::empty(self.size).ok_or("no board")?;
                board.set(
                    Cell {
                        row: first.col,
                        col: first.row,
                    },
                    Player::O,
                );
                self.board = board;
            }
            Move::Resign => {
                self.moves.push(played);
                self.winner = Some(self.to_move.opponent());
                self.to_move = self.to_move.opponent();
                return Ok(());
            }
        }
        self.moves.push(played);
        self.to_move = self.to_move.opponent();
        self.winner = winner(&self.board);
        Ok(())
    }

    fn url(&self) -> Url {
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(".")
        };
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|m| match m {
                Move::Stone(cell) => cell.to_string(),
                Move::Swap => "swap".into(),
                Move::Resign => "resign".into(),
            })
            .collect();
        let mut url = Url::new("/hex");
        if self.size != 11 {
            url = url.with("size", self.size);
        }
        url = url
            .with("x", names(&self.setup[0]))
            .with("o", names(&self.setup[1]))
            .with("moves", moves.join("."));
        if self.swap_rule {
            url = url.with("swap", 1);
        }
        if self.show {
            url = url.with("show", 1);
        }
        let opponent = self.opponent;
        if let Some(side) = opponent.side {
            url = url
                .with("engine", if side == Player::X { "x" } else { "o" })
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
    fn undone(&self) -> Game {
        let replay = |keep: usize| {
            let mut game = Game::new(self.size, self.setup.clone(), self.swap_rule)
                .unwrap_or_else(|_| self.clone());
            game.show = self.show;
            game.opponent = self.opponent;
            for &played in &self.moves[..keep] {
                let _ = game.play(played);
            }
            game
        };
        let game = replay(self.moves.len().saturating_sub(1));
        if game.engine_to_move() && self.moves.len() >= 2 {
            replay(self.moves.len() - 2)
        } else {
            game
        }
    }

    /// Whether the engine is to move now.
    fn engine_to_move(&self) -> bool {
        self.opponent.side == Some(self.to_move)
            && self.winner.is_none()
            && self
                .board
                .cells()
                .any(|cell| self.board.get(cell).is_none())
    }

    /// The game for the engine. The engine's Black moves first and joins the top and
    /// bottom; here X moves first and joins left and right. So the board is reflected in
    /// its long diagonal: X's stone at row r, column c is Black's at row c, column r (the
    /// swap's reflection is the same in both).
    fn engine_game(&self) -> Option<engine::Game> {
        let mut game = engine::Game::new(self.size)?;
        game.set_allow_swap(self.swap_rule);
        let color = |player: Player| match player {
            Player::X => Color::Black,
            Player::O => Color::White,
        };
        for (player, stones) in Player::BOTH.into_iter().zip(&self.setup) {
            for cell in stones {
                game.setup(color(player), to_point(*cell)).ok()?;
            }
        }
        let mut player = if self.setup[0].len() > self.setup[1].len() {
            Player::O
        } else {
            Player::X
        };
        for played in &self.moves {
            let mv = match played {
                Move::Stone(cell) => engine::Move::Play(to_point(*cell)),
                Move::Swap => engine::Move::Swap,
                Move::Resign => engine::Move::Resign,
            };
            game.play(color(player), mv).ok()?;
            player = player.opponent();
        }
        Some(game)
    }

    /// The search's bounds for the position: the game's playouts within the server's time,
    /// one thread, a seed of the game's seed and the move number.
    fn limits(&self) -> engine::Limits {
        engine::Limits {
            time: Some(ENGINE_TIME),
            playouts: Some(self.opponent.playouts),
            threads: 1,
            seed: self
                .opponent
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(self.moves.len() as u64),
        }
    }

    /// The engine's move for the side to move (as `boardgames hex gtp` chooses it: the swap
    /// when the first stone looks better than any answer, resigning when it sees no chance).
    fn engine_move(&self) -> Move {
        let Some(game) = self.engine_game() else {
            return Move::Resign;
        };
        let color = match self.to_move {
            Player::X => Color::Black,
            Player::O => Color::White,
        };
        let analysis = engine::analyse(&game, color, self.limits(), engine::Settings::default());
        if game.can_swap(color) && analysis.win_rate < 0.5 {
            return Move::Swap;
        }
        if analysis.win_rate < 0.02 && analysis.playouts >= 2000 {
            return Move::Resign;
        }
        match analysis.best {
            engine::Move::Play(point) => Move::Stone(to_cell(point)),
            engine::Move::Swap => Move::Swap,
            engine::Move::Resign => Move::Resign,
        }
    }

    /// The engine's win rate for the side to move after each empty cell it tried at least
    /// [`VALUE_VISITS`] times, in per cent, from a search of at least [`VALUE_PLAYOUTS`] playouts.
    fn engine_values(&self) -> Vec<(Cell, String, Player)> {
        let Some(game) = self.engine_game() else {
            return Vec::new();
        };
        let color = match self.to_move {
            Player::X => Color::Black,
            Player::O => Color::White,
        };
        let limits = engine::Limits {
            playouts: Some(self.opponent.playouts.max(VALUE_PLAYOUTS)),
            ..self.limits()
        };
        let analysis = engine::analyse(&game, color, limits, engine::Settings::default());
        analysis
            .values
            .into_iter()
            .filter(|&(_, visits, _)| visits >= VALUE_VISITS)
            .map(|(point, _, rate)| (to_cell(point), format!("{:.0}", rate * 100.0), self.to_move))
            .collect()
    }

    fn last(&self) -> Option<Cell> {
        match self.moves.last() {
            Some(Move::Stone(cell)) => Some(*cell),
            _ => None,
        }
    }

    fn marks(&self) -> Marks {
        let mut marks = Marks {
            last: self.last(),
            ..Marks::default()
        };
        if let Some(winner) = self.winner {
            marks.chain = winning_chain(&self.board, winner);
        } else if self.show
            && let Verdict::Open { x, o } = Analysis::of(self.board.clone()).verdict
        {
            // The player to move's completion drawn over the other's where they meet.
            let (first, second) = if self.to_move == Player::X {
                (x, o)
            } else {
                (o, x)
            };
            for completion in [first, second] {
                for &cell in &completion.added {
                    if !marks.hints.iter().any(|(at, _)| *at == cell) {
                        marks.hints.push((cell, completion.player));
                    }
                }
            }
        }
        marks
    }

    /// The game as HexGui records it: the engine's game (this board reflected in its long
    /// diagonal, so that X is Black, who moves first and joins top and bottom), written by
    /// `hex::engine::sgf`. `None` on a board larger than HexGui's and the engine's.
    fn sgf(&self) -> Option<String> {
        let mut record = sgf::Record::of(&self.engine_game()?);
        record.black = Some("X".to_string());
        record.white = Some("O".to_string());
        Some(record.to_string())
    }
}

/// Reads a game in SGF as HexGui writes it (`hex::engine::sgf`), reflected back in the long
/// diagonal: Black's stones and moves are X's, White's are O's.
fn parse_sgf(text: &str, swap_rule: bool) -> Result<Game, WebError> {
    let bad = |message: String| WebError::bad(format!("sgf: {message}"));
    let record = sgf::parse(text).map_err(|why| bad(why.to_string()))?;
    let player = |color: Color| match color {
        Color::Black => Player::X,
        Color::White => Player::O,
    };
    let mut setup = [Vec::new(), Vec::new()];
    for &(color, point) in &record.setup {
        setup[usize::from(player(color) == Player::O)].push(to_cell(point));
    }
    let mut game = Game::new(record.size, setup, swap_rule)?;
    for &(color, mv) in &record.moves {
        if player(color) != game.to_move {
            return Err(bad(format!("{}[{mv}] is out of turn", color.letter())));
        }
        let played = match mv {
            engine::Move::Play(point) => Move::Stone(to_cell(point)),
            engine::Move::Swap => {
                game.swap_rule = true;
                Move::Swap
            }
            engine::Move::Resign => Move::Resign,
        };
        game.play(played)
            .map_err(|why| bad(format!("{}[{mv}]: {why}", color.letter())))?;
    }
    Ok(game)
}

/// `/hex.svg`: the picture alone.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let game = Game::parse(&params)?;
    Ok(page::svg(svg(&game.board, &game.marks())))
}

/// `/hex.sgf`: the game as an SGF file.
pub async fn sgf(Query(params): Query<Params>) -> Result<Response, WebError> {
    let game = Game::parse(&params)?;
    let record = game.sgf().ok_or_else(|| {
        WebError::bad(format!(
            "sgf: HexGui's records go up to {0}x{0}; this board is {1}x{1}",
            engine::MAX_BOARD,
            game.size
        ))
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"hex.sgf\"",
            ),
        ],
        record,
    )
        .into_response())
}

/// `/hex`: the page.
pub async fn page(Query(params): Query<Params>) -> Result<Response, WebError> {
    if let Some(text) = params.sgf.as_deref().filter(|s| !s.trim().is_empty()) {
        if text.len() > LIMITS.text {
            return Err(WebError::bad(format!(
                "sgf: longer than {} bytes",
                LIMITS.text
            )));
        }
        let game = parse_sgf(text, flag(params.swap.as_deref()))?;
        return Ok(Redirect::to(&game.url().to_string()).into_response());
    }
    let game = Game::parse(&params)?;
    let mut note = String::new();
    if let Some(name) = params.click.as_deref() {
        let clicked = cell(game.size, "click", name)?;
        let mut next = game.clone();
        match next.play(Move::Stone(clicked)) {
            Ok(()) => {
                let next = reply(next).await?;
                return Ok(Redirect::to(&next.url().to_string()).into_response());
            }
            Err(why) => note = why,
        }
    }
    if game.engine_to_move() {
        let next = reply(game).await?;
        return Ok(Redirect::to(&next.url().to_string()).into_response());
    }
    let mut marks = game.marks();
    if game.opponent.values && game.winner.is_none() {
        let searched = game.clone();
        marks.labels = work::run("the engine's values", move || searched.engine_values()).await?;
    }
    let mut panel = String::new();
    panel += &page::note(&note);
    panel += &status(&game);
    panel += &actions(&game);
    panel += &contest(params.contest.as_deref())?;
    let body = page::game(&svg(&game.board, &marks), &game.url().click(), &panel);
    Ok(page::html(page::page("/hex", "Hex", &body)))
}

fn name(player: Player) -> &'static str {
    match player {
        Player::X => "X (red, left to right)",
        Player::O => "O (blue, top to bottom)",
    }
}

fn status(game: &Game) -> String {
    let resigned = game.moves.last() == Some(&Move::Resign);
    let mut text = match game.winner {
        Some(winner) => format!(
            "<p id=\"status\" class=\"note\"><b>{}{} has won</b>: {}.</p>\n",
            name(winner),
            match game.opponent.side {
                Some(side) if side == winner => ", the engine,",
                Some(_) => ", you,",
                None => "",
            },
            match (resigned, game.opponent.side) {
                (true, Some(side)) if side != winner => "the engine resigns",
                (true, _) => "the other side resigned",
                (false, _) => "the winning chain is ringed",
            }
        ),
        None => format!(
            "<p id=\"status\">Size {}, move {}: <b>{}</b> to play. Click an empty cell.</p>\n",
            game.size,
            game.moves.len() + 1,
            name(game.to_move)
        ),
    };
    if game.winner.is_none() {
        let analysis = Analysis::of(game.board.clone());
        if let Verdict::Open { x, o } = analysis.verdict {
            let _ = writeln!(
                text,
                "<p id=\"analysis\">Shortest completions (the other standing still): X needs {}, O needs {}.{}</p>",
                x.moves(),
                o.moves(),
                if game.show {
                    " Dots mark one for each."
                } else {
                    ""
                }
            );
        }
    }
    if let Some(side) = game.opponent.side {
        let _ = writeln!(
            text,
            "<p id=\"engine\">You play {}; the engine plays {} ({} playouts a move, seed {}).</p>",
            name(side.opponent()),
            name(side),
            game.opponent.playouts,
            game.opponent.seed
        );
    }
    if game.opponent.values && game.winner.is_none() {
        let _ = writeln!(
            text,
            "<p id=\"values-note\">On each empty cell: the engine's estimate (per cent) of {}'s chance of winning after a stone there (blank where the search tried it fewer than {VALUE_VISITS} times).</p>",
            name(game.to_move)
        );
    }
    if game.swap_rule {
        text += "<p>The swap rule is on: the second player may take the first stone instead of playing.</p>\n";
    }
    text
}

fn actions(game: &Game) -> String {
    let mut links = String::new();
    let class = if game.moves.is_empty() {
        "button off"
    } else {
        "button"
    };
    links += &game.undone().url().link("Undo", class);
    if game.may_swap() {
        let mut swapped = game.clone();
        if swapped.play(Move::Swap).is_ok() {
            links += &swapped.url().link("Swap", "button");
        }
    }
    let mut shown = game.clone();
    shown.show = !game.show;
    links += &shown.url().link(
        if game.show {
            "Hide completions"
        } else {
            "Show completions"
        },
        "button",
    );
    if game.size <= engine::MAX_BOARD {
        let mut valued = game.clone();
        valued.opponent.values = !game.opponent.values;
        links += &valued.url().link(
            if game.opponent.values {
                "Hide the engine's values"
            } else {
                "Show the engine's values"
            },
            "button values",
        );
    }
    if game.size <= engine::MAX_BOARD {
        links += &game.url().on("/hex.sgf").link("Save SGF", "button");
    }
    links += &game.url().on("/hex.svg").link("Picture (SVG)", "button");
    let mut out = page::section("Play", &format!("<p>{links}</p>\n"));
    let mut new = String::from(
        "<form method=\"get\" action=\"/hex\"><label>New game, size <select name=\"size\" id=\"size\">",
    );
    for size in 5..=19 {
        let selected = if size == game.size { " selected" } else { "" };
        let _ = write!(new, "<option{selected}>{size}</option>");
    }
    let checked = if game.swap_rule { " checked" } else { "" };
    let _ = write!(
        new,
        "</select></label> <label><input type=\"checkbox\" name=\"swap\" value=\"1\"{checked}> swap rule</label> <label>Opponent <select name=\"engine\" id=\"engine-side\">"
    );
    for (value, label) in [
        ("", "none (two players)"),
        ("o", "the engine plays O (you move first)"),
        ("x", "the engine plays X (it moves first)"),
    ] {
        let selected = match (value, game.opponent.side) {
            ("o", Some(Player::O)) | ("x", Some(Player::X)) | ("", None) => " selected",
            _ => "",
        };
        let _ = write!(new, "<option value=\"{value}\"{selected}>{label}</option>");
    }
    let _ = writeln!(
        new,
        "</select></label> <label>playouts a move <input type=\"number\" name=\"playouts\" min=\"1\" max=\"{MAX_PLAYOUTS}\" value=\"{}\" size=\"6\"></label> <label>seed <input type=\"number\" name=\"seed\" min=\"0\" value=\"{}\" size=\"6\"></label> <button type=\"submit\" id=\"new-game\">Start</button></form>",
        game.opponent.playouts, game.opponent.seed
    );
    let _ = writeln!(
        new,
        "<p>The engine (the one <code>boardgames hex gtp</code> plays) searches each move on the server, at most {MAX_PLAYOUTS} playouts and {} s; the seed makes its play the same each time, so a link replays the game.</p>",
        ENGINE_TIME.as_secs()
    );
    out += &page::section("New game", &new);
    let load = page::text_form("/hex", "sgf", "Load SGF", "", &[]);
    out += &page::section(
        "Load a game",
        &format!(
            "<p>Paste an SGF game of Hex as HexGui saves it (Black is X here, White is O, the board reflected in its long diagonal; AB/AW set stones up).</p>\n{load}"
        ),
    );
    out
}

/// The contest input box and, for input given, the contest output and links to the boards.
fn contest(input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = String::from(
        "<p>The contest's input (data sets of a size, the counts of X and O stones, their cells); it says who has won or each player's shortest completion.</p>\n",
    );
    text += &page::text_form("/hex", "contest", "Run the contest program", input, &[]);
    text += &page::sample_link("/hex", hex::contest::SAMPLE_INPUT);
    if !input.trim().is_empty() {
        let boards = hex::contest::parse(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let mut links = String::new();
        for (number, board) in (1..).zip(boards.iter().take(50)) {
            let setup = [
                board.stones(Player::X).collect(),
                board.stones(Player::O).collect(),
            ];
            if let Ok(game) = Game::new(board.size(), setup, false) {
                let mut game = game;
                game.show = true;
                links += &game.url().link(&format!("Data set {number}"), "button");
            }
        }
        let output = hex::contest::run(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        text += &page::pre("contest-output", &output);
        let _ = writeln!(text, "<p>{links}</p>");
    }
    Ok(page::section("Contest", &text))
}

/// The picture of the home page: a game under way.
pub fn sample() -> String {
    let params = Params {
        size: Some("7".into()),
        moves: Some("D4.C5.E3.D3.E2.C4".into()),
        ..Params::default()
    };
    Game::parse(&params).map_or_else(|_| String::new(), |game| svg(&game.board, &game.marks()))
}
