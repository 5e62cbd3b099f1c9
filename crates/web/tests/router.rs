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
}

#[tokio::test]
async fn hiq_refuses_malformed_requests() {
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
        "expected a hole 1..33",
    )
    .await;
    refused("/hiq?contest=2+1", StatusCode::BAD_REQUEST, "contest input").await;
    let long = format!("/hiq?contest={}", "1+".repeat(20_000));
    refused(&long, StatusCode::BAD_REQUEST, "longer than").await;
    refused("/hiq?finish=0", StatusCode::BAD_REQUEST, "finish").await;
}
