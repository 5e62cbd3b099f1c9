//! Counting a whole game: every position reachable from the start, level by level (the
//! number of jumps made), up to the symmetries of the board.
//!
//! The *central game* starts with every hole full but the centre ([`Layout::centre`]) and is
//! won with one peg left in the centre. For each level this counts the classes of positions
//! (positions that a symmetry maps onto each other count once), the classes from which the
//! game can still be won, the jump sequences that get there, and the sequences that end there
//! because no jump is left. The symmetries used are those of the board that keep the centre in
//! place, so that the start and the goal are each a class of their own.
//!
//! How, and why it is exact:
//! - Levels are built one at a time from the one before, in parallel. A level is kept in
//!   shards by a hash of the position, each shard a small hash map, and new positions are
//!   handed to their shard in batches: each batch then works in a map that fits in the cache.
//! - Each class carries the number of jump sequences from the start that end *anywhere in the
//!   class*. That number is the sum, over the classes of the level before, of their own number
//!   times the jumps from their representative into the class: since a symmetry maps jumps to
//!   jumps, every member of a class has as many jumps into another class as the representative,
//!   and counting class totals (rather than the count of one member) makes the different sizes
//!   of classes come out right.
//! - A position can still reach one peg in the centre exactly when its complement (pegs and
//!   holes swapped) can be reached from the start: a jump played backwards is a jump of the
//!   complements, and the complement of the goal is the start. So the winning classes of level
//!   `k` are the classes whose complement is among the reachable classes of level `n - 2 - k`,
//!   and their numbers at `k` and at `n - 2 - k` are equal. No backward pass is needed, only
//!   the first half of the levels' positions, kept until their partner level is built.

use hashbrown::HashMap;
use rayon::prelude::*;

use crate::board::Layout;
use crate::position::{Hole, Position};
use crate::symmetry::{Images, Symmetries};

/// The numbers of one level: the positions after `jumps` jumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// How many jumps have been made.
    pub jumps: u32,
    /// How many pegs are left: one fewer for every jump.
    pub pegs: u32,
    /// Classes of positions reachable with this many jumps.
    pub positions: u64,
    /// Of those, the classes from which one peg in the centre can still be reached.
    pub winning: u64,
    /// Jump sequences of this length from the start.
    pub sequences: u128,
    /// Of those, the sequences after which no jump is left: complete games of this length.
    pub finished: u128,
}

/// Everything counted about the central game of a board; see [`census`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// The hole left empty at the start, and where the last peg should end.
    pub centre: Hole,
    /// The number of symmetries used (those of the board that keep the centre in place).
    pub symmetries: usize,
    /// Level by level, from the start (0 jumps) to the last level reached.
    pub levels: Vec<Level>,
    /// Jump sequences that end with one peg in the centre.
    pub solutions: u128,
}

impl Census {
    /// All reachable classes of positions, over all levels.
    pub fn positions(&self) -> u64 {
        self.levels.iter().map(|level| level.positions).sum()
    }

    /// All classes from which one peg in the centre can still be reached.
    pub fn winning(&self) -> u64 {
        self.levels.iter().map(|level| level.winning).sum()
    }

    /// All jump sequences from the start, of any length.
    pub fn sequences(&self) -> u128 {
        self.levels.iter().map(|level| level.sequences).sum()
    }

    /// All complete games: jump sequences from the start until no jump is left.
    pub fn games(&self) -> u128 {
        self.levels.iter().map(|level| level.finished).sum()
    }
}

/// Shards per level: enough that a shard's map of the largest level fits in a cache.
const SHARD_BITS: u32 = 10;
const SHARDS: usize = 1 << SHARD_BITS;

fn shard_of(bits: u64) -> usize {
    // Fibonacci hashing: the top bits of the product depend on all the bits of the position.
    (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARD_BITS)) as usize
}

/// The classes of one level, shard by shard, each shard sorted by bitboard, with the number of
/// sequences that end in each class.
struct Classes {
    keys: Vec<Vec<u64>>,
    counts: Vec<Vec<u128>>,
}

impl Classes {
    fn only(position: Position) -> Classes {
        let mut keys = vec![Vec::new(); SHARDS];
        let mut counts = vec![Vec::new(); SHARDS];
        keys[shard_of(position.bits())].push(position.bits());
        counts[shard_of(position.bits())].push(1);
        Classes { keys, counts }
    }

    fn len(&self) -> u64 {
        self.keys.iter().map(|shard| shard.len() as u64).sum()
    }
}

/// A jump as masks: legal when `position & all == need`, made by `position ^ all`; and the
/// images of `all` under the group, so that the images of the position after the jump are
/// those before it XOR these.
#[derive(Clone, Copy)]
struct JumpMask {
    all: u64,
    need: u64,
    images: Images,
}

