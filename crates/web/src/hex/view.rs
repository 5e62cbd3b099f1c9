//! The panel beside the board: the status, the moves on offer, the legend, a new game and
//! the contest's analyser.

use std::fmt::Write as _;

use hex::game::{Cell, Color, MAX_BOARD, Move};
use hex::svg::colour;
use hex::{Analysis, Verdict};

use super::state::{ENGINE_TIME, Game, MAX_PLAYOUTS, VALUE_VISITS, side_name};
use crate::WebError;
use crate::page;

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (blue, top to bottom)",
        Color::White => "White (red, left to right)",
    }
}

pub(super) fn status(game: &Game) -> String {
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

pub(super) fn play(game: &Game) -> String {
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
pub(super) fn legend() -> String {
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
pub(super) fn new_game(game: &Game) -> String {
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
pub(super) fn contest(input: Option<&str>) -> Result<String, WebError> {
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
