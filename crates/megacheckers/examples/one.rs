//! Times the searches (and with `brute`, plain backtracking) on the boards of a contest input
//! file, each the fastest of three runs.
//!
//! `cargo run --release -p megacheckers --example one FILE [brute]`

use std::time::{Duration, Instant};

use megacheckers::{Board, Bound, Search, brute, contest};

fn fastest_of_three(boards: &[Board], solve: impl Fn(&Board) -> u32) -> (Duration, Vec<u32>) {
    let mut took = Duration::MAX;
    let mut answers = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        answers = boards.iter().map(&solve).collect();
        took = took.min(start.elapsed());
    }
    (took, answers)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a contest input file");
    let text = std::fs::read_to_string(path).expect("a readable file");
    let boards = contest::parse(&text).expect("a contest input");
    if args.iter().any(|arg| arg == "brute") {
        let (took, answers) = fastest_of_three(&boards, brute::max_capture);
        println!("brute: {took:?} {answers:?}");
    }
    for bound in [Bound::Reach, Bound::Parity, Bound::Cover, Bound::Join] {
        for memo in [false, true] {
            let search = Search { bound, memo };
            let (took, answers) = fastest_of_three(&boards, |board| search.run(board).taken);
            println!(
                "{bound:?}{}: {took:?} {answers:?}",
                if memo { "+memo" } else { "" }
            );
        }
    }
}
