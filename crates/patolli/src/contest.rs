//! The contest's input and output, in its three divisions.
//!
//! The input is line-oriented: each non-blank line is one game, and gives one output line.
//! - Junior: `o1 o2 o3 p r d1..dr`: the opponent's three markers, the player's one marker,
//!   the number of rolls and the rolls. Output: the player's location, or `GAME OVER`.
//! - Intermediate: `o1 o2 o3 p1 p2 p3 r d1..dr`. Output: the player's locations in
//!   increasing order, or `GAME OVER`.
//! - Senior: `a1 a2 a3 b1 b2 b3 r d1..dr`; the rolls alternate, A first. Output: `sumA sumB`,
//!   the sums of the locations of each side's markers still on the board.
//!
//! Every roll moves the lowest marker of the side that rolls. Locations are 1..52 (a marker on
//! 52 has already finished), no two markers on one location; rolls are 1..6.

use std::fmt;

use text::{ParseError, Played, Pos, Token, Tokens};

use crate::board::{Board, Side};
use crate::game::{Game, Turns};
use crate::picture::Picture;
use crate::track::{FINISH, Location, Roll};

/// What the contest program does and reads, in its three divisions, as its help tells it; the
/// first paragraph sums it up.
pub const ABOUT: &str = "\
Patolli: markers race round a 52-location track by die rolls; prints where they end.

Each input line is one game and gives one output line; blank lines are skipped. Every roll \
moves the lowest marker of the side that rolls, by the ACSL rules in their order: an \
occupied target or one beyond 52 and the marker stays; a prime slides it forward 6, a \
square above 4 back 6, each stopping before any marker; a path that turns from horizontal \
to vertical lands on the multiple of the roll, or stays. A marker that reaches 52 leaves \
the board (one given on 52 has already finished).

Junior: `o1 o2 o3 p r d1..dr`, prints the player's location or GAME OVER. Intermediate: \
`o1 o2 o3 p1 p2 p3 r d1..dr`, prints the player's locations in increasing order or GAME \
OVER. Senior: `a1 a2 a3 b1 b2 b3 r d1..dr`, rolls alternate A, B, A, ...; prints the sums of \
A's and B's locations still on the board. A roll of a side with no marker left is lost.";

/// The track's numbering and an example of the contest program, for its help.
pub const FORMAT: &str = "\
The track's 52 locations; markers move in numerical order:
             1 52
             2 51
 7  6  5  4  3 50 49 48 47 46
 8  9 10 11 12 41 42 43 44 45
17 16 15 14 13 40 39 38 37 36
18 19 20 21 22 31 32 33 34 35
            23 30
            24 29
            25 28
            26 27

Example (Intermediate: opponent on 4 14 24, player on 1 8 12, 6 rolls):
  $ echo '4 14 24 1 8 12 6 6 3 5 1 5 6' | boardgames patolli
  13 15 18";

/// The contest's sample input (Intermediate division): five games.
pub const SAMPLE_INPUT: &str = "4 14 24 1 8 12 6 6 3 5 1 5 6
14 28 31 10 20 24 7 6 6 5 5 6 2 4
5 30 33 3 20 24 8 6 6 6 5 6 3 4 6
4 11 15 2 8 20 5 5 2 5 1 6
45 50 48 42 46 40 6 3 2 6 5 4 1
";

/// The three divisions of the contest: one set of rules, three formats.
///
/// Named `junior`, `intermediate` and `senior` ([`Display`](fmt::Display) and
/// [`FromStr`](std::str::FromStr)); with the `clap` feature, a command-line value too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Division {
    /// One player marker against three of the opponent.
    Junior,
    /// Three player markers against three of the opponent.
    #[default]
    Intermediate,
    /// Players A and B, three markers each, rolling in turn.
    Senior,
}

impl Division {
    /// The three divisions, youngest first.
    pub const ALL: [Division; 3] = [Division::Junior, Division::Intermediate, Division::Senior];

    /// The division's name in lower case, as [`Display`](fmt::Display) writes it.
    pub fn name(self) -> &'static str {
        match self {
            Division::Junior => "junior",
            Division::Intermediate => "intermediate",
            Division::Senior => "senior",
        }
    }
}

impl fmt::Display for Division {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no division's; see [`Division`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a division (junior, intermediate or senior), found {0:?}")]
pub struct UnknownDivision(pub String);

impl std::str::FromStr for Division {
    type Err = UnknownDivision;

