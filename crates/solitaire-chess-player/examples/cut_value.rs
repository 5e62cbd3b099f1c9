//! Fits a group's `CutValue`: what a rollout cut short can expect from the rest of its game.
//! Plays the player's own games (a fixed number of worlds a move, deals 20,000 and up, away
//! from the seeds the bench reports on, on all cores), notes its `BoardNumbers` at each
//! decision and the points the rest of that game brought, and fits the one to the other by
//! least squares. The player uses the group's present `CutValue`, so running this again on
//! the fitted weights improves them in turn. Usage: `cut_value GROUP DEALS WORLDS`.

use indicatif::{ProgressBar, ProgressStyle};
use solitaire_chess::Referee;
use solitaire_chess::contest::Group;
use solitaire_chess_player::{BoardNumbers, Budget, Config, Player};

/// The names of the numbers [`numbers`] gives, in the order of `CutValue`'s fields.
const NAMES: [&str; 8] = [
    "constant",
    "left",
    "left_squared",
    "empty",
    "gold",
    "isolated",
    "unreachable",
    "mobility",
];
const N: usize = NAMES.len();

/// The numbers a `CutValue` weighs, each with the weight's unit.
fn numbers(board: &BoardNumbers) -> [f64; N] {
    let left = f64::from(board.left);
    [
        1.0,
        left,
        left * left / 100.0,
        f64::from(board.empty),
        f64::from(board.gold),
        f64::from(board.isolated),
        f64::from(board.unreachable),
        f64::from(board.mobility),
    ]
}

/// The boards a game of the player met, each with the points the rest of its game brought.
fn samples(group: &Group, deal: u64, worlds: u32) -> Vec<([f64; N], f64)> {
    let deal_seed = 20_000 + deal;
    let deal = group.deal(deal_seed);
    let mut referee = Referee::new(&deal);
    let config = Config {
        budget: Budget::Worlds(worlds),
        threads: 1,
        seed: deal_seed,
        ..Config::default()
    };
    let mut player = Player::new(&deal.bronze(), config);
    let mut boards = Vec::new();
    while let Some(square) = player.choose() {
        let game = player.game();
        boards.push((numbers(&BoardNumbers::of(game)), game.score().total()));
        let shown = referee.play(square).expect("the player moves legally");
        player
            .observe(square, shown)
            .expect("the judge replies as the rules say");
    }
    let end = referee.score().total();
    boards
        .into_iter()
        .map(|(x, now)| (x, f64::from(end - now)))
        .collect()
}

/// The least-squares weights of `x` for `y` (with a little ridge for stability).
fn least_squares(data: &[([f64; N], f64)]) -> [f64; N] {
    let mut m = [[0f64; N + 1]; N];
    for (x, y) in data {
        for a in 0..N {
            for b in 0..N {
                m[a][b] += x[a] * x[b];
            }
            m[a][N] += x[a] * y;
        }
    }
    for (a, row) in m.iter_mut().enumerate() {
        row[a] += 1e-6 * data.len() as f64;
    }
    // Gauss-Jordan elimination with partial pivoting.
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .expect("a row");
        m.swap(col, pivot);
        let pivot_row = m[col];
        for (row, values) in m.iter_mut().enumerate() {
            if row != col {
                let f = values[col] / pivot_row[col];
                for (value, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *value -= f * p;
                }
            }
        }
    }
    std::array::from_fn(|a| m[a][N] / m[a][a])
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("GROUP DEALS WORLDS, all numbers"))
        .collect();
    let [group, deals, worlds] = args[..] else {
        panic!("usage: cut_value GROUP DEALS WORLDS");
    };
    let group = Group::get(group as u8).expect("a group 1..6");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let bar = ProgressBar::new(deals).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let bar = &bar;
    let data: Vec<([f64; N], f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..deals)
                        .step_by(threads as usize)
                        .flat_map(|deal| {
                            let found = samples(&group, deal, worlds as u32);
                            bar.inc(1);
                            found
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game"))
            .collect()
    });
    bar.finish_and_clear();
    let w = least_squares(&data);
    let n = data.len() as f64;
    let mean = data.iter().map(|(_, y)| y).sum::<f64>() / n;
    let (mut sse, mut sst) = (0.0, 0.0);
    for (x, y) in &data {
        let fit: f64 = x.iter().zip(&w).map(|(x, w)| x * w).sum();
        sse += (y - fit).powi(2);
        sst += (y - mean).powi(2);
    }
    println!(
        "{n} decisions of {deals} games, the rest of a game {mean:.1} on average, R^2 {:.3}, \
         error {:.1}",
        1.0 - sse / sst,
        (sse / n).sqrt()
    );
    println!("CutValue {{");
    for (name, w) in NAMES.iter().zip(&w) {
        println!("    {name}: {w:.3},");
    }
    println!("}}");
}
