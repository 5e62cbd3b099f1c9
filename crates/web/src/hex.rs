//! `/hex`: two players at one board, the contest's analyser, SGF saved and loaded.
//!
//! Query: `size` (1..26, 11 by default), `x` and `o` (stones set up before play, cell names
//! joined by `.`), `moves` (the moves since, cell names joined by `.`, `swap` for the swap
//! move), `swap` (the swap rule is on), `show` (draw both players' shortest completions),
//! `click` (a cell clicked), `sgf` (a game to load), `contest` (contest input to run).

use std::fmt::Write as _;

use axum::extract::Query;
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use hex::svg::{Marks, svg, winning_chain};
use hex::{Analysis, Board, Cell, MAX_SIZE, Player, Verdict};
use serde::Deserialize;

use crate::page::{self, Url};
use crate::{LIMITS, WebError};

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
}

/// A move: a stone on a cell, or the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Stone(Cell),
    Swap,
}

/// A game: the set-up stones, the moves since, the position they give.
#[derive(Clone)]
struct Game {
    size: u8,
    setup: [Vec<Cell>; 2],
    moves: Vec<Move>,
    swap_rule: bool,
    show: bool,
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
        for (number, name) in (1..).zip(
            params
                .moves
                .as_deref()
                .unwrap_or("")
                .split('.')
                .filter(|s| !s.is_empty()),
        ) {
            let played = if name == "swap" {
                Move::Swap
            } else {
                Move::Stone(cell(size, "moves", name)?)
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
        url
    }

    /// The game with its last move taken back.
    fn undone(&self) -> Game {
        let mut game = Game::new(self.size, self.setup.clone(), self.swap_rule)
            .unwrap_or_else(|_| self.clone());
        game.show = self.show;
        for &played in &self.moves[..self.moves.len().saturating_sub(1)] {
            let _ = game.play(played);
        }
        game
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

    fn sgf(&self) -> String {
        let point = |cell: &Cell| cell.to_string().to_ascii_lowercase();
        let mut out = format!("(;FF[4]GM[11]SZ[{}]PB[X]PW[O]", self.size);
        for (key, stones) in ["AB", "AW"].into_iter().zip(&self.setup) {
            if !stones.is_empty() {
                out += key;
                for cell in stones {
                    let _ = write!(out, "[{}]", point(cell));
                }
            }
        }
        let mut player = if self.setup[0].len() > self.setup[1].len() {
            Player::O
        } else {
            Player::X
        };
        for played in &self.moves {
            let key = if player == Player::X { "B" } else { "W" };
            match played {
                Move::Stone(cell) => {
                    let _ = write!(out, ";{key}[{}]", point(cell));
                }
                Move::Swap => {
                    let _ = write!(out, ";{key}[swap-pieces]");
                }
            }
            player = player.opponent();
        }
        out + ")\n"
    }
}

/// Reads a game in SGF (Hex, `GM[11]`): `SZ`, the set-up `AB`/`AW` (X/O), and the moves
/// `B`/`W` in order (`swap-pieces` for the swap). Other properties are skipped.
fn parse_sgf(text: &str, swap_rule: bool) -> Result<Game, WebError> {
    let bad = |message: String| WebError::bad(format!("sgf: {message}"));
    let mut properties: Vec<(String, Vec<String>)> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut key = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            'A'..='Z' => key.push(c),
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next() {
                        Some((_, '\\')) => {
                            if let Some((_, escaped)) = chars.next() {
                                value.push(escaped);
                            }
                        }
                        Some((_, ']')) => break,
                        Some((_, c)) => value.push(c),
                        None => {
                            return Err(bad(format!("a value opened at byte {at} is not closed")));
                        }
                    }
                }
                if key.is_empty() {
                    let (_, values) = properties
                        .last_mut()
                        .ok_or_else(|| bad(format!("a value at byte {at} has no property")))?;
                    values.push(value);
                } else {
                    properties.push((std::mem::take(&mut key), vec![value]));
                }
            }
            '(' | ')' | ';' | ' ' | '\n' | '\r' | '\t' => key.clear(),
            'a'..='z' => {}
            other => return Err(bad(format!("unexpected `{other}` at byte {at}"))),
        }
    }
    let mut size = 11;
    for (key, values) in &properties {
        match key.as_str() {
            "SZ" => {
                size = values[0]
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|s| (1..=MAX_SIZE).contains(s))
                    .ok_or_else(|| bad(format!("SZ[{}] is not a size 1..{MAX_SIZE}", values[0])))?;
            }
            "GM" if values[0].trim() != "11" => {
                return Err(bad(format!("GM[{}] is not Hex (GM[11])", values[0])));
            }
            _ => {}
        }
    }
    let mut setup = [Vec::new(), Vec::new()];
    for (key, values) in &properties {
        let side = match key.as_str() {
            "AB" => 0,
            "AW" => 1,
            _ => continue,
        };
        for value in values {
            setup[side].push(cell(size, "sgf", value.trim())?);
        }
    }
    let mut game = Game::new(size, setup, swap_rule)?;
    for (key, values) in &properties {
        let player = match key.as_str() {
            "B" => Player::X,
            "W" => Player::O,
            _ => continue,
        };
        let value = values[0].trim();
        if player != game.to_move {
            return Err(bad(format!("{key}[{value}] is out of turn")));
        }
        let played = match value {
            "swap-pieces" | "swap" => {
                game.swap_rule = true;
                Move::Swap
            }
            name => Move::Stone(cell(size, "sgf", name)?),
        };
        game.play(played)
            .map_err(|why| bad(format!("{key}[{value}]: {why}")))?;
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
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"hex.sgf\"",
            ),
        ],
        game.sgf(),
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
            Ok(()) => return Ok(Redirect::to(&next.url().to_string()).into_response()),
            Err(why) => note = why,
        }
    }
    let mut panel = String::new();
    if !note.is_empty() {
        let _ = writeln!(
            panel,
            "<p class=\"note\" id=\"note\">{}</p>",
            page::escape(&note)
        );
    }
    panel += &status(&game);
    panel += &actions(&game);
    panel += &contest(params.contest.as_deref())?;
    let body = page::game(
        &svg(&game.board, &game.marks()),
        &game.url().click(),
        &panel,
    );
    Ok(page::html(page::page("/hex", "Hex", &body)))
}

