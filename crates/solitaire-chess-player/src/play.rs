//! Whole games: the player against a judge in one process ([`self_play`]), and the contest
//! program's loop over any reader and writer ([`play`]): read the board, write a move, read
//! what shows there now, ... and `0 0` at the end; and the sample game a demo shows
//! ([`sample_game`]).

use std::io::{BufRead, Write};

use solitaire_chess::protocol::{ProtocolError, read_board, read_reply};
use solitaire_chess::{Deal, Outcome, Referee, SIDE, Score, Verdict};

use crate::config::{Budget, Config};
use crate::player::Player;

/// The game a demo shows: the built-in player on the contest's sample case
/// ([`SAMPLE_CASE`](solitaire_chess::contest::SAMPLE_CASE)) with a fixed amount of thinking,
/// so that it is the same on every machine, told move by move.
pub fn sample_game() -> String {
    let case = solitaire_chess::contest::official_case(solitaire_chess::contest::SAMPLE_CASE)
        .expect("the sample case is an official case");
    let deal = case.deal();
    let config = Config {
        budget: Budget::Worlds(8),
        seed: 1,
        ..Config::default()
    };
    self_play(&deal, config).transcript(&deal)
}

/// Plays the built-in player against a judge on a deal, in one process (no text in between).
pub fn self_play(deal: &Deal, config: Config) -> Outcome {
    let mut referee = Referee::new(deal);
    let mut player = Player::new(&deal.bronze(), config);
    let verdict = loop {
        let Some(square) = player.choose() else {
            break Verdict::Stopped;
        };
        match referee.play(square) {
            Ok(shown) => {
                if player.observe(square, shown).is_err() {
                    break Verdict::NoStop;
                }
            }
            Err(verdict) => break verdict,
        }
    };
    Outcome {
        moves: referee.moves().to_vec(),
        score: referee.score(),
        verdict,
    }
}

