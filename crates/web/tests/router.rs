//! Every endpoint in memory (no socket): what a request gets, and that malformed requests get
//! a 4xx with a message, never a 5xx.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The status, the `Location` header (if any) and the body of a GET of `uri`.
pub async fn get(uri: &str) -> (StatusCode, String, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let location = response
        .headers()
        .get(header::LOCATION)
        .map(|value| value.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, location, String::from_utf8(body.to_vec()).unwrap())
}

/// Asserts that `uri` is refused with `status` and a page that says `message`.
async fn refused(uri: &str, status: StatusCode, message: &str) {
    let (got, _, body) = get(uri).await;
    assert_eq!(got, status, "{uri}: {body}");
    assert!(body.contains(message), "{uri}: `{message}` not in {body}");
}

#[tokio::test]
async fn home_and_assets() {
    let (status, _, body) = get("/").await;
    assert_eq!(status, StatusCode::OK);
    for game in ["hiq", "hex", "solitaire-chess", "megacheckers", "patolli"] {
        assert!(body.contains(&format!("href=\"/{game}\"")), "{game}");
    }
    assert!(get("/app.js").await.2.contains("data-click"));
    assert!(get("/style.css").await.2.contains("body"));
    refused("/nowhere", StatusCode::NOT_FOUND, "no such page").await;
}

#[tokio::test]
async fn hiq_clicks_pick_a_peg_then_jump() {
    let (status, _, body) = get("/hiq").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<b id=\"pegs\">32</b>"));
    let (status, location, _) = get("/hiq?click=5").await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/hiq?sel=5")
    );
    let (_, location, _) = get("/hiq?sel=5&click=17").await;
    assert_eq!(location, "/hiq?jumps=5-17");
    let (_, _, body) = get("/hiq?jumps=5-17").await;
    assert!(body.contains("<b id=\"pegs\">31</b>"));
    // A click on an empty hole with nothing picked is a note, not a move.
    let (status, location, body) = get("/hiq?click=17").await;
    assert_eq!((status, location.as_str()), (StatusCode::OK, ""));
    assert!(body.contains("Hole 17 is empty"));
    // Editing takes a peg out.
    let (_, location, _) = get("/hiq?edit=1&click=1").await;
    assert!(
        location.contains("start=") && location.contains("edit=1"),
        "{location}"
    );
}

#[tokio::test]
async fn hiq_solver_and_contest() {
    let (_, _, body) = get("/hiq?jumps=5-17&solve=1").await;
    assert!(body.contains("at best <b>1</b> peg can remain"), "{body}");
    // Two pegs side by side on the edge: one jump, one peg.
    let (_, _, body) = get("/hiq?start=3&finish=3").await;
    assert!(body.contains("One peg in hole 3: possible"), "{body}");
    let (_, _, body) = get("/hiq?start=3&finish=1").await;
    assert!(body.contains("One peg in hole 1: impossible"), "{body}");
    let (_, _, body) = get("/hiq?contest=1%0A10+12+17+19+25+0%0A").await;
    assert!(body.contains("HI Q OUTPUT\n51\nEND OF OUTPUT"), "{body}");
    // The sample link runs the contest's sample.
    let sample = body
        .split("href=\"")
        .find(|s| s.contains("The contest&#39;s sample") || s.contains("sample</a>"))
        .unwrap();
    let sample = sample.split('"').next().unwrap().replace("&amp;", "&");
    let (_, _, body) = get(&sample).await;
    assert!(
        body.contains("HI Q OUTPUT\n51\n0\n561\n98\nEND OF OUTPUT"),
        "{body}"
    );
}

