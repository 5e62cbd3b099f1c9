//! How fast the move rules play: the 30 official lines of the three divisions (parsed and
//! played), and one long Senior game.

use criterion::{Criterion, criterion_group, criterion_main};
use patolli::{Division, contest};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

const OFFICIAL: [(Division, &str); 4] = [
    (
        Division::Junior,
        include_str!("../../../tests/cmd/patolli/junior-official.stdin"),
    ),
    (
        Division::Intermediate,
        include_str!("../../../tests/cmd/patolli/intermediate-sample.stdin"),
    ),
    (
        Division::Intermediate,
        include_str!("../../../tests/cmd/patolli/intermediate-test.stdin"),
    ),
    (
        Division::Senior,
        include_str!("../../../tests/cmd/patolli/senior-official.stdin"),
    ),
];

fn play(c: &mut Criterion) {
    c.bench_function("patolli/parse and play the 30 official lines", |b| {
        b.iter(|| {
            let mut sum = 0;
            for (division, input) in OFFICIAL {
                for line in contest::parse(black_box(input), division).unwrap() {
                    sum += line.play().turns.len();
                }
            }
            sum
        })
    });
    let input = senior_lines(10_000);
    c.bench_function("patolli/parse 10,000 Senior lines of 20 rolls", |b| {
        b.iter(|| contest::parse(black_box(&input), Division::Senior).unwrap())
    });
    let lines = contest::parse(&input, Division::Senior).unwrap();
    c.bench_function("patolli/play 10,000 Senior lines of 20 rolls", |b| {
        b.iter(|| {
            black_box(&lines)
                .iter()
                .map(|line| line.play().end.occupied().count())
                .sum::<u32>()
        })
    });
}

/// `count` Senior lines: six distinct locations from 1..51 and 20 rolls, from a fixed seed
/// so that every run plays the same games.
fn senior_lines(count: usize) -> String {
    let mut rng = SmallRng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    let mut next = move |below: u64| rng.random_range(0..below);
    let mut input = String::new();
    for _ in 0..count {
        let mut markers: Vec<u64> = Vec::new();
        while markers.len() < 6 {
            let at = next(51) + 1;
            if !markers.contains(&at) {
                markers.push(at);
            }
        }
        let rolls: Vec<String> = (0..20).map(|_| (next(6) + 1).to_string()).collect();
        let markers: Vec<String> = markers.iter().map(u64::to_string).collect();
        input += &format!("{} 20 {}\n", markers.join(" "), rolls.join(" "));
    }
    input
}

criterion_group!(benches, play);
criterion_main!(benches);
