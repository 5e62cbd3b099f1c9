//! The group 4 player's hot paths: the search of one sampled world with the budget the player
//! gives it, for its first move (36 candidates sharing the budget); and the expectimax search
//! to the end of a game late in it.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use solitaire_chess::contest::Group;
use solitaire_chess::{Game, Piece, Square};
use solitaire_chess_player::{EDGE_NODES_PER_WORLD, EdgeSolver, Expectimax, Limits};
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

/// Group 4 seed 1 after removals (whatever the rules say) from the squares in a fixed
/// scattered order until `left` pieces are left on the edge squares, ending with one that
/// leaves a legal removal.
fn late_position(left: u32) -> Game {
    let mut game = Game::new(&Group::get(4).unwrap().deal(1));
    let is_edge = |s: Square| s.row() == 1 || s.row() == 6 || s.col() == 1 || s.col() == 6;
    let edge_left = |game: &Game| -> u32 {
        Square::all()
            .filter(|&s| is_edge(s))
            .map(|s| 3 - u32::from(game.removals_at(s)))
            .sum()
    };
    let mut i = 0;
    while edge_left(&game) > left || game.is_over() {
        i = (i + 7) % 36;
        let square = Square::from_index(i).unwrap();
        if game.piece(square).is_some() {
            game.play_unchecked(square);
        }
    }
    game
}

fn expectimax(c: &mut Criterion) {
    let types = [Piece::Rook, Piece::Bishop, Piece::Queen];
    for left in [28, 32] {
        let game = late_position(left);
        let mut probe = Expectimax::new();
        probe.rest(&game, &types, Limits::NONE).unwrap();
        let name = format!(
            "expectimax to the end, {left} edge pieces left ({} positions)",
            probe.work()
        );
        c.bench_function(&name, |b| {
            b.iter_batched(
                Expectimax::new,
                |mut search| search.rest(black_box(&game), &types, Limits::NONE),
                BatchSize::LargeInput,
            )
        });
    }
}

criterion_group!(benches, one_world, expectimax);
criterion_main!(benches);
