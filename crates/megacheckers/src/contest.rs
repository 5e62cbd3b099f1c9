//! The contest's input and output formats.
//!
//! Input: test cases, each `N M` (rows and columns) followed by the contents of the board's
//! ceil(N × M / 2) homes in number order, `0` empty, `1` the player's piece, `2` the
//! opponent's. `0 0` ends the input, and so does its plain end. The numbers are a stream:
//! line breaks may fall anywhere. An input with nothing in it is refused: the contest's ends
//! with `0 0` at least, and an empty one is more likely a wrong file than a request. Any number of pieces of either side is accepted (the text
//! promises at most N × M / 4 each). Nothing may follow `0 0`.
//!
//! Output: one line per test case, the most pieces one capture takes; with paths, each
//! answer is followed by a line holding one capture that takes them (`1x5x7`, the homes
//! visited), or `-` when no capture is possible.

use std::fmt;

use text::{ParseError, Played, Token, Tokens};

use crate::board::{Board, Content};
use crate::picture::Picture;
use crate::shape::{MAX_SIDE, MAX_SQUARES, MIN_SIDE, Shape};
use crate::solve::{Best, solve};

/// What the contest program does and reads, as its help tells it; the first paragraph sums it
/// up.
pub const ABOUT: &str = "\
MegaCheckers: the most opponent pieces one capture move can take, for each board.

Each test case is `N M` (rows and columns, each 3..20, N × M at most 200) and the contents \
of the board's homes in number order: `0` empty, `1` yours, `2` the opponent's. Homes are \
the squares (row r, column c) with r + c even, numbered from 1 row by row from your edge, \
each row left to right. `0 0` or the end of the input ends it. Prints one line per board: \
the most opponent pieces one of your pieces can take in one capture move, jumping \
diagonally forward or backward and never over the same piece twice.";

/// The homes' numbering and an example of the contest program, for its help.
pub const FORMAT: &str = "\
The homes of a 5 x 3 board, your edge at the bottom (row 0), numbered row by row from it:
 7  .  8
 .  6  .
 4  .  5
 .  3  .
 1  .  2

Example (that board: yours on 1 and 4, the opponent's on 3 and 6):
  $ printf '5 3\\n1 0 2 1 0 2 0 0\\n0 0\\n' | boardgames megacheckers --path
  2
  1x5x7";

/// The contest's sample input: three boards, then `0 0`.
pub const SAMPLE_INPUT: &str = "3 3
2 1 2 0 1
5 3
1 0 2 1 0 2 0 0
8 8
2 2 2 2 0 0 0 0 2 2 2 2 0 0 0 0 2 2 2 2 0 0 0 0 2 2 2 2 0 1 0 0
0 0
";

/// What the contest program prints beyond the contest's answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// After each answer, a line with one capture that takes that many pieces (see
    /// [`Output::with_paths`]); and, beside the output, each board drawn with its capture.
    pub paths: bool,
    /// Draw the boards in ANSI colours.
    pub color: bool,
}

/// The contest program: the contest output for a contest input, or the first mistake in it.
///
/// ```
/// use megacheckers::contest;
///
/// assert_eq!(contest::run(contest::SAMPLE_INPUT).unwrap(), "1\n2\n7\n");
/// ```
pub fn run(input: &str) -> Result<String, ParseError> {
    Ok(run_with(input, Options::default())?.output)
}

/// [`run`] with options: with [`Options::paths`], the output with a capture after each answer,
/// and beside it every board drawn with its capture ([`Picture`]) under a line saying what it
/// takes, then a legend of the drawings' signs: what `boardgames megacheckers --path` writes
/// to stdout and to stderr.
pub fn run_with(input: &str, options: Options) -> Result<Played, ParseError> {
    let boards = parse(input)?;
    let best: Vec<Best> = boards.iter().map(solve).collect();
    if !options.paths {
        return Ok(Played {
            output: Output::answers(&best).to_string(),
            trace: None,
        });
    }
    let mut pictures = String::new();
    for (number, (board, best)) in (1..).zip(boards.iter().zip(&best)) {
        let path = best.capture.as_ref();
        let shown = path.map_or("no capture".to_string(), |c| c.to_string());
        pictures += &format!("board {number}: {} taken, {shown}\n", best.taken);
        pictures += &Picture::new(board)
            .capture(path)
            .color(options.color)
            .to_string();
    }
    pictures += "o yours, x theirs, . an empty home; @ the piece that captures, 1 2 ... where it lands, * what it takes\n";
    Ok(Played {
        output: Output::with_paths(&best).to_string(),
        trace: Some(pictures),
    })
}

