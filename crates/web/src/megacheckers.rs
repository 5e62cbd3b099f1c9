//! `/megacheckers`: a board edited by clicking, and its longest capture drawn.
//!
//! Query: `rows` and `cols` (each 3..20, at most 200 squares), `homes` (each home's content
//! in number order, `0` empty, `1` yours, `2` theirs), `click` (a home clicked: empty, then
//! yours, then theirs), `contest` (contest input to run).

use std::fmt::Write as _;

use crate::query::Query;
use axum::response::{IntoResponse, Redirect, Response};
use megacheckers::svg::svg;
use megacheckers::{Best, Board, Content, MAX_SIDE, MAX_SQUARES, MIN_SIDE, Shape};
use serde::Deserialize;

use crate::page::{self, Url};
use crate::{WebError, work};

/// The query of `/megacheckers`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    rows: Option<String>,
    cols: Option<String>,
    homes: Option<String>,
    click: Option<String>,
    contest: Option<String>,
}

/// The board the page opens with: the contest's third sample.
const START: (u32, u32, &str) = (8, 8, "22220000222200002222000022220100");

fn side(what: &str, text: Option<&str>, default: u32) -> Result<u32, WebError> {
    match text.filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
            .ok_or_else(|| {
                WebError::bad(format!(
                    "{what}: expected {MIN_SIDE} to {MAX_SIDE}, found `{text}`"
                ))
            }),
    }
}

fn digit(content: Content) -> char {
    match content {
        Content::Empty => '0',
        Content::Mine => '1',
        Content::Theirs => '2',
    }
}

fn parse(params: &Params) -> Result<Board, WebError> {
    let given = params.rows.is_some() || params.cols.is_some();
    let rows = side(
        "rows",
        params.rows.as_deref(),
        if given { 8 } else { START.0 },
    )?;
    let cols = side(
        "cols",
        params.cols.as_deref(),
        if given { 8 } else { START.1 },
    )?;
    let shape = Shape::new(rows, cols).ok_or_else(|| {
        WebError::bad(format!(
            "a board of {rows} x {cols} has more than {MAX_SQUARES} squares"
        ))
    })?;
    let homes = match params.homes.as_deref() {
        Some(text) => text,
        None if !given => START.2,
        None => "",
    };
    if homes.len() > shape.homes() {
        return Err(WebError::bad(format!(
            "homes: {} given, the board has {}",
            homes.len(),
            shape.homes()
        )));
    }
    let mut contents = Vec::with_capacity(shape.homes());
    for (at, c) in homes.chars().enumerate() {
        let content = c
            .to_digit(10)
            .and_then(Content::from_digit)
            .ok_or_else(|| {
                WebError::bad(format!(
                    "homes: home {} is `{c}`, expected 0 (empty), 1 (yours) or 2 (theirs)",
                    at + 1
                ))
            })?;
        contents.push(content);
    }
    contents.resize(shape.homes(), Content::Empty);
    Ok(Board::from_contents(shape, contents))
}

fn url(board: &Board) -> Url {
    let shape = board.shape();
    let homes: String = board.contents().map(digit).collect();
    Url::new("/megacheckers")
        .with("rows", shape.rows())
        .with("cols", shape.cols())
        .with("homes", homes.trim_end_matches('0').to_string())
}

async fn best(board: Board) -> Result<Best, WebError> {
    work::run("the capture search", move || megacheckers::solve(&board)).await
}

/// `/megacheckers.svg`: the picture alone, with the best capture.
pub async fn picture(Query(params): Query<Params>) -> Result<Response, WebError> {
    let board = parse(&params)?;
    let best = best(board).await?;
    Ok(page::svg(svg(&board, best.capture.as_ref())))
}

