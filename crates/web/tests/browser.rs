//! Each page in a real browser (headless Chromium through chromedriver): load it, play by
//! clicking, check what the page then shows, and save a screenshot.

mod common;

use common::{click, element, screenshot, text, wait_for, wait_for_url, with_browser};

#[test]
fn home_page_links_every_game() {
    with_browser(async |client, site| {
        client.goto(&format!("{site}/")).await.unwrap();
        for game in ["hiq", "hex", "solitaire-chess", "megacheckers", "patolli"] {
            element(client, &format!("#card-{game} svg")).await;
        }
        screenshot(client, "home").await;
        click(client, "#card-hiq", "#board").await;
        wait_for_url(client, "/hiq").await;
    });
}

#[test]
fn hiq_jump_by_clicking_then_undo_and_solve() {
    with_browser(async |client, site| {
        client.goto(&format!("{site}/hiq")).await.unwrap();
        assert_eq!(text(client, "#pegs").await, "32");
        // Hole 5 jumps over 10 into the centre, 17.
        click(client, "#hole-5", "#hole-5.selected").await;
        assert!(
            element(client, "#hole-17")
                .await
                .attr("class")
                .await
                .unwrap()
                .unwrap()
                .contains("target"),
            "the centre is a target of the peg in hole 5"
        );
        click(client, "#hole-17", "#last").await;
        assert_eq!(text(client, "#pegs").await, "31");
        let last = text(client, "#last").await;
        assert!(
            last.starts_with("Last jump: 5") && last.ends_with("17."),
            "{last}"
        );
        let classes = |hole: u32| async move {
            element(client, &format!("#hole-{hole}"))
                .await
                .attr("class")
                .await
                .unwrap()
                .unwrap()
        };
        assert!(classes(5).await.contains("empty"));
        assert!(classes(10).await.contains("empty"));
        assert!(classes(17).await.contains("peg"));
        wait_for_url(client, "jumps=5-17").await;
        screenshot(client, "hiq").await;
        click(client, "a.button:first-child", "#status").await;
        assert_eq!(text(client, "#pegs").await, "32");
        client
            .goto(&format!("{site}/hiq?jumps=5-17&solve=1"))
            .await
            .unwrap();
        let solution = text(client, "#solution").await;
        assert!(solution.contains("at best 1 peg"), "{solution}");
        screenshot(client, "hiq-solved").await;
        wait_for(client, "ol.steps li").await;
        // The contest program, typed into its box.
        element(client, "textarea[name=contest]")
            .await
            .send_keys("1\n10 12 17 19 25 0\n")
            .await
            .unwrap();
        click(client, "#contest-submit", "#contest-output").await;
        assert_eq!(
            text(client, "#contest-output").await,
            "HI Q OUTPUT\n51\nEND OF OUTPUT"
        );
    });
}

#[test]
fn hex_stones_placed_by_clicking_in_turn() {
    with_browser(async |client, site| {
        client.goto(&format!("{site}/hex?size=7")).await.unwrap();
        // Black (blue, top to bottom) moves first, as in HexGui.
        assert!(
            text(client, "#status")
                .await
                .contains("Black (blue, top to bottom) to play")
        );
        click(client, "#cell-D4", "#cell-D4.o").await;
        assert!(
            text(client, "#status")
                .await
                .contains("White (red, left to right) to play")
        );
        click(client, "#cell-C5", "#cell-C5.x").await;
        wait_for_url(client, "moves=D4.C5").await;
        // The shortest completions, drawn on request: a dot of each side's colour for each
        // move it needs, as the analysis counts them.
        click(client, "a.button:nth-child(2)", "circle.hint").await;
        let analysis = text(client, "#analysis").await;
        for (side, class) in [("Black", "o"), ("White", "x")] {
            let dots = client
                .find_all(fantoccini::Locator::Css(&format!("circle.hint.{class}")))
                .await
                .unwrap()
                .len();
            assert!(
                analysis.contains(&format!("{side} needs {dots}")),
                "{analysis}: {dots} dots of {side}"
            );
        }
        assert!(text(client, "#legend").await.contains("the last move"));
        // The new game form: the engine's settings only once an engine is chosen.
        let settings = element(client, "#engine-settings").await;
        assert!(!settings.is_displayed().await.unwrap());
        element(client, "#engine-side")
            .await
            .select_by_value("white")
            .await
            .unwrap();
        assert!(settings.is_displayed().await.unwrap());
        element(client, "#playouts").await.clear().await.unwrap();
        element(client, "#playouts")
            .await
            .send_keys("500")
            .await
            .unwrap();
        element(client, "#seed").await.clear().await.unwrap();
        element(client, "#seed").await.send_keys("3").await.unwrap();
        click(client, "#new-game", "#engine").await;
        wait_for_url(client, "engine=white&playouts=500&seed=3").await;
        // Against the engine: a click, and the engine's stone beside it; then its values.
        assert!(
            text(client, "#engine")
                .await
                .contains("the engine plays White")
        );
        assert!(
            element(client, "#engine-settings")
                .await
                .is_displayed()
                .await
                .unwrap()
        );
        click(client, "#cell-D4", "#cell-D4.o").await;
        wait_for(client, "g.cell.x").await;
        wait_for_url(client, "moves=D4.").await;
        for class in ["o", "x"] {
            let stones = client
                .find_all(fantoccini::Locator::Css(&format!("g.cell.{class}")))
                .await
                .unwrap()
                .len();
            assert_eq!(stones, 1, "{class}");
        }
        click(client, "a.button.values", "text.label").await;
        assert!(text(client, "#values-note").await.contains("per cent"));
        screenshot(client, "hex").await;
        // A won game rings the chain: Black down column A.
        client
            .goto(&format!(
                "{site}/hex?size=5&moves=A1.B1.A2.B2.A3.B3.A4.B4.A5"
            ))
            .await
            .unwrap();
        assert!(
            text(client, "#status")
                .await
                .contains("Black (blue, top to bottom) has won")
        );
        screenshot(client, "hex-won").await;
    });
}

