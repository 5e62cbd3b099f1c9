//! The contest's input and output formats.
//!
//! Input: the number of data sets D, then for each a board size S (1..26), the numbers of
//! cells held by X and by O, X's cells, then O's cells. Cells are named by a column letter
//! (either case) and a row number, `A1` the top-left corner. The input is read as a stream
//! of words: line breaks may fall anywhere, and a player with no cells may have a blank line
//! or none at all.
//!
//! Output: `Analyzing D data set(s)`, then for each data set `Data set K`, `Board Position:`
//! and the board; then `X has won!` or `O has won!` if a player has joined their sides, or
//! else, for X and then for O, `Best case for P:`, the board with one shortest completion
//! added, and `Number of moves: N`. A blank line follows every board and every one of the
//! lines `X has won!`, `O has won!` and `Number of moves: N` (the layout of the text's third
//! sample, the only one printed as plain text).

use std::fmt;

use text::{ParseError, Pos, Token, Tokens};

use crate::board::{Board, Cell, Color, MAX_CELLS, MAX_SIZE};
use crate::completion::{Completion, shortest_completion};

/// What the contest program does, reads and prints, as its help tells it; the first paragraph
/// sums it up.
pub const ABOUT: &str = "\
Hex: who has won, or each player's fewest moves to win, drawn on the board.

The input is a count D, then D data sets, each a board size S (1..26), the numbers of cells \
held by X and by O, X's cells, then O's cells. Cells are a column letter (either case) and a \
row number: A1 is the top-left corner, and each row is drawn half a cell right of the one \
above. X joins the first and last columns, O the first and last rows. The input is read as \
words: line breaks may fall anywhere, and an empty list of cells may be a blank line or none.

Prints `Analyzing D data set(s)`, then for each data set `Data set K`, `Board Position:` and \
the board; then `X has won!` or `O has won!`, or else, for X and then O, `Best case for P:`, \
the board with one shortest completion added (the opponent not moving), and `Number of \
moves: N`. Boards show `X`, `O` and `-`, three spaces between cells, each row indented two \
spaces more than the one above. A blank line follows every board and every `... has won!` \
and `Number of moves: N` line.";

/// The board's lettering and an example of the contest program, for its help.
pub const FORMAT: &str = "\
A board of size 3: columns A.., rows 1.., each row half a cell right of the one above;
X joins columns A and C, O rows 1 and 3:
A1  B1  C1
  A2  B2  C2
    A3  B3  C3

Example (size 2, X on A1 and B1, O on none; the blank line is O's empty list):
  $ printf '1\\n2\\n2 0\\na1 b1\\n\\n' | boardgames hex
  Analyzing 1 data set(s)
  Data set 1
  Board Position:
  X   X
    -   -

  X has won!
";

/// The contest's first sample input (two data sets of size 5).
pub const SAMPLE_INPUT: &str = "2\n5\n2 2\nC2 A3\nC5 C3\n5\n3 2\nC2 A3 D2\nC5 C3\n";

/// The contest program: the contest output for a contest input, or the first mistake in it.
///
/// ```
/// let output = hex::contest::run(hex::contest::SAMPLE_INPUT).unwrap();
/// assert!(output.starts_with("Analyzing 2 data set(s)\nData set 1\n"));
/// assert!(output.contains("Number of moves: 4\n"));
/// ```
pub fn run(input: &str) -> Result<String, ParseError> {
    let analyses: Vec<Analysis> = parse(input)?.into_iter().map(Analysis::of).collect();
    Ok(Output(&analyses).to_string())
}

/// Reads the contest input: every data set's board, in order.
///
/// The whole text is checked, so that an error anywhere is found before anything is
/// analysed.
pub fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
    let mut tokens = Tokens::new(input);
    let count_at = tokens.pos();
    let count: u32 = tokens.number("the number of data sets (a whole number)")?;
    let mut boards = Vec::new();
    for number in 1..=count {
        boards.push(parse_data_set(&mut tokens, number)?);
    }
    tokens.expect_end(&format!(
        "end of input after the {count} data set(s) announced at {count_at}"
    ))?;
    Ok(boards)
}

/// Reads one data set: size, the two counts, X's cells, O's cells.
fn parse_data_set(tokens: &mut Tokens<'_>, number: u32) -> Result<Board, ParseError> {
    let expected = format!("the board size of data set {number} (a whole number 1 to {MAX_SIZE})");
    let token = tokens.expect(&expected)?;
    let mut board = token
        .parse::<u8>(&expected)
        .ok()
        .and_then(Board::empty)
        .ok_or_else(|| token.error(&expected))?;
    let cells = board.cells_count();
    let mut counts = [0; 2];
    for (player, count) in Color::CONTEST_ORDER.into_iter().zip(&mut counts) {
        let player = player.contest_letter();
        let expected = format!(
            "the number of cells {player} holds in data set {number} (a whole number 0 to {cells})"
        );
        let token = tokens.expect(&expected)?;
        *count = token
            .parse::<usize>(&expected)
            .ok()
            .filter(|&n| n <= cells)
            .ok_or_else(|| token.error(&expected))?;
    }
    let mut claimed_at = [Pos::START; MAX_CELLS];
    for (player, count) in Color::CONTEST_ORDER.into_iter().zip(counts) {
        for nth in 1..=count {
            // Written only for an error: a data set may list hundreds of cells.
            let expected = || {
                format!(
                    "cell {nth} of the {count} held by {} in data set {number} ({})",
                    player.contest_letter(),
                    cell_names(board.size())
                )
            };
            let token = tokens.next().ok_or_else(|| tokens.error_here(expected()))?;
            let cell =
                Cell::parse(token.text, board.size()).ok_or_else(|| token.error(expected()))?;
            claim(&mut board, &mut claimed_at, player, cell, token, number)?;
        }
    }
    Ok(board)
}