#[tokio::test]
async fn hiq_refuses_malformed_requests() {
    // A parameter given twice gets the site's page, naming it, not axum's plain text.
    refused(
        "/hiq?jumps=29-17&jumps=29-17",
        StatusCode::BAD_REQUEST,
        "the query gives `jumps` more than once",
    )
    .await;
    let (_, _, body) = get("/hiq?jumps=29-17&jumps=29-17").await;
    assert!(body.contains("id=\"error\""), "{body}");
    refused(
        "/hiq?board=chinese",
        StatusCode::BAD_REQUEST,
        "expected `english` or `european`",
    )
    .await;
    refused("/hiq?start=xyz", StatusCode::BAD_REQUEST, "hexadecimal").await;
    refused(
        "/hiq?start=ffffffffff",
        StatusCode::BAD_REQUEST,
        "beyond the 33 holes",
    )
    .await;
    refused("/hiq?jumps=1-2", StatusCode::BAD_REQUEST, "jump 1, `1-2`").await;
    refused(
        "/hiq?jumps=5-17.5-17",
        StatusCode::BAD_REQUEST,
        "jump 2, 5-17, is not legal",
    )
    .await;
    refused(
        "/hiq?click=99",
        StatusCode::BAD_REQUEST,
        "expected a hole 1 to 33",
    )
    .await;
    refused("/hiq?contest=2+1", StatusCode::BAD_REQUEST, "contest input").await;
    let long = format!("/hiq?contest={}", "1+".repeat(20_000));
    refused(&long, StatusCode::BAD_REQUEST, "longer than").await;
    refused("/hiq?finish=0", StatusCode::BAD_REQUEST, "finish").await;
}

#[tokio::test]
async fn hex_clicks_place_stones_in_turn_and_the_chain_shows() {
    let (status, _, body) = get("/hex?size=5").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches("data-click=").count(), 25);
    let (status, location, _) = get("/hex?size=5&click=C3").await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/hex?size=5&moves=C3")
    );
    let (_, location, _) = get("/hex?size=5&moves=C3&click=c4").await;
    assert_eq!(location, "/hex?size=5&moves=C3.C4");
    // Black (the contest's O, blue) moves first, as in HexGui; White answers.
    let (_, _, body) = get("/hex?size=5&moves=C3").await;
    assert!(
        body.contains("class=\"cell o\" data-click=\"C3\""),
        "{body}"
    );
    assert!(
        body.contains("<b>White (red, left to right)</b> to play"),
        "{body}"
    );
    // Black joins top and bottom down column A; White's stones stand beside it.
    let (_, _, body) = get("/hex?size=3&moves=A1.B1.A2.B2.A3").await;
    assert!(
        body.contains("Black (blue, top to bottom) has won"),
        "{body}"
    );
    let board = &body[..body.find("</svg>").unwrap()];
    assert_eq!(
        board.matches("stroke=\"#ffc400\"").count(),
        3,
        "A1, A2, A3 ringed"
    );
    // A click on a taken cell is a note.
    let (status, _, body) = get("/hex?size=5&moves=C3&click=C3").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("C3 is taken"), "{body}");
}

#[tokio::test]
async fn hex_analysis_swap_sgf_and_contest() {
    let (_, _, body) = get("/hex?size=5&moves=C3&show=1").await;
    assert!(body.contains("Black needs 4, White needs 5"), "{body}");
    // The swap: Black's C2 becomes White's B3 (reflected in the long diagonal).
    let (_, _, body) = get("/hex?size=5&swap=1&moves=C2").await;
    assert!(body.contains(">Swap</a>"));
    let (_, _, body) = get("/hex?size=5&swap=1&moves=C2.swap").await;
    assert!(
        body.contains("class=\"cell x\" data-click=\"B3\""),
        "{body}"
    );
    assert_eq!(body.matches("class=\"cell o\"").count(), 0, "{body}");
    refused(
        "/hex?size=5&moves=C2.swap",
        StatusCode::BAD_REQUEST,
        "the swap is only",
    )
    .await;
    // SGF as HexGui has it, the page's conventions being HexGui's: the same cells, the same
    // colours, set-up stones as AB/AW.
    let (_, _, sgf) = get("/hex.sgf?size=5&moves=C3.B4").await;
    assert_eq!(sgf, "(;FF[4]GM[11]SZ[5]AP[boardgames]\n;B[c3]\n;W[b4]\n)\n");
    let (status, location, _) = get("/hex?sgf=(;FF[4]GM[11]SZ[5];B[c3];W[b4])").await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/hex?size=5&moves=C3.B4")
    );
    let (_, _, sgf) = get("/hex.sgf?size=5&o=A1.B1&x=E5&moves=D2").await;
    assert_eq!(
        sgf,
        "(;FF[4]GM[11]SZ[5]AP[boardgames]AB[a1][b1]AW[e5]\n;W[d2]\n)\n"
    );
    let (_, location, _) = get("/hex?sgf=(;GM[11]SZ[5]AB[a1][b1]AW[e5];W[d2])").await;
    assert_eq!(location, "/hex?size=5&x=E5&o=A1.B1&moves=D2");
    let (_, _, body) = get("/hex?contest=1%0A5%0A2+2%0AC2+A3%0AC5+C3%0A").await;
    assert!(body.contains("Analyzing 1 data set(s)"), "{body}");
    assert!(body.contains("Number of moves: 3"), "{body}");
    let (_, _, svg) = get("/hex.svg?size=5&moves=C3").await;
    assert!(svg.starts_with("<svg"));
}

