//! `/patolli`: a contest line played roll by roll on the cross-shaped track, each rule that
//! fired named.
//!
//! Query: `division` (`junior`, `intermediate` or `senior`), `line` (one contest line: the
//! markers, the number of rolls, the rolls), `turn` (how many rolls are played, from 0),
//! `click` (a click on the board plays the next roll), `contest` (contest input to run).

use std::fmt::Write as _;

use crate::query::Query;
use axum::response::{IntoResponse, Redirect, Response};
use patolli::svg::svg;
use patolli::{Board, Division, Game, Line, Move, Side, contest};
use serde::Deserialize;

use crate::WebError;
use crate::page::{self, Url};

/// The query of `/patolli`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    division: Option<String>,
    line: Option<String>,
    turn: Option<String>,
    click: Option<String>,
    contest: Option<String>,
}

/// The line the page opens with in each division: the text's sample for Intermediate, the
/// same markers for Junior, the official data's test 8 for Senior.
fn sample(division: Division) -> &'static str {
    match division {
        Division::Junior => "4 14 24 1 6 6 6 3 5 1 5",
        Division::Intermediate => "4 14 24 1 8 12 6 6 3 5 1 5 6",
        Division::Senior => "38 41 48 34 42 46 10 6 6 5 1 6 3 5 1 5 2",
    }
}

/// The longest line a page plays: every roll is listed with a link that holds the line, so
/// the page grows as the square of it.
const MAX_LINE: usize = 1024;

const DIVISIONS: [(&str, Division); 3] = [
    ("junior", Division::Junior),
    ("intermediate", Division::Intermediate),
    ("senior", Division::Senior),
];

fn division(text: Option<&str>) -> Result<(&'static str, Division), WebError> {
    let text = text.filter(|s| !s.is_empty()).unwrap_or("intermediate");
    DIVISIONS
        .into_iter()
        .find(|(name, _)| *name == text)
        .ok_or_else(|| {
            WebError::bad(format!(
                "division: expected junior, intermediate or senior, found `{text}`"
            ))
        })
}

/// A line being played: its division, its text, the game, how far it has got.
struct State {
    name: &'static str,
    division: Division,
    text: String,
    line: Line,
    game: Game,
    turn: usize,
}

impl State {
    fn parse(params: &Params) -> Result<State, WebError> {
        let (name, division) = division(params.division.as_deref())?;
        let text = params
            .line
            .as_deref()
            .unwrap_or(sample(division))
            .trim()
            .to_string();
        if text.len() > MAX_LINE {
            return Err(WebError::bad(format!("line: longer than {MAX_LINE} bytes")));
        }
        let mut lines =
            contest::parse(&text, division).map_err(|err| WebError::bad(format!("line: {err}")))?;
        if lines.len() != 1 {
            return Err(WebError::bad(format!(
                "line: expected one line of the {name} division, found {}",
                lines.len()
            )));
        }
        let line = lines.remove(0);
        let game = line.play();
        let turn = match params.turn.as_deref().filter(|s| !s.is_empty()) {
            None => 0,
            Some(text) => text
                .parse::<usize>()
                .ok()
                .filter(|&turn| turn <= game.turns.len())
                .ok_or_else(|| {
                    WebError::bad(format!(
                        "turn: expected 0 to {}, found `{text}`",
                        game.turns.len()
                    ))
                })?,
        };
        Ok(State {
            name,
            division,
            text,
            line,
            game,
            turn,
        })
    }

    fn url(&self, turn: usize) -> Url {
        let mut url = Url::new("/patolli");
        if self.division != Division::Intermediate {
            url = url.with("division", self.name);
        }
        if self.text != sample(self.division) {
            url = url.with("line", &self.text);
        }
        if turn > 0 {
            url = url.with("turn", turn);
        }
        url
    }

    /// The markers after `turn` rolls.
    fn board(&self, turn: usize) -> Board {
        Game::play(
            self.line.start,
            &self.line.rolls[..turn],
            self.division.turns(),
        )
        .end
    }

    /// The move of the last roll played, if it moved a marker.
    fn last(&self) -> Option<Move> {
        self.turn
            .checked_sub(1)
            .and_then(|index| self.game.turns[index].moved)
    }
}

fn side_name(division: Division, side: Side) -> &'static str {
    match (division, side) {
        (Division::Senior, Side::A) => "A (red)",
        (Division::Senior, Side::B) => "B (blue)",
        (_, Side::A) => "the player (red)",
        (_, Side::B) => "the opponent (blue)",
    }
}

/// `/patolli.svg`: the picture alone.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let state = State::parse(&params)?;
    Ok(page::svg(svg(state.board(state.turn), state.last())))
}

