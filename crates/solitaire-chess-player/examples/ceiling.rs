//! The clairvoyant ceiling: a beam search told every layer of the deal in advance (which no
//! real player is), on seeds 1..=N of each group. Usage: `ceiling [WIDTH] [SEEDS] [GROUPS]`.

use solitaire_chess::Game;
use solitaire_chess::contest::Group;
use solitaire_chess_player::beam_search;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let width = args.first().copied().unwrap_or(64);
    let seeds = args.get(1).copied().unwrap_or(30) as u64;
    let groups = args.get(2).copied().unwrap_or(3456);
    for digit in groups.to_string().chars() {
        let Some(group) = digit.to_digit(10).and_then(|g| Group::get(g as u8)) else {
            continue;
        };
        let scores: Vec<u32> = (1..=seeds)
            .map(|seed| {
                let game = Game::new(&group.deal(seed));
                beam_search(game, width, &mut Vec::new(), &mut Vec::new()).total()
            })
            .collect();
        let mean = scores.iter().sum::<u32>() as f64 / scores.len() as f64;
        println!(
            "group {}: width {width}, mean {mean:.1} over {seeds} seeds",
            group.number
        );
    }
}
