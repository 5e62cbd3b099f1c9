//! `/`: the five games, each with a picture.

use std::fmt::Write as _;

use axum::response::Response;

use crate::page::{self, GAMES};

/// What each game's card says.
const BLURBS: [&str; 5] = [
    "Peg solitaire on the 33-hole cross or the 37-hole European board: jump, undo, play the contest rule, ask the solver.",
    "Two players join their sides of a rhombus of hexagons: play, analyse the shortest completions, save and load SGF.",
    "Remove pieces from a 6 x 6 board of three colour layers for runs and sets, on an official or random deal; hints and a player to watch.",
    "Edit a board of any size the contest allows and see its longest capture drawn, with the pieces it takes.",
    "The ACSL race on a cross-shaped track: markers move roll by roll, each rule that fires named.",
];

/// The home page's pictures as `(file name, SVG)`.
pub fn pictures() -> Vec<(&'static str, String)> {
    vec![
        ("hiq.svg", crate::hiq::sample()),
        ("hex.svg", crate::hex::sample()),
        ("solitaire-chess.svg", crate::solitaire::sample()),
        ("megacheckers.svg", crate::megacheckers::sample()),
        ("patolli.svg", crate::patolli::picture_sample()),
    ]
}

/// `/`: the games.
pub async fn page() -> Response {
    let pictures = pictures();
    let mut body = String::from(
        "<p>Five board games from programming contests, drawn from the same crates that run the contest programs. Pick one.</p>\n<div class=\"cards\">\n",
    );
    for (k, ((href, name), blurb)) in GAMES.iter().zip(BLURBS).enumerate() {
        let picture = pictures.get(k).map_or("", |(_, svg)| svg.as_str());
        let _ = writeln!(
            body,
            "<a class=\"card\" href=\"{href}\" id=\"card-{}\">{picture}<h2>{name}</h2><p>{blurb}</p></a>",
            &href[1..]
        );
    }
    body += "</div>\n";
    page::html(page::page("/", "Board games", &body))
}