/// Puts a stone on a cell that nobody has claimed yet in this data set.
fn claim(
    board: &mut Board,
    claimed_at: &mut [Pos],
    player: Color,
    cell: Cell,
    token: Token<'_>,
    number: u32,
) -> Result<(), ParseError> {
    let first = &mut claimed_at[board.index(cell)];
    if let Some(owner) = board.get(cell) {
        return Err(token
            .error(format!("a cell not yet claimed in data set {number}"))
            .with_note(format!(
                "{cell} was claimed by {} at {first}",
                owner.contest_letter()
            )));
    }
    *first = token.pos;
    board.set(cell, player);
    Ok(())
}

/// What a cell name looks like on a board of `size`.
fn cell_names(size: u8) -> String {
    let last_col = char::from(b'A' + size - 1);
    if size == 1 {
        "the only cell is A1".into()
    } else {
        format!("a column A to {last_col} and a row 1 to {size}, like B2")
    }
}

/// What a position comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player's stones already join their two sides.
    Won(Color),
    /// Nobody has won; each player's shortest completion, X's first.
    Open {
        /// X's shortest completion.
        x: Completion,
        /// O's shortest completion.
        o: Completion,
    },
}

/// One data set analysed: the position and what it comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position as given.
    pub board: Board,
    /// Who has won, or how far each player is from winning.
    pub verdict: Verdict,
}

impl Analysis {
    /// Finds who has won, or each player's shortest completion.
    pub fn of(board: Board) -> Analysis {
        // Nobody has won: then neither player is walled off (in Hex only the opponent's
        // winning chain walls a player off), and each has a completion.
        let verdict = match board.winner() {
            Some(player) => Verdict::Won(player),
            None => {
                let completion = |player| {
                    shortest_completion(&board, player)
                        .expect("a player who has not lost has a way to win")
                };
                let (x, o) = (completion(Color::White), completion(Color::Black));
                Verdict::Open { x, o }
            }
        };
        Analysis { board, verdict }
    }
}

/// The contest's output for all the data sets.
pub struct Output<'a>(pub &'a [Analysis]);

