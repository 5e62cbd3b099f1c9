//! `/hex`: two players at one board, the contest's analyser, SGF saved and loaded.
//!
//! The game is the engine's ([`hex::game::Game`]: HexGui's conventions and its swap rule):
//! Black moves first and joins the top and bottom edges, White joins left and right. The
//! picture is the contest's board of the same position, where Black is O (blue) and White is
//! X (red); the URL names the sides by those letters too.
//!
//! Query: `size` (1..19, 11 by default), `o` and `x` (Black's and White's stones set up
//! before play, cell names joined by `.`), `moves` (the moves since, cell names joined by `.`,
//! `swap` for the swap, `resign`), `turns` (the colour of each move, `o` or `x`, only for
//! moves that do not take turns, as a record may have them), `swap` (the swap rule is on), `show` (draw both players'
//! shortest completions), `click` (a cell clicked), `sgf` (a game to load), `contest`
//! (contest input to run); against the engine, `engine` (`black` or `white`, the side it
//! plays; `o` and `x` are read too), `playouts` (its search a move), `seed` (its random seed, so that a link replays
//! the same game) and `values` (draw the engine's win rate of every empty cell).

use std::fmt::Write as _;
use std::time::Duration;

use crate::query::{Query, flag};
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use hex::game::{Cell, Color, IllegalMove, MAX_BOARD, Move};
use hex::player::{self as engine_player, Config};
use hex::sgf;
use hex::svg::{Marks, colour, svg, winning_chain};
use hex::{Analysis, Verdict};
use serde::Deserialize;

use crate::page::{self, Url};
use crate::{LIMITS, WebError, work};

/// The query of `/hex`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    size: Option<String>,
    x: Option<String>,
    o: Option<String>,
    moves: Option<String>,
    turns: Option<String>,
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
    side: Option<Color>,
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

/// A game on the page: the engine's game and what the page shows.
#[derive(Clone)]
struct Game {
    game: hex::game::Game,
    show: bool,
    opponent: Opponent,
}

/// The side's letter in the URL: the contest's letter of its edges (`o` Black, `x` White).
/// A side as the query names the engine's: `black` or `white`.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn letter(color: Color) -> char {
    color.contest_letter().to_ascii_lowercase()
}

