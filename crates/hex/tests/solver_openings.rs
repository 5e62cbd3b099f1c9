//! The published 6x6 results: after each of the 36 openings, who wins.

use hex::solver::{Limits, Outcome, Solver};
use hex::{Cell, Color, Position};

#[test]
fn the_6x6_openings_match_the_published_table() {
    let text = include_str!("data/6x6-openings.txt");
    let winning: Vec<Cell> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|name| Cell::parse(name, 6).expect("a 6x6 cell"))
        .collect();
    assert_eq!(winning.len(), 24);
    let mut solver = Solver::new(Limits {
        memory: 64 << 20,
        ..Limits::default()
    });
    let mut wrong = Vec::new();
    let empty = Position::new(6, 6, Color::White);
    for cell in empty.cells() {
        let mut opened = empty;
        opened.place(Color::Black, cell);
        let Ok(Outcome::Proven(proof)) = solver.solve(&opened) else {
            panic!("no limits, yet no proof for {cell}");
        };
        let black_wins = proof.winner == Color::Black;
        if black_wins != winning.contains(&cell) {
            wrong.push(cell.to_string());
        }
        if proof.winner == Color::White {
            assert!(proof.best.is_some_and(|best| best != cell));
        }
    }
    assert!(wrong.is_empty(), "wrong after {wrong:?}");
}
