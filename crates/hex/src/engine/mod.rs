//! A Hex engine in HexGui's and Benzene's conventions: the position, a Monte Carlo tree
//! search player, a GTP loop, SGF records and an arena that plays GTP engines against each
//! other.
//!
//! Points are `a1` at the top left, the letter the column and the number the row; Black
//! moves first and joins the top and bottom edges, White joins left and right; boards are
//! 1x1 to 19x19. The contest's X and O map onto these once, in [`Color::player`]: Black has
//! O's edges (the rows), White has X's (the columns).
//!
//! The player, for a program (a web page, say) that wants a move or an analysis, is
//! [`crate::player::Player`]. The GTP loop runs over any reader and writer:
//!
//! ```
//! use hex::engine::Engine;
//! use hex::player::{Config, Player};
//!
//! let mut engine = Engine::new(Player::new(Config::default()).unwrap());
//! let mut out = Vec::new();
//! engine.run(&b"boardsize 5 5\nplay b c3\nfinal_score\n"[..], &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "= \n\n= \n\n= cannot score\n\n");
//! ```

pub mod arena;
mod game;
pub mod gtp;
pub mod records;
pub mod selfplay;
pub mod sgf;

pub use game::{Color, Game, IllegalMove, MAX_BOARD, Move, Point};
pub use gtp::Engine;

/// What the GTP engine ([`Engine::run`]) speaks, as its help tells it; the first paragraph sums
/// it up.
pub const GTP_ABOUT: &str = "\
A Hex engine speaking GTP on stdin and stdout, as HexGui drives it.

Points are `a1` at the top left (the letter the column, the number the row); Black moves \
first and joins the top and bottom edges, White joins left and right; boards up to 19x19. \
`list_commands` names every command; `hexgui-analyze_commands` gives HexGui its analysis \
menu.";

/// An example of a GTP session, for the engine's help.
pub const GTP_EXAMPLE: &str = "\
Example (White's answer to Black's centre on 3x3, at a fixed amount of work):
  $ printf 'boardsize 3 3\\nplay black b2\\ngenmove white\\n' | boardgames hex gtp --playouts 200 --threads 1
  = 

  = 

  = b3";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gtp_example_is_what_the_engine_answers() {
        let mut lines = GTP_EXAMPLE.lines().skip(1);
        let command = lines.next().unwrap();
        let input = command.split('\'').nth(1).unwrap().replace("\\n", "\n");
        assert!(command.ends_with("--playouts 200 --threads 1"), "{command}");
        let mut config = crate::player::Config::default();
        config.set("playouts", "200").unwrap();
        config.set("threads", "1").unwrap();
        let player = crate::player::Player::new(config).unwrap();
        let mut out = Vec::new();
        Engine::new(player).run(input.as_bytes(), &mut out).unwrap();
        let shown: String = lines
            .map(|line| format!("{}\n", line.get(2..).unwrap_or("")))
            .collect();
        assert_eq!(String::from_utf8(out).unwrap(), shown + "\n");
    }
}
