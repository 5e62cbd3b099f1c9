//! How many positions a census ([`census_within`](crate::census_within)) may keep in one
//! level: as many as asked, or as the available memory holds; and, for a built-in board known
//! to need more, a refusal at once rather than after minutes of counting.

/// The memory a position of the largest level takes, and the rest the count keeps with it
/// (measured: 420 MB for the english board's 3.6 million, 5.8 GB for the european's 53 million).
pub const BYTES_PER_POSITION: u64 = 120;

/// The limit where the available memory cannot be read.
pub const FALLBACK_MAX_POSITIONS: u64 = 10_000_000;

/// What the count of a built-in board is known to need: positions in its largest level, and
/// the memory and time it took from a release build on two cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// Positions in the largest level (or a bound above them).
    pub positions: u64,
    /// The memory the count took.
    pub memory: &'static str,
    /// The time the count took.
    pub time: &'static str,
}

impl Known {
    /// The english board's largest level (17 jumps) has 3,626,632 positions (OEIS A112737).
    pub const ENGLISH: Known = Known {
        positions: 3_626_632,
        memory: "0.4 GB",
        time: "6 s",
    };

    /// The european board's largest level holds some 53 million positions (the count with a
    /// limit of 150 million took 2 min 8 s and 5.8 GB); 54 million is a bound above it.
    pub const EUROPEAN: Known = Known {
        positions: 54_000_000,
        memory: "5.8 GB",
        time: "2 min",
    };

    /// What a built-in board (`english`, `european`) needs; `None` for any other name.
    pub fn of(board: &str) -> Option<&'static Known> {
        match board {
            "english" => Some(&Known::ENGLISH),
            "european" => Some(&Known::EUROPEAN),
            _ => None,
        }
    }
}

/// The memory available for new work on this machine, in bytes (MemAvailable in
/// /proc/meminfo), if it can be read.
pub fn available_memory() -> Option<u64> {
    mem_available(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// MemAvailable in a /proc/meminfo text, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// A count refused at once: the board needs more positions in a level than the limit allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The board's name.
    pub board: String,
    /// What it needs.
    pub known: &'static Known,
    /// The limit that was given, if one was.
    pub given: Option<u64>,
    /// The memory available, in bytes, if it could be read.
    pub available: Option<u64>,
    /// The limit that applied.
    pub limit: u64,
}

impl Refused {
    /// Why, for a reader who sets the limit with `option`; and what to do instead.
    pub fn explain(&self, option: &str) -> String {
        let (known, limit) = (self.known, self.limit);
        let why = match (self.given, self.available) {
            (Some(given), _) => format!("more than {option} {given} allows"),
            (None, Some(available)) => format!(
                "more than the {} available memory holds ({limit} at about {BYTES_PER_POSITION} bytes each)",
                bytes(available)
            ),
            (None, None) => format!("more than the default {option} {limit} allows"),
        };
        format!(
            "counting the {} board keeps up to {} positions in one level, {why}; pass {option} {} to count it (it takes about {} and {} on two cores)",
            self.board, known.positions, known.positions, known.memory, known.time
        )
    }
}

/// Bytes as a person reads them: `5.8 GB`, `420 MB`.
fn bytes(n: u64) -> String {
    if n >= 1_000_000_000 {
        format!("{:.1} GB", n as f64 / 1e9)
    } else {
        format!("{} MB", n / 1_000_000)
    }
}

/// The limit of positions a level for counting the board `board` (see [`Known::of`]): as
/// `given`, or as the `available` memory (in bytes) holds, or [`FALLBACK_MAX_POSITIONS`];
/// refused when the board is known to need more.
pub fn position_limit(
    board: &str,
    given: Option<u64>,
    available: Option<u64>,
) -> Result<u64, Refused> {
    let limit = given.unwrap_or_else(|| {
        available.map_or(FALLBACK_MAX_POSITIONS, |bytes| bytes / BYTES_PER_POSITION)
    });
    match Known::of(board).filter(|known| known.positions > limit) {
        None => Ok(limit),
        Some(known) => Err(Refused {
            board: board.into(),
            known,
            given,
            available,
            limit,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_boards_largest_level_is_the_published_one() {
        let data = include_str!("../tests/data/central-game.txt");
        let largest = data
            .lines()
            .find_map(|line| line.strip_prefix("reachable "))
            .unwrap()
            .split(' ')
            .map(|n| n.parse::<u64>().unwrap())
            .max();
        assert_eq!(largest, Some(Known::ENGLISH.positions));
    }

    #[test]
    fn the_available_memory_is_read_from_meminfo() {
        let meminfo =
            "MemTotal:       24576000 kB\nMemFree:        1000 kB\nMemAvailable:    8000000 kB\n";
        assert_eq!(mem_available(meminfo), Some(8_192_000_000));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
    }

    #[test]
    fn a_count_too_large_for_the_limit_is_refused_at_once() {
        const GB: u64 = 1 << 30;
        // The european board on a machine with 4 GB available: refused, saying what to pass.
        let refused = position_limit("european", None, Some(4 * GB)).unwrap_err();
        let message = refused.explain("--max-positions");
        assert!(
            message.contains("pass --max-positions 54000000"),
            "{message}"
        );
        assert!(message.contains("4.3 GB available memory"), "{message}");
        assert!(message.contains("5.8 GB"), "{message}");
        // With 8 GB it is counted, as far as that memory holds.
        assert_eq!(
            position_limit("european", None, Some(8 * GB)),
            Ok(8 * GB / BYTES_PER_POSITION)
        );
        // A limit given too small for the board is refused whatever the memory.
        let refused = position_limit("european", Some(10_000_000), Some(64 * GB)).unwrap_err();
        assert!(
            refused
                .explain("--max-positions")
                .contains("more than --max-positions 10000000 allows")
        );
        // Nor can the fallback hold it.
        let refused = position_limit("european", None, None).unwrap_err();
        assert!(
            refused
                .explain("--limit")
                .contains("more than the default --limit 10000000 allows")
        );
        // The english board fits in 1 GB; a board of a file has no known bound.
        assert!(position_limit("english", None, Some(GB)).is_ok());
        assert_eq!(position_limit("x.txt", Some(10), Some(GB)), Ok(10));
        assert_eq!(
            position_limit("x.txt", None, None),
            Ok(FALLBACK_MAX_POSITIONS)
        );
    }
}