#[tokio::test]
async fn hex_completions_draw_a_dot_for_every_move_each_side_needs() {
    let (_, _, body) = get("/hex?size=7&moves=D4.F2.E3.F3&show=1").await;
    let analysis = &body[body.find("id=\"analysis\"").expect("the analysis")..];
    let needs = |side: &str| -> usize {
        let after = format!("{side} needs ");
        let rest = &analysis[analysis.find(&after).unwrap() + after.len()..];
        rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap()]
            .parse()
            .unwrap()
    };
    assert_eq!((needs("Black"), needs("White")), (5, 6), "{analysis}");
    assert_eq!(body.matches("class=\"hint o\"").count(), needs("Black"));
    assert_eq!(body.matches("class=\"hint x\"").count(), needs("White"));
    // E2 is on both completions: a dot of each colour.
    let e2 = &body[body.find("id=\"cell-E2\"").unwrap()..];
    let e2 = &e2[..e2.find("</g>").unwrap()];
    assert!(
        e2.contains("class=\"hint o\"") && e2.contains("class=\"hint x\""),
        "{e2}"
    );
    // The legend says what the dots and the last move's white dot are.
    let legend = &body[body.find("id=\"legend\"").unwrap()..];
    assert!(legend.contains("the last move"), "{legend}");
    assert!(legend.contains("one dot of each"), "{legend}");
}

#[tokio::test]
async fn hex_against_the_engine() {
    // The human's click and the engine's reply in one request; the URL keeps both.
    let url = "/hex?size=5&engine=white&playouts=300&seed=7";
    let (status, location, _) = get(&format!("{url}&click=C3")).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{location}");
    let prefix = "/hex?size=5&moves=C3.";
    assert!(location.starts_with(prefix), "{location}");
    assert!(
        location.ends_with("&engine=white&playouts=300&seed=7"),
        "{location}"
    );
    // The same seed gives the same reply.
    let (_, again, _) = get(&format!("{url}&click=C3")).await;
    assert_eq!(location, again);
    let (status, _, body) = get(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches("class=\"cell x\"").count(), 1, "{body}");
    assert_eq!(body.matches("class=\"cell o\"").count(), 1, "{body}");
    assert!(body.contains("the engine plays White"), "{body}");
    // The contest's letters, the old spelling, name the same sides.
    let (_, old, _) = get("/hex?size=5&engine=x&playouts=300&seed=7&click=C3").await;
    assert_eq!(old, location);
    // The engine moving first plays at once.
    let (status, location, _) = get("/hex?size=5&engine=black&playouts=300").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.starts_with("/hex?size=5&moves="), "{location}");
    // With the swap rule on, the engine takes a centre stone rather than answer it.
    let (_, location, _) = get("/hex?size=5&swap=1&engine=white&playouts=2000&click=C3").await;
    assert!(location.contains("moves=C3.swap&swap=1"), "{location}");
    let (_, _, body) = get(&location).await;
    assert!(
        body.contains("<b>Black (blue, top to bottom)</b> to play"),
        "{body}"
    );
    // The engine takes a win in one (A3 joins Black's column to the bottom).
    let (_, location, _) = get("/hex?size=3&moves=A1.B1.A2.B2&engine=black&playouts=500").await;
    assert!(location.contains("moves=A1.B1.A2.B2.A3&"), "{location}");
    let (_, _, body) = get(&location).await;
    assert!(
        body.contains("Black (blue, top to bottom), the engine, has won"),
        "{body}"
    );
    // A lost position: the engine resigns.
    let (_, _, body) = get("/hex?size=3&moves=B2.A2.B1.resign&engine=white").await;
    assert!(body.contains("the engine resigns"), "{body}");
    // The engine's values, drawn on the empty cells.
    let (status, _, body) = get("/hex?size=5&moves=C3&values=1&playouts=500").await;
    assert_eq!(status, StatusCode::OK);
    let labels = body.matches("class=\"label\"").count();
    assert!((1..=24).contains(&labels), "{body}");
}