fn not_a_cell(size: u8, what: &str, name: &str) -> WebError {
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
fn why(error: IllegalMove) -> String {
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

impl Game {
    /// A board of `size` with `setup`'s stones (the side to move is the game's to say:
    /// [`hex::game::Game::to_move`]).
    fn new(size: u8, setup: &[(Color, Cell)], swap_rule: bool) -> Result<Game, WebError> {
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

    fn parse(params: &Params) -> Result<Game, WebError> {
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

    fn size(&self) -> u8 {
        self.game.size()
    }

    /// The side to move: the one that did not make the last move.
    fn to_move(&self) -> Color {
        self.game.to_move()
    }

    fn play(&mut self, played: Move) -> Result<(), IllegalMove> {
        self.game.play(self.to_move(), played)
    }

    fn url(&self) -> Url {
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
        let mut replay = self.game.clone();
        while replay.undo() {}
        let alternate = self.game.history().iter().all(|&(color, played)| {
            let taking_turns = color == replay.to_move();
            taking_turns && replay.play(color, played).is_ok()
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
    fn undone(&self) -> Game {
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
    fn engine_to_move(&self) -> bool {
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
        let mut player =
            engine_player::Player::new(self.config()).expect("the built-in book is not read");
        (player.choose(&self.game, self.to_move())).unwrap_or(Move::Resign)
    }

    /// The engine's win rate for the side to move after each empty cell it tried at least
    /// [`VALUE_VISITS`] times, in per cent, from a search of at least [`VALUE_PLAYOUTS`] playouts.
    fn engine_values(&self) -> Vec<(Cell, String, Color)> {
        let color = self.to_move();
        let config = Config {
            playouts: Some(self.opponent.playouts.max(VALUE_PLAYOUTS)),
            ..self.config()
        };
        let mut player = engine_player::Player::new(config).expect("the built-in book is not read");
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

    fn marks(&self) -> Marks {
        let board = self.game.board();
        let mut marks = Marks {
            last: match self.game.history().last() {
                Some(&(_, Move::Play(point))) => Some(point),
                _ => None,
            },
            ..Marks::default()
        };
        if let Some(winner) = self.game.winner() {
            marks.chain = winning_chain(&board, winner);
        } else if self.show
            && let Verdict::Open { x, o } = Analysis::of(board).verdict
        {
            for completion in [x, o] {
                for &cell in &completion.added {
                    marks.hints.push((cell, completion.player));
                }
            }
        }
        marks
    }

    fn picture(&self, marks: &Marks) -> String {
        svg(&self.game.board(), marks)
    }
}

/// Reads a game in SGF as HexGui writes it (`hex::sgf`), replayed as GTP's `loadsgf` replays
/// it ([`sgf::Record::game_at`]): Black's stones and moves are Black's here.
fn parse_sgf(text: &str, swap_rule: bool) -> Result<Game, WebError> {
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

/// `/hex.svg`: the picture alone.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let game = Game::parse(&params)?;
    Ok(page::svg(game.picture(&game.marks())))
}

/// `/hex.sgf`: the game as HexGui records it (`hex::sgf`).
pub async fn sgf(Query(params): Query<Params>) -> Result<Response, WebError> {
    let game = Game::parse(&params)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"hex.sgf\"",
            ),
        ],
        sgf::Record::of(&game.game).to_string(),
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
        let clicked =
            Cell::parse(name, game.size()).ok_or_else(|| not_a_cell(game.size(), "click", name))?;
        let mut next = game.clone();
        match next.play(Move::Play(clicked)) {
            Ok(()) => {
                let next = reply(next).await?;
                return Ok(Redirect::to(&next.url().to_string()).into_response());
            }
            Err(error) => note = why(error),
        }
    }
    if game.engine_to_move() {
        let next = reply(game).await?;
        return Ok(Redirect::to(&next.url().to_string()).into_response());
    }
    let mut marks = game.marks();
    if game.opponent.values && game.game.winner().is_none() {
        let searched = game.clone();
        marks.labels = work::run("the engine's values", move || searched.engine_values()).await?;
    }
    let mut panel = String::new();
    panel += &page::note(&note);
    panel += &status(&game);
    panel += &play(&game);
    panel += &legend();
    panel += &new_game(&game);
    panel += &contest(params.contest.as_deref())?;
    let body = page::game(&game.picture(&marks), &game.url().click(), &panel);
    Ok(page::html(page::page("/hex", "Hex", &body)))
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (blue, top to bottom)",
        Color::White => "White (red, left to right)",
    }
}

fn status(game: &Game) -> String {
    let resigned = matches!(game.game.history().last(), Some((_, Move::Resign)));
    let mut text = match game.game.winner() {
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
            game.size(),
            game.game.history().len() + 1,
            name(game.to_move())
        ),
    };
    if game.game.winner().is_none()
        && let Verdict::Open { x, o } = Analysis::of(game.game.board()).verdict
    {
        let _ = writeln!(
            text,
            "<p id=\"analysis\">Shortest completions (the other standing still): Black needs {}, White needs {}.{}</p>",
            o.moves(),
            x.moves(),
            if game.show {
                " Dots mark one for each."
            } else {
                ""
            }
        );
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
    if game.opponent.values && game.game.winner().is_none() {
        let _ = writeln!(
            text,
            "<p id=\"values-note\">On each empty cell: the engine's estimate (per cent) of {}'s chance of winning after a stone there (blank where the search tried it fewer than {VALUE_VISITS} times).</p>",
            name(game.to_move())
        );
    }
    if game.game.allow_swap() {
        text += "<p>The swap rule is on: White may answer Black's first stone by taking it, reflected in the long diagonal (HexGui's <code>swap-pieces</code>).</p>\n";
    }
    text
}

fn play(game: &Game) -> String {
    let mut links = String::new();
    let class = if game.game.history().is_empty() {
        "button off"
    } else {
        "button"
    };
    links += &game.undone().url().link("Undo", class);
    let mut swapped = game.clone();
    if swapped.play(Move::Swap).is_ok() {
        links += &swapped.url().link("Swap", "button");
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
    links += &game.url().on("/hex.sgf").link("Save SGF", "button");
    links += &game.url().on("/hex.svg").link("Picture (SVG)", "button");
    page::section("Play", &format!("<p>{links}</p>\n"))
}

/// What the marks on the board mean, each beside a small picture of it.
fn legend() -> String {
    let swatch = |inner: &str| {
        format!(
            "<svg class=\"swatch\" viewBox=\"0 0 20 20\" width=\"20\" height=\"20\">{inner}</svg>"
        )
    };
    let stone = |player| {
        format!(
            "<circle cx=\"10\" cy=\"10\" r=\"8\" fill=\"{}\" stroke=\"#222\"/>",
            colour(player)
        )
    };
    let dot = |x: f64, r: f64, player| {
        format!(
            "<circle cx=\"{x}\" cy=\"10\" r=\"{r}\" fill=\"{}\" opacity=\"0.55\"/>",
            colour(player)
        )
    };
    let items = [
        (
            swatch(&stone(Color::Black)),
            "Black: moves first and joins the top and bottom edges (HexGui's Black, the contest's O).",
        ),
        (
            swatch(&stone(Color::White)),
            "White: joins the left and right edges (HexGui's White, the contest's X).",
        ),
        (
            swatch(&(stone(Color::Black) + "<circle cx=\"10\" cy=\"10\" r=\"4\" fill=\"#fff\"/>")),
            "A white dot: the last move.",
        ),
        (
            swatch(&(dot(6.0, 4.0, Color::Black) + &dot(14.0, 4.0, Color::White))),
            "Small dots (Show completions): a shortest completion for each side in its colour; a cell on both has one dot of each.",
        ),
        (
            swatch(
                "<circle cx=\"10\" cy=\"10\" r=\"7\" fill=\"none\" stroke=\"#ffc400\" stroke-width=\"3\"/>",
            ),
            "A gold ring: the winning chain.",
        ),
    ];
    let mut list = String::from("<ul class=\"legend\" id=\"legend\">\n");
    for (picture, text) in items {
        let _ = writeln!(list, "<li>{picture} {text}</li>");
    }
    list += "</ul>\n";
    page::section("Legend", &list)
}

/// The form of a new game: size, swap rule, opponent, and the engine's settings, which a
/// stylesheet rule hides while no engine is chosen (they are sent all the same, and the server
/// keeps them only for an engine).
fn new_game(game: &Game) -> String {
    let mut new = String::from(
        "<form method=\"get\" action=\"/hex\" class=\"settings\">\n<label>Size <select name=\"size\" id=\"size\">",
    );
    for size in 5..=MAX_BOARD {
        let selected = if size == game.size() { " selected" } else { "" };
        let _ = write!(new, "<option{selected}>{size}</option>");
    }
    let checked = if game.game.allow_swap() {
        " checked"
    } else {
        ""
    };
    let _ = write!(
        new,
        "</select></label>\n<label><input type=\"checkbox\" name=\"swap\" value=\"1\"{checked}> Swap rule</label>\n<label>Opponent <select name=\"engine\" id=\"engine-side\">"
    );
    for (side, label) in [
        (None, "none (two players)"),
        (
            Some(Color::White),
            "the engine plays White (you move first)",
        ),
        (
            Some(Color::Black),
            "the engine plays Black (it moves first)",
        ),
    ] {
        let selected = if side == game.opponent.side {
            " selected"
        } else {
            ""
        };
        let value = side.map_or("", side_name);
        let _ = write!(new, "<option value=\"{value}\"{selected}>{label}</option>");
    }
    let _ = writeln!(
        new,
        "</select></label>\n<div class=\"engine-settings\" id=\"engine-settings\">\n<label>Playouts a move <input type=\"number\" name=\"playouts\" id=\"playouts\" min=\"1\" max=\"{MAX_PLAYOUTS}\" value=\"{}\" size=\"6\"></label>\n<label>Seed <input type=\"number\" name=\"seed\" id=\"seed\" min=\"0\" value=\"{}\" size=\"6\"></label>\n<p>The engine (the one <code>boardgames hex gtp</code> plays) searches each move on the server, at most {MAX_PLAYOUTS} playouts and {} s; the seed makes its play the same each time, so a link replays the game.</p>\n</div>\n<button type=\"submit\" id=\"new-game\">Start</button>\n</form>",
        game.opponent.playouts,
        game.opponent.seed,
        ENGINE_TIME.as_secs()
    );
    let mut out = page::section("New game", &new);
    let load = page::text_form("/hex", "sgf", "Load SGF", "", &[]);
    out += &page::section(
        "Load a game",
        &format!(
            "<p>Paste an SGF game of Hex as HexGui saves it (<code>GM[11]</code>: Black moves first and joins the top and bottom, as here; <code>AB</code>/<code>AW</code> set stones up).</p>\n{load}"
        ),
    );
    out
}

/// The contest input box and, for input given, the contest output and links to the boards.
fn contest(input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = String::from(
        "<p>The contest's input (data sets of a size, the counts of X and O stones, their cells); it says who has won or each player's shortest completion. Its O is Black here, its X White.</p>\n",
    );
    text += &page::text_form("/hex", "contest", "Run the contest program", input, &[]);
    text += &page::sample_link("/hex", hex::contest::SAMPLE_INPUT);
    if !input.trim().is_empty() {
        let boards = hex::contest::parse(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let mut links = String::new();
        for (number, board) in (1..).zip(boards.iter().take(50)) {
            let setup: Vec<(Color, Cell)> = Color::BOTH
                .into_iter()
                .flat_map(|player| board.stones(player).map(move |cell| (player, cell)))
                .collect();
            // Boards over the engine's 19x19 have no page; the output above covers them.
            if let Ok(mut game) = Game::new(board.size(), &setup, false) {
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
    Game::parse(&params).map_or_else(|_| String::new(), |game| game.picture(&game.marks()))
}
