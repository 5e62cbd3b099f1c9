//! `/solitaire-chess`: a game on an official or random deal, played by clicking, with hints
//! and a player to watch.
//!
//! Query: `group` (1..6) and `seed` (the official judge's deal for them), or `case` (an
//! official case, `g6-1`), or `random` (a new seed); `moves` (the squares removed from,
//! `ROW-COL` joined by `.`), `click` (a square clicked), `hint` (ask the built-in player),
//! `watch` (the built-in player plays on, a move a second), `contest` (a starting board for
//! the contest program's first move).

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::query::{Query, flag};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use solitaire_chess::contest::{Group, official_case, official_cases};
use solitaire_chess::svg::{Marks, svg, symbol};
use solitaire_chess::{Deal, Game, Piece, Square};
use solitaire_chess_player::{Budget, Config, Player};

use crate::page::{self, Url};
use crate::{WebError, work};

/// The query of `/solitaire-chess`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    group: Option<String>,
    seed: Option<String>,
    case: Option<String>,
    random: Option<String>,
    moves: Option<String>,
    click: Option<String>,
    hint: Option<String>,
    watch: Option<String>,
    contest: Option<String>,
}

/// How hard the built-in player thinks for a hint: a fixed amount of work, so that a hint is
/// the same on any machine and quick (tens of milliseconds in a release build).
fn hint_config() -> Config {
    Config {
        budget: Budget::Worlds(64),
        threads: 1,
        ..Config::default()
    }
}

/// A game on a deal: the deal's name, the squares removed from, the game they give, and the
/// pieces removed in order.
#[derive(Clone)]
struct State {
    group: u8,
    seed: u64,
    deal: Deal,
    moves: Vec<Square>,
    game: Game,
    removed: Vec<Piece>,
    watch: bool,
}

fn square(what: &str, text: &str) -> Result<Square, WebError> {
    text.split_once('-')
        .and_then(|(row, col)| Square::at(row.parse().ok()?, col.parse().ok()?))
        .ok_or_else(|| {
            WebError::bad(format!(
                "{what}: expected a square ROW-COL, each 1 to 6, found `{text}`"
            ))
        })
}

impl State {
    fn new(group: u8, seed: u64) -> Result<State, WebError> {
        let deal = Group::get(group)
            .ok_or_else(|| WebError::bad(format!("group: expected 1 to 6, found {group}")))?
            .deal(seed);
        Ok(State {
            group,
            seed,
            game: Game::new(&deal),
            deal,
            moves: Vec::new(),
            removed: Vec::new(),
            watch: false,
        })
    }

    fn parse(params: &Params) -> Result<State, WebError> {
        let group = match params.group.as_deref().filter(|s| !s.is_empty()) {
            None => 6,
            Some(text) => text
                .parse::<u8>()
                .map_err(|_| WebError::bad(format!("group: expected 1 to 6, found `{text}`")))?,
        };
        let seed = match params.seed.as_deref().filter(|s| !s.is_empty()) {
            None => 1,
            Some(text) => text.parse::<u64>().map_err(|_| {
                WebError::bad(format!("seed: expected a number 0 to 2^64, found `{text}`"))
            })?,
        };
        let mut state = State::new(group, seed)?;
        state.watch = flag(params.watch.as_deref());
        for (number, text) in (1..).zip(
            params
                .moves
                .as_deref()
                .unwrap_or("")
                .split('.')
                .filter(|s| !s.is_empty()),
        ) {
            let at = square("moves", text)?;
            state
                .play(at)
                .map_err(|why| WebError::bad(format!("moves: move {number}, {text}: {why}")))?;
        }
        Ok(state)
    }

    fn play(&mut self, at: Square) -> Result<(), String> {
        if self.game.is_over() {
            return Err("the game is over".into());
        }
        let piece = self.game.piece(at);
        self.game.play(at).map_err(|why| why.to_string())?;
        self.removed.extend(piece);
        self.moves.push(at);
        Ok(())
    }

    fn url(&self) -> Url {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|at| format!("{}-{}", at.row(), at.col()))
            .collect();
        let mut url = Url::new("/solitaire-chess")
            .with("group", self.group)
            .with("seed", self.seed)
            .with("moves", moves.join("."));
        if self.watch {
            url = url.with("watch", 1);
        }
        url
    }

    fn with_moves(&self, count: usize) -> State {
        let mut state = State::new(self.group, self.seed).unwrap_or_else(|_| self.clone());
        state.watch = self.watch;
        for &at in &self.moves[..count.min(self.moves.len())] {
            let _ = state.play(at);
        }
        state
    }
}