#[tokio::test]
async fn hex_refuses_malformed_requests() {
    refused(
        "/hex?size=5&click=a1&click=a1",
        StatusCode::BAD_REQUEST,
        "the query gives `click` more than once",
    )
    .await;
    refused(
        "/hex.svg?size=5&size=6",
        StatusCode::BAD_REQUEST,
        "the query gives `size` more than once",
    )
    .await;
    refused(
        "/hex?size=5&engine=z",
        StatusCode::BAD_REQUEST,
        "engine: expected `black` or `white` (the side the engine plays), found `z`",
    )
    .await;
    refused(
        "/hex?size=5&engine=black&playouts=0",
        StatusCode::BAD_REQUEST,
        "playouts: expected 1 to 20000",
    )
    .await;
    refused(
        "/hex?size=5&engine=black&playouts=99999",
        StatusCode::BAD_REQUEST,
        "playouts",
    )
    .await;
    refused(
        "/hex?size=5&engine=black&seed=-1",
        StatusCode::BAD_REQUEST,
        "seed",
    )
    .await;
    refused(
        "/hex?size=21&engine=black",
        StatusCode::BAD_REQUEST,
        "size: expected 1 to 19",
    )
    .await;
    refused(
        "/hex?size=0",
        StatusCode::BAD_REQUEST,
        "size: expected 1 to 19",
    )
    .await;
    refused(
        "/hex?size=99",
        StatusCode::BAD_REQUEST,
        "size: expected 1 to 19",
    )
    .await;
    refused(
        "/hex?size=5&moves=F1",
        StatusCode::BAD_REQUEST,
        "`F1` is not a cell",
    )
    .await;
    refused(
        "/hex?size=5&moves=A1.A1",
        StatusCode::BAD_REQUEST,
        "A1 is taken",
    )
    .await;
    refused(
        "/hex?size=3&moves=A1.B1.A2.B2.A3.C1",
        StatusCode::BAD_REQUEST,
        "the game is over",
    )
    .await;
    refused(
        "/hex?sgf=(;SZ[5]AB[c3];W[c3])",
        StatusCode::BAD_REQUEST,
        "sgf: 1:15: c3 is occupied",
    )
    .await;
    refused(
        "/hex?size=5&moves=C3.D4&turns=o",
        StatusCode::BAD_REQUEST,
        "turns: expected one letter for each of the 2 moves, found 1",
    )
    .await;
    refused(
        "/hex?size=5&moves=C3&turns=b",
        StatusCode::BAD_REQUEST,
        "expected a letter o (Black) or x (White)",
    )
    .await;
    refused(
        "/hex?sgf=(;SZ[5];B[c3",
        StatusCode::BAD_REQUEST,
        "1:13: expected `]` to close a property value",
    )
    .await;
    refused("/hex?sgf=(;GM[1])", StatusCode::BAD_REQUEST, "not Hex").await;
    refused(
        "/hex?contest=1%0A5%0A1+0%0AZ9",
        StatusCode::BAD_REQUEST,
        "contest input",
    )
    .await;
    refused(
        "/hex.sgf?size=21",
        StatusCode::BAD_REQUEST,
        "size: expected 1 to 19",
    )
    .await;
    refused(
        "/hex.sgf?x=Q1",
        StatusCode::BAD_REQUEST,
        "`Q1` is not a cell",
    )
    .await;
}