    fn from_str(name: &str) -> Result<Division, UnknownDivision> {
        Division::ALL
            .into_iter()
            .find(|division| division.name() == name)
            .ok_or_else(|| UnknownDivision(name.into()))
    }
}

/// How the contest program runs: the division's format, and whether to tell every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The division whose input and output format to use.
    pub division: Division,
    /// Also tell every roll of every game ([`Line::trace`]).
    pub trace: bool,
    /// Draw the track before and after each game in the trace, in ANSI colours.
    pub color: bool,
}

/// The contest program (Intermediate division): the contest output for a contest input, or
/// the first mistake in it.
///
/// ```
/// use patolli::contest;
///
/// let output = contest::run(contest::SAMPLE_INPUT).unwrap();
/// assert_eq!(output.lines().next(), Some("13 15 18"));
/// ```
pub fn run(input: &str) -> Result<String, ParseError> {
    Ok(run_with(input, Options::default())?.output)
}

/// [`run`] in any division, with every game's [`Trace`] if [`Options::trace`].
pub fn run_with(input: &str, options: Options) -> Result<Played, ParseError> {
    let mut output = String::new();
    let mut trace = options.trace.then(String::new);
    for line in parse(input, options.division)? {
        let game = line.play();
        output += &format!("{}\n", line.answer(game.end));
        if let Some(trace) = &mut trace {
            *trace += &line.trace(&game).with_tracks(options.color).to_string();
        }
    }
    Ok(Played { output, trace })
}

impl Division {
    /// Who rolls.
    pub fn turns(self) -> Turns {
        match self {
            Division::Junior | Division::Intermediate => Turns::AOnly,
            Division::Senior => Turns::Alternate,
        }
    }

    /// The markers a line lists before its rolls, in order: whose, and how many.
    fn markers(self) -> [(Side, u8); 2] {
        match self {
            Division::Junior => [(Side::B, 3), (Side::A, 1)],
            Division::Intermediate => [(Side::B, 3), (Side::A, 3)],
            Division::Senior => [(Side::A, 3), (Side::B, 3)],
        }
    }

    /// The format of an input line.
    fn format(self) -> &'static str {
        match self {
            Division::Junior => "o1 o2 o3 p r d1..dr",
            Division::Intermediate => "o1 o2 o3 p1 p2 p3 r d1..dr",
            Division::Senior => "a1 a2 a3 b1 b2 b3 r d1..dr",
        }
    }

    /// What a side is called in this division.
    fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (Division::Senior, Side::A) => "A",
            (Division::Senior, Side::B) => "B",
            (_, Side::A) => "player",
            (_, Side::B) => "opponent",
        }
    }
}

/// One line of input: a game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The division whose format the line is in.
    pub division: Division,
    /// The line's number in the input, from 1.
    pub number: u32,
    /// The markers before the first roll.
    pub start: Board,
    /// The rolls, in order.
    pub rolls: Vec<Roll>,
}

/// Reads every line of the input in the format of `division`; blank lines are skipped, but
/// an input without a line to play is refused (the contest's inputs have five).
///
/// The whole text is checked, so that an error anywhere is found before anything is played.
pub fn parse(input: &str, division: Division) -> Result<Vec<Line>, ParseError> {
    let lines: Vec<Line> = text::lines(input)
        .filter(|tokens| tokens.peek().is_some())
        .map(|tokens| parse_line(tokens, division))
        .collect::<Result<_, _>>()?;
    if lines.is_empty() {
        return Err(Tokens::new(input).error_here(format!(
            "a line to play, `{}` in the {division} division",
            division.format()
        )));
    }
    Ok(lines)
}

/// The next token of the line read as a number that `convert` accepts. `expected` says what
/// should stand there, with its range; it is only written out when something else does.
fn read<'a, T>(
    tokens: &mut Tokens<'a>,
    expected: impl Fn() -> String,
    convert: impl FnOnce(u32) -> Option<T>,
) -> Result<(Token<'a>, T), ParseError> {
    let Some(token) = tokens.next() else {
        return Err(tokens.error_at_end(expected()));
    };
    // A number too large for a `u32` is outside the range `expected` gives as well: the
    // message names that range alone, not a second bound.
    match token.text.parse::<u32>().ok().and_then(convert) {
        Some(value) => Ok((token, value)),
        None => Err(token.error(expected())),
    }
}