/// The built-in player's choice in `state`, knowing only what has shown so far (the layers
/// under the pieces showing stay hidden from it).
async fn hint(state: &State) -> Result<Option<Square>, WebError> {
    let (deal, moves) = (state.deal.clone(), state.moves.clone());
    work::run("the built-in player", move || {
        let mut player = Player::new(&deal.bronze(), hint_config());
        let mut game = Game::new(&deal);
        for &at in &moves {
            game.play(at).ok()?;
            player.observe(at, game.piece(at)).ok()?;
        }
        player.choose()
    })
    .await
}

/// `/solitaire-chess.svg`: the picture alone.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let state = State::parse(&params)?;
    Ok(page::svg(svg(&state.game, &Marks::default())))
}

/// `/solitaire-chess`: the page.
pub async fn page(Query(params): Query<Params>) -> Result<Response, WebError> {
    if let Some(name) = params.case.as_deref().filter(|s| !s.is_empty()) {
        let case = official_case(name)
            .ok_or_else(|| WebError::bad(format!("case: no official case `{name}`")))?;
        let state = State::new(case.group, case.seed)?;
        return Ok(Redirect::to(&state.url().to_string()).into_response());
    }
    if flag(params.random.as_deref()) {
        let group = match params.group.as_deref() {
            Some(text) if !text.is_empty() => text.parse().unwrap_or(6),
            _ => 6,
        };
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000);
        let state = State::new(group, seed)?;
        return Ok(Redirect::to(&state.url().to_string()).into_response());
    }
    let mut state = State::parse(&params)?;
    let mut note = String::new();
    if let Some(text) = params.click.as_deref() {
        let at = square("click", text)?;
        let mut next = state.clone();
        next.watch = false;
        match next.play(at) {
            Ok(()) => return Ok(Redirect::to(&next.url().to_string()).into_response()),
            Err(why) => note = why,
        }
    }
    let mut marks = Marks::default();
    let mut head = String::new();
    if (flag(params.hint.as_deref()) || state.watch) && !state.game.is_over() {
        marks.hint = hint(&state).await?;
        match marks.hint {
            Some(at) if state.watch => {
                let mut next = state.clone();
                if next.play(at).is_ok() {
                    head = format!(
                        "<meta http-equiv=\"refresh\" content=\"1;url={}\">\n",
                        page::escape(&next.url().to_string())
                    );
                }
            }
            Some(at) => {
                note = format!(
                    "The built-in player would take row {}, column {} (ringed in blue).",
                    at.row(),
                    at.col()
                );
            }
            None => note = "The built-in player sees no move.".into(),
        }
    }
    if state.game.is_over() {
        state.watch = false;
    }
    let mut panel = String::new();
    panel += &page::note(&note);
    panel += &status(&state);
    panel += &actions(&state);
    panel += &contest(params.contest.as_deref()).await?;
    let body = page::game(&svg(&state.game, &marks), &state.url().click(), &panel);
    Ok(page::html(page::page_with_head(
        "/solitaire-chess",
        "Solitaire chess",
        &head,
        &body,
    )))
}

fn status(state: &State) -> String {
    let score = state.game.score();
    let left: u32 = Square::all()
        .map(|at| 3 - u32::from(state.game.removals_at(at)))
        .sum();
    let mut text = format!(
        "<p id=\"status\">Group {} (types {}), seed {}: {} removal{}, {left} pieces left; {}</p>\n",
        state.group,
        Group::get(state.group).map_or("", |g| g.letters),
        state.seed,
        state.moves.len(),
        if state.moves.len() == 1 { "" } else { "s" },
        if state.game.is_over() {
            "<b>no move is left: the game is over</b>.".to_string()
        } else if state.moves.is_empty() {
            "click any piece to start.".to_string()
        } else {
            "click a ringed square to remove its piece.".to_string()
        }
    );
    let _ = writeln!(
        text,
        "<table class=\"score\" id=\"score\"><tr><td>Removals</td><td>{}</td></tr><tr><td>Runs</td><td>{}</td></tr><tr><td>Sets</td><td>{}</td></tr><tr><td>Alternations</td><td>{}</td></tr><tr><td><b>Score</b></td><td><b id=\"total\">{}</b></td></tr></table>",
        score.moves,
        score.runs,
        score.sets,
        score.alternation,
        score.total()
    );
    if let Some((piece, at)) = state.game.last() {
        let shown = state
            .game
            .piece(at)
            .map_or("nothing: the square is empty".to_string(), describe);
        let _ = writeln!(
            text,
            "<p id=\"last\">Removed {} from row {}, column {}; revealed {shown}.</p>",
            describe(piece),
            at.row(),
            at.col()
        );
    }
    if !state.removed.is_empty() {
        let shown: Vec<&str> = state.removed.iter().map(|&p| symbol(p)).collect();
        let _ = writeln!(
            text,
            "<p id=\"removed\">Removed so far: {}</p>",
            shown.join(" ")
        );
    }
    text
}

