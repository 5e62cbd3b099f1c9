//! The player's hot path: a rollout of the policy tuned for the group, from the start of a
//! game to its end (the search runs thousands of them a move).

use criterion::{Criterion, criterion_group, criterion_main};
use solitaire_chess::contest::Group;
use solitaire_chess::{Game, Policy, Rng};
use std::hint::black_box;

fn rollouts(c: &mut Criterion) {
    for group in [3u8, 5, 6] {
        let deal = Group::get(group).unwrap().deal(1);
        let game = Game::new(&deal);
        let policy = Policy::for_types(
            &solitaire_chess::contest::alphabet(Group::get(group).unwrap().letters).unwrap(),
        );
        let mut rng = Rng::new(1);
        c.bench_function(&format!("rollout from the start, group {group}"), |b| {
            b.iter(|| policy.rollout(black_box(game), &mut rng))
        });
    }
}

criterion_group!(benches, rollouts);
criterion_main!(benches);
