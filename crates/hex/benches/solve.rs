//! How long the solver takes to prove every opening of 5x5 (a fresh table each time), with
//! all its knowledge and with one piece at a time left out. The 6x6 and 7x7 tables of the
//! report come from `boardgames hex solve --openings N`, which prints its own timings.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hex::solver::{Knowledge, Limits, Outcome, Solver};
use hex::{Color, Position};

fn all_openings(size: u8, knowledge: Knowledge) -> usize {
    let mut solver = Solver::new(Limits {
        memory: 16 << 20,
        ..Limits::default()
    })
    .with_knowledge(knowledge);
    let empty = Position::new(size, size, Color::Black);
    let mut wins = 0;
    for cell in empty.cells() {
        let mut opened = empty;
        opened.place(Color::White, cell);
        if let Ok(Outcome::Proven(proof)) = solver.solve(&opened) {
            wins += usize::from(proof.winner == Color::White);
        }
    }
    wins
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("5x5 openings");
    group.sample_size(10);
    let all = Knowledge::default();
    let variants = [
        ("all knowledge", all),
        (
            "no H-search",
            Knowledge {
                h_search: false,
                ..all
            },
        ),
        (
            "no must-play",
            Knowledge {
                must_play: false,
                ..all
            },
        ),
        (
            "no symmetry",
            Knowledge {
                symmetry: false,
                ..all
            },
        ),
        (
            "no dead or captured cells",
            Knowledge {
                inferior: false,
                ..all
            },
        ),
        (
            "no proof sets",
            Knowledge {
                proof_sets: false,
                ..all
            },
        ),
        (
            "no resistance",
            Knowledge {
                resistance: false,
                ..all
            },
        ),
        (
            "circuits of neighbours and bridges only",
            Knowledge {
                connected_circuit: false,
                ..all
            },
        ),
        (
            "no widening",
            Knowledge {
                widening: false,
                ..all
            },
        ),
    ];
    for (name, knowledge) in variants {
        group.bench_function(name, |b| b.iter(|| black_box(all_openings(5, knowledge))));
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