fn name(player: Player) -> &'static str {
    match player {
        Player::X => "X (red, left to right)",
        Player::O => "O (blue, top to bottom)",
    }
}

fn status(game: &Game) -> String {
    let mut text = match game.winner {
        Some(winner) => format!(
            "<p id=\"status\" class=\"note\"><b>{} has won</b>: the winning chain is ringed.</p>\n",
            name(winner)
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
    links += &game.url().on("/hex.sgf").link("Save SGF", "button");
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
    let _ = writeln!(
        new,
        "</select></label> <label><input type=\"checkbox\" name=\"swap\" value=\"1\"{checked}> swap rule</label> <button type=\"submit\" id=\"new-game\">Start</button></form>"
    );
    new += "<p>Playing against the engine comes with the Hex engine (issue of its own).</p>\n";
    out += &page::section("New game", &new);
    let load = page::text_form("/hex", "sgf", "Load SGF", "", &[]);
    out += &page::section(
        "Load a game",
        &format!("<p>Paste an SGF game of Hex (B is X, W is O; AB/AW set stones up).</p>\n{load}"),
    );
    out
}

/// The contest input box and, for input given, the contest output and links to the boards.
fn contest(input: Option<&str>) -> Result<String, WebError> {
    let input = input.unwrap_or("");
    if input.len() > LIMITS.text {
        return Err(WebError::bad(format!(
            "contest: the input is longer than {} bytes",
            LIMITS.text
        )));
    }
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