#[tokio::test]
async fn solitaire_chess_removals_by_clicking_reveal_and_score() {
    let (status, _, body) = get("/solitaire-chess?group=1&seed=1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches("data-click=").count(), 36);
    let (status, location, _) = get("/solitaire-chess?group=1&seed=1&click=1-1").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/solitaire-chess?group=1&seed=1&moves=1-1");
    // Knights only: 1-1 then 2-3 is a run of two (2 removals + 4).
    let (_, _, body) = get("/solitaire-chess?group=1&seed=1&moves=1-1.2-3").await;
    assert!(body.contains("<b id=\"total\">6</b>"), "{body}");
    assert!(
        body.contains("class=\"square silver last\" data-click=\"2-3\""),
        "{body}"
    );
    // Not a knight's move from 2-3: a note, no move.
    let (status, _, body) = get("/solitaire-chess?group=1&seed=1&moves=1-1&click=1-2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("does not reach"), "{body}");
    let (_, location, _) = get("/solitaire-chess?case=g4-1").await;
    assert_eq!(location, "/solitaire-chess?group=4&seed=6");
    let (_, location, _) = get("/solitaire-chess?random=1&group=5").await;
    assert!(
        location.starts_with("/solitaire-chess?group=5&seed="),
        "{location}"
    );
}

/// The page names an officer as the command line does, the contest's word in brackets.
#[tokio::test]
async fn solitaire_chess_names_pieces_with_the_contests_words() {
    // Official case g4-1: a queen on 1 1, a rook under it.
    let (_, _, body) = get("/solitaire-chess?group=4&seed=6&moves=1-1").await;
    assert!(
        body.contains(
            "Removed \u{265b} queen (dam) from row 1, column 1; revealed \u{265c} rook (torn)."
        ),
        "{body}"
    );
    assert!(
        body.contains("\u{265c} rook (torn), \u{265d} bishop (lopare), \u{265b} queen (dam), \u{265e} knight (springare)."),
        "{body}"
    );
    let (_, _, body) = get("/solitaire-chess?group=1&seed=1&moves=1-1&click=1-2").await;
    assert!(body.contains("a knight (springare) removed from"), "{body}");
}

#[tokio::test]
async fn solitaire_chess_hint_watch_and_contest() {
    let (_, _, body) = get("/solitaire-chess?group=4&seed=6&hint=1").await;
    assert!(
        body.contains("The built-in player would take row"),
        "{body}"
    );
    assert_eq!(body.matches(" hint\"").count(), 1, "one square ringed");
    let (_, _, body) = get("/solitaire-chess?group=4&seed=6&watch=1").await;
    assert!(body.contains("http-equiv=\"refresh\""), "{body}");
    assert!(
        body.contains("watch=1&amp;moves=") || body.contains("moves="),
        "{body}"
    );
    let board = "dam lopare torn lopare lopare lopare\nlopare dam dam dam dam lopare\nlopare lopare torn lopare dam lopare\ndam dam dam dam lopare torn\ndam dam lopare lopare torn dam\ntorn dam dam lopare dam torn\n";
    let query: String = form_urlencoded(board);
    let (_, _, body) = get(&format!("/solitaire-chess?contest={query}")).await;
    assert!(body.contains("<pre id=\"contest-output\">"), "{body}");
}

#[tokio::test]
async fn solitaire_chess_refuses_malformed_requests() {
    refused(
        "/solitaire-chess?group=1&group=2",
        StatusCode::BAD_REQUEST,
        "the query gives `group` more than once",
    )
    .await;
    refused(
        "/solitaire-chess?group=7",
        StatusCode::BAD_REQUEST,
        "group: expected 1 to 6",
    )
    .await;
    refused("/solitaire-chess?seed=-1", StatusCode::BAD_REQUEST, "seed").await;
    // A whole number too large for a seed is told the range, not that it is no number.
    refused(
        "/solitaire-chess?seed=99999999999999999999999",
        StatusCode::BAD_REQUEST,
        "seed: expected a number 0 to 2^64, found `99999999999999999999999`",
    )
    .await;
    refused(
        "/solitaire-chess?moves=0-1",
        StatusCode::BAD_REQUEST,
        "ROW-COL",
    )
    .await;
    refused(
        "/solitaire-chess?group=1&moves=1-1.1-2",
        StatusCode::BAD_REQUEST,
        "move 2, 1-2",
    )
    .await;
    refused(
        "/solitaire-chess?case=g9",
        StatusCode::BAD_REQUEST,
        "no official case",
    )
    .await;
    refused(
        "/solitaire-chess?contest=dam+king",
        StatusCode::BAD_REQUEST,
        "1:5: expected a piece (1, 2, 3, 4, torn, lopare, dam or springare) for square 1 2, found &quot;king&quot;",
    )
    .await;
    refused(
        "/solitaire-chess?contest=dam",
        StatusCode::BAD_REQUEST,
        "for square 1 2",
    )
    .await;
}

/// `text` encoded for a query.
fn form_urlencoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            b' ' => "+".into(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn megacheckers_edits_by_clicking_and_draws_the_best_capture() {
    // The contest's second sample: 5 x 3, one capture of two, 1x5x7.
    let (status, _, body) = get("/megacheckers?rows=5&cols=3&homes=10210200").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("<b id=\"taken\">2</b> pieces: 1x5x7"),
        "{body}"
    );
    assert_eq!(body.matches("class=\"home theirs taken\"").count(), 2);
    // Clicks cycle a home: empty, yours, theirs, empty.
    let (status, location, _) = get("/megacheckers?rows=5&cols=3&homes=10210200&click=2").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/megacheckers?rows=5&cols=3&homes=112102");
    let (_, location, _) = get("/megacheckers?rows=5&cols=3&homes=10210200&click=1").await;
    assert_eq!(location, "/megacheckers?rows=5&cols=3&homes=202102");
    let (_, location, _) = get("/megacheckers?rows=5&cols=3&homes=10210200&click=3").await;
    assert_eq!(location, "/megacheckers?rows=5&cols=3&homes=100102");
    let (_, _, body) = get("/megacheckers?rows=3&cols=3").await;
    assert!(body.contains("none of your pieces can capture"), "{body}");
    let (_, _, body) =
        get("/megacheckers?contest=3+3%0A2+1+2+0+1%0A5+3%0A1+0+2+1+0+2+0+0%0A0+0%0A").await;
    assert!(
        body.contains("<pre id=\"contest-output\">1\n2\n</pre>"),
        "{body}"
    );
    let (_, _, svg) = get("/megacheckers.svg?rows=5&cols=3&homes=10210200").await;
    assert!(svg.contains("polyline"));
}

#[tokio::test]
async fn megacheckers_refuses_malformed_requests() {
    refused(
        "/megacheckers?rows=5&rows=6",
        StatusCode::BAD_REQUEST,
        "the query gives `rows` more than once",
    )
    .await;
    refused(
        "/megacheckers?rows=2&cols=5",
        StatusCode::BAD_REQUEST,
        "rows: expected 3 to 20",
    )
    .await;
    refused(
        "/megacheckers?rows=20&cols=20",
        StatusCode::BAD_REQUEST,
        "more than 200 squares",
    )
    .await;
    refused(
        "/megacheckers?rows=3&cols=3&homes=0123",
        StatusCode::BAD_REQUEST,
        "home 4 is `3`",
    )
    .await;
    refused(
        "/megacheckers?rows=3&cols=3&homes=000000",
        StatusCode::BAD_REQUEST,
        "6 given, the board has 5",
    )
    .await;
    refused(
        "/megacheckers?rows=3&cols=3&click=6",
        StatusCode::BAD_REQUEST,
        "expected a home 1 to 5",
    )
    .await;
    refused(
        "/megacheckers?contest=3+3%0A2+1",
        StatusCode::BAD_REQUEST,
        "contest input",
    )
    .await;
}

#[tokio::test]
async fn patolli_plays_a_line_roll_by_roll_naming_the_rules() {
    let (status, _, body) = get("/patolli").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches("data-click=").count(), 52);
    assert!(body.contains("id=\"marker-1\""));
    // Before the first roll the page counts the rolls to come, in sentences that start with
    // a capital, and says what the yellow ends of the track are.
    assert!(
        body.contains("Intermediate division: 6 rolls, none played yet."),
        "{body}"
    );
    assert!(!body.contains("roll <b id=\"turn\">0</b>"), "{body}");
    assert!(body.contains("<p>The player (red): 1 8 12</p>"), "{body}");
    assert!(body.contains("Yellow: the ends of the track"), "{body}");
    // A click on the board plays the next roll.
    let (status, location, _) = get("/patolli?click=7").await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/patolli?turn=1")
    );
    let (_, _, body) = get("/patolli?turn=1").await;
    assert!(
        body.contains(
            "roll 6: 1 -&gt; 7, prime: slides forward, blocked before 8, stays on 7 (rule 7)"
        ),
        "{body}"
    );
    assert!(body.contains("id=\"marker-7\"") && !body.contains("id=\"marker-1\""));
    assert!(
        body.contains("<p class=\"note\" id=\"last\">The player (red): roll 6"),
        "{body}"
    );
    let (_, _, body) = get("/patolli?turn=6").await;
    assert!(body.contains("Contest output: <b>13 15 18</b>"), "{body}");
    let (_, _, body) = get("/patolli?division=senior&turn=10").await;
    assert!(body.contains("Contest output: <b>145 135</b>"), "{body}");
    let (_, _, body) = get("/patolli?division=junior&contest=4+14+24+1+3+6+6+3%0A").await;
    assert!(body.contains("<pre id=\"contest-output\">"), "{body}");
    let (_, _, body) = get("/patolli?contest=4+14+24+1+8+12+6+6+3+5+1+5+6%0A").await;
    assert!(
        body.contains("<pre id=\"contest-output\">13 15 18\n</pre>"),
        "{body}"
    );
    assert!(
        body.contains("roll 6: 1 -&gt; 7, prime"),
        "the trace: {body}"
    );
    let (_, _, svg) = get("/patolli.svg?turn=1").await;
    assert!(svg.contains("last-move"));
}

