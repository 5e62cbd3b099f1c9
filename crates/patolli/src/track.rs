//! The track: 52 locations on the grid of the problem text, the direction of every step
//! between them, which locations are primes and squares, and sets of markers as bitboards.

use std::fmt;

/// The last location: a marker that reaches it has finished and leaves the board.
pub const FINISH: u8 = 52;

/// The grid of the problem text, one location a cell, `0` where the grid has no cell.
///
/// Everything about the track's shape is derived from this picture: the (row, column) of each
/// location ([`Location::cell`]) and whether a step is horizontal or vertical ([`Step`]).
pub const GRID: [[u8; 10]; 10] = [
    [0, 0, 0, 0, 1, 52, 0, 0, 0, 0],
    [0, 0, 0, 0, 2, 51, 0, 0, 0, 0],
    [7, 6, 5, 4, 3, 50, 49, 48, 47, 46],
    [8, 9, 10, 11, 12, 41, 42, 43, 44, 45],
    [17, 16, 15, 14, 13, 40, 39, 38, 37, 36],
    [18, 19, 20, 21, 22, 31, 32, 33, 34, 35],
    [0, 0, 0, 0, 23, 30, 0, 0, 0, 0],
    [0, 0, 0, 0, 24, 29, 0, 0, 0, 0],
    [0, 0, 0, 0, 25, 28, 0, 0, 0, 0],
    [0, 0, 0, 0, 26, 27, 0, 0, 0, 0],
];

/// A cell of [`GRID`]: its row and column, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: u8,
    /// The column, from 0 at the left.
    pub col: u8,
}

/// The cell of every location (index 0 unused), found in [`GRID`] at compile time.
const CELLS: [Cell; FINISH as usize + 1] = cells_of(&GRID);

const fn cells_of(grid: &[[u8; 10]; 10]) -> [Cell; FINISH as usize + 1] {
    let mut cells = [Cell { row: 0, col: 0 }; FINISH as usize + 1];
    let mut seen = [false; FINISH as usize + 1];
    let mut row = 0;
    while row < grid.len() {
        let mut col = 0;
        while col < grid[row].len() {
            let n = grid[row][col] as usize;
            if n != 0 {
                assert!(n <= FINISH as usize, "a location beyond 52 in the grid");
                assert!(!seen[n], "a location twice in the grid");
                seen[n] = true;
                cells[n] = Cell {
                    row: row as u8,
                    col: col as u8,
                };
            }
            col += 1;
        }
        row += 1;
    }
    let mut n = 1;
    while n <= FINISH as usize {
        assert!(seen[n], "a location missing from the grid");
        n += 1;
    }
    cells
}

/// Which way the track runs from one location to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Along a row of the grid.
    Horizontal,
    /// Along a column of the grid.
    Vertical,
}

/// The step from location `n` to `n + 1` at index `n` (indices 0 and 52 unused), derived
/// from the cells of the two locations at compile time.
const STEPS: [Step; FINISH as usize + 1] = steps_of(&CELLS);

const fn steps_of(cells: &[Cell; FINISH as usize + 1]) -> [Step; FINISH as usize + 1] {
    let mut steps = [Step::Horizontal; FINISH as usize + 1];
    let mut n = 1;
    while n < FINISH as usize {
        let (a, b) = (cells[n], cells[n + 1]);
        steps[n] = if a.row == b.row && a.col.abs_diff(b.col) == 1 {
            Step::Horizontal
        } else if a.col == b.col && a.row.abs_diff(b.row) == 1 {
            Step::Vertical
        } else {
            panic!("consecutive locations that are not neighbours in the grid")
        };
        n += 1;
    }
    steps
}

/// A location of the track, 1..=52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location(u8);

impl Location {
    /// The first location.
    pub const START: Location = Location(1);
    /// The last location, [`FINISH`].
    pub const FINISH: Location = Location(FINISH);

    /// The location with this number, if the track has it.
    pub fn new(number: u32) -> Option<Location> {
        let number = u8::try_from(number).ok()?;
        (1..=FINISH).contains(&number).then_some(Location(number))
    }

    /// The location's number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Where the location stands in [`GRID`].
    pub fn cell(self) -> Cell {
        CELLS[usize::from(self.0)]
    }