const ROWS: &str = "the number of rows N (3 to 20), or 0 0 to end the input";

/// Reads the contest input: every board, in order.
///
/// The whole text is checked, so that an error anywhere is found before anything is solved.
pub fn parse(input: &str) -> Result<Vec<Board>, ParseError> {
    let mut tokens = Tokens::new(input);
    let mut boards: Vec<Board> = Vec::new();
    // The last value of the board before, to explain a number that is one too many.
    let mut last_value: Option<(Token, Shape)> = None;
    if tokens.peek().is_none() {
        return Err(tokens.error_here(ROWS));
    }
    while let Some(first) = tokens.next() {
        // A number on the line of the last board's values is perhaps one value too many.
        let too_many = |err: ParseError| match last_value {
            Some((value, shape)) if value.pos.line == first.pos.line => err.with_note(format!(
                "is there a value too many on line {}? The {shape} board there has {} homes",
                value.pos.line,
                shape.homes()
            )),
            _ => err,
        };
        let rows = first.parse_in::<u32>(ROWS, ..).map_err(too_many)?;
        if rows == 0 {
            let end = "0 after 0 (`0 0` ends the input)";
            let cols = tokens.expect(end).map_err(too_many)?;
            cols.parse_in::<u32>(end, 0..=0).map_err(too_many)?;
            tokens
                .expect_end("the end of the input after `0 0`")
                .map_err(too_many)?;
            break;
        }
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
            return Err(too_many(first.error(ROWS)));
        }
        let shape = parse_cols(&mut tokens, rows)?;
        let board = boards.len() + 1;
        // At most 100 homes, whatever the input says.
        let mut contents = Vec::with_capacity(shape.homes());
        let mut first_line = None;
        let mut last = None;
        for home in shape.each_home() {
            let expected = || {
                format!(
                    "0, 1 or 2 for home {home} of board {board} ({shape}, {} homes)",
                    shape.homes()
                )
            };
            let Some(token) = tokens.next() else {
                let note = format!("only {} given", given(home.index()));
                return Err(tokens.error_here(expected()).with_note(note));
            };
            let first_line = *first_line.get_or_insert(token.pos.line);
            match token.text.parse::<u32>().ok().and_then(Content::from_digit) {
                Some(content) => contents.push(content),
                // Perhaps the next board's N, read as a value because some are missing.
                None if token.pos.line != first_line => {
                    let note = format!(
                        "{} came before it, from line {first_line}",
                        text::Counted(home.index(), "value")
                    );
                    return Err(token.error(expected()).with_note(note));
                }
                None => return Err(token.error(expected())),
            }
            last = Some(token);
        }
        last_value = last.map(|token| (token, shape));
        boards.push(Board::from_contents(shape, contents));
    }
    Ok(boards)
}

/// `1 value was`, `2 values were`.
fn given(count: usize) -> String {
    let verb = if count == 1 { "was" } else { "were" };
    format!("{} {verb}", text::Counted(count, "value"))
}

/// Reads M, the number of columns, for a board of `rows` rows.
fn parse_cols(tokens: &mut Tokens<'_>, rows: u32) -> Result<Shape, ParseError> {
    const COLS: &str = "the number of columns M (3 to 20)";
    let token = tokens.expect(COLS)?;
    let cols = token.parse_in(COLS, MIN_SIDE..=MAX_SIDE)?;
    Shape::new(rows, cols).ok_or_else(|| {
        token.error(format!(
            "a number of columns M with N × M at most {MAX_SQUARES} (N is {rows}, so M at most {})",
            MAX_SQUARES / rows
        ))
    })
}

/// The contest's output for the best captures of all boards.
pub struct Output<'a> {
    best: &'a [Best],
    paths: bool,
}

