//! `/hiq`: peg solitaire on the 33-hole or 37-hole board.
//!
//! Query: `board` (`english` or `european`), `start` (the starting pegs, a hexadecimal
//! bitboard, bit 0 for hole 1), `jumps` (the jumps made since, `from-to` joined by `.`),
//! `sel` (the peg picked), `click` (a hole clicked), `edit` (clicks add and take pegs),
//! `solve` (show the fewest pegs that can remain), `finish` (a hole for the last peg),
//! `contest` (contest input to run).

use std::fmt::Write as _;

use crate::query::{Query, flag};
use axum::response::{IntoResponse, Redirect, Response};
use hiq::svg::{Marks, svg};
use hiq::{Game, Hole, Jump, Layout, Position};
use serde::Deserialize;

use crate::page::{self, Url};
use crate::{WebError, work};

/// The query of `/hiq`, every field as text: parsing it is ours, with our messages.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    board: Option<String>,
    start: Option<String>,
    jumps: Option<String>,
    sel: Option<String>,
    click: Option<String>,
    edit: Option<String>,
    solve: Option<String>,
    finish: Option<String>,
    contest: Option<String>,
}

/// A game on its board: the start, the jumps made, and what the query asks for.
#[derive(Clone)]
struct State {
    european: bool,
    layout: &'static Layout,
    start: Position,
    jumps: Vec<Jump>,
    now: Position,
    selected: Option<Hole>,
    edit: bool,
}

impl State {
    fn parse(params: &Params) -> Result<State, WebError> {
        let european = match params.board.as_deref().unwrap_or("english") {
            "english" | "" => false,
            "european" => true,
            other => {
                return Err(WebError::bad(format!(
                    "board: expected `english` or `european`, found `{other}`"
                )));
            }
        };
        let layout = if european {
            Layout::european()
        } else {
            Layout::english()
        };
        let start = match params.start.as_deref().filter(|s| !s.is_empty()) {
            None => central(layout),
            Some(text) => {
                let bits = u64::from_str_radix(text, 16).map_err(|_| {
                    WebError::bad(format!(
                        "start: expected the pegs as a hexadecimal number, found `{text}`"
                    ))
                })?;
                if bits & !layout.full().bits() != 0 {
                    return Err(WebError::bad(format!(
                        "start: `{text}` has pegs beyond the {} holes of the board",
                        layout.holes()
                    )));
                }
                Position::from_bits(bits)
            }
        };
        let mut now = start;
        let mut jumps = Vec::new();
        for (number, text) in (1..).zip(
            params
                .jumps
                .as_deref()
                .unwrap_or("")
                .split('.')
                .filter(|s| !s.is_empty()),
        ) {
            let jump = parse_jump(layout, text).ok_or_else(|| {
                WebError::bad(format!(
                    "jumps: jump {number}, `{text}`, is not `FROM-TO` with two holes a jump apart"
                ))
            })?;
            if !jump.is_legal(now) {
                return Err(WebError::bad(format!(
                    "jumps: jump {number}, {}-{}, is not legal in that position",
                    jump.from, jump.to
                )));
            }
            now = now.after(jump);
            jumps.push(jump);
        }
        let selected = match params.sel.as_deref().filter(|s| !s.is_empty()) {
            None => None,
            Some(text) => Some(hole(layout, "sel", text)?),
        };
        Ok(State {
            european,
            layout,
            start,
            jumps,
            now,
            selected,
            edit: flag(params.edit.as_deref()),
        })
    }

    /// The URL of this state (without the one-off requests: click, solve, finish, contest).
    fn url(&self) -> Url {
        let jumps: Vec<String> = self
            .jumps
            .iter()
            .map(|jump| format!("{}-{}", jump.from, jump.to))
            .collect();
        let mut url = Url::new("/hiq");
        if self.european {
            url = url.with("board", "european");
        }
        if self.start != central(self.layout) {
            url = url.with("start", format!("{:x}", self.start.bits()));
        }
        url = url.with("jumps", jumps.join("."));
        if let Some(hole) = self.selected {
            url = url.with("sel", hole);
        }
        if self.edit {
            url = url.with("edit", 1);
        }
        url
    }