/// Counts the central game of `layout`; `progress` hears of each level as it is done, with the
/// number of jumps made and the classes found.
///
/// Memory grows with the largest level (about 100 bytes a class): see [`census_within`] to
/// bound it. The counts are `u128`, enough for any board whose levels fit in memory.
pub fn census(layout: &Layout, progress: &(dyn Fn(u32, u64) + Sync)) -> Census {
    census_until(layout, u32::MAX, progress)
}

/// The first levels of [`census`], up to `max_jumps` jumps. The winning classes are counted
/// only at levels whose partner level (see the module docs) is reached too; elsewhere 0.
pub fn census_until(
    layout: &Layout,
    max_jumps: u32,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> Census {
    census_within(layout, max_jumps, u64::MAX, progress)
        .expect("no level has more than u64::MAX classes")
}

/// A level had more classes than allowed; see [`census_within`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "after {} there are {}, more than the {limit} allowed in one level",
    text::Counted(*jumps, "jump"),
    text::Counted(*positions, "position")
)]
pub struct TooMany {
    /// The level that was too large.
    pub jumps: u32,
    /// Its classes.
    pub positions: u64,
    /// The limit.
    pub limit: u64,
}

/// [`census_until`], giving up as soon as a level holds more than `max_positions` classes, so
/// that memory stays bounded (by about the limit times the most jumps a position has).
pub fn census_within(
    layout: &Layout,
    max_jumps: u32,
    max_positions: u64,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> Result<Census, TooMany> {
    let centre = layout.centre();
    let group = Symmetries::fixing(layout, centre);
    let full = layout.full();
    let start = full.without(centre);
    let jumps: Vec<JumpMask> = layout
        .jumps()
        .iter()
        .map(|jump| {
            let all = jump.from.bit() | jump.over.bit() | jump.to.bit();
            JumpMask {
                all,
                need: jump.from.bit() | jump.over.bit(),
                images: group.all_images(all),
            }
        })
        .collect();
    // Jumps possible at most: each removes a peg, and one peg is always left.
    let last = start.count().saturating_sub(1);

    let mut levels = Vec::new();
    // The positions of every level whose partner level (for the winning count) is not built yet.
    let mut kept: Vec<Option<Vec<Vec<u64>>>> = Vec::new();
    let mut current = Classes::only(start);
    let mut solutions = 0;
    for k in 0u32.. {
        let positions = current.len();
        if positions == 0 || k > max_jumps {
            break;
        }
        let sequences = current.counts.par_iter().flatten().sum::<u128>();
        if k == last {
            let goal = centre.bit();
            let shard = shard_of(goal);
            if let Ok(i) = current.keys[shard].binary_search(&goal) {
                solutions = current.counts[shard][i];
            }
        }
        let (next, finished) = if k < max_jumps {
            expand(&current, &jumps, &group)
        } else {
            // The last level asked for: count its dead ends without building the next.
            let stuck = current
                .keys
                .iter()
                .flatten()
                .zip(current.counts.iter().flatten())
                .filter(|&(&bits, _)| jumps.iter().all(|jump| bits & jump.all != jump.need))
                .map(|(_, &count)| count)
                .sum();
            (Classes::only(Position::EMPTY), stuck)
        };
        levels.push(Level {
            jumps: k,
            pegs: start.count() - k,
            positions,
            winning: 0,
            sequences,
            finished,
        });
        let Classes { keys, .. } = current;
        kept.push(Some(keys));
        // Level k's partner is last - k; once both are built, count the winning classes.
        if let Some(partner) = last.checked_sub(k).filter(|&p| p <= k) {
            let (p, k) = (partner as usize, k as usize);
            let winning = {
                let mine = kept[k].as_ref().expect("this level is kept");
                let theirs = kept[p].as_ref().expect("a partner is kept until used");
                let (small, large) = if levels[p].positions <= levels[k].positions {
                    (theirs, mine)
                } else {
                    (mine, theirs)
                };
                count_complements_in(small, large, &group, full)
            };
            levels[k].winning = winning;
            levels[p].winning = winning;
            kept[p] = None;
            if p != k {
                kept[k] = None;
            }
        }
        progress(k, positions);
        current = next;
        if current.len() > max_positions {
            return Err(TooMany {
                jumps: k + 1,
                positions: current.len(),
                limit: max_positions,
            });
        }
    }
    Ok(Census {
        centre,
        symmetries: group.size(),
        levels,
        solutions,
    })
}

/// How many classes of `small` have their complement (within `full`) among the classes of
/// `large`. The complements are sorted into the shards of `large` first, so that each shard is
/// met in one sorted merge rather than by a search per complement.
fn count_complements_in(
    small: &[Vec<u64>],
    large: &[Vec<u64>],
    group: &Symmetries,
    full: Position,
) -> u64 {
    let mut complements: Vec<Vec<u64>> = small
        .par_iter()
        .fold(
            || vec![Vec::new(); SHARDS],
            |mut shards, keys| {
                for &bits in keys {
                    let complement = group.canonical(full ^ Position::from_bits(bits)).bits();
                    shards[shard_of(complement)].push(complement);
                }
                shards
            },
        )
        .reduce(
            || vec![Vec::new(); SHARDS],
            |mut a, b| {
                for (a, b) in a.iter_mut().zip(b) {
                    a.extend(b);
                }
                a
            },
        );
    complements
        .par_iter_mut()
        .zip(large)
        .map(|(probes, keys)| {
            probes.sort_unstable();
            let mut keys = keys.iter().peekable();
            probes
                .iter()
                .filter(|&&probe| {
                    while keys.next_if(|&&key| key < probe).is_some() {}
                    keys.peek() == Some(&&probe)
                })
                .count() as u64
        })
        .sum()
}

/// The next level: every class one jump away from a class of `level`, with its sequences; and
/// the sequences that end in `level` because no jump is left.
///
/// The level is taken a slice of shards at a time. Each shard of the slice hands out its
/// successors sorted by the shard they belong to; then each shard of the next level takes its
/// part from every one of them, in its own map, which stays in the cache while it does.
fn expand(level: &Classes, jumps: &[JumpMask], group: &Symmetries) -> (Classes, u128) {
    let mut maps: Vec<HashMap<u64, u128>> = (0..SHARDS).map(|_| HashMap::new()).collect();
    let mut finished = 0;
    let mut start = 0;
    while start < SHARDS {
        let mut end = start + 1;
        let mut parents = level.keys[start].len();
        while end < SHARDS && parents + level.keys[end].len() <= SLICE {
            parents += level.keys[end].len();
            end += 1;
        }
        let parts: Vec<Scattered> = (start..end)
            .into_par_iter()
            .map(|s| Scattered::new(&level.keys[s], &level.counts[s], jumps, group))
            .collect();
        finished += parts.iter().map(|part| part.finished).sum::<u128>();
        maps.par_iter_mut().enumerate().for_each(|(shard, map)| {
            for part in &parts {
                for (bits, count) in part.for_shard(shard) {
                    *map.entry(bits).or_insert(0) += count;
                }
            }
        });
        start = end;
    }
    let (keys, counts) = maps
        .into_par_iter()
        .map(|map| {
            let mut entries: Vec<(u64, u128)> = map.into_iter().collect();
            entries.sort_unstable_by_key(|&(bits, _)| bits);
            entries.into_iter().unzip::<_, _, Vec<u64>, Vec<u128>>()
        })
        .unzip();
    (Classes { keys, counts }, finished)
}

/// Parents handled at once: their successors (8 or so each) wait in memory to be merged.
const SLICE: usize = 1 << 18;

/// The successors of some classes, grouped by the shard they belong to; each with the index
/// of its parent, whose sequences it carries (16 bytes a successor rather than 32).
struct Scattered<'a> {
    /// Sorted by shard (and in the order found within a shard).
    successors: Vec<(u64, u32)>,
    /// Where each shard's successors start; one more entry for the end.
    starts: Vec<usize>,
    /// The parents' sequences.
    counts: &'a [u128],
    /// The sequences that end in these classes, having no jump left.
    finished: u128,
}

