//! The player's hot path: a rollout of the policy tuned for the group, from the start of a
//! game to its end (the search runs thousands of them a move); and for group 5, a rollout
//! of its 20 removals and the value of the rest of the game where it stops; and a whole
//! decision of the search at a fixed amount of work, on one thread.

use criterion::{Criterion, criterion_group, criterion_main};
use solitaire_chess::Game;
use solitaire_chess::contest::Group;
use solitaire_chess_player::{BoardNumbers, Budget, Config, Player, Policy, Rng};
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

fn cut_short(c: &mut Criterion) {
    let deal = Group::get(5).unwrap().deal(1);
    let policy = Policy::DIGIT_SETS;
    let cut = policy.cut.expect("group 5 values its rollouts cut short");
    let mut rng = Rng::new(1);
    let start = Game::new(&deal);
    let end = policy.play_out_for(start, &mut rng, policy.horizon);
    c.bench_function("rollout of 20 removals, group 5", |b| {
        b.iter(|| policy.play_out_for(black_box(start), &mut rng, policy.horizon))
    });
    c.bench_function(
        "value of the rest of the game where it stops, group 5",
        |b| b.iter(|| cut.rest_of(&BoardNumbers::of(black_box(&end)))),
    );
}

fn decision(c: &mut Criterion) {
    for group in [5u8, 6] {
        let deal = Group::get(group).unwrap().deal(1);
        let config = Config {
            budget: Budget::Worlds(100),
            threads: 1,
            ..Config::default()
        };
        c.bench_function(
            &format!("first decision at 100 worlds a candidate, group {group}"),
            |b| b.iter(|| Player::new(black_box(&deal.bronze()), config).choose()),
        );
    }
}

criterion_group!(benches, rollouts, cut_short, decision);
criterion_main!(benches);
