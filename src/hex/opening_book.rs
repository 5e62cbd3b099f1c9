//! `boardgames hex opening-book`: an opening book built by long searches.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use hex::engine::opening::{Followed, Line, Met, OpeningBook, replay};
use hex::engine::{Color, Move, Point, analyse, records};
use indicatif::{ProgressBar, ProgressStyle};

use super::PlayerArgs;
use crate::io;

/// Builds an opening book: the built-in player's replies in a game's first plies, each
/// found by a long search.
///
/// For each ply below --plies the book answers the positions that a side playing its book
/// moves meets, whatever the other side plays: the empty board (ply 0), every first move
/// (ply 1), the book's first move with every answer (ply 2), and so on; a position and its
/// half turn are searched once. Each search takes --time seconds (10 when neither --time nor
/// --playouts is given), and its line is added to --out as soon as it is found: a run that
/// stops can be started again and goes on where it stopped. `boardgames hex gtp
/// --opening-book FILE` plays from the book; the engine ships with books for 9x9 and 11x11
/// made this way (their first lines say how).
///
/// With --games the book follows game records instead of every move: at each ply below
/// --plies it answers the positions that the records reach while the book's side (the player
/// named by --player, or each side in turn) played the book's moves, most-met first, and
/// leaves out those met in fewer than --min-games records. Fed the records of matches, this
/// deepens the book along the lines opponents play. With --by-results a position's reply is
/// the move the records played there with the most wins over losses, if it won more games
/// than it lost; the other positions are searched.
///
/// A line of the book: the board's side, the moves that reach the position (`-` for none),
/// the reply, the search's chance of winning for the side replying, and its simulations.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (3x3, Black's first move and White's answer to each, at a fixed amount of work):
  $ boardgames hex opening-book -n 3 --plies 2 --playouts 300 --threads 1 --out book.txt
  6 positions answered in book.txt (6 new)
  $ head -4 book.txt
  # boardgames hex opening-book -n 3 --plies 2 --playouts 300 --threads 1 --out book.txt
  3 - b2 1.000 0
  3 a1 b2 1.000 0
  3 b1 b2 1.000 0")]
pub struct Args {
    /// The board's side.
    #[arg(long, short = 'n', default_value_t = 9, value_name = "N")]
    size: u8,
    /// Plies to answer (3: Black's first two moves and White's first).
    #[arg(long, default_value_t = 3, value_name = "P")]
    plies: usize,
    /// Follow the records in these folders (game-001.sgf, ... as `hex arena` and `hex
    /// selfplay` save them) instead of every move.
    #[arg(long, value_name = "DIR")]
    games: Vec<PathBuf>,
    /// With --games: answer only the positions of the player whose name (the record's `PB`
    /// or `PW`) contains NAME, ignoring case.
    #[arg(long = "player", value_name = "NAME", requires = "games")]
    games_player: Option<String>,
    /// With --games: where the records played a move that won more games than it lost,
    /// take the one with the most wins over losses instead of searching (its line records
    /// its share of wins and no simulations).
    #[arg(long, requires = "games")]
    by_results: bool,
    /// With --games: answer a position only if at least this many records reach it.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "games")]
    min_games: usize,
    /// The book's file: read first if it exists, and added to.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    player: PlayerArgs,
}

