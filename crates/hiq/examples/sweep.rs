//! Times `fewest_pegs` and `finish_in` on random positions of the English board.
//!
//! `sweep [COUNT] [SEED]`: COUNT random positions (default 300), each drawn with a random
//! density of pegs (most of them nearly full, where the searches are longest), solved for the
//! fewest pegs and for one peg in a random hole of the position's class. Prints every problem
//! over 0.3 s and the slowest of each kind.
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn main() {
    let layout = hiq::Layout::english();
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if let [hex, goal] = &raw[..] {
        if let Some(hex) = hex.strip_prefix("0x") {
            let position =
                hiq::Position::from_bits(u64::from_str_radix(hex, 16).expect("a position"));
            let hole = layout.hole(goal.parse().expect("a hole")).expect("a hole");
            let t = Instant::now();
            let found = match std::env::var("HIQ_TABLE") {
                Ok(pegs) => hiq::finish_in_with_endgame(
                    layout,
                    position,
                    hole,
                    pegs.parse().unwrap(),
                    1 << 18,
                ),
                Err(_) => hiq::finish_in(layout, position, hole),
            };
            println!("{:?}: {}", t.elapsed(), found.is_ok());
            let t = Instant::now();
            let fewest = hiq::fewest_pegs(layout, position);
            println!("{:?}: fewest {}", t.elapsed(), fewest.end.count());
            return;
        }
    }
    let args: Vec<u64> = raw.iter().map(|a| a.parse().expect("a number")).collect();
    let count = args.first().copied().unwrap_or(300);
    let mut rng = SmallRng::seed_from_u64(args.get(1).copied().unwrap_or(1));
    let holes = layout.holes() as u64;
    let mut slowest = [
        (Duration::ZERO, String::new()),
        (Duration::ZERO, String::new()),
    ];
    let mut total = [Duration::ZERO; 2];
    for _ in 0..count {
        // Up to 12 holes empty, a third of the time up to 4: nearly full boards are hardest.
        let most = if rng.random_range(0..3) == 0 { 4 } else { 12 };
        let empty = 1 + rng.random_range(0..most);
        let mut position = layout.full();
        for _ in 0..empty {
            position &= !hiq::Position::from_bits(1 << rng.random_range(0..holes));
        }
        let picture = format!("{:#x}", position.bits());
        let t = Instant::now();
        let fewest = hiq::fewest_pegs(layout, position);
        let e = t.elapsed();
        total[0] += e;
        let line = format!("fewest {picture}: {} pegs", fewest.end.count());
        if e.as_millis() > 300 {
            println!("{e:?} {line}");
        }
        if e > slowest[0].0 {
            slowest[0] = (e, line);
        }
        let goals: Vec<u32> = (1..=holes as u32)
            .filter(|&h| {
                let hole = layout.hole(h).unwrap();
                hiq::same_class(layout, position, hiq::Position::from(hole))
            })
            .collect();
        if goals.is_empty() {
            continue;
        }
        let goal = goals[rng.random_range(0..goals.len())];
        let t = Instant::now();
        let found = hiq::finish_in(layout, position, layout.hole(goal).unwrap());
        let e = t.elapsed();
        total[1] += e;
        let line = format!("finish {picture} in {goal}: {}", found.is_ok());
        if e.as_millis() > 300 {
            println!("{e:?} {line}");
        }
        if e > slowest[1].0 {
            slowest[1] = (e, line);
        }
    }
    for ((e, line), total) in slowest.iter().zip(total) {
        println!("slowest {e:?} {line}; total {total:?}");
    }
}
