//! Tunes the rollout policy of a group on its own play: games of the policy alone (with its
//! noise) on deals of the group, the same deals and random streams for every candidate
//! (common random numbers), by a coordinate search over the weights.
//!
//! Usage: `tune GROUP DEALS [NAME=WEIGHT,...] [--eval] [--names a,b,c]`: starts from the
//! group's preset with the changes given; `--eval` only prints the mean.

use solitaire_chess::Game;
use solitaire_chess::contest::{Group, alphabet};
use solitaire_chess_player::{Policy, Rng};

/// The mean final score of `policy` over the games (deal, seed).
fn mean(policy: &Policy, games: &[(Game, u64)]) -> f64 {
    let total: u64 = games
        .iter()
        .map(|&(game, seed)| u64::from(policy.rollout(game, &mut Rng::new(seed))))
        .sum();
    total as f64 / games.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let group = Group::get(args[0].parse().expect("a group")).expect("a group 1..6");
    let deals: u64 = args[1].parse().expect("a number of deals");
    let types = alphabet(group.letters).expect("the group's alphabet");
    let mut policy = Policy::for_types(&types);
    let mut eval = false;
    let mut names = vec![
        "run", "set1", "set2", "set3", "path1", "path2", "ordered", "empty", "mobility", "dead_end",
    ];
    let mut rest = args[2..].iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--eval" => eval = true,
            "--names" => names = rest.next().expect("names").split(',').collect(),
            text => {
                for pair in text.split(',') {
                    let (name, weight) = pair.split_once('=').expect("NAME=WEIGHT,...");
                    let weight = weight.parse().expect("a weight");
                    policy = policy.with(name, weight).expect("a weight's name");
                }
            }
        }
    }
    // Deals well away from the seeds the bench reports on; two games a deal.
    let games: Vec<(Game, u64)> = (0..deals)
        .flat_map(|i| {
            let game = Game::new(&group.deal(10_000 + i));
            [(game, 2 * i + 1), (game, 2 * i + 2)]
        })
        .collect();
    let mut best = mean(&policy, &games);
    println!("start {best:.2} {policy:?}");
    if eval {
        return;
    }
    let get = |p: &Policy, name: &str| -> f32 {
        // Reads a weight back by setting it to a marker and comparing (keeps `with` the one
        // place that knows the names).
        let fields = |q: &Policy| {
            [
                q.run,
                q.set[1],
                q.set[2],
                q.set[3],
                q.path[1],
                q.path[2],
                q.ordered,
                q.empty,
                q.mobility,
                q.dead_end,
                q.noise,
                q.lookahead,
            ]
        };
        let marked = p.with(name, 12345.0).expect("a weight's name");
        let (a, b) = (fields(p), fields(&marked));
        a.iter()
            .zip(&b)
            .find(|(x, y)| x != y)
            .map_or(0.0, |(x, _)| *x)
    };
    let mut step = 2.0f32;
    while step > 0.2 {
        let mut improved = false;
        for name in &names {
            let now = get(&policy, name);
            for delta in [step, -step] {
                let candidate = policy.with(name, now + delta).expect("a weight's name");
                let score = mean(&candidate, &games);
                if score > best + 0.05 {
                    best = score;
                    policy = candidate;
                    improved = true;
                    println!("{name} {} -> {best:.2}", now + delta);
                    break;
                }
            }
        }
        if !improved {
            step /= 2.0;
            println!("step {step}");
        }
    }
    println!("best {best:.2} {policy:?}");
}
