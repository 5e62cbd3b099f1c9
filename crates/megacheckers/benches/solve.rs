//! The fast solver against plain backtracking, and what each idea of the search brings.
//!
//! Three sets of boards (see `support/boards.rs`):
//! - the hardest boards for backtracking, [`Board::crowded`]: 13x15 and 15x13 with every home
//!   of the odd lattice (odd row, odd column) an opponent and the player's pieces in the four
//!   corners, so that every jump of the even lattice is open and the captures from a corner
//!   are all the trails of a 7x8 grid of homes;
//! - 10,000 random legal boards: any legal shape, up to N × M / 4 pieces a side;
//! - 200 crowded boards of the largest shapes with holes punched at random (90% of the odd
//!   lattice opponents, a few blockers): the hardest boards found for the branch and bound.
//!
//! Plain backtracking is [`brute::max_capture`]; the searches are [`Search`] with each bound,
//! with and without remembering positions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use megacheckers::{Board, Bound, Search, Shape, brute};

mod support {
    pub mod boards;
}
use support::boards;

const SEARCHES: [(&str, Search); 6] = [
    (
        "bitboards",
        Search {
            bound: Bound::None,
            memo: false,
        },
    ),
    (
        "reach",
        Search {
            bound: Bound::Reach,
            memo: false,
        },
    ),
    (
        "parity",
        Search {
            bound: Bound::Parity,
            memo: false,
        },
    ),
    (
        "cover",
        Search {
            bound: Bound::Cover,
            memo: false,
        },
    ),
    (
        "join",
        Search {
            bound: Bound::Join,
            memo: false,
        },
    ),
    ("join+memo (FAST)", Search::FAST),
];

fn hardest(c: &mut Criterion) {
    let mut group = c.benchmark_group("megacheckers/hardest");
    group.sample_size(10);
    for (rows, cols) in [(13, 15), (15, 13)] {
        let board = Board::crowded(Shape::new(rows, cols).expect("a legal shape"));
        let name = format!("{rows}x{cols}");
        group.bench_with_input(BenchmarkId::new("brute", &name), &board, |b, board| {
            b.iter(|| brute::max_capture(black_box(board)))
        });
        for (search_name, search) in SEARCHES {
            if search.bound == Bound::None {
                continue; // every trail, as brute force: seconds, and nothing learnt
            }
            group.bench_with_input(BenchmarkId::new(search_name, &name), &board, |b, board| {
                b.iter(|| search.run(black_box(board)).taken)
            });
        }
    }
    group.finish();
}

fn sets(c: &mut Criterion) {
    let sets = [
        ("10000 random boards", boards::random(10_000, 2006)),
        ("200 punched boards", boards::punched(200, 90, 3116)),
    ];
    for (set, boards) in sets {
        let mut group = c.benchmark_group(format!("megacheckers/{set}"));
        group.sample_size(10);
        group.bench_function("brute", |b| {
            b.iter(|| boards.iter().map(brute::max_capture).sum::<u32>())
        });
        for (name, search) in SEARCHES {
            group.bench_function(name, |b| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|board| search.run(board).taken)
                        .sum::<u32>()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hardest, sets);
criterion_main!(benches);