fn parse_line(mut tokens: Tokens<'_>, division: Division) -> Result<Line, ParseError> {
    let number = tokens.pos().line;
    let mut start = Board::EMPTY;
    let mut placed_at = [Pos::START; FINISH as usize + 1];
    for (side, count) in division.markers() {
        let expected = || match division {
            Division::Senior => format!("a location 1 to 52 of a marker of {side}"),
            _ => format!(
                "a location 1 to 52 of a marker of the {}",
                division.side_name(side)
            ),
        };
        for _ in 0..count {
            let (token, at) = read(&mut tokens, expected, Location::new)?;
            let first = &mut placed_at[usize::from(at.number())];
            start = start.place(side, at).ok_or_else(|| {
                token
                    .error("a location no other marker holds")
                    .with_note(format!("location {at} is held by the marker at {first}"))
            })?;
            *first = token.pos;
        }
    }
    let count_at = tokens.pos();
    // Any count is allowed, so one too large for a `u32` is told the largest there is.
    let count: u32 = tokens.number("the number of rolls (a whole number)")?;
    let mut rolls = Vec::new();
    for index in 1..=count {
        // Bounded by the line: a missing roll ends the loop with an error.
        let expected = || format!("roll {index} of {count} (a number 1 to 6)");
        rolls.push(read(&mut tokens, expected, Roll::new)?.1);
    }
    if let Some(extra) = tokens.next() {
        return Err(extra.error(format!(
            "end of line after the {} announced at {count_at}",
            text::Counted(count, "roll")
        )));
    }
    Ok(Line {
        division,
        number,
        start,
        rolls,
    })
}

impl Line {
    /// Plays the line's rolls.
    pub fn play(&self) -> Game {
        Game::play(self.start, &self.rolls, self.division.turns())
    }

    /// The contest's output line for the board at the end of the game (without a line break).
    pub fn answer(&self, end: Board) -> Answer {
        Answer {
            division: self.division,
            end,
        }
    }

    /// The game told roll by roll, for a student checking a hand simulation.
    pub fn trace<'a>(&'a self, game: &'a Game) -> Trace<'a> {
        Trace {
            line: self,
            game,
            tracks: None,
        }
    }
}

/// The contest's output for one line; see [`Line::answer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    division: Division,
    end: Board,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.end.markers(Side::A), self.end.markers(Side::B));
        match self.division {
            Division::Senior => write!(f, "{} {}", a.sum(), b.sum()),
            Division::Junior | Division::Intermediate if a.count() == 0 => f.write_str("GAME OVER"),
            Division::Junior | Division::Intermediate => write!(f, "{a}"),
        }
    }
}

/// A game as a walk-through; see [`Line::trace`].
pub struct Trace<'a> {
    line: &'a Line,
    game: &'a Game,
    /// Whether to draw the track before and after, and whether in colour.
    tracks: Option<bool>,
}

impl Trace<'_> {
    /// The same walk-through with the track drawn before the first roll and after the last
    /// ([`Picture`]), in ANSI colours (for a terminal) or without. [`run_with`] draws them.
    pub fn with_tracks(self, color: bool) -> Self {
        Trace {
            tracks: Some(color),
            ..self
        }
    }

    /// A board's markers on the track, by the letters of this division's sides.
    fn track(&self, board: Board) -> Picture {
        let letters = match self.line.division {
            Division::Senior => ['A', 'B'],
            Division::Junior | Division::Intermediate => ['P', 'O'],
        };
        Picture::new(board, letters).color(self.tracks == Some(true))
    }
}

