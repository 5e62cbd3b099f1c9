//! How fast the engine's search runs: 10,000 simulations from the empty 9x9, 11x11 and
//! 13x13 boards on one thread, with the default settings, with the bridge replies in
//! playouts, RAVE or the pattern priors turned off, and with MoHex's expansion threshold or
//! weighted playouts turned on; and 20,000 on 9x9 and 11x11 by one thread and by two, each
//! growing a tree of its own (without the patterns);
//! and one forward pass of each shipped network: the 11x11 one on a middle-game position,
//! the other on the empty 13x13 board.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hex::game::{Color, Game};
use hex::player::{Budget, Settings, analyse};

fn search(c: &mut Criterion) {
    let limits = Budget {
        time: None,
        playouts: Some(10_000),
        threads: 1,
        seed: 1,
        plan: None,
    };
    let mut group = c.benchmark_group("10k simulations");
    group.sample_size(10);
    for size in [9, 11, 13, 19] {
        let game = Game::new(size).expect("a board size");
        for (name, settings) in [
            ("full", Settings::default()),
            (
                "no bridges",
                Settings {
                    bridges: false,
                    ..Settings::default()
                },
            ),
            (
                "no patterns",
                Settings {
                    patterns: None,
                    ..Settings::default()
                },
            ),
            (
                "expand after 10",
                Settings {
                    expand_after: 10,
                    ..Settings::default()
                },
            ),
        ] {
            group.bench_function(format!("{size}x{size} {name}"), |b| {
                b.iter(|| analyse(black_box(&game), Color::Black, limits, settings))
            });
        }
    }
    group.finish();
}

fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("20k simulations");
    group.sample_size(10);
    for size in [9, 11] {
        let game = Game::new(size).expect("a board size");
        for (name, threads) in [("1 thread", 1), ("2 threads", 2)] {
            let limits = Budget {
                time: None,
                playouts: Some(20_000),
                threads,
                seed: 1,
                plan: None,
            };
            // Without the pattern bias, as the threads were first measured.
            let settings = Settings {
                patterns: None,
                ..Settings::default()
            };
            group.bench_function(format!("{size}x{size} {name}"), |b| {
                b.iter(|| analyse(black_box(&game), Color::Black, limits, settings))
            });
        }
    }
    group.finish();
}

fn network(c: &mut Criterion) {
    use hex::game::{Cell, Move};
    use hex::player::convolution::planes;
    use hex::player::network::learned;
    let mut game = Game::new(11).unwrap();
    let mut color = Color::Black;
    for name in ["g5", "g6", "f6", "e8", "d8", "e7", "d7", "e6", "d6", "e4"] {
        let point = Cell::parse(name, 11).unwrap();
        game.play(color, Move::Play(point)).unwrap();
        color = color.opponent();
    }
    let last = Cell::parse("e4", 11);
    c.bench_function("network 11x11 forward", |b| {
        b.iter(|| {
            let input = planes(11, color, last, |p| game.get(p));
            learned(11).evaluate(11, black_box(&input))
        })
    });
    let input13 = planes(13, Color::Black, None, |_| None);
    c.bench_function("network 13x13 forward", |b| {
        b.iter(|| learned(13).evaluate(13, black_box(&input13)))
    });
}

criterion_group!(benches, search, threads, network);
criterion_main!(benches);
