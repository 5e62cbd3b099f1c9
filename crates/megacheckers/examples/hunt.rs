//! Looks for the boards on which the fast solver is slowest: crowded boards of the largest
//! shapes with holes punched at random (see `benches/support/boards.rs`). For each density,
//! prints the mean time, the slowest board's time, and that board in the contest format.
//!
//! `cargo run --release -p megacheckers --example hunt [BOARDS_PER_DENSITY] [cover|parity|reach] [nomemo]`

use std::time::{Duration, Instant};

use megacheckers::{Bound, Content, Search};

// The benchmarks' boards; this example uses only some of them.
#[allow(dead_code)]
#[path = "../benches/support/boards.rs"]
mod boards;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_density: usize = args.first().and_then(|n| n.parse().ok()).unwrap_or(2000);
    let has = |word: &str| args.iter().any(|arg| arg == word);
    let bound = [
        ("reach", Bound::Reach),
        ("parity", Bound::Parity),
        ("cover", Bound::Cover),
    ]
    .into_iter()
    .find(|(name, _)| has(name))
    .map_or(Search::FAST.bound, |(_, bound)| bound);
    let search = Search {
        bound,
        memo: !has("nomemo"),
    };
    for percent in [50, 60, 70, 80, 85, 90, 95] {
        let mut slowest = (Duration::ZERO, None);
        let mut total = Duration::ZERO;
        for board in boards::punched(per_density, percent, u64::from(percent)) {
            // The machine may be shared: a slow run is timed again, and the fastest run counts.
            let mut took = Duration::MAX;
            let mut taken = 0;
            for _ in 0..3 {
                let start = Instant::now();
                taken = search.run(&board).taken;
                took = took.min(start.elapsed());
                if took < Duration::from_millis(1) {
                    break;
                }
            }
            total += took;
            if took > slowest.0 {
                slowest = (took, Some((board, taken)));
            }
        }
        let (took, Some((board, taken))) = slowest else {
            continue;
        };
        let shape = board.shape();
        println!(
            "{percent}% opponents: mean {:?}, slowest {took:?} ({shape} takes {taken})",
            total / per_density as u32,
        );
        let digits: Vec<&str> = board
            .contents()
            .map(|content| match content {
                Content::Empty => "0",
                Content::Mine => "1",
                Content::Theirs => "2",
            })
            .collect();
        println!("{} {}\n{}", shape.rows(), shape.cols(), digits.join(" "));
    }
}