impl<'a> Output<'a> {
    /// Exactly the contest's output: one answer a line.
    pub fn answers(best: &'a [Best]) -> Output<'a> {
        Output { best, paths: false }
    }

    /// Each answer followed by a line with one capture achieving it, or `-` if none exists.
    pub fn with_paths(best: &'a [Best]) -> Output<'a> {
        Output { best, paths: true }
    }
}

impl fmt::Display for Output<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for best in self.best {
            writeln!(f, "{}", best.taken)?;
            if self.paths {
                match &best.capture {
                    Some(capture) => writeln!(f, "{capture}")?,
                    None => writeln!(f, "-")?,
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Capture;
    use crate::shape::Shape;
    use proptest::prelude::*;

    #[test]
    fn the_help_picture_numbers_the_homes_of_a_5_by_3_board() {
        let shape = crate::Shape::new(5, 3).unwrap();
        // Row 0 is drawn at the bottom, three characters a column.
        let picture: Vec<&str> = FORMAT.lines().skip(1).take(5).collect();
        for home in shape.each_home() {
            let square = shape.square(home);
            let (row, col) = (4 - usize::from(square.row), 3 * usize::from(square.col));
            let drawn = picture[row].get(col..col + 2).map(str::trim);
            assert_eq!(
                drawn,
                Some(home.number().to_string().as_str()),
                "{square:?}"
            );
        }
        let homes = FORMAT
            .lines()
            .skip(1)
            .take(5)
            .flat_map(str::split_whitespace);
        assert_eq!(homes.filter(|&cell| cell != ".").count(), shape.homes());
    }

    fn error(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn the_sample_gives_the_published_answers() {
        assert_eq!(run(SAMPLE_INPUT).unwrap(), "1\n2\n7\n");
    }

    #[test]
    fn the_input_may_end_without_0_0_and_break_lines_anywhere() {
        assert_eq!(
            run("3 3 2 1\r\n2 0 1\n\n5\n3 1 0 2 1 0 2 0 0").unwrap(),
            "1\n2\n"
        );
        assert_eq!(run("0 0\n").unwrap(), "");
    }

    #[test]
    fn an_input_with_nothing_in_it_is_refused() {
        assert_eq!(
            error(""),
            "1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found end of input"
        );
        assert_eq!(
            error("\n \r\n"),
            "3:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found end of input"
        );
    }

    #[test]
    fn paths_follow_their_answers_and_each_board_is_drawn_beside() {
        let input = "3 3\n0 1 2 0 0\n3 3\n1 0 0 0 0\n";
        let paths = Options {
            paths: true,
            color: false,
        };
        let played = run_with(input, paths).unwrap();
        assert_eq!(played.output, "1\n2x4\n0\n-\n");
        let boards = parse(input).unwrap();
        let first = solve(&boards[0]);
        let picture = Picture::new(&boards[0]).capture(first.capture.as_ref());
        let pictures = played.trace.unwrap();
        assert!(pictures.starts_with(&format!(
            "board 1: 1 taken, 2x4\n{picture}board 2: 0 taken, no capture\n"
        )));
        assert!(pictures.ends_with("* what it takes\n"));
        assert!(!pictures.contains('\u{1b}'));
        // Without paths, the contest output alone, and nothing drawn.
        let plain = run_with(input, Options::default()).unwrap();
        assert_eq!((plain.output.as_str(), plain.trace), ("1\n0\n", None));
    }

    /// Boards of any legal shape with pieces on a third to all of the homes: long captures.
    fn boards() -> impl Strategy<Value = Board> {
        (3u32..=20, 3u32..=20, 0u32..=3)
            .prop_filter_map("N × M at most 200", |(rows, cols, empty)| {
                Shape::new(rows, cols).map(|shape| (shape, empty))
            })
            .prop_flat_map(|(shape, empty)| {
                // Each home: empty with odds empty in 6, else ours 1 in 6, else theirs.
                prop::collection::vec(0u32..6, shape.homes()).prop_map(move |rolls| {
                    let contents = rolls.into_iter().map(|roll| match roll {
                        r if r < empty => Content::Empty,
                        5 => Content::Mine,
                        _ => Content::Theirs,
                    });
                    Board::from_contents(shape, contents)
                })
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// What `--path` prints, read back and replayed: a legal capture of the length printed.
        #[test]
        fn printed_paths_replay_as_legal_captures_of_the_printed_length(
            boards in prop::collection::vec(boards(), 1..4)
        ) {
            let best: Vec<Best> = boards.iter().map(solve).collect();
            let text = Output::with_paths(&best).to_string();
            let lines: Vec<&str> = text.lines().collect();
            prop_assert_eq!(lines.len(), 2 * boards.len());
            for (board, pair) in boards.iter().zip(lines.chunks(2)) {
                let taken: u32 = pair[0].parse().unwrap();
                if pair[1] == "-" {
                    prop_assert_eq!(taken, 0);
                    prop_assert_eq!(crate::brute::max_capture(board), 0);
                } else {
                    let capture: Capture = pair[1].parse().unwrap();
                    prop_assert_eq!(capture.replay(board).map(|t| t.len()), Ok(taken));
                    prop_assert_eq!(capture.jumps(), taken as usize);
                }
            }
        }
    }

    #[test]
    fn mistakes_are_named_where_they_stand() {
        let cases = [
            (
                "x 3",
                r#"1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found "x""#,
            ),
            (
                "2 3",
                r#"1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found "2""#,
            ),
            (
                "21 3",
                r#"1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found "21""#,
            ),
            (
                "99999999999999999999999 3",
                r#"1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found "99999999999999999999999""#,
            ),
            (
                "3 99999999999999999999999",
                r#"1:3: expected the number of columns M (3 to 20), found "99999999999999999999999""#,
            ),
            (
                "-3 3",
                r#"1:1: expected the number of rows N (3 to 20), or 0 0 to end the input, found "-3""#,
            ),
            (
                "3",
                "1:2: expected the number of columns M (3 to 20), found end of input",
            ),
            (
                "3 21",
                r#"1:3: expected the number of columns M (3 to 20), found "21""#,
            ),
            (
                "3 2",
                r#"1:3: expected the number of columns M (3 to 20), found "2""#,
            ),
            (
                "11 19",
                r#"1:4: expected a number of columns M with N × M at most 200 (N is 11, so M at most 18), found "19""#,
            ),
            (
                "3 3\n2 1 7 0 1",
                r#"2:5: expected 0, 1 or 2 for home 3 of board 1 (3x3, 5 homes), found "7""#,
            ),
            (
                "3 3\n2 1 one 0 1",
                r#"2:5: expected 0, 1 or 2 for home 3 of board 1 (3x3, 5 homes), found "one""#,
            ),
            (
                "3 3\n2 1 -1 0 1",
                r#"2:5: expected 0, 1 or 2 for home 3 of board 1 (3x3, 5 homes), found "-1""#,
            ),
            (
                "3 3\n2 1 2 0\n",
                "3:1: expected 0, 1 or 2 for home 5 of board 1 (3x3, 5 homes), found end of input (only 4 values were given)",
            ),
            (
                "3 3\n2\n",
                "3:1: expected 0, 1 or 2 for home 2 of board 1 (3x3, 5 homes), found end of input (only 1 value was given)",
            ),
            (
                "3 3\n2\n3 3\n",
                r#"3:1: expected 0, 1 or 2 for home 2 of board 1 (3x3, 5 homes), found "3" (1 value came before it, from line 2)"#,
            ),
            (
                "3 3 0 0 0 0 0\n3 3\n2 1 2 0\n3 3\n0 0 0 0 0\n",
                r#"4:1: expected 0, 1 or 2 for home 5 of board 2 (3x3, 5 homes), found "3" (4 values came before it, from line 3)"#,
            ),
            (
                "3 3\n2 1 2 0 1 2\n0 0",
                r#"2:11: expected the number of rows N (3 to 20), or 0 0 to end the input, found "2" (is there a value too many on line 2? The 3x3 board there has 5 homes)"#,
            ),
            (
                "0 1",
                r#"1:3: expected 0 after 0 (`0 0` ends the input), found "1""#,
            ),
            (
                "0",
                "1:2: expected 0 after 0 (`0 0` ends the input), found end of input",
            ),
            (
                "0 0\n3 3",
                r#"2:1: expected the end of the input after `0 0`, found "3""#,
            ),
        ];
        for (input, message) in cases {
            assert_eq!(error(input), message, "{input:?}");
        }
    }
}