#[tokio::test]
async fn patolli_refuses_malformed_requests() {
    refused(
        "/patolli?turn=1&turn=2",
        StatusCode::BAD_REQUEST,
        "the query gives `turn` more than once",
    )
    .await;
    refused(
        "/patolli?division=expert",
        StatusCode::BAD_REQUEST,
        "expected junior, intermediate or senior",
    )
    .await;
    refused(
        "/patolli?turn=7",
        StatusCode::BAD_REQUEST,
        "turn: expected 0 to 6",
    )
    .await;
    refused(
        "/patolli?line=4+14+24+1+8+12+2+7+1",
        StatusCode::BAD_REQUEST,
        "line:",
    )
    .await;
    refused("/patolli?line=4+14", StatusCode::BAD_REQUEST, "line:").await;
    refused(
        "/patolli?contest=1+2+3",
        StatusCode::BAD_REQUEST,
        "contest input",
    )
    .await;
}

/// The engine's first move in `location`, a redirect after the engine moved first.
fn first_move(location: &str) -> &str {
    let moves = location.split("moves=").nth(1).expect("the engine moved");
    moves.split(['.', '&']).next().unwrap()
}

#[tokio::test]
async fn the_page_plays_the_gtp_engines_book_and_endgame_solver() {
    // The opening book's first move on 9x9, as `hex gtp`'s `genmove b` plays it.
    let (status, location, _) = get("/hex?size=9&engine=black").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(first_move(&location), "E5", "{location}");
    // With one playout a move the search alone plays almost at random; the endgame solver
    // finds a winning first move on 5x5 whatever the seed.
    for seed in 1..=6 {
        let (_, location, _) =
            get(&format!("/hex?size=5&engine=black&playouts=1&seed={seed}")).await;
        let cell = hex::Cell::parse(first_move(&location), 5).expect("a cell");
        let mut position = hex::Position::new(5, 5, hex::Color::White);
        position.place(hex::Color::Black, cell);
        let solved = hex::solver::Solver::new(hex::solver::Limits::default()).solve(&position);
        let Ok(hex::solver::Outcome::Proven(proof)) = solved else {
            panic!("5x5 is small")
        };
        assert_eq!(proof.winner, hex::Color::Black, "seed {seed}: {cell} loses");
    }
}

