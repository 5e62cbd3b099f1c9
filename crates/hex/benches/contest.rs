//! How fast the contest program runs on 100 data sets of 21x21 (the contest's largest
//! input): reading, analysing and printing, and the analysis alone.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hex::{Analysis, Output, Verdict, contest};

/// A small xorshift generator: the same boards on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// 100 data sets of 21x21, data set `i` after `4 * i` random moves, X and O alternating.
fn input() -> String {
    const SIZE: usize = 21;
    let mut rng = Rng(0x2018_0427);
    let mut text = String::from("100\n");
    for i in 0..100 {
        let mut free: Vec<usize> = (0..SIZE * SIZE).collect();
        let mut cells = [Vec::new(), Vec::new()];
        for moves in 0..4 * i {
            let cell = free.swap_remove(rng.below(free.len()));
            let name = format!(
                "{}{}",
                char::from(b'A' + (cell % SIZE) as u8),
                cell / SIZE + 1
            );
            cells[moves % 2].push(name);
        }
        let [x, o] = &cells;
        writeln!(
            text,
            "{SIZE}\n{} {}\n{}\n{}",
            x.len(),
            o.len(),
            x.join(" "),
            o.join(" ")
        )
        .unwrap();
    }
    text
}

fn contest(c: &mut Criterion) {
    let text = input();
    let boards = contest::parse(&text).unwrap();
    let open = boards
        .iter()
        .filter(|b| matches!(Analysis::of((*b).clone()).verdict, Verdict::Open { .. }))
        .count();
    eprintln!("hex bench: {open} of 100 data sets open, the rest won");
    c.bench_function(
        "hex/contest 100 data sets 21x21 (parse, analyse, print)",
        |b| {
            b.iter(|| {
                let analyses: Vec<Analysis> = contest::parse(black_box(&text))
                    .unwrap()
                    .into_iter()
                    .map(Analysis::of)
                    .collect();
                Output(&analyses).to_string()
            })
        },
    );
    c.bench_function("hex/analyse 100 data sets 21x21", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .map(|board| Analysis::of(board.clone()))
                .collect::<Vec<_>>()
        })
    });
}

criterion_group!(benches, contest);
criterion_main!(benches);