    /// The same game with `jumps` added, nothing picked.
    fn after(&self, more: &[Jump]) -> State {
        let mut jumps = self.jumps.clone();
        jumps.extend_from_slice(more);
        State {
            jumps,
            now: more.iter().fold(self.now, |p, &j| p.after(j)),
            selected: None,
            ..*self
        }
    }

    /// A new game from `start`, nothing picked.
    fn from(&self, start: Position) -> State {
        State {
            start,
            jumps: Vec::new(),
            now: start,
            selected: None,
            ..*self
        }
    }

    /// The jumps from the picked peg.
    fn targets(&self) -> Position {
        let mut targets = Position::EMPTY;
        for jump in self.layout.legal_jumps(self.now) {
            if Some(jump.from) == self.selected {
                targets = targets.with(jump.to);
            }
        }
        targets
    }

    fn picture(&self) -> String {
        svg(
            self.layout,
            self.now,
            &Marks {
                selected: self.selected,
                targets: self.targets(),
                last: self.jumps.last().copied(),
            },
        )
    }
}

/// Every hole full but the centre.
fn central(layout: &Layout) -> Position {
    Position::from_bits(layout.full().bits() & !layout.centre().bit())
}

fn hole(layout: &Layout, what: &str, text: &str) -> Result<Hole, WebError> {
    text.parse::<u32>()
        .ok()
        .and_then(|n| layout.hole(n))
        .ok_or_else(|| {
            WebError::bad(format!(
                "{what}: expected a hole 1 to {}, found `{text}`",
                layout.holes()
            ))
        })
}

fn parse_jump(layout: &Layout, text: &str) -> Option<Jump> {
    let (from, to) = text.split_once('-')?;
    let from = layout.hole(from.parse().ok()?)?;
    let to = layout.hole(to.parse().ok()?)?;
    layout
        .jumps()
        .iter()
        .copied()
        .find(|jump| jump.from == from && jump.to == to)
}

/// `/hiq.svg`: the picture alone.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let state = State::parse(&params)?;
    Ok(page::svg(state.picture()))
}

/// `/hiq`: the page.
pub async fn page(Query(params): Query<Params>) -> Result<Response, WebError> {
    let state = State::parse(&params)?;
    let mut note = String::new();
    if let Some(text) = params.click.as_deref() {
        let clicked = hole(state.layout, "click", text)?;
        if state.edit {
            let toggled = Position::from_bits(state.now.bits() ^ clicked.bit());
            return Ok(Redirect::to(&state.from(toggled).url().to_string()).into_response());
        }
        let jump = state
            .layout
            .legal_jumps(state.now)
            .find(|jump| Some(jump.from) == state.selected && jump.to == clicked);
        if let Some(jump) = jump {
            return Ok(Redirect::to(&state.after(&[jump]).url().to_string()).into_response());
        }
        if state.now.contains(clicked) {
            if state
                .layout
                .legal_jumps(state.now)
                .any(|j| j.from == clicked)
            {
                let picked = State {
                    selected: (state.selected != Some(clicked)).then_some(clicked),
                    ..state.clone()
                };
                return Ok(Redirect::to(&picked.url().to_string()).into_response());
            }
            note = format!("The peg in hole {clicked} has no jump.");
        } else {
            note = match state.selected {
                None => format!("Hole {clicked} is empty: pick a peg first."),
                Some(from) => format!("The peg in hole {from} cannot jump to hole {clicked}."),
            };
        }
    }
    let mut panel = String::new();
    panel += &page::note(&note);
    panel += &status(&state);
    panel += &actions(&state);
    if flag(params.solve.as_deref()) {
        panel += &solve(&state).await?;
    }
    if let Some(text) = params.finish.as_deref().filter(|s| !s.is_empty()) {
        let goal = hole(state.layout, "finish", text)?;
        panel += &finish(&state, goal).await?;
    }
    panel += &contest(&state, params.contest.as_deref())?;
    let body = page::game(&state.picture(), &state.url().click(), &panel);
    Ok(page::html(page::page("/hiq", "Hi-Q", &body)))
}