/// `/patolli`: the page.
pub async fn page(Query(params): Query<Params>) -> Result<Response, WebError> {
    let state = State::parse(&params)?;
    if params.click.is_some() {
        let next = (state.turn + 1).min(state.game.turns.len());
        return Ok(Redirect::to(&state.url(next).to_string()).into_response());
    }
    let total = state.game.turns.len();
    let division = page::capitalized(state.name);
    let mut panel = match state.turn {
        0 => format!(
            "<p id=\"status\">{division} division: {}, none played yet. Click the board (or Next) for the first roll.</p>\n",
            text::Counted(total, "roll")
        ),
        turn => format!(
            "<p id=\"status\">{division} division: roll <b id=\"turn\">{turn}</b> of {total}. Click the board (or Next) for the next roll.</p>\n"
        ),
    };
    match state
        .turn
        .checked_sub(1)
        .map(|index| state.game.turns[index])
    {
        Some(turn) => {
            let what = match turn.moved {
                Some(played) => format!("{played} (rule {})", played.rule()),
                None => format!(
                    "roll {}: no marker on the board, the roll is lost",
                    turn.roll
                ),
            };
            let _ = writeln!(
                panel,
                "<p class=\"note\" id=\"last\">{}: {}</p>",
                page::capitalized(side_name(state.division, turn.side)),
                page::escape(&what)
            );
        }
        None => panel += "<p id=\"last\">The markers before the first roll.</p>\n",
    }
    let board = state.board(state.turn);
    for side in [Side::A, Side::B] {
        let markers = board.markers(side);
        if markers.count() > 0 || state.division == Division::Senior || side == Side::A {
            let _ = writeln!(
                panel,
                "<p>{}: {}</p>",
                page::capitalized(side_name(state.division, side)),
                if markers.count() == 0 {
                    "no marker left".to_string()
                } else {
                    markers.to_string()
                }
            );
        }
    }
    if state.turn == total {
        let _ = writeln!(
            panel,
            "<p id=\"answer\">Contest output: <b>{}</b></p>",
            state.line.answer(state.game.end)
        );
    }
    let mut links = String::new();
    let off = |on: bool| if on { "button" } else { "button off" };
    links += &state.url(0).link("First", off(state.turn > 0));
    links += &state
        .url(state.turn.saturating_sub(1))
        .link("Back", off(state.turn > 0));
    links += &state
        .url((state.turn + 1).min(total))
        .link("Next", off(state.turn < total));
    links += &state.url(total).link("Last", off(state.turn < total));
    links += &state
        .url(state.turn)
        .on("/patolli.svg")
        .link("Picture (SVG)", "button");
    let mut rolls = String::from("<ol class=\"steps\" id=\"rolls\">\n");
    for (index, turn) in state.game.turns.iter().enumerate() {
        let what = match turn.moved {
            Some(played) => played.to_string(),
            None => format!("roll {}: lost", turn.roll),
        };
        let now = if index + 1 == state.turn {
            " class=\"now\""
        } else {
            ""
        };
        let _ = writeln!(
            rolls,
            "<li{now}>{}</li>",
            state.url(index + 1).link(&what, "")
        );
    }
    rolls += "</ol>\n";
    panel += &page::section("Rolls", &format!("<p>{links}</p>\n{rolls}"));
    panel += &setup(&state);
    panel += &run_contest(&state, params.contest.as_deref())?;
    let body = page::game(
        &svg(board, state.last()),
        &state.url(state.turn).click(),
        &panel,
    );
    Ok(page::html(page::page("/patolli", "Patolli", &body)))
}

/// The form that sets the markers and rolls.
fn setup(state: &State) -> String {
    let mut form = String::from(
        "<form method=\"get\" action=\"/patolli\"><label>Division <select name=\"division\" id=\"division\">",
    );
    for (name, division) in DIVISIONS {
        let selected = if division == state.division {
            " selected"
        } else {
            ""
        };
        let _ = write!(form, "<option{selected}>{name}</option>");
    }
    let _ = writeln!(
        form,
        "</select></label><br><label>Line <input name=\"line\" id=\"line\" size=\"48\" value=\"{}\"></label> <button type=\"submit\" id=\"line-submit\">Play</button></form>",
        page::escape(&state.text)
    );
    form += "<p>Junior: the opponent's 3 markers, the player's 1, the number of rolls, the rolls. Intermediate: 3 and 3. Senior: A's 3, B's 3, rolls alternating from A. Each roll moves the lowest marker of the side that rolls. Yellow: the ends of the track, 1 where the markers start and 52, which a marker leaves the board on reaching; green: primes (slide 6 forward); red: squares above 4 (slide 6 back).</p>\n";
    page::section("Markers and rolls", &form)
}

/// The contest input box and, for input given, the contest output and links to the lines.
fn run_contest(state: &State, input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = format!(
        "<p>The contest's input for the {} division, a game a line; it prints each line's answer.</p>\n",
        state.name
    );
    text += &page::text_form(
        "/patolli",
        "contest",
        "Run the contest program",
        input,
        &[("division", state.name.to_string())],
    );
    if state.division == Division::Intermediate {
        text += &page::sample_link("/patolli", contest::SAMPLE_INPUT);
    }
    if !input.trim().is_empty() {
        let options = contest::Options {
            division: state.division,
            trace: true,
            color: false,
        };
        let played = contest::run_with(input, options)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let mut links = String::new();
        for (number, text) in (1..).zip(input.lines().filter(|l| !l.trim().is_empty()).take(50)) {
            let url = Url::new("/patolli")
                .with("division", state.name)
                .with("line", text.trim());
            links += &url.link(&format!("Line {number}"), "button");
        }
        text += &page::pre("contest-output", &played.output);
        let _ = writeln!(text, "<p>{links}</p>\n<p>Roll by roll:</p>");
        text += &page::pre("contest-trace", played.trace.as_deref().unwrap_or_default());
    }
    Ok(page::section("Contest", &text))
}

/// The picture of the home page: the text's sample after its first two rolls.
pub fn picture_sample() -> String {
    let params = Params {
        turn: Some("2".into()),
        ..Params::default()
    };
    State::parse(&params).map_or_else(
        |_| String::new(),
        |state| svg(state.board(state.turn), state.last()),
    )
}