    /// The step from here to the next location; `None` at the finish.
    pub fn step(self) -> Option<Step> {
        (self.0 < FINISH).then(|| STEPS[usize::from(self.0)])
    }

    /// Whether the number is a prime.
    pub fn is_prime(self) -> bool {
        is_prime(self.0)
    }

    /// Whether the number is a perfect square (1, 4, 9, ...).
    pub fn is_square(self) -> bool {
        is_square(self.0)
    }

    /// The location `by` further along (backwards if negative), if the track has it.
    pub fn offset(self, by: i8) -> Option<Location> {
        let n = self.0.checked_add_signed(by)?;
        Location::new(u32::from(n))
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Whether `n` is a prime, by trial division.
pub fn is_prime(n: u8) -> bool {
    let n = u16::from(n);
    n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

/// Whether `n` is the square of a whole number.
pub fn is_square(n: u8) -> bool {
    let n = u16::from(n);
    (0u16..)
        .map(|r| r * r)
        .take_while(|&s| s <= n)
        .any(|s| s == n)
}

/// Whether the path from `from` (exclusive) to `to` (inclusive) makes at least one horizontal
/// step followed, later on the path, by at least one vertical step.
pub fn turns_horizontal_to_vertical(from: Location, to: Location) -> bool {
    let mut horizontal_seen = false;
    for n in from.0..to.0 {
        match STEPS[usize::from(n)] {
            Step::Horizontal => horizontal_seen = true,
            Step::Vertical if horizontal_seen => return true,
            Step::Vertical => {}
        }
    }
    false
}

/// A die roll, 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Roll(u8);

impl Roll {
    /// The roll with this value, if a die shows it.
    pub fn new(value: u32) -> Option<Roll> {
        let value = u8::try_from(value).ok()?;
        (1..=6).contains(&value).then_some(Roll(value))
    }

    /// The value shown.
    pub fn value(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A set of locations (the markers of a side, or every occupied location): bit `n` for
/// location `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Markers(u64);

impl Markers {
    /// No markers.
    pub const NONE: Markers = Markers(0);

    /// Whether a marker stands on `at`.
    pub fn contains(self, at: Location) -> bool {
        self.0 & (1 << at.0) != 0
    }

    /// The same set with `at` too.
    pub fn with(self, at: Location) -> Markers {
        Markers(self.0 | 1 << at.0)
    }

    /// The same set without `at`.
    pub fn without(self, at: Location) -> Markers {
        Markers(self.0 & !(1 << at.0))
    }

    /// Both sets together.
    pub fn union(self, other: Markers) -> Markers {
        Markers(self.0 | other.0)
    }

    /// The lowest location in the set.
    pub fn lowest(self) -> Option<Location> {
        (self.0 != 0).then(|| Location(self.0.trailing_zeros() as u8))
    }

    /// How many markers there are.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The locations, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Location> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let at = Markers(bits).lowest()?;
            bits &= bits - 1;
            Some(at)
        })
    }

    /// The sum of the locations.
    pub fn sum(self) -> u32 {
        self.iter().map(|at| u32::from(at.0)).sum()
    }
}

impl FromIterator<Location> for Markers {
    fn from_iter<I: IntoIterator<Item = Location>>(iter: I) -> Markers {
        iter.into_iter().fold(Markers::NONE, Markers::with)
    }
}

/// The locations in increasing order, separated by single spaces; `none` for no markers.
impl fmt::Display for Markers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text::Spaced(self.iter()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_and_rolls_print_their_numbers_within_their_ranges() {
        for n in [1, 26, 52] {
            assert_eq!(at(n).to_string(), n.to_string());
        }
        for (value, roll) in (1..=6).filter_map(|v| Some((v, Roll::new(v)?))) {
            assert_eq!(roll.to_string(), value.to_string());
        }
        assert_eq!(Location::new(0), None);
        assert_eq!(Location::new(53), None);
        assert_eq!(Roll::new(0), None);
        assert_eq!(Roll::new(7), None);
    }

    fn at(n: u32) -> Location {
        Location::new(n).unwrap()
    }

    fn all() -> impl Iterator<Item = Location> {
        (1..=52).map(at)
    }

    #[test]
    fn the_grid_holds_every_location_once() {
        let numbers: Vec<u8> = {
            let mut n: Vec<u8> = GRID.iter().flatten().copied().filter(|&n| n != 0).collect();
            n.sort_unstable();
            n
        };
        assert_eq!(numbers, (1..=52).collect::<Vec<u8>>());
        for location in all() {
            let Cell { row, col } = location.cell();
            assert_eq!(GRID[usize::from(row)][usize::from(col)], location.number());
        }
    }

    #[test]
    fn the_track_starts_and_ends_at_the_top() {
        assert_eq!(at(1).cell(), Cell { row: 0, col: 4 });
        assert_eq!(at(52).cell(), Cell { row: 0, col: 5 });
        assert_eq!(at(7).cell(), Cell { row: 2, col: 0 });
        assert_eq!(at(26).cell(), Cell { row: 9, col: 4 });
    }

    /// The locations `t` where a horizontal step `t -> t+1` is followed by a vertical step
    /// `t+1 -> t+2`: the turn points the clarifications list.
    #[test]
    fn horizontal_then_vertical_turns_are_the_clarified_ones() {
        let turns: Vec<u8> = (1..=50)
            .filter(|&t| {
                at(t).step() == Some(Step::Horizontal) && at(t + 1).step() == Some(Step::Vertical)
            })
            .map(|t| t as u8)
            .collect();
        assert_eq!(turns, [6, 11, 16, 21, 26, 34, 39, 44, 49]);
    }

    #[test]
    fn a_path_turns_exactly_when_it_holds_a_turn_point() {
        const TURNS: [u8; 9] = [6, 11, 16, 21, 26, 34, 39, 44, 49];
        for from in all() {
            for to in all().filter(|&to| to > from) {
                let expected = TURNS
                    .iter()
                    .any(|&t| from.number() <= t && to.number() >= t + 2);
                assert_eq!(
                    turns_horizontal_to_vertical(from, to),
                    expected,
                    "{from} to {to}"
                );
            }
        }
    }

    #[test]
    fn the_text_s_examples_of_turning_paths() {
        assert!(turns_horizontal_to_vertical(at(6), at(8)));
        assert!(turns_horizontal_to_vertical(at(11), at(13)));
        assert!(turns_horizontal_to_vertical(at(26), at(28)));
        assert!(!turns_horizontal_to_vertical(at(2), at(4)));
        assert!(!turns_horizontal_to_vertical(at(30), at(32)));
        // The walk-through: 12 to 18 goes 16 to 17 (horizontal), then 17 to 18 (vertical).
        assert!(turns_horizontal_to_vertical(at(12), at(18)));
    }

    #[test]
    fn primes_and_squares_on_the_track() {
        let primes: Vec<u8> = all()
            .filter(|l| l.is_prime())
            .map(Location::number)
            .collect();
        assert_eq!(
            primes,
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
        );
        let squares: Vec<u8> = all()
            .filter(|l| l.is_square())
            .map(Location::number)
            .collect();
        assert_eq!(squares, [1, 4, 9, 16, 25, 36, 49]);
        assert!(!is_prime(0) && !is_prime(1) && is_prime(251) && !is_prime(253));
        assert!(is_square(0) && is_square(225) && !is_square(255));
    }

    #[test]
    fn locations_and_rolls_keep_to_their_ranges() {
        assert_eq!(Location::new(0), None);
        assert_eq!(Location::new(53), None);
        assert_eq!(Location::new(256 + 7), None);
        assert_eq!(at(52), Location::FINISH);
        assert_eq!(at(47).offset(6), None);
        assert_eq!(at(9).offset(-6), Some(at(3)));
        assert_eq!(at(3).offset(-3), None);
        assert_eq!(Roll::new(0), None);
        assert_eq!(Roll::new(7), None);
        assert_eq!(Roll::new(6).map(Roll::value), Some(6));
    }

    #[test]
    fn markers_are_a_set_in_order() {
        let markers: Markers = [at(12), at(1), at(52), at(8)].into_iter().collect();
        assert_eq!(markers.to_string(), "1 8 12 52");
        assert_eq!(markers.lowest(), Some(at(1)));
        assert_eq!(markers.count(), 4);
        assert_eq!(markers.sum(), 73);
        assert!(markers.contains(at(52)) && !markers.contains(at(2)));
        assert_eq!(markers.without(at(1)).without(at(1)).lowest(), Some(at(8)));
        assert_eq!(Markers::NONE.to_string(), "none");
        assert_eq!(Markers::NONE.lowest(), None);
    }
}