/// The position in words.
fn status(state: &State) -> String {
    let pegs = state.now.count();
    let moves = state.layout.legal_jumps(state.now).count();
    let mut text = format!(
        "<p id=\"status\">{} board: <b id=\"pegs\">{pegs}</b> peg{} after {} jump{}; {}.</p>\n",
        if state.european {
            "European 37-hole"
        } else {
            "English 33-hole"
        },
        if pegs == 1 { "" } else { "s" },
        state.jumps.len(),
        if state.jumps.len() == 1 { "" } else { "s" },
        match moves {
            0 => "no jump is left".to_string(),
            1 => "1 jump is possible".to_string(),
            n => format!("{n} jumps are possible"),
        }
    );
    let how = if state.edit {
        "Editing: click a hole to put in or take out a peg."
    } else if let Some(hole) = state.selected {
        &format!("Peg {hole} picked: click a ringed hole to jump there, or another peg.")
    } else {
        "Click a peg, then the hole to jump to."
    };
    let _ = writeln!(text, "<p>{how}</p>");
    if let Some(jump) = state.jumps.last() {
        let _ = writeln!(text, "<p id=\"last\">Last jump: {jump}.</p>");
    }
    text
}

/// Links that change the game.
fn actions(state: &State) -> String {
    let mut links = String::new();
    let mut undone = state.clone();
    undone.jumps.pop();
    undone.selected = None;
    let class = if state.jumps.is_empty() {
        "button off"
    } else {
        "button"
    };
    links += &undone.url().link("Undo", class);
    links += &state.from(state.start).url().link("Restart", "button");
    let rule = hiq::contest_jump(state.layout, state.now);
    let class = if rule.is_some() {
        "button"
    } else {
        "button off"
    };
    let step = rule.map_or(Vec::new(), |jump| vec![jump]);
    links += &state
        .after(&step)
        .url()
        .link("Contest rule: one jump", class);
    let game = Game::play(state.layout, state.now);
    links += &state
        .after(&game.jumps)
        .url()
        .link("Contest rule: to the end", class);
    links += &state
        .url()
        .with("solve", 1)
        .link("Solve from here", "button");
    // The picture of the position played, beside the moves, as on the other pages.
    links += &state.url().on("/hiq.svg").link("Picture (SVG)", "button");
    let mut out = page::section("Play", &format!("<p>{links}</p>\n"));
    let mut setup = String::new();
    let other = State {
        european: !state.european,
        layout: if state.european {
            Layout::english()
        } else {
            Layout::european()
        },
        ..state.clone()
    };
    let other = other.from(central(other.layout));
    setup += &other.url().link(
        if state.european {
            "English board"
        } else {
            "European board"
        },
        "button",
    );
    setup += &state
        .from(central(state.layout))
        .url()
        .link("Central game", "button");
    setup += &state
        .from(state.layout.full())
        .url()
        .link("Full board", "button");
    setup += &state
        .from(Position::EMPTY)
        .url()
        .link("Empty board", "button");
    let editing = State {
        edit: !state.edit,
        selected: None,
        ..state.clone()
    };
    setup += &editing.url().link(
        if state.edit {
            "Stop editing"
        } else {
            "Edit pegs"
        },
        "button",
    );
    let _ = writeln!(
        setup,
        "<form method=\"get\" action=\"/hiq\">{}<label>One peg left in hole <input name=\"finish\" size=\"3\" id=\"finish\"></label> <button type=\"submit\">Find</button></form>",
        hidden(&state.url())
    );
    out += &page::section("Set up", &format!("<p>{setup}</p>\n"));
    out
}

/// The state's query as hidden fields of a form.
fn hidden(url: &Url) -> String {
    let text = url.to_string();
    let query = text.split_once('?').map_or("", |(_, q)| q);
    form_urlencoded::parse(query.as_bytes())
        .map(|(key, value)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                page::escape(&key),
                page::escape(&value)
            )
        })
        .collect()
}