/// A piece in words: a digit as itself, an officer as its figure and its names (`♜ rook
/// (torn)`).
fn describe(piece: Piece) -> String {
    if piece.index() < 4 {
        symbol(piece).to_string()
    } else {
        format!("{} {}", symbol(piece), piece.name())
    }
}

fn actions(state: &State) -> String {
    let mut links = String::new();
    let class = if state.moves.is_empty() {
        "button off"
    } else {
        "button"
    };
    let mut back = state.with_moves(state.moves.len().saturating_sub(1));
    back.watch = false;
    links += &back.url().link("Undo", class);
    let over = state.game.is_over();
    let class = if over { "button off" } else { "button" };
    links += &state
        .url()
        .without("watch")
        .with("hint", 1)
        .link("Hint", class);
    if state.watch {
        links += &state.url().without("watch").link("Stop watching", "button");
    } else {
        links += &state
            .url()
            .with("watch", 1)
            .link("Watch the built-in player", class);
    }
    links += &state
        .url()
        .on("/solitaire-chess.svg")
        .link("Picture (SVG)", "button");
    let mut out = page::section("Play", &format!("<p>{links}</p>\n"));
    let mut deals = String::from(
        "<form method=\"get\" action=\"/solitaire-chess\"><label>Group <select name=\"group\" id=\"group\">",
    );
    for group in 1..=6u8 {
        let selected = if group == state.group {
            " selected"
        } else {
            ""
        };
        let letters = Group::get(group).map_or("", |g| g.letters);
        let _ = write!(
            deals,
            "<option value=\"{group}\"{selected}>{group} ({letters})</option>"
        );
    }
    let _ = writeln!(
        deals,
        "</select></label> <label>seed <input name=\"seed\" size=\"8\" value=\"{}\"></label> <button type=\"submit\">Deal</button> <button type=\"submit\" name=\"random\" value=\"1\">Random deal</button></form>",
        state.seed
    );
    let mut cases = String::new();
    for case in official_cases() {
        let state = State::new(case.group, case.seed);
        if let Ok(state) = state {
            cases += &state.url().link(&case.name, "button");
        }
    }
    let _ = writeln!(deals, "<p>Official cases: {cases}</p>");
    let officers: Vec<String> = [Piece::Rook, Piece::Bishop, Piece::Queen, Piece::Knight]
        .into_iter()
        .map(describe)
        .collect();
    let _ = writeln!(
        deals,
        "<p>Types: 1-4 move exactly that many steps in a line; {}. A square's colour is its layer: bronze, then silver, then gold, then empty.</p>",
        officers.join(", ")
    );
    out += &page::section("Deal", &deals);
    out
}

/// The contest program's first move for a starting board given as text.
async fn contest(input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = String::from(
        "<p>The contest program's start: the bronze layer, six lines of six names (1 2 3 4 torn lopare dam springare); it answers with its first move, ROW COL.</p>\n",
    );
    text += &page::text_form(
        "/solitaire-chess",
        "contest",
        "Run the contest program",
        input,
        &[],
    );
    if !input.trim().is_empty() {
        let board = solitaire_chess::protocol::read_board(&mut input.as_bytes())
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let first = work::run("the built-in player", move || {
            Player::new(&board, hint_config()).choose()
        })
        .await?;
        let output = match first {
            Some(at) => format!("{} {}\n", at.row(), at.col()),
            None => "0 0\n".into(),
        };
        text += &page::pre("contest-output", &output);
    }
    Ok(page::section("Contest", &text))
}

/// The picture of the home page: an official deal a few moves in.
pub fn sample() -> String {
    let params = Params {
        group: Some("6".into()),
        seed: Some("1".into()),
        ..Params::default()
    };
    let Ok(mut state) = State::parse(&params) else {
        return String::new();
    };
    for _ in 0..4 {
        let Some(at) = state.game.legal().iter().next() else {
            break;
        };
        if state.play(at).is_err() {
            break;
        }
    }
    svg(&state.game, &Marks::default())
}