impl<'a> Scattered<'a> {
    fn new(
        keys: &[u64],
        counts: &'a [u128],
        jumps: &[JumpMask],
        group: &Symmetries,
    ) -> Scattered<'a> {
        let mut found = Vec::new();
        let mut finished = 0;
        for (parent, (&bits, &count)) in keys.iter().zip(counts).enumerate() {
            let before = found.len();
            let images = group.all_images(bits);
            for jump in jumps {
                if bits & jump.all == jump.need {
                    let least =
                        (0..8).fold(u64::MAX, |least, g| least.min(images[g] ^ jump.images[g]));
                    found.push((
                        least,
                        u32::try_from(parent).expect("a shard holds fewer than 2^32 classes"),
                    ));
                }
            }
            if found.len() == before {
                finished += count;
            }
        }
        // A counting sort by shard.
        let mut starts = vec![0; SHARDS + 1];
        for &(bits, _) in &found {
            starts[shard_of(bits) + 1] += 1;
        }
        for shard in 0..SHARDS {
            starts[shard + 1] += starts[shard];
        }
        let mut next = starts.clone();
        let mut successors = vec![(0, 0); found.len()];
        for (bits, parent) in found {
            let at = &mut next[shard_of(bits)];
            successors[*at] = (bits, parent);
            *at += 1;
        }
        Scattered {
            successors,
            starts,
            counts,
            finished,
        }
    }

    fn for_shard(&self, shard: usize) -> impl Iterator<Item = (u64, u128)> + '_ {
        self.successors[self.starts[shard]..self.starts[shard + 1]]
            .iter()
            .map(|&(bits, parent)| (bits, self.counts[parent as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap as StdMap, HashSet};

    /// The same numbers, the slow and obvious way: every position itself, no symmetry, and the
    /// winning positions by a backward pass over the levels.
    fn brute_force(layout: &Layout) -> (Vec<(u64, u64, u128, u128)>, u128) {
        let centre = layout.centre();
        let group = Symmetries::fixing(layout, centre);
        let start = layout.full().without(centre);
        let mut levels: Vec<StdMap<Position, u128>> = vec![StdMap::from([(start, 1)])];
        while let Some(level) = levels.last().filter(|level| !level.is_empty()) {
            let mut next = StdMap::new();
            for (&position, &count) in level {
                for jump in layout.legal_jumps(position) {
                    *next.entry(position.after(jump)).or_insert(0) += count;
                }
            }
            levels.push(next);
        }
        levels.pop();
        let goal = Position::from(centre);
        let mut winning: Vec<HashSet<Position>> = vec![HashSet::new(); levels.len()];
        for k in (0..levels.len()).rev() {
            for &position in levels[k].keys() {
                let wins = position == goal
                    || layout.legal_jumps(position).any(|jump| {
                        winning
                            .get(k + 1)
                            .is_some_and(|set| set.contains(&position.after(jump)))
                    });
                if wins {
                    winning[k].insert(position);
                }
            }
        }
        let classes = |set: &mut dyn Iterator<Item = Position>| {
            set.map(|p| group.canonical(p))
                .collect::<HashSet<_>>()
                .len() as u64
        };
        let rows = levels
            .iter()
            .zip(&winning)
            .map(|(level, won)| {
                let finished = level
                    .iter()
                    .filter(|(p, _)| layout.legal_jumps(**p).next().is_none())
                    .map(|(_, c)| c)
                    .sum();
                (
                    classes(&mut level.keys().copied()),
                    classes(&mut won.iter().copied()),
                    level.values().sum(),
                    finished,
                )
            })
            .collect();
        let solutions = levels
            .last()
            .and_then(|l| l.get(&goal))
            .copied()
            .unwrap_or(0);
        (rows, solutions)
    }

    /// Whether the board's central game can be won, once the numbers agree.
    fn check_against_brute_force(picture: &str) -> bool {
        let layout = Layout::from_picture(picture).unwrap();
        let census = census(&layout, &|_, _| {});
        let (rows, solutions) = brute_force(&layout);
        let mine: Vec<_> = census
            .levels
            .iter()
            .map(|l| (l.positions, l.winning, l.sequences, l.finished))
            .collect();
        assert_eq!(mine, rows, "{picture}");
        assert_eq!(census.solutions, solutions, "{picture}");
        census.winning() > 0
    }

    #[test]
    fn small_boards_agree_with_brute_force() {
        // Symmetric and lopsided boards, with and without a centre hole, solvable or not.
        assert!(!check_against_brute_force(
            " ooo\nooooo\nooooo\nooooo\n ooo\n"
        ));
        check_against_brute_force("oooo\noooo\noooo\n");
        check_against_brute_force("  o\n ooo\nooooo\n ooo\n  o\n");
        check_against_brute_force("ooo\nooo\noooooo\noooooo\n");
        check_against_brute_force("oooooo\n");
        check_against_brute_force("o\n");
        // Boards whose central game can be won.
        assert!(check_against_brute_force("o\noooo\noooo\nooo\n"));
        assert!(check_against_brute_force("oooo\noooo\noooo\nooo\n"));
        assert!(check_against_brute_force("oooo\n ooo\nooo\noooo\n"));
    }

    #[test]
    fn a_level_too_large_stops_the_count() {
        let layout = Layout::from_picture(" ooo\nooooo\nooooo\nooooo\n ooo\n").unwrap();
        let err = census_within(&layout, u32::MAX, 100, &|_, _| {}).unwrap_err();
        let whole = census(&layout, &|_, _| {});
        let first = whole.levels.iter().position(|l| l.positions > 100).unwrap();
        assert_eq!(err.jumps as usize, first);
        assert_eq!(err.positions, whole.levels[first].positions);
    }

    #[test]
    fn stopping_early_counts_the_first_levels_alike() {
        let layout = Layout::from_picture(" ooo\nooooo\nooooo\nooooo\n ooo\n").unwrap();
        let whole = census(&layout, &|_, _| {});
        let part = census_until(&layout, 4, &|_, _| {});
        assert_eq!(part.levels.len(), 5);
        for (a, b) in part.levels.iter().zip(&whole.levels) {
            assert_eq!(
                (a.positions, a.sequences, a.finished),
                (b.positions, b.sequences, b.finished)
            );
        }
    }
}
