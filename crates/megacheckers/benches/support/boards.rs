//! Boards for the benchmarks and the `hunt` example, drawn from fixed seeds.

use megacheckers::{Board, Content, Shape};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// `count` random legal boards: a shape drawn among all legal ones, then up to N × M / 4
/// pieces of each side (the contest's limit; each count drawn uniformly) on homes drawn at
/// random.
pub fn random(count: usize, seed: u64) -> Vec<Board> {
    let shapes: Vec<Shape> = Shape::all().collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let shape = shapes[rng.random_range(0..shapes.len())];
            let limit = shape.rows() * shape.cols() / 4;
            let mut homes: Vec<_> = shape.each_home().collect();
            for i in (1..homes.len()).rev() {
                homes.swap(i, rng.random_range(0..=i));
            }
            let mine = rng.random_range(0..=limit);
            let theirs = rng.random_range(0..=limit);
            let mut board = Board::empty(shape);
            for (n, &home) in homes.iter().take(mine + theirs).enumerate() {
                let content = if n < mine {
                    Content::Mine
                } else {
                    Content::Theirs
                };
                board = board.with(home, content);
            }
            board
        })
        .collect()
}

/// The largest shapes: the longest captures live there.
const LARGE: [(u32, u32); 7] = [
    (13, 15),
    (15, 13),
    (11, 18),
    (18, 11),
    (14, 14),
    (10, 20),
    (20, 10),
];

/// `count` crowded boards of the largest shapes with holes punched at random: each home of
/// the odd lattice an opponent with probability `percent`, and on the even lattice 6% of the
/// homes ours and 4% the opponent's (blocking). Still legal: at most N × M / 4 a side.
pub fn punched(count: usize, percent: u32, seed: u64) -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let (rows, cols) = LARGE[rng.random_range(0..LARGE.len())];
            let shape = Shape::new(rows, cols).expect("a legal shape");
            shape.each_home().fold(Board::empty(shape), |board, home| {
                let square = shape.square(home);
                let content = if square.row % 2 == 1 {
                    if rng.random_range(0..100) < percent {
                        Content::Theirs
                    } else {
                        Content::Empty
                    }
                } else {
                    match rng.random_range(0..100) {
                        0..6 => Content::Mine,
                        6..10 => Content::Theirs,
                        _ => Content::Empty,
                    }
                };
                board.with(home, content)
            })
        })
        .collect()
}
