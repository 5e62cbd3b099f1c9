//! How fast the engine's search runs: 10,000 simulations from the empty 9x9, 11x11 and
//! 13x13 boards on one thread, with the default settings, with the bridge replies in
//! playouts, RAVE or the pattern priors turned off, and with MoHex's expansion threshold or
//! weighted playouts turned on; and 20,000 on 9x9 and 11x11 by one thread and by two, each
//! growing a tree of its own (without the patterns);
//! and one forward pass of the shipped policy network, and of the policy+value network, on a
//! middle-game 11x11 position.

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

fn policy(c: &mut Criterion) {
    use hex::game::{Cell, Move};
    use hex::player::policy::{LEARNED, Policy};
    let mut game = Game::new(11).unwrap();
    let mut color = Color::Black;
    for name in ["g5", "g6", "f6", "e8", "d8", "e7", "d7", "e6", "d6", "e4"] {
        let point = Cell::parse(name, 11).unwrap();
        game.play(color, Move::Play(point)).unwrap();
        color = color.opponent();
    }
    let last = Cell::parse("e4", 11);
    c.bench_function("policy 11x11 forward", |b| {
        b.iter(|| {
            let planes = Policy::planes(11, color, last, |p| game.get(p));
            LEARNED.logits(11, black_box(&planes))
        })
    });
    c.bench_function("policy+value 11x11 forward", |b| {
        b.iter(|| {
            let planes = Policy::planes(11, color, last, |p| game.get(p));
            hex::player::network::LEARNED.evaluate(11, black_box(&planes))
        })
    });
    let planes13 = Policy::planes(13, Color::Black, None, |_| None);
    c.bench_function("policy+value 13x13 forward", |b| {
        b.iter(|| hex::player::network::LEARNED.evaluate(13, black_box(&planes13)))
    });
}

criterion_group!(benches, search, threads, policy);
criterion_main!(benches);