/// `/megacheckers`: the page.
pub async fn page(Query(params): Query<Params>) -> Result<Response, WebError> {
    let board = parse(&params)?;
    if let Some(text) = params.click.as_deref() {
        let home = text
            .parse::<u32>()
            .ok()
            .and_then(|n| board.shape().home(n))
            .ok_or_else(|| {
                WebError::bad(format!(
                    "click: expected a home 1 to {}, found `{text}`",
                    board.shape().homes()
                ))
            })?;
        let next = match board.content(home) {
            Content::Empty => Content::Mine,
            Content::Mine => Content::Theirs,
            Content::Theirs => Content::Empty,
        };
        let edited = board.with(home, next);
        return Ok(Redirect::to(&url(&edited).to_string()).into_response());
    }
    let found = best(board).await?;
    let mut panel = format!(
        "<p id=\"status\">{} x {} board, {} homes: {} of yours (light), {} of theirs (dark). Click a home to change it: empty, yours, theirs.</p>\n",
        board.shape().rows(),
        board.shape().cols(),
        board.shape().homes(),
        board.mine().len(),
        board.theirs().len(),
    );
    let _ = writeln!(
        panel,
        "<p id=\"best\">The longest capture takes <b id=\"taken\">{}</b> piece{}{}</p>",
        found.taken,
        if found.taken == 1 { "" } else { "s" },
        match &found.capture {
            Some(capture) => format!(": {capture} (drawn in blue, the pieces taken crossed out)."),
            None => ": none of your pieces can capture.".into(),
        }
    );
    panel += &actions(&board);
    panel += &contest(params.contest.as_deref()).await?;
    let body = page::game(
        &svg(&board, found.capture.as_ref()),
        &url(&board).click(),
        &panel,
    );
    Ok(page::html(page::page(
        "/megacheckers",
        "MegaCheckers",
        &body,
    )))
}

fn actions(board: &Board) -> String {
    let shape = board.shape();
    let mut links = String::new();
    links += &url(&Board::empty(shape)).link("Clear", "button");
    links += &url(&Board::crowded(shape)).link("Crowded", "button");
    links += &url(board)
        .on("/megacheckers.svg")
        .link("Picture (SVG)", "button");
    let _ = writeln!(
        links,
        "<form method=\"get\" action=\"/megacheckers\"><label>New board: rows <input name=\"rows\" size=\"3\" value=\"{}\"></label> <label>columns <input name=\"cols\" size=\"3\" value=\"{}\"></label> <button type=\"submit\">Empty board</button></form>",
        shape.rows(),
        shape.cols()
    );
    page::section("Edit", &format!("<p>{links}</p>\n"))
}

/// The contest input box and, for input given, the contest output and links to the boards.
async fn contest(input: Option<&str>) -> Result<String, WebError> {
    let input = page::contest_input(input)?;
    let mut text = String::from(
        "<p>The contest's input (boards as rows, columns and the homes' contents, ended by 0 0); it prints the most pieces one capture takes.</p>\n",
    );
    text += &page::text_form(
        "/megacheckers",
        "contest",
        "Run the contest program",
        input,
        &[],
    );
    if !input.trim().is_empty() {
        let boards = megacheckers::contest::parse(input)
            .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        let links: String = (1..)
            .zip(boards.iter().take(50))
            .map(|(number, board)| url(board).link(&format!("Board {number}"), "button"))
            .collect();
        let owned = input.to_string();
        let output = work::run("the capture search", move || {
            megacheckers::contest::run(&owned)
        })
        .await?
        .map_err(|err| WebError::bad(format!("contest input: {err}")))?;
        text += &page::pre("contest-output", &output);
        let _ = writeln!(text, "<p>{links}</p>");
    }
    Ok(page::section("Contest", &text))
}

/// The picture of the home page: the contest's third sample with its best capture.
pub fn sample() -> String {
    let board = parse(&Params::default())
        .unwrap_or_else(|_| Board::empty(Shape::new(8, 8).expect("8 x 8 is allowed")));
    let best = megacheckers::solve(&board);
    svg(&board, best.capture.as_ref())
}