impl fmt::Display for Trace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let division = self.line.division;
        let [(first, _), (second, _)] = division.markers();
        let name = |side| division.side_name(side);
        let start = self.game.start;
        writeln!(
            f,
            "line {}: {} {}, {} {}, {}",
            self.line.number,
            name(first),
            start.markers(first),
            name(second),
            start.markers(second),
            text::Counted(self.game.turns.len(), "roll")
        )?;
        if self.tracks.is_some() {
            write!(f, "{}", self.track(start))?;
        }
        for turn in &self.game.turns {
            f.write_str("  ")?;
            if division == Division::Senior {
                write!(f, "{}'s ", turn.side)?;
            }
            match turn.moved {
                Some(played) => writeln!(f, "{played}")?,
                None => writeln!(
                    f,
                    "roll {}: no marker of the {} on the board, the roll is lost",
                    turn.roll,
                    name(turn.side)
                )?,
            }
        }
        let end = self.game.end;
        match division {
            Division::Senior => writeln!(
                f,
                "  end: A {} (sum {}), B {} (sum {})",
                end.markers(Side::A),
                end.markers(Side::A).sum(),
                end.markers(Side::B),
                end.markers(Side::B).sum()
            )?,
            Division::Junior | Division::Intermediate => {
                writeln!(f, "  end: player {}", self.line.answer(end))?
            }
        }
        if self.tracks.is_some() {
            write!(f, "{}", self.track(end))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_help_picture_is_the_track() {
        let picture: Vec<Vec<u8>> = FORMAT
            .lines()
            .skip(1)
            .take(10)
            .map(|line| {
                line.split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect()
            })
            .collect();
        for (row, grid) in picture.iter().zip(crate::GRID) {
            let drawn: Vec<u8> = grid.into_iter().filter(|&n| n != 0).collect();
            assert_eq!(row, &drawn);
        }
    }

    /// Plays every line and gives the contest output.
    fn run(input: &str, division: Division) -> Result<String, ParseError> {
        let options = Options {
            division,
            ..Options::default()
        };
        Ok(run_with(input, options)?.output)
    }

    fn error(input: &str, division: Division) -> String {
        parse(input, division).unwrap_err().to_string()
    }

    #[test]
    fn the_intermediate_sample() {
        assert_eq!(
            super::run(SAMPLE_INPUT).unwrap(),
            "13 15 18\n26 29 30\n20 23 24\n14 16 20\n44 46 47\n"
        );
    }

    #[test]
    fn divisions_read_back_their_names() {
        for division in Division::ALL {
            assert_eq!(division.to_string().parse(), Ok(division));
        }
        assert_eq!(
            "Senior".parse::<Division>().unwrap_err().to_string(),
            r#"expected a division (junior, intermediate or senior), found "Senior""#
        );
    }

    #[test]
    fn traces_come_only_when_asked() {
        let input = "1 2 3 50 2 2 1\n";
        let quiet = Options {
            division: Division::Junior,
            ..Options::default()
        };
        let told = run_with(
            input,
            Options {
                trace: true,
                ..quiet
            },
        )
        .unwrap();
        assert_eq!(run_with(input, quiet).unwrap().trace, None);
        assert_eq!(told.output, "GAME OVER\n");
        let game = &parse(input, Division::Junior).unwrap()[0];
        let traced = game.trace(&game.play()).with_tracks(false).to_string();
        assert_eq!(told.trace.as_deref(), Some(traced.as_str()));
        // The tracks come before the first roll and after the end.
        let lines: Vec<&str> = traced.lines().collect();
        assert_eq!(lines.len(), 1 + 10 + 3 + 10, "{traced}");
        assert!(lines[1].trim_start().starts_with("1O"), "{traced}");
        assert!(lines[13].starts_with("  end:"), "{traced}");
        // The player's marker on 50 is drawn at the start; it finished, so not at the end.
        assert!(lines[..11].iter().any(|l| l.contains("50P")));
        assert!(!lines[11..].iter().any(|l| l.contains("50P")));
    }

    #[test]
    fn blank_lines_are_skipped_and_crlf_is_fine() {
        let input = "\r\n4 14 24 1 8 12 6 6 3 5 1 5 6\r\n  \r\n\t\n";
        assert_eq!(run(input, Division::Intermediate).unwrap(), "13 15 18\n");
        let lines = parse(input, Division::Intermediate).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].number, 2);
        assert_eq!(
            error("\n\n \r\n", Division::Senior),
            "4:1: expected a line to play, `a1 a2 a3 b1 b2 b3 r d1..dr` in the senior division, found end of input"
        );
        assert_eq!(
            error("", Division::Intermediate),
            "1:1: expected a line to play, `o1 o2 o3 p1 p2 p3 r d1..dr` in the intermediate division, found end of input"
        );
        // The same line read as Junior: 1 is the player's marker, 8 rolls, and 12 no roll.
        assert_eq!(
            error(input, Division::Junior),
            r#"2:13: expected roll 1 of 8 (a number 1 to 6), found "12""#
        );
    }

    #[test]
    fn game_over_when_the_player_has_finished() {
        // Junior: 50 + 2 = 52 finishes; the roll after it is lost.
        assert_eq!(
            run("1 2 3 50 2 2 1", Division::Junior).unwrap(),
            "GAME OVER\n"
        );
        // Intermediate: all three markers finish.
        assert_eq!(
            run("1 2 3 50 51 52 2 2 1", Division::Intermediate).unwrap(),
            "GAME OVER\n"
        );
        // Senior: a finished marker counts 0.
        assert_eq!(
            run("50 51 52 1 2 3 1 2", Division::Senior).unwrap(),
            "51 6\n"
        );
    }

    #[test]
    fn a_marker_given_on_52_has_finished() {
        assert_eq!(run("1 2 3 52 0", Division::Junior).unwrap(), "GAME OVER\n");
        assert_eq!(
            run("1 2 52 52 52 10 1 2", Division::Intermediate).unwrap(),
            "12\n"
        );
        // 50 + 2 lands on 52, which the opponent's finished marker does not block.
        assert_eq!(
            run("52 2 3 50 1 2", Division::Junior).unwrap(),
            "GAME OVER\n"
        );
    }

    #[test]
    fn zero_rolls_leave_the_board_as_it_was() {
        assert_eq!(
            run("1 2 3 30 10 20 0", Division::Intermediate).unwrap(),
            "10 20 30\n"
        );
        assert_eq!(run("1 2 3 30 10 20 0", Division::Senior).unwrap(), "6 60\n");
    }

    #[test]
    fn mistakes_are_named_where_they_stand() {
        use Division::*;
        assert_eq!(
            error("4 14 24 1 8 12 6 6 3 5 1 5", Intermediate),
            "1:27: expected roll 6 of 6 (a number 1 to 6), found end of line"
        );
        assert_eq!(
            error("4 14 24 1 8 12 2 6 3 5", Intermediate),
            r#"1:22: expected end of line after the 2 rolls announced at 1:16, found "5""#
        );
        assert_eq!(
            error("4 14 24 1 8 53 0", Intermediate),
            r#"1:13: expected a location 1 to 52 of a marker of the player, found "53""#
        );
        assert_eq!(
            error("4 14 0 1 8 12 0", Intermediate),
            r#"1:6: expected a location 1 to 52 of a marker of the opponent, found "0""#
        );
        assert_eq!(
            error("\n4 14 24 1 14 12 0", Intermediate),
            r#"2:11: expected a location no other marker holds, found "14" (location 14 is held by the marker at 2:3)"#
        );
        assert_eq!(
            error("1 2 3 4 5 6 2 1 7", Senior),
            r#"1:17: expected roll 2 of 2 (a number 1 to 6), found "7""#
        );
        assert_eq!(
            error("1 2 3 4 5 6 2 1 0", Senior),
            r#"1:17: expected roll 2 of 2 (a number 1 to 6), found "0""#
        );
        assert_eq!(
            error("1 2 3 4 5 six 0", Senior),
            r#"1:11: expected a location 1 to 52 of a marker of B, found "six""#
        );
        assert_eq!(
            error("1 2 3 4 -1 1", Junior),
            r#"1:9: expected the number of rolls (a whole number), found "-1""#
        );
        assert_eq!(
            error("1 2 3", Junior),
            "1:6: expected a location 1 to 52 of a marker of the player, found end of line"
        );
        // A number too large for any location or roll is named with their range alone.
        assert_eq!(
            error("99999999999999999999999999", Intermediate),
            r#"1:1: expected a location 1 to 52 of a marker of the opponent, found "99999999999999999999999999""#
        );
        assert_eq!(
            error("1 2 3 4 1 4294967296", Junior),
            r#"1:11: expected roll 1 of 1 (a number 1 to 6), found "4294967296""#
        );
        assert_eq!(
            error("1 2 3 4 99999999999 1", Junior),
            r#"1:9: expected the number of rolls (a whole number), found "99999999999" (too large: at most 4294967295)"#
        );
    }

    #[test]
    fn a_huge_roll_count_with_few_rolls_ends_at_the_end_of_the_line() {
        assert_eq!(
            error("1 2 3 4 4000000000 1 2\n1 2 3 4 0", Division::Junior),
            "1:23: expected roll 3 of 4000000000 (a number 1 to 6), found end of line"
        );
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(
            text in "([0-9]{1,3}|x|-1|4000000000|[ \t]|\r?\n){0,60}",
            division in prop_oneof![
                Just(Division::Junior),
                Just(Division::Intermediate),
                Just(Division::Senior),
            ],
        ) {
            let blank_lines = text.lines().filter(|l| l.trim().is_empty()).count();
            if text.trim().is_empty() {
                prop_assert!(parse(&text, division).is_err());
            }
            if let Ok(lines) = parse(&text, division) {
                prop_assert_eq!(lines.len(), text.lines().count() - blank_lines);
                for line in &lines {
                    let game = line.play();
                    prop_assert_eq!(game.turns.len(), line.rolls.len());
                    prop_assert!(!line.answer(game.end).to_string().contains('\n'));
                    prop_assert_eq!(
                        line.trace(&game).to_string().lines().count(),
                        line.rolls.len() + 2
                    );
                }
            }
        }
    }

    proptest! {
        #[test]
        fn every_well_formed_senior_line_is_read_as_written(
            locations in proptest::sample::subsequence((1u32..=51).collect::<Vec<_>>(), 6)
                .prop_shuffle(),
            rolls in proptest::collection::vec(1u32..=6, 0..30),
        ) {
            let numbers: Vec<String> = locations
                .iter()
                .chain(&[rolls.len() as u32])
                .chain(&rolls)
                .map(u32::to_string)
                .collect();
            let lines = parse(&numbers.join(" "), Division::Senior).unwrap();
            let line = &lines[0];
            let listed = |side| line.start.markers(side).iter().map(|l| u32::from(l.number()));
            let mut a: Vec<u32> = locations[..3].to_vec();
            let mut b: Vec<u32> = locations[3..].to_vec();
            a.sort_unstable();
            b.sort_unstable();
            prop_assert_eq!(listed(Side::A).collect::<Vec<_>>(), a);
            prop_assert_eq!(listed(Side::B).collect::<Vec<_>>(), b);
            let read: Vec<u32> = line.rolls.iter().map(|r| u32::from(r.value())).collect();
            prop_assert_eq!(read, rolls);
        }
    }

    #[test]
    fn the_trace_follows_the_walk_through() {
        let lines = parse("4 14 24 1 8 12 6 6 3 5 1 5 6", Division::Intermediate).unwrap();
        let game = lines[0].play();
        assert_eq!(
            lines[0].trace(&game).to_string(),
            "line 1: opponent 4 14 24, player 1 8 12, 6 rolls\n\
             \x20 roll 6: 1 -> 7, prime: slides forward, blocked before 8, stays on 7\n\
             \x20 roll 3: 7 -> 10\n\
             \x20 roll 5: 8 -> 13, prime: slides forward, blocked before 14, stays on 13\n\
             \x20 roll 1: 10 -> 11, prime: slides forward, blocked before 12, stays on 11\n\
             \x20 roll 5: 11 -> 16, square: slides back, blocked before 14, stops on 15\n\
             \x20 roll 6: 12 -> 18, horizontal then vertical: the multiple of 6 on the path is 18, lands on 18\n\
             \x20 end: player 13 15 18\n"
        );
    }

    #[test]
    fn the_senior_trace_says_whose_marker_moves() {
        let lines = parse("51 10 20 1 2 3 3 1 1 4", Division::Senior).unwrap();
        let game = lines[0].play();
        assert_eq!(
            lines[0].trace(&game).to_string(),
            "line 1: A 10 20 51, B 1 2 3, 3 rolls\n\
             \x20 A's roll 1: 10 -> 11, prime: slides forward 6 to 17\n\
             \x20 B's roll 1: 1 -> 2, occupied: stays on 1\n\
             \x20 A's roll 4: 17 -> 21\n\
             \x20 end: A 20 21 51 (sum 92), B 1 2 3 (sum 6)\n"
        );
        let lines = parse("1 2 3 50 2 2 1", Division::Junior).unwrap();
        let game = lines[0].play();
        assert_eq!(
            lines[0].trace(&game).to_string(),
            "line 1: opponent 1 2 3, player 50, 2 rolls\n\
             \x20 roll 2: 50 -> 52, finished: leaves the board\n\
             \x20 roll 1: no marker of the player on the board, the roll is lost\n\
             \x20 end: player GAME OVER\n"
        );
    }
}
