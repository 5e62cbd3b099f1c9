//! The Hex commands' arguments (clap, behind the `clap` feature), for the `boardgames`
//! binary: each command's options with their help, and every value checked as it is parsed
//! (or, where it depends on another option, by a method that gives a usage error), so that a
//! refused value is a usage error (exit 2) that says what is allowed. Numeric options take a
//! negative value as a value, to refuse it as one.

mod arena;
mod book;
mod player;
mod selfplay;
mod solve;

use std::path::PathBuf;

use clap::error::ErrorKind;

use crate::player::params::number;

pub use arena::ArenaArgs;
pub use book::OpeningBookArgs;
pub use player::{PlayerArgs, SolverArgs};
pub use selfplay::SelfplayArgs;
pub use solve::{KnowledgeArgs, SolveArgs};

/// `boardgames hex gtp`: the engine over GTP.
#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(crate::gtp::GTP_ABOUT), long_about = crate::gtp::GTP_ABOUT)]
#[command(after_long_help = crate::gtp::GTP_EXAMPLE)]
pub struct GtpArgs {
    /// The player's settings.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// The solver's settings (`param_dfpn`).
    #[command(flatten, next_help_heading = "Solver")]
    pub solver: SolverArgs,
}

/// Training data for the pattern priors, from folders of game records.
///
/// For each position of each record (game-001.sgf, ... as `hex arena` and `hex selfplay`
/// save them) a line `GAME CHOSEN FEATURE:COUNT...`: the game (`dK-N`, record N of the K-th
/// folder), the feature of the move played, and the feature of every legal move with how
/// many moves have it. A feature is the move's pattern: the 12 cells around it (the 6
/// neighbours, then the 6 cells a bridge away) seen by the mover, with the board transposed
/// for White: `.` empty, `x` the mover's stone, `o` the opponent's, `X` the mover's edge, `O`
/// the opponent's, `+` off both edges. Then `@n` or `@b` if the move is next to the last move
/// or a bridge away from it, and `@N` or `@B` for the move before. `scripts/patterns/train.py`
/// learns the patterns' weights from these lines.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (a self-play game on 2x2, B[b1] W[b2] B[a2], and its three positions):
  $ boardgames hex selfplay -n 2 -g 1 --playouts 10 --threads 1 --out tiny >/dev/null && boardgames hex patterns tiny
  d1-1 ...X+OXOX++O ...X+OXOX++O:2 .OOXX.+O+X+.:2
  d1-1 .OOXXo+O+X+.@n .o.X+OXOX++O@n:1 .OOXXo+O+X+.@n:1 oOOXX.+O+X+.@n:1
  d1-1 .xoX+OXOX++O@n@N .xoX+OXOX++O@n@N:1 .OOXXx+O+X+o@b@N:1")]
pub struct PatternsArgs {
    /// Folders of numbered records.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Learn only the moves of the player whose name (the record's `PB` or `PW`) contains
    /// NAME, ignoring case; a record where neither does gives nothing.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
}

/// `--size`: the side of a board the engine plays.
fn board_size(text: &str) -> Result<u8, String> {
    let max = crate::game::MAX_BOARD;
    number(text, 1..=max, &format!("a board's side is 1 to {max}"))
}

/// A number of games, or a game's number: 1 or more.
fn count(text: &str) -> Result<u32, String> {
    number(
        text,
        1..=u32::MAX,
        &format!("a whole number 1 to {}", u32::MAX),
    )
}

/// Seconds: more than 0 (or 0 when `zero` is allowed), at most `max`.
fn seconds(text: &str, zero: bool, max: f64) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (s > 0.0 || (zero && s == 0.0)) && s <= max => Ok(s),
        _ if zero => Err(format!("seconds 0 to {max}")),
        _ => Err(format!("seconds more than 0 and at most {max}")),
    }
}

/// A usage error found after parsing, in clap's words: `invalid value 'VALUE' for 'OPTION':
/// WHY` (the binary adds the command's usage).
fn invalid(value: &str, option: &str, why: &str) -> clap::Error {
    clap::Error::raw(
        ErrorKind::ValueValidation,
        format!("invalid value '{value}' for '{option}': {why}"),
    )
}

