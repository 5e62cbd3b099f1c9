//! What a rollout cut short could expect from the rest of its game: a least-squares fit of
//! the points the rest of a game brings to a few numbers about the game at the cut, from
//! games of the group's rollout policy cut at a random removal and played on to their end
//! (deals 20,000 and up, away from the seeds the bench reports on). It showed that empty
//! squares at the cut cost points beyond the pieces left, which `Policy::horizon_empty`
//! takes into account. Usage: `horizon GROUP DEALS [NAME=WEIGHT,...]`.

use solitaire_chess::contest::{Group, alphabet};
use solitaire_chess::{Game, Policy, Rng, Square};

/// The names of the numbers [`features`] gives, in order.
const FEATURES: [&str; 8] = [
    "one",
    "left",
    "left^2/100",
    "empty",
    "gold",
    "legal",
    "set begun",
    "in run",
];
const N: usize = FEATURES.len();

/// The pieces left, the empty squares, the gold pieces showing, the legal removals (up to
/// 8), the pieces of a set begun (distinct types of one kind), and whether the last removal
/// continued a run.
fn features(game: &Game) -> [f32; N] {
    let left = (108 - game.score().moves) as f32;
    let gold = Square::all().filter(|&s| game.removals_at(s) == 2).count() as f32;
    let pending = game.tally().pending();
    let distinct = pending
        .iter()
        .enumerate()
        .all(|(i, p)| p.kind() == pending[0].kind() && !pending[..i].contains(p));
    let begun = if distinct { pending.len() as f32 } else { 0.0 };
    [
        1.0,
        left,
        left * left / 100.0,
        (36 - game.occupied().len()) as f32,
        gold,
        game.legal().len().min(8) as f32,
        begun,
        f32::from(u8::from(game.tally().in_run())),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let group = Group::get(args[0].parse().expect("a group")).expect("a group 1..6");
    let deals: u64 = args[1].parse().expect("a number of deals");
    let types = alphabet(group.letters).expect("the group's alphabet");
    let policy = match args.get(2) {
        Some(text) => Policy::for_types(&types)
            .with_all(text)
            .expect("NAME=WEIGHT,..."),
        None => Policy::for_types(&types),
    };
    let mut rng = Rng::new(7);
    // Normal equations: X'X and X'y.
    let mut xtx = [[0f64; N]; N];
    let mut xty = [0f64; N];
    let (mut samples, mut sum_y, mut sum_yy) = (0f64, 0f64, 0f64);
    let mut data = Vec::new();
    for i in 0..deals {
        let mut game = Game::new(&group.deal(20_000 + i));
        let cut = 5 + rng.below(80);
        game = policy.play_out_for(game, &mut rng, cut);
        if game.is_over() {
            continue;
        }
        let x = features(&game);
        let now = game.score().total();
        let y = f64::from(policy.rollout(game, &mut rng) - now);
        for a in 0..N {
            for b in 0..N {
                xtx[a][b] += f64::from(x[a]) * f64::from(x[b]);
            }
            xty[a] += f64::from(x[a]) * y;
        }
        samples += 1.0;
        sum_y += y;
        sum_yy += y * y;
        data.push((x, y));
    }
    // Gaussian elimination with partial pivoting (plus a little ridge for stability).
    for (a, row) in xtx.iter_mut().enumerate() {
        row[a] += 1e-6 * samples;
    }
    let mut m: Vec<Vec<f64>> = (0..N)
        .map(|a| {
            let mut row = xtx[a].to_vec();
            row.push(xty[a]);
            row
        })
        .collect();
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .expect("a row");
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (row, values) in m.iter_mut().enumerate() {
            if row != col {
                let f = values[col] / pivot_row[col];
                for (value, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *value -= f * p;
                }
            }
        }
    }
    let w: Vec<f64> = (0..N).map(|a| m[a][N] / m[a][a]).collect();
    let sse: f64 = data
        .iter()
        .map(|(x, y)| {
            let fit: f64 = x.iter().zip(&w).map(|(&x, w)| f64::from(x) * w).sum();
            (y - fit).powi(2)
        })
        .sum();
    let var = sum_yy / samples - (sum_y / samples).powi(2);
    println!(
        "{samples} samples, mean rest {:.1}, R^2 {:.3}",
        sum_y / samples,
        1.0 - sse / samples / var
    );
    for (name, w) in FEATURES.iter().zip(&w) {
        println!("{name:>12} {w:8.3}");
    }
}
