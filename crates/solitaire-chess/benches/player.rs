//! The player's hot paths: a policy rollout over a whole game, and a move generation step.

use criterion::{Criterion, criterion_group, criterion_main};
use solitaire_chess::contest::Group;
use solitaire_chess::{Game, Policy, Rng};
use std::hint::black_box;

fn rollouts(c: &mut Criterion) {
    for group in [3u8, 5, 6] {
        let deal = Group::get(group).unwrap().deal(1);
        let game = Game::new(&deal);
        let policy = Policy::default();
        let mut rng = Rng::new(1);
        c.bench_function(&format!("rollout from the start, group {group}"), |b| {
            b.iter(|| policy.rollout(black_box(game), &mut rng))
        });
    }
}

criterion_group!(benches, rollouts);
criterion_main!(benches);