impl fmt::Display for Output<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Analyzing {} data set(s)", self.0.len())?;
        for (number, analysis) in (1..).zip(self.0) {
            writeln!(f, "Data set {number}")?;
            writeln!(f, "Board Position:\n{}", analysis.board)?;
            match &analysis.verdict {
                Verdict::Won(player) => writeln!(f, "{} has won!\n", player.contest_letter())?,
                Verdict::Open { x, o } => {
                    for best in [x, o] {
                        writeln!(
                            f,
                            "Best case for {}:\n{}",
                            best.player.contest_letter(),
                            best.board
                        )?;
                        writeln!(f, "Number of moves: {}\n", best.moves())?;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_picture_names_the_cells_where_the_contest_draws_them() {
        // Four characters a cell, each row two more to the right than the one above.
        let picture: Vec<&str> = FORMAT.lines().skip(2).take(3).collect();
        for (row, line) in (0..).zip(&picture) {
            for (col, name) in (0..).zip(line.split_whitespace()) {
                assert_eq!(Cell::parse(name, 3), Some(Cell { row, col }));
                let at = 2 * usize::from(row) + 4 * usize::from(col);
                assert_eq!(line.get(at..at + 2), Some(name));
            }
        }
        assert_eq!(picture.iter().flat_map(|l| l.split_whitespace()).count(), 9);
    }

    fn error(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    fn verdicts(input: &str) -> Vec<String> {
        parse(input)
            .unwrap()
            .into_iter()
            .map(|board| match Analysis::of(board).verdict {
                Verdict::Won(player) => format!("{} won", player.contest_letter()),
                Verdict::Open { x, o } => format!("X {} O {}", x.moves(), o.moves()),
            })
            .collect()
    }

    #[test]
    fn the_samples_give_the_published_numbers() {
        assert_eq!(verdicts(SAMPLE_INPUT), ["X 3 O 3", "X 2 O 4"]);
        let o =
            "B1 B2 B3 B4 B5 B6 B7 D2 D3 D4 D5 D6 D7 D8 F1 F2 F3 F4 F5 F6 F7 H2 H3 H4 H5 H6 H7 H8";
        assert_eq!(verdicts(&format!("1\n8\n1 28\nA1\n{o}\n")), ["X 25 O 1"]);
        assert_eq!(
            verdicts(
                "3\n6\n0 0\n\n\n5\n5 4\nC2 A3 B3 D2 E2\nC5 C3 C4 B2\n5\n5 6\nC2 A3 B5 D2 E5\nC5 C3 C4 B2 B3 C1\n"
            ),
            ["X 6 O 6", "X won", "O won"]
        );
    }

    #[test]
    fn missing_lines_lower_case_and_crlf_are_fine() {
        assert_eq!(verdicts("1 6 0 0"), ["X 6 O 6"]);
        assert_eq!(verdicts("1\r\n5\r\n2 2\r\nc2 a3\r\nc5 C3\r\n"), ["X 3 O 3"]);
        assert_eq!(verdicts("0"), Vec::<String>::new());
    }

    #[test]
    fn mistakes_are_named_where_they_stand() {
        assert_eq!(
            error(""),
            "1:1: expected the number of data sets (a whole number), found end of input"
        );
        assert_eq!(
            error("1\n0\n0 0\n"),
            r#"2:1: expected the board size of data set 1 (a whole number 1 to 26), found "0""#
        );
        assert_eq!(
            error("1\n27\n0 0\n"),
            r#"2:1: expected the board size of data set 1 (a whole number 1 to 26), found "27""#
        );
        assert_eq!(
            error("1\nfive\n0 0\n"),
            r#"2:1: expected the board size of data set 1 (a whole number 1 to 26), found "five""#
        );
        assert_eq!(
            error("1\n2\n5 0\n"),
            r#"3:1: expected the number of cells X holds in data set 1 (a whole number 0 to 4), found "5""#
        );
        assert_eq!(
            error("1\n2\n0 -1\n"),
            r#"3:3: expected the number of cells O holds in data set 1 (a whole number 0 to 4), found "-1""#
        );
        assert_eq!(
            error("1\n5\n2 2\nC2 F3\nC5 C3\n"),
            r#"4:4: expected cell 2 of the 2 held by X in data set 1 (a column A to E and a row 1 to 5, like B2), found "F3""#
        );
        assert_eq!(
            error("1\n5\n2 2\n33 A3\nC5 C3\n"),
            r#"4:1: expected cell 1 of the 2 held by X in data set 1 (a column A to E and a row 1 to 5, like B2), found "33""#
        );
        assert_eq!(
            error("1\n1\n1 0\nB1\n"),
            r#"4:1: expected cell 1 of the 1 held by X in data set 1 (the only cell is A1), found "B1""#
        );
    }

    #[test]
    fn cells_claimed_twice_are_named_with_the_first_claim() {
        assert_eq!(
            error("1\n5\n2 2\nC2 c2\nC5 C3\n"),
            r#"4:4: expected a cell not yet claimed in data set 1, found "c2" (C2 was claimed by X at 4:1)"#
        );
        assert_eq!(
            error("1\n5\n2 2\nC2 A3\nC5 a3\n"),
            r#"5:4: expected a cell not yet claimed in data set 1, found "a3" (A3 was claimed by X at 4:4)"#
        );
    }

    #[test]
    fn too_little_or_too_much_input() {
        // Fewer cells than announced: the next data set's size is not a cell.
        assert_eq!(
            error("2\n5\n2 2\nC2 A3\nC5\n5\n0 0\n"),
            r#"6:1: expected cell 2 of the 2 held by O in data set 1 (a column A to E and a row 1 to 5, like B2), found "5""#
        );
        assert_eq!(
            error("1\n5\n2 2\nC2 A3\nC5\n"),
            "6:1: expected cell 2 of the 2 held by O in data set 1 (a column A to E and a row 1 to 5, like B2), found end of input"
        );
        assert_eq!(
            error("2\n5\n0 0\n"),
            "4:1: expected the board size of data set 2 (a whole number 1 to 26), found end of input"
        );
        assert_eq!(
            error("\n1\n3\n0 0\n3\n0 0\n"),
            r#"5:1: expected end of input after the 1 data set(s) announced at 2:1, found "3""#
        );
        assert_eq!(
            error("4000000000 1 0 0"),
            "1:17: expected the board size of data set 2 (a whole number 1 to 26), found end of input"
        );
    }

    #[test]
    fn the_output_has_a_blank_line_after_each_board_and_each_result() {
        let analyses: Vec<Analysis> = parse("2 1 1 0 a1 1 0 0")
            .unwrap()
            .into_iter()
            .map(Analysis::of)
            .collect();
        assert_eq!(
            Output(&analyses).to_string(),
            "Analyzing 2 data set(s)\n\
             Data set 1\nBoard Position:\nX\n\nX has won!\n\n\
             Data set 2\nBoard Position:\n-\n\n\
             Best case for X:\nX\n\nNumber of moves: 1\n\n\
             Best case for O:\nO\n\nNumber of moves: 1\n\n"
        );
    }
}