pub fn run(args: Args) -> Result<()> {
    super::check_size(args.size)?;
    let most = if args.games.is_empty() { 8 } else { 100 };
    if !(1..=most).contains(&args.plies) {
        bail!("--plies must be 1..{most}");
    }
    let games = followed_games(&args)?;
    let mut limits = args.player.limits()?;
    if args.player.time.is_none() && args.player.playouts.is_none() {
        limits.time = Some(Duration::from_secs(10));
    }
    let settings = args.player.settings()?;
    let path = &args.out;
    let mut book = if path.exists() {
        io::read_path(path)?.parse(OpeningBook::parse)?
    } else {
        OpeningBook::default()
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    if book.lines().is_empty() {
        let how = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        writeln!(file, "# boardgames {how}")?;
    }
    let mut added = 0;
    for ply in 0..args.plies {
        // Each position with the moves the records played there (none without --games).
        let todo: Vec<Met> = if args.games.is_empty() {
            (book.unanswered(args.size, ply).into_iter())
                .map(|moves| Met {
                    moves,
                    games: 0,
                    played: Vec::new(),
                })
                .collect()
        } else {
            book.unanswered_in(args.size, &games, ply, args.min_games)
        };
        let bar = ProgressBar::new(todo.len() as u64).with_style(ProgressStyle::with_template(
            "{bar:30} {pos}/{len} positions of ply {msg}, {elapsed} (about {eta} left)",
        )?);
        bar.set_message(ply.to_string());
        for Met { moves, played, .. } in todo {
            let proven = args.by_results.then(|| proven_move(&played)).flatten();
            let (reply, win_rate, playouts) = match proven {
                Some((reply, share)) => (reply, share, 0),
                None => {
                    let game = replay(args.size, &moves).context("a book's line is legal")?;
                    let found = analyse(&game, game.to_move(), limits, settings);
                    let Move::Play(reply) = found.best else {
                        bail!("the search answered {} to a position", found.best);
                    };
                    (reply, found.win_rate, found.playouts)
                }
            };
            let line = Line {
                size: args.size,
                moves,
                reply,
                win_rate,
                playouts,
            };
            writeln!(file, "{line}").with_context(|| format!("cannot write {}", path.display()))?;
            book.insert(line);
            added += 1;
            bar.inc(1);
        }
        bar.finish_and_clear();
    }
    let answered = (book.lines().iter())
        .filter(|line| line.size == args.size && line.moves.len() < args.plies)
        .count();
    io::print(&format!(
        "{answered} positions answered in {} ({added} new)\n",
        path.display()
    ))
}

/// The records of --games as the book follows them: each record's moves (up to a swap or a
/// resignation) with a side the book plays, for the records of the board's size without
/// setup stones.
fn followed_games(args: &Args) -> Result<Vec<Followed>> {
    let name = args.games_player.as_deref();
    let mut games = Vec::new();
    for dir in &args.games {
        let saved = records::read_dir(dir)
            .with_context(|| format!("cannot read the records in {}", dir.display()))?;
        for (_, record) in saved {
            if record.size != args.size || !record.setup.is_empty() {
                continue;
            }
            let moves: Vec<Point> = (record.moves.iter())
                .map_while(|&(_, mv)| match mv {
                    Move::Play(point) => Some(point),
                    _ => None,
                })
                .collect();
            for (color, player) in [(Color::Black, &record.black), (Color::White, &record.white)] {
                if super::is_player(name, player.as_deref()) {
                    let won = (record.result.as_deref())
                        .is_some_and(|result| result.starts_with(color.letter()));
                    games.push(Followed {
                        moves: moves.clone(),
                        side: color,
                        won,
                    });
                }
            }
        }
    }
    Ok(games)
}

/// Of the moves the records played in a position (each with its games and wins), the one
/// with the most wins over losses, if it won more games than it lost, with its share of
/// wins.
fn proven_move(played: &[(Point, usize, usize)]) -> Option<(Point, f64)> {
    let net = |&(_, games, wins): &(Point, usize, usize)| 2 * wins as i64 - games as i64;
    let best = played.iter().max_by_key(|entry| net(entry))?;
    (net(best) > 0).then(|| (best.0, best.2 as f64 / best.1 as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proven_move_won_more_than_it_lost_and_most_over_its_losses() {
        let p = |name| Point::parse(name, 5).unwrap();
        // 7 of 11 (+3) beats 1 of 1 (+1) and 3 of 13.
        let played = [(p("a1"), 13, 3), (p("b2"), 1, 1), (p("c3"), 11, 7)];
        assert_eq!(proven_move(&played), Some((p("c3"), 7.0 / 11.0)));
        // Half the games won is not enough.
        assert_eq!(proven_move(&[(p("a1"), 4, 2), (p("b2"), 3, 0)]), None);
        assert_eq!(proven_move(&[]), None);
    }
}
