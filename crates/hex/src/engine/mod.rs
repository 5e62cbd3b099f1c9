//! A Hex engine in HexGui's and Benzene's conventions: the position, a Monte Carlo tree
//! search player, a GTP loop, SGF records and an arena that plays GTP engines against each
//! other.
//!
//! Points are `a1` at the top left, the letter the column and the number the row; Black
//! moves first and joins the top and bottom edges, White joins left and right; boards are
//! 1x1 to 19x19. The contest's X and O map onto these once, in [`Color::player`]: Black has
//! O's edges (the rows), White has X's (the columns).
//!
//! The player, for a program (a web page, say) that wants a move or an analysis:
//!
//! ```
//! use hex::engine::{genmove, analyse, Color, Game, Limits, Move, Point, Settings};
//!
//! let mut game = Game::new(5).unwrap();
//! game.play(Color::Black, Move::Play(Point::parse("c3", 5).unwrap())).unwrap();
//! let limits = Limits { time: None, playouts: Some(2000), threads: 1, seed: 1 };
//! let reply = genmove(&game, Color::White, limits);
//! assert!(matches!(reply, Move::Play(p) if game.get(p).is_none()));
//! // Every empty point with its visits and White's chance of winning after it.
//! let analysis = analyse(&game, Color::White, limits, Settings::default());
//! assert_eq!(analysis.values.len(), 24);
//! ```
//!
//! The GTP loop runs over any reader and writer:
//!
//! ```
//! use hex::engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(Limits::default());
//! let mut out = Vec::new();
//! engine.run(&b"boardsize 5 5\nplay b c3\nfinal_score\n"[..], &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "= \n\n= \n\n= cannot score\n\n");
//! ```

pub mod arena;
mod game;
pub mod gtp;
mod mcts;
pub mod sgf;

pub use game::{Color, Game, IllegalMove, MAX_BOARD, Move, Point};
pub use gtp::Engine;
pub use mcts::{Analysis, KNOWLEDGE_AFTER, Limits, Reuse, Search, Settings, analyse, genmove};
