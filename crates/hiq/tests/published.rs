//! The published counts of the central game (`tests/data/central-game.txt`), reproduced.

use hiq::{Census, Layout, census, census_until};

/// The data file's rows, by name.
fn published(name: &str) -> Vec<u128> {
    let data = include_str!("data/central-game.txt");
    let line = data
        .lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no row {name} in the data file"));
    line.split_whitespace()
        .skip(1)
        .map(|n| n.parse().expect("a number"))
        .collect()
}

/// A census's column, padded with zeros to the published length (levels never reached).
fn column(census: &Census, len: usize, value: impl Fn(&hiq::Level) -> u64) -> Vec<u128> {
    let mut column: Vec<u128> = census.levels.iter().map(|l| u128::from(value(l))).collect();
    column.resize(len.max(column.len()), 0);
    column
}

#[test]
fn the_first_ten_levels_are_a112737() {
    let reachable = published("reachable");
    let census = census_until(Layout::english(), 9, &|_, _| {});
    assert_eq!(column(&census, 10, |l| l.positions), reachable[..10]);
}

#[test]
#[ignore = "about 10 s in a release build, many minutes in debug: run with `cargo test --release -- --ignored`, or see `cargo bench -p hiq --bench count`"]
fn the_central_game_is_counted_as_published() {
    let census = census(Layout::english(), &|_, _| {});
    let reachable = published("reachable");
    let winning = published("winning");
    assert_eq!(column(&census, reachable.len(), |l| l.positions), reachable);
    assert_eq!(column(&census, winning.len(), |l| l.winning), winning);
    assert_eq!(
        u128::from(census.positions()),
        published("reachable-total")[0]
    );
    assert_eq!(u128::from(census.winning()), published("winning-total")[0]);
    assert_eq!(census.solutions, published("solutions")[0]);
    assert_eq!(census.games(), published("games")[0]);
}