/// The fewest pegs that can remain, the jumps that leave them, and why not one if not.
async fn solve(state: &State) -> Result<String, WebError> {
    let (layout, now) = (state.layout, state.now);
    let best = work::run("the solver", move || hiq::fewest_pegs(layout, now)).await?;
    let left = best.end.count();
    let mut text = format!(
        "<p id=\"solution\">From here at best <b>{left}</b> peg{} can remain, after {} jump{}.</p>\n",
        if left == 1 { "" } else { "s" },
        best.jumps.len(),
        if best.jumps.len() == 1 { "" } else { "s" }
    );
    if left > 1 && now.count() > 0 {
        let _ = writeln!(
            text,
            "<p id=\"why\">One peg is impossible: {}.</p>",
            why_not_one(layout, now)
        );
    }
    text += &steps(state, &best.jumps);
    Ok(page::section("Solve from here", &text))
}

/// Why no play leaves one peg from `now` (which the solver has shown).
fn why_not_one(layout: &Layout, now: Position) -> &'static str {
    let classes = (1..=layout.holes() as u32)
        .filter_map(|n| layout.hole(n))
        .any(|hole| hiq::same_class(layout, now, Position::from(hole)));
    if classes {
        "the search tried every play, and none leaves fewer"
    } else {
        "the pegs on the diagonals have the wrong parities for every hole, which no jump changes"
    }
}

/// A way to leave one peg in `goal`, or why there is none.
async fn finish(state: &State, goal: Hole) -> Result<String, WebError> {
    let (layout, now) = (state.layout, state.now);
    let found = work::run("the solver", move || hiq::finish_in(layout, now, goal)).await?;
    let text = match found {
        Ok(solution) => format!(
            "<p id=\"solution\">One peg in hole {goal}: possible, after {} jump{}.</p>\n{}",
            solution.jumps.len(),
            if solution.jumps.len() == 1 { "" } else { "s" },
            steps(state, &solution.jumps)
        ),
        Err(why) => {
            format!("<p id=\"solution\">One peg in hole {goal}: impossible ({why}).</p>\n")
        }
    };
    Ok(page::section("Finish in a hole", &text))
}

/// The jumps of a solution as links, each to the position after it.
fn steps(state: &State, jumps: &[Jump]) -> String {
    if jumps.is_empty() {
        return String::new();
    }
    let mut text = format!(
        "<p>{} {}</p>\n<ol class=\"steps\">\n",
        state
            .after(&jumps[..1])
            .url()
            .link("Play the first jump", "button"),
        state.after(jumps).url().link("Play them all", "button"),
    );
    for (k, jump) in jumps.iter().enumerate() {
        let _ = writeln!(
            text,
            "<li>{}</li>",
            state.after(&jumps[..=k]).url().link(&jump.to_string(), "")
        );
    }
    text + "</ol>\n"
}

/// The contest input box and, for input given, the contest output and the instances.
fn contest(state: &State, input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = String::from(
        "<p>The contest's input (a count, then each instance's pegs ended by 0); it plays every instance by the contest rule.</p>\n",
    );
    text += &page::text_form("/hiq", "contest", "Run the contest program", input, &[]);
    text += &page::sample_link("/hiq", hiq::contest::SAMPLE_INPUT);
    if !input.trim().is_empty() {
        let output = hiq::contest::run(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let starts = hiq::contest::parse(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        text += &page::pre("contest-output", &output);
        let english = State {
            european: false,
            layout: Layout::english(),
            ..state.clone()
        };
        let mut links = String::new();
        for (number, &start) in (1..).zip(starts.iter().take(50)) {
            links += &english
                .from(start)
                .url()
                .link(&format!("Instance {number}"), "button");
        }
        let _ = writeln!(text, "<p>{links}</p>");
    }
    Ok(page::section("Contest", &text))
}

/// The picture of the home page: the central game.
pub fn sample() -> String {
    let layout = Layout::english();
    svg(layout, central(layout), &Marks::default())
}
