//! How long `solve` takes on the hardest positions of the 33-hole board we know of: the
//! central game, and the full board less one corner peg (each for the fewest pegs and for one
//! peg in a chosen hole). `cargo run --release -p hiq --example worst` times all 33
//! single-vacancy starts against all 33 finishing holes (1,122 problems): the slowest known
//! are "full less 5, one peg in 5" and its mirror image "full less 29, one peg in 29": 5-7 s
//! each with the plain search, 3-5 s with `finish_in`'s endgame table (on a shared 2-core
//! machine); every other one takes under 1 s. The hole-5 problem is timed both ways here:
//! `finish_in` and the plain search (a table of 0 pegs).

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::{Layout, Position, fewest_pegs, finish_in, finish_in_with_endgame};
use std::hint::black_box;

fn without(layout: &Layout, hole: u32) -> Position {
    Position(layout.full().0 & !layout.hole(hole).unwrap().bit())
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
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
