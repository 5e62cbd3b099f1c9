//! How fast the contest's rule plays a game from the full board and from the central game.

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::{Game, Layout};
use std::hint::black_box;

fn play(c: &mut Criterion) {
    let layout = Layout::english();
    let full = layout.full();
    let central = full.without(layout.hole(17).unwrap());
    c.bench_function("hiq/play full board", |b| {
        b.iter(|| Game::play(layout, black_box(full)))
    });
    c.bench_function("hiq/play central game", |b| {
        b.iter(|| Game::play(layout, black_box(central)))
    });
}

criterion_group!(benches, play);
criterion_main!(benches);