/// Games K to K+G-1: refused (a usage error) when the last number does not fit 32 bits.
fn game_numbers(first: u32, games: u32) -> Result<std::ops::RangeInclusive<u32>, clap::Error> {
    let last = (first.checked_add(games - 1)).ok_or_else(|| {
        invalid(
            &first.to_string(),
            "--first-game <K>",
            &format!("the last game's number must be at most {}", u32::MAX),
        )
    })?;
    Ok(first..=last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser, Debug)]
    enum Hex {
        Solve(SolveArgs),
        Arena(ArenaArgs),
        Selfplay(SelfplayArgs),
        OpeningBook(OpeningBookArgs),
        Gtp(GtpArgs),
    }

    fn parse(line: &str) -> Result<Hex, clap::Error> {
        Hex::try_parse_from(std::iter::once("hex").chain(line.split(' ')))
    }

    #[test]
    fn every_refused_value_is_a_usage_error_that_says_what_is_allowed() {
        for (line, allowed) in [
            ("solve --memory 0", "a number of MiB, 1 or more"),
            ("solve --time -1", "seconds more than 0"),
            ("solve --time 0", "seconds more than 0"),
            ("solve --nodes -5", "a whole number, 0 or more"),
            ("solve --threads -1", "1 to 256"),
            ("solve --openings -3", "1 to 11"),
            ("arena -n 0", "a board's side is 1 to 19"),
            ("arena -n 30", "a board's side is 1 to 19"),
            ("arena -n -1", "a board's side is 1 to 19"),
            ("arena -g 0", "a whole number 1 to 4294967295"),
            ("arena -g -2", "a whole number 1 to 4294967295"),
            ("arena --first-game 0", "a whole number 1 to 4294967295"),
            ("arena --timeout 0", "seconds more than 0"),
            ("arena --adjudicate -1", "seconds 0 to 86400"),
            ("arena --engine1 ", "a command"),
            ("selfplay -g 1 -n 0", "a board's side is 1 to 19"),
            ("selfplay -g 0", "a whole number 1 to 4294967295"),
            ("opening-book --out b -n 0", "a board's side"),
            ("opening-book --out b --plies -1", "1 to 100"),
            (
                "opening-book --out b --records d --min-records -1",
                "a whole number, 0 or more",
            ),
            ("gtp --time 1e300", "seconds"),
            ("gtp --threads 0", "1 to 64"),
        ] {
            let e = parse(line).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::ValueValidation, "{line}: {e}");
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(allowed), "{line}: {e}");
        }
    }

    /// What depends on two options is refused after parsing, as a usage error too.
    #[test]
    fn values_that_depend_on_another_option_are_usage_errors() {
        let only = |line| match parse(line).unwrap() {
            Hex::Solve(args) => args.only().map(|cells| cells.map(|c| c.len())),
            _ => unreachable!(),
        };
        assert_eq!(only("solve --openings 3 --only A1,c3").unwrap(), Some(2));
        for line in [
            "solve --openings 3 --only Z9",
            "solve --openings 3 --only D1",
        ] {
            let e = only(line).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::ValueValidation, "{line}");
            assert!(e.to_string().contains("not a cell of the 3x3 board"), "{e}");
        }
        let program = std::path::Path::new("boardgames");
        let arena = |line| match parse(line).unwrap() {
            Hex::Arena(args) => args.to_match(program),
            _ => unreachable!(),
        };
        let cells = |size, list: &str| {
            let cells = list
                .split(',')
                .map(|c| vec![crate::Cell::parse(c, size).unwrap()]);
            cells.collect::<Vec<_>>()
        };
        let game = arena("arena -n 11 --openings balanced").unwrap();
        assert_eq!(game.openings, cells(11, "a2,b2,k10,j10"));
        assert_eq!(game.games, 8);
        // With --games the list goes round: games 9 and 10 play the first opening again.
        let game = arena("arena -n 13 --openings Balanced -g 16").unwrap();
        assert_eq!(game.openings, cells(13, "a2,a3,b2,k2"));
        assert_eq!(game.games, 16);
        assert_eq!(
            (game.opening(9), game.opening(10)),
            (&game.openings[0][..], &game.openings[0][..])
        );
        assert_eq!(game.opening(16), &game.openings[3][..]);
        assert_eq!(arena("arena -n 3 --openings a1,b2").unwrap().games, 4);
        assert_eq!(arena("arena -n 3").unwrap().games, 10);
        let game = arena("arena -n 3 -g 2 --opening b2 --engine2 other\t--x").unwrap();
        assert_eq!(game.openings, [vec![crate::Cell::parse("b2", 3).unwrap()]]);
        assert_eq!(game.engines[1].command, ["other", "--x"]);
        assert_eq!(game.engines[0].command, ["boardgames", "hex", "gtp"]);
        for (line, why) in [
            (
                "arena --opening zz",
                "\"zz\" is not a point of the 9x9 board (a1 to i9)",
            ),
            (
                "arena -n 3 --opening a1,d4",
                "\"d4\" is not a point of the 3x3 board",
            ),
            ("arena -n 3 --opening a1,a1", "a1 is already taken"),
            ("arena -n 1 --opening a1", "the game is over after a1"),
            ("arena --first-game 4294967295 -g 2", "at most 4294967295"),
            (
                "arena -n 9 --openings balanced",
                "the balanced openings are known for 11x11 and 13x13, not 9x9",
            ),
            (
                "arena -n 11 --openings a2,b2 -g 3",
                "with --openings, an even number",
            ),
        ] {
            let e = arena(line).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::ValueValidation, "{line}");
            assert!(e.to_string().contains(why), "{line}: {e}");
        }
        let plies = |line| match parse(line).unwrap() {
            Hex::OpeningBook(args) => args.plan_plies(),
            _ => unreachable!(),
        };
        assert_eq!(plies("opening-book --out b --plies 8").unwrap(), 8);
        let e = plies("opening-book --out b --plies 9").unwrap_err();
        assert!(
            e.to_string().contains("1 to 8 (1 to 100 with --records)"),
            "{e}"
        );
        assert_eq!(
            plies("opening-book --out b --plies 9 --records d").unwrap(),
            9
        );
    }
}