#[test]
fn solitaire_chess_removal_reveals_and_scores() {
    with_browser(async |client, site| {
        client
            .goto(&format!("{site}/solitaire-chess?group=6&seed=1"))
            .await
            .unwrap();
        assert_eq!(text(client, "#total").await, "0");
        assert_eq!(
            client
                .find_all(fantoccini::Locator::Css(".legal"))
                .await
                .unwrap()
                .len(),
            36
        );
        click(client, "#sq-3-3", "#last").await;
        let last = text(client, "#last").await;
        assert!(last.contains("from row 3, column 3; revealed"), "{last}");
        assert_eq!(text(client, "#total").await, "1");
        assert!(
            element(client, "#sq-3-3")
                .await
                .attr("class")
                .await
                .unwrap()
                .unwrap()
                .contains("silver")
        );
        // A second removal, on a square the first piece reaches.
        let next = element(client, "g.legal").await;
        let id = next.attr("id").await.unwrap().unwrap();
        next.click().await.unwrap();
        wait_for(client, &format!("#{id}.last")).await;
        let total: u32 = text(client, "#total").await.parse().unwrap();
        assert!(total >= 2, "two removals score at least 2, got {total}");
        screenshot(client, "solitaire-chess").await;
        // The built-in player, watched: the page moves on by itself.
        client
            .goto(&format!("{site}/solitaire-chess?group=4&seed=6&watch=1"))
            .await
            .unwrap();
        wait_for_url(client, "moves=").await;
        wait_for(client, "#last").await;
        screenshot(client, "solitaire-chess-watch").await;
    });
}

#[test]
fn megacheckers_edit_by_clicking_shows_the_capture() {
    with_browser(async |client, site| {
        client
            .goto(&format!("{site}/megacheckers?rows=5&cols=3&homes=10210200"))
            .await
            .unwrap();
        assert_eq!(text(client, "#taken").await, "2");
        element(client, "polyline.capture").await;
        assert!(text(client, "#best").await.contains("1x5x7"));
        // Home 2 becomes yours: its piece joins in, the best stays two.
        click(client, "#home-2", "#home-2.mine").await;
        assert_eq!(text(client, "#taken").await, "2");
        // Home 3 (theirs, taken first) becomes empty: the capture shrinks to one.
        click(client, "#home-3", "#home-3.empty").await;
        let taken = text(client, "#taken").await;
        assert_eq!(taken, "1", "{}", text(client, "#best").await);
        screenshot(client, "megacheckers-edited").await;
        // The contest's third sample, the page's own start: a capture of seven.
        client.goto(&format!("{site}/megacheckers")).await.unwrap();
        element(client, "polyline.capture").await;
        assert_eq!(text(client, "#taken").await, "7");
        screenshot(client, "megacheckers").await;
    });
}

#[test]
fn patolli_markers_move_roll_by_roll() {
    with_browser(async |client, site| {
        client.goto(&format!("{site}/patolli")).await.unwrap();
        element(client, "#marker-1.a").await;
        // A click on the board: the first roll, a 6 from 1 onto the prime 7, blocked at once.
        click(client, "#loc-30", "#marker-7").await;
        assert_eq!(text(client, "#turn").await, "1");
        let last = text(client, "#last").await;
        assert!(last.contains("prime") && last.contains("rule 7"), "{last}");
        element(client, "line.last-move").await;
        click(client, "#loc-30", "li.now").await;
        assert_eq!(text(client, "#turn").await, "2");
        screenshot(client, "patolli").await;
    });
}
