//! How long `solve` takes on the hardest positions of the 33-hole board we know of: the
//! central game, the full board less one peg (for the fewest pegs and for one peg in a chosen
//! hole), and three random positions where the answer needs a proof that nothing better exists.
//!
//! `cargo run --release -p hiq --example worst` times all 33 single-vacancy starts against all
//! 33 finishing holes (1,122 problems); `--example sweep` random positions. With two search
//! orders, "full less 5, one peg in 5" took 5-7 s (3-5 s with the endgame table); the races of
//! a dozen orders solve it in tenths of a second, and the slowest single-vacancy problem now is
//! "full less 2, one peg in 32". Both are timed here, and the hole-5 problem also with no
//! endgame table. The slowest kind left is a proof that nothing better exists, on the random
//! positions below: one peg in hole 6 is impossible (a linear program finds the pagoda
//! function that shows it at once; the search alone took 1-3 s), one peg in hole 2 too (no
//! pagoda function shows it at the start: a search, pruned by pagoda functions found on
//! sampled positions), and two pegs are the fewest though the class allows one.

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::{Layout, Position, fewest_pegs, finish_in, finish_in_with_endgame};
use std::hint::black_box;

fn without(layout: &Layout, hole: u32) -> Position {
    layout.full().without(layout.hole(hole).unwrap())
}

fn solve(c: &mut Criterion) {
    let layout = Layout::english();
    let mut group = c.benchmark_group("hiq/solve");
    group.sample_size(10);
    for (name, start) in [
        ("central game", without(layout, 17)),
        ("full less corner 1", without(layout, 1)),
    ] {
        group.bench_function(format!("{name}: fewest pegs"), |b| {
            b.iter(|| fewest_pegs(layout, black_box(start)))
        });
    }
    let cases = [
        ("central game: one peg in 17", without(layout, 17), 17),
        ("central game: one peg in 2", without(layout, 17), 2),
        ("full less corner 1: one peg in 1", without(layout, 1), 1),
        ("full less corner 1: one peg in 19", without(layout, 1), 19),
        (
            "full less corner 1: one peg in 17 (wrong class)",
            without(layout, 1),
            17,
        ),
    ];
    for (name, start, hole) in cases {
        let hole = layout.hole(hole).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| finish_in(layout, black_box(start), hole))
        });
    }
    let hard = without(layout, 5);
    let five = layout.hole(5).unwrap();
    group.bench_function("full less 5: one peg in 5", |b| {
        b.iter(|| finish_in(layout, black_box(hard), five))
    });
    group.bench_function("full less 5: one peg in 5, no endgame table", |b| {
        b.iter(|| finish_in_with_endgame(layout, black_box(hard), five, 0, 0))
    });
    let two = without(layout, 2);
    let thirty_two = layout.hole(32).unwrap();
    group.bench_function("full less 2: one peg in 32", |b| {
        b.iter(|| finish_in(layout, black_box(two), thirty_two))
    });
    // Found by `--example sweep` (26 and 28 pegs).
    let random = Position::from_bits(0x1_77fb_bd5f);
    let six = layout.hole(6).unwrap();
    group.bench_function("random position: one peg in 6 (impossible)", |b| {
        b.iter(|| finish_in(layout, black_box(random), six))
    });
    let random = Position::from_bits(0x1_7bdf_d4df);
    let two = layout.hole(2).unwrap();
    group.bench_function(
        "random position: one peg in 2 (impossible, searched)",
        |b| b.iter(|| finish_in(layout, black_box(random), two)),
    );
    let random = Position::from_bits(0x1_ddfd_7f5d);
    group.bench_function(
        "random position: fewest pegs (2, the class allows 1)",
        |b| b.iter(|| fewest_pegs(layout, black_box(random))),
    );
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
