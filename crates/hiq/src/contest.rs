//! The contest's input and output formats.
//!
//! Input: a count N, then N instances, each the holes that hold a peg followed by `0`. The
//! numbers are a stream: line breaks may fall anywhere. The text promises increasing order;
//! any order is accepted here, but a hole listed twice in one instance is an error.
//!
//! Output: `HI Q OUTPUT`, the sum of the holes left with pegs for each instance, one a line,
//! then `END OF OUTPUT`.

use std::fmt;

use text::{ParseError, Played, Pos, Tokens};

use crate::board::Layout;
use crate::position::Position;
use crate::rules::Game;

/// The contest's sample input: four instances, the first as the text walks it through.
pub const SAMPLE_INPUT: &str = "4
10 12 17 19 25 0 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
16 17 18 19 20
21 22 23 24 25 26 27 28 29 30 31 32 33 0
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20
21 22 23 24 25 26 27 28 29 30 31 32 33 0
";

/// What the contest program does and reads, as its help tells it; the first paragraph sums it
/// up.
pub const ABOUT: &str = "\
Hi-Q: 33-hole peg solitaire played by a fixed rule; prints the sum of the pegs left.

Plays each instance by the contest's rule and prints the sum of the numbers of the holes \
left with pegs, between `HI Q OUTPUT` and `END OF OUTPUT`. The input is a count N, then N \
instances, each the holes with pegs (1..33) ended by `0`. Line breaks may fall anywhere, \
and the holes may come in any order (the contest promised increasing order). The rule: \
always the jump into the largest empty hole, and among jumps into that hole the one from \
the largest hole, until no jump is left.";

/// The holes' numbers and an example of the contest program, for its help.
pub const FORMAT: &str = "\
The 33 holes, numbered row by row:
        1  2  3
        4  5  6
  7  8  9 10 11 12 13
 14 15 16 17 18 19 20
 21 22 23 24 25 26 27
       28 29 30
       31 32 33

Example (one instance: pegs in holes 10 12 17 19 25):
  $ printf '1\\n10 12 17 19 25 0\\n' | boardgames hiq
  HI Q OUTPUT
  51
  END OF OUTPUT";

/// How the contest program runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Also tell every game jump by jump: each instance's [`Trace`](crate::Trace), numbered
    /// from 1, as the contest's walk-through tells it.
    pub trace: bool,
}

/// The contest program: the contest output for a contest input, or the first mistake in it.
///
/// ```
/// let output = hiq::contest::run(hiq::contest::SAMPLE_INPUT).unwrap();
/// assert_eq!(output, "HI Q OUTPUT\n51\n0\n561\n98\nEND OF OUTPUT\n");
/// ```
pub fn run(input: &str) -> Result<String, ParseError> {
    Ok(run_with(input, Options::default())?.output)
}

/// [`run`], with the trace of every game if [`Options::trace`].
pub fn run_with(input: &str, options: Options) -> Result<Played, ParseError> {
    let games: Vec<Game> = parse(input)?
        .into_iter()
        .map(|start| Game::play(Layout::english(), start))
        .collect();
    let trace = options.trace.then(|| {
        let mut trace = String::new();
        for (number, game) in (1..).zip(&games) {
            trace += &format!("instance {number}: {}", game.trace());
        }
        trace
    });
    let ends: Vec<Position> = games.iter().map(|game| game.end).collect();
    Ok(Played {
        output: Output(&ends).to_string(),
        trace,
    })
}

/// Reads the contest input: every instance's starting position, in order.
///
/// The whole text is checked, so that an error anywhere is found before anything is played.
pub fn parse(input: &str) -> Result<Vec<Position>, ParseError> {
    parse_on(Layout::english(), input)
}

/// Reads input in the contest's format for another board: hole numbers run from 1 to the
/// number of holes of `layout`.
pub fn parse_on(layout: &Layout, input: &str) -> Result<Vec<Position>, ParseError> {
    let mut tokens = Tokens::new(input);
    let count: u32 = tokens.number("the number of instances (a whole number)")?;
    let mut positions = Vec::new();
    for instance in 1..=count {
        positions.push(parse_instance(layout, &mut tokens, instance, count)?);
    }
    tokens.expect_end(&format!(
        "end of input after the {count} instance(s) announced on line 1"
    ))?;
    Ok(positions)
}

/// Reads one instance: holes with pegs up to the `0` that ends it.
fn parse_instance(
    layout: &Layout,
    tokens: &mut Tokens<'_>,
    instance: u32,
    count: u32,
) -> Result<Position, ParseError> {
    let expected = format!(
        "a hole number 1 to {} or 0 to end instance {instance} of {count}",
        layout.holes()
    );
    let mut position = Position::EMPTY;
    let mut listed_at = [Pos::START; 64];
    loop {
        let token = tokens.expect(&expected)?;
        let number = token.parse_in::<u32>(&expected, ..)?;
        if number == 0 {
            return Ok(position);
        }
        let hole = layout.hole(number).ok_or_else(|| token.error(&expected))?;
        let first = &mut listed_at[hole.index()];
        if position.contains(hole) {
            return Err(token
                .error(format!("a hole not yet listed in instance {instance}"))
                .with_note(format!("hole {hole} was listed at {first}")));
        }
        *first = token.pos;
        position = position.with(hole);
    }
}

