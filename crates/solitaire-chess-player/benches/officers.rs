//! The group 4 player's hot path: the search of one sampled world with the budget the player
//! gives it, for its first move (36 candidates sharing the budget).

use criterion::{Criterion, criterion_group, criterion_main};
use solitaire_chess::contest::Group;
use solitaire_chess::{Game, Square};
use solitaire_chess_player::{EDGE_NODES_PER_WORLD, EdgeSolver};
use std::hint::black_box;

fn one_world(c: &mut Criterion) {
    let game = Game::new(&Group::get(4).unwrap().deal(1));
    let share = EDGE_NODES_PER_WORLD / 36;
    let mut solver = EdgeSolver::new();
    c.bench_function(
        "edge search of one world, first move of group 4 seed 1",
        |b| {
            b.iter(|| {
                solver.start_world(black_box(&game)).unwrap();
                let mut sum = 0;
                for square in Square::all() {
                    let mut after = game;
                    sum += after.play_unchecked(square) + solver.rest(&after, share).unwrap();
                }
                sum
            })
        },
    );
}

criterion_group!(benches, one_world);
criterion_main!(benches);
