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
//!
//! The module is split by role: [`state`] holds the game on the page (read from the query,
//! written back as a URL, the engine's moves) and [`view`] draws the panel around the board.

mod state;
mod view;

use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use hex::game::{Cell, Move};
use hex::sgf;
use serde::Deserialize;

use crate::page;
use crate::query::{Query, flag};
use crate::{LIMITS, WebError, work};
use state::{Game, not_a_cell, parse_sgf, reply, why};

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
    panel += &view::status(&game);
    panel += &view::play(&game);
    panel += &view::legend();
    panel += &view::new_game(&game);
    panel += &view::contest(params.contest.as_deref())?;
    let body = page::game(&game.picture(&marks), &game.url().click(), &panel);
    Ok(page::html(page::page("/hex", "Hex", &body)))
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