/// The contest's output for the final positions of all instances.
pub struct Output<'a>(pub &'a [Position]);

impl fmt::Display for Output<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "HI Q OUTPUT")?;
        for end in self.0 {
            writeln!(f, "{}", end.sum())?;
        }
        writeln!(f, "END OF OUTPUT")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_picture_numbers_the_holes_of_the_english_board() {
        // Each number stands in its hole's column, three characters a column.
        let picture: Vec<&str> = FORMAT.lines().skip(1).take(7).collect();
        for (number, &(row, col)) in (1..).zip(Layout::english().cells()) {
            let drawn = picture[row].get(3 * col..3 * col + 3).map(str::trim);
            assert_eq!(drawn, Some(u32::to_string(&number).as_str()));
        }
        let holes = picture.iter().flat_map(|line| line.split_whitespace());
        assert_eq!(holes.count(), Layout::english().holes());
    }

    fn error(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn the_sample_gives_the_published_sums() {
        assert_eq!(
            run(SAMPLE_INPUT).unwrap(),
            "HI Q OUTPUT\n51\n0\n561\n98\nEND OF OUTPUT\n"
        );
    }

    #[test]
    fn the_trace_tells_each_instance_after_the_same_output() {
        let played = run_with(SAMPLE_INPUT, Options { trace: true }).unwrap();
        assert_eq!(played.output, run(SAMPLE_INPUT).unwrap());
        let first = Game::play(Layout::english(), parse(SAMPLE_INPUT).unwrap()[0]);
        let trace = played.trace.unwrap();
        assert!(trace.starts_with(&format!("instance 1: {}instance 2: ", first.trace())));
        assert_eq!(trace.matches("instance ").count(), 4);
        // Not asked, not built.
        let quiet = run_with(SAMPLE_INPUT, Options::default()).unwrap();
        assert_eq!(quiet.trace, None);
    }

    #[test]
    fn line_breaks_and_order_do_not_matter() {
        assert_eq!(
            run("2\r\n\r\n25 19\n17 12 10 0\n0").unwrap(),
            "HI Q OUTPUT\n51\n0\nEND OF OUTPUT\n"
        );
    }

    #[test]
    fn no_instances_is_just_the_frame() {
        assert_eq!(run("0").unwrap(), "HI Q OUTPUT\nEND OF OUTPUT\n");
    }

    #[test]
    fn mistakes_are_named_where_they_stand() {
        assert_eq!(
            error("x"),
            r#"1:1: expected the number of instances (a whole number), found "x""#
        );
        assert_eq!(
            error("-1 0"),
            r#"1:1: expected the number of instances (a whole number), found "-1""#
        );
        assert_eq!(
            error(""),
            "1:1: expected the number of instances (a whole number), found end of input"
        );
        assert_eq!(
            error("1\n3 34 0"),
            r#"2:3: expected a hole number 1 to 33 or 0 to end instance 1 of 1, found "34""#
        );
        assert_eq!(
            error("1\n3 peg 0"),
            r#"2:3: expected a hole number 1 to 33 or 0 to end instance 1 of 1, found "peg""#
        );
        // However large, a number that is no hole is told the holes' range alone.
        assert_eq!(
            error("1\n3 99999999999999999999 0"),
            r#"2:3: expected a hole number 1 to 33 or 0 to end instance 1 of 1, found "99999999999999999999""#
        );
        assert_eq!(
            error("1\n3 -4 0"),
            r#"2:3: expected a hole number 1 to 33 or 0 to end instance 1 of 1, found "-4""#
        );
        assert_eq!(
            error("2\n3 0\n5 7\n5 0"),
            r#"4:1: expected a hole not yet listed in instance 2, found "5" (hole 5 was listed at 3:1)"#
        );
        assert_eq!(
            error("3\n3 0\n5 7 0\n"),
            "4:1: expected a hole number 1 to 33 or 0 to end instance 3 of 3, found end of input"
        );
        assert_eq!(
            error("1\n3 0 7 0"),
            r#"2:5: expected end of input after the 1 instance(s) announced on line 1, found "7""#
        );
    }

    proptest::proptest! {
        /// Any text at all is either a valid input or a clean error, never a panic.
        #[test]
        fn any_text_parses_or_errs(input in "[0-9 \\n-]{0,40}|\\PC{0,20}") {
            let _ = parse(&input);
        }

        /// Whatever is accepted is printed back as one sum per instance, within the frame.
        #[test]
        fn accepted_input_gives_one_line_per_instance(
            boards in proptest::collection::vec(proptest::collection::btree_set(1u32..=33, 0..33), 0..5)
        ) {
            let mut input = format!("{}\n", boards.len());
            for board in &boards {
                for hole in board {
                    input += &format!("{hole} ");
                }
                input += "0\n";
            }
            let output = run(&input).unwrap();
            let lines: Vec<&str> = output.lines().collect();
            proptest::prop_assert_eq!(lines.len(), boards.len() + 2);
            proptest::prop_assert_eq!(lines[0], "HI Q OUTPUT");
            proptest::prop_assert_eq!(lines[lines.len() - 1], "END OF OUTPUT");
        }
    }

    #[test]
    fn a_huge_count_with_little_input_ends_at_the_end() {
        assert_eq!(
            error("4000000000 1 0"),
            "1:15: expected a hole number 1 to 33 or 0 to end instance 2 of 4000000000, found end of input"
        );
    }
}