/// Plays a whole game as the contest program: reads the board, writes a move and reads the
/// answer until nothing is legal, then writes `0 0`. Every line written is flushed at once.
/// Returns the score of the game as the player counted it.
pub fn play(
    mut reader: impl BufRead,
    mut writer: impl Write,
    config: Config,
) -> Result<Score, ProtocolError> {
    let board = read_board(&mut reader)?;
    let mut player = Player::new(&board, config);
    let mut number = u32::from(SIDE);
    while let Some(square) = player.choose() {
        writeln!(writer, "{square}")?;
        writer.flush()?;
        number += 1;
        let reply = read_reply(&mut reader, number, square)?;
        player
            .observe(square, reply.shown)
            .map_err(|surprise| reply.refuse(surprise.to_string()))?;
    }
    writeln!(writer, "0 0")?;
    writer.flush()?;
    Ok(player.game().score())
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Answer, BoardText, Piece, official_deal};

    fn config() -> Config {
        Config {
            budget: Budget::Worlds(2),
            ..Config::default()
        }
    }

    /// Plays against a referee through text: the player's output is fed to the referee one
    /// line at a time and its answers become the player's next input. The player is
    /// deterministic, so it can be rerun with a longer input each time.
    fn transcript(deal: &Deal) -> (String, Referee) {
        let mut input = BoardText(&deal.bronze()).to_string();
        loop {
            let mut output = Vec::new();
            let result = play(input.as_bytes(), &mut output, config());
            let output = String::from_utf8(output).unwrap();
            let mut referee = Referee::new(deal);
            let mut answers = BoardText(&deal.bronze()).to_string();
            let mut stopped = false;
            for line in output.lines() {
                match referee.take(line).unwrap() {
                    Answer::Stop => stopped = true,
                    answer => answers += &format!("{answer}\n"),
                }
            }
            if stopped {
                assert!(result.is_ok());
                return (output, referee);
            }
            assert!(answers.len() > input.len(), "no progress");
            input = answers;
        }
    }

    #[test]
    fn plays_a_whole_game_over_text_and_ends_with_0_0() {
        let deal = official_deal(&[Piece::Rook, Piece::Bishop, Piece::Queen], 6);
        let (output, referee) = transcript(&deal);
        assert!(output.ends_with("0 0\n"));
        assert_eq!(output.lines().count(), referee.moves().len() + 1);
        assert!(referee.game().is_over());
    }

    fn error(input: &str) -> String {
        let mut output = Vec::new();
        play(input.as_bytes(), &mut output, config())
            .unwrap_err()
            .to_string()
    }

    const BOARD: &str =
        "1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 2 1 1 torn\n1 1 3 4 1 dam\n1 1 1 1 1 1\n1 1 1 1 1 1\n";

    #[test]
    fn bad_boards_are_reported_with_their_place() {
        assert_eq!(
            error(&BOARD.replace("torn", "rook")),
            r#"3:11: expected a piece (1, 2, 3, 4, torn, lopare, dam or springare) for square 3 6, found "rook""#
        );
        assert_eq!(
            error(&BOARD.replacen("1 1 1 1 1 1\n", "1 1 1 1 1\n", 1)),
            "1:10: expected a piece (1, 2, 3, 4, torn, lopare, dam or springare) for square 1 6, found end of line (row 1 ends after 5 pieces)"
        );
        assert_eq!(
            error(&BOARD.replacen("1 1 1 1 1 1\n", "1 1 1 1 1 1 1\n", 1)),
            r#"1:13: expected the end of row 1 after six pieces, found "1""#
        );
        assert_eq!(
            error(&BOARD.split_inclusive('\n').take(3).collect::<String>()),
            "4:1: expected row 4 of the board, found end of input"
        );
    }

    #[test]
    fn unexpected_replies_are_reported() {
        let message = error(&format!("{BOARD}queen\n"));
        assert!(
            message.starts_with(r#"7:1: expected the piece now on "#),
            "{message}"
        );
        assert!(
            message.ends_with(r#"or `blank`, found "queen""#),
            "{message}"
        );
        let message = error(&format!("{BOARD}blank\n"));
        assert!(
            message.contains("only a gold removal empties a square"),
            "{message}"
        );
        let message = error(&format!("{BOARD}1 1\n"));
        assert!(message.starts_with(r#"7:3: expected the end of the line after "1""#));
        let message = error(&format!("{BOARD}\n"));
        assert!(
            message.starts_with("7:1: expected the piece now on "),
            "{message}"
        );
        assert!(message.ends_with("found end of line"), "{message}");
        let message = error(BOARD);
        assert!(message.ends_with("found end of input"), "{message}");
    }

    #[test]
    fn the_built_in_player_finishes_legally_and_deterministically() {
        let deal = official_deal(&Piece::ALL, 13);
        let config = Config {
            budget: Budget::Worlds(4),
            ..Config::default()
        };
        let outcome = self_play(&deal, config);
        assert_eq!(outcome.verdict, Verdict::Stopped);
        assert!(outcome.points() > 0);
        assert_eq!(self_play(&deal, config), outcome);
        // Replaying the moves through the text interface gives the same score.
        let mut r = Referee::new(&deal);
        for square in &outcome.moves {
            r.take(&format!("{square}\n")).unwrap();
        }
        assert_eq!(r.score(), outcome.score);
        assert!(r.game().is_over());
    }

    #[test]
    fn the_sample_game_starts_from_the_sample_board_and_is_accepted() {
        let told = sample_game();
        // The first removal names the piece the sample board shows on its square.
        let first = told.lines().next().unwrap();
        let (square, rest) = first.split_once("  (").unwrap();
        let (row, col) = square.split_once(' ').unwrap();
        let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
        let board: Vec<Vec<&str>> = solitaire_chess::contest::SAMPLE_BOARD
            .lines()
            .map(|line| line.split(' ').collect())
            .collect();
        assert!(
            rest.starts_with(&format!("{},", board[row - 1][col - 1])),
            "{first}"
        );
        assert!(told.contains("\n0 0\nscore "), "{told}");
        assert!(!told.contains("(fault)"), "{told}");
        assert_eq!(told, sample_game(), "the same game every time");
    }

    #[test]
    fn single_type_boards_are_played_to_the_full_324() {
        // A fixed amount of work, so that the tour is found however loaded the machine is.
        let config = Config {
            budget: Budget::Worlds(2),
            ..Config::default()
        };
        for piece in [Piece::Knight, Piece::One] {
            let outcome = self_play(&Deal::uniform(piece), config);
            assert_eq!(outcome.points(), 324, "{piece}");
        }
    }
}