/// A parameter a page does not take (a misspelling, most likely) is refused and named, on
/// every page, rather than ignored.
#[tokio::test]
async fn a_parameter_no_page_takes_is_named() {
    refused(
        "/hiq?pegs=zzz",
        StatusCode::BAD_REQUEST,
        "the query has no parameter `pegs` (misspelt?); this page takes `board`",
    )
    .await;
    refused(
        "/hiq?%%%",
        StatusCode::BAD_REQUEST,
        "the query has no parameter `%%%`",
    )
    .await;
    for page in [
        "/hex",
        "/hex.svg",
        "/solitaire-chess",
        "/megacheckers",
        "/patolli",
    ] {
        refused(
            &format!("{page}?sizee=5"),
            StatusCode::BAD_REQUEST,
            "no parameter `sizee`",
        )
        .await;
    }
}

/// A refusal quotes a long value as an excerpt: the page stays short.
#[tokio::test]
async fn a_refusal_quotes_an_excerpt_of_a_long_value() {
    let moves = "Z".repeat(60_000);
    let (status, _, body) = get(&format!("/hex?size=5&moves={moves}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.len() < 4000, "a page of {} bytes", body.len());
    assert!(
        body.contains(&format!("`{}...` (60000 characters in all)", &moves[..60])),
        "{body}"
    );
}

/// Hi-Q's picture link is with the moves, as on the other pages, not among the set-ups.
#[tokio::test]
async fn hiq_picture_link_is_with_the_moves() {
    let (_, _, body) = get("/hiq").await;
    let play = body.find("<h2>Play</h2>").unwrap();
    let setup = body.find("<h2>Set up</h2>").unwrap();
    let picture = body.find("Picture (SVG)").unwrap();
    assert!(play < picture && picture < setup, "{body}");
}

/// The page takes the records GTP's `loadsgf` takes, and makes of them the same game: set-up
/// stones that leave White to move, moves that do not take turns, a swap.
#[tokio::test]
async fn hex_loads_every_record_that_gtp_loads_as_the_same_game() {
    let records = [
        "(;FF[4]GM[11]SZ[5];B[c3];W[b4])",
        "(;GM[11]SZ[5]AB[a1][b1]AW[e5];W[d2];B[c3])",
        "(;GM[11]SZ[5];W[c3])",
        "(;GM[11]SZ[6];B[a1];B[b2];W[c3];W[d4];B[e5])",
        "(;GM[11]SZ[4];B[b1];W[swap-pieces];B[c3])",
        "(;GM[11]SZ[7]AB[d4][e4][f4]AW[a1];W[b2])",
    ];
    let folder = std::env::temp_dir().join(format!("web-loadsgf-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    for (i, text) in records.iter().enumerate() {
        let path = folder.join(format!("{i}.sgf"));
        std::fs::write(&path, text).unwrap();
        let mut engine = hex::gtp::Engine::new(hex::player::Player::default());
        let (_, command) = hex::gtp::parse(&format!("loadsgf {}", path.display()));
        let command = command.unwrap();
        engine.execute(command).unwrap();
        let by_gtp = hex::sgf::Record::of(engine.game()).to_string();

        let (status, location, body) = get(&format!("/hex?sgf={}", form_urlencoded(text))).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{text}: {body}");
        let picture = location.replacen("/hex?", "/hex.sgf?", 1);
        let (status, _, by_page) = get(&picture).await;
        assert_eq!(status, StatusCode::OK, "{text} at {location}: {by_page}");
        assert_eq!(by_page, by_gtp, "{text} at {location}");
        // The side to move is the game's: the page offers the move GTP would expect.
        let (_, _, page) = get(&location).await;
        let to_move = engine.game().to_move();
        let name = if to_move == hex::Color::Black {
            "Black"
        } else {
            "White"
        };
        assert!(page.contains(&format!("<b>{name} (")), "{text}: {page}");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
