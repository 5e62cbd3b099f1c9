//! The transposition table: what the search knows of each position it has seen, in a fixed
//! amount of memory. Two entries a bucket; a new entry takes the place of the one that cost
//! less work to find.

use hashbrown::HashMap;

use crate::cells::{Cells, Spot};

/// A bound no proof number reaches: proven (0) or disproven (`INFINITE`) otherwise.
pub const INFINITE: u32 = u32::MAX / 4;

/// What the search knows of a position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position's key (never 0 for a stored entry).
    pub key: u64,
    /// The moves worth trying (the must-play region).
    moves: Cells,
    /// The cells a proof depends on (see [`Entry::proof`]).
    proof: Cells,
    /// Proof number: 0 when the side to move is proven to win.
    pub pn: u32,
    /// Disproof number: 0 when the side to move is proven to lose.
    pub dn: u32,
    /// How many positions the search expanded below this one (saturating).
    pub work: u32,
    /// The winning move, or the move to look at next (if any).
    pub best: Option<Spot>,
}

impl Entry {
    /// An entry for a position.
    pub fn new(
        key: u64,
        moves: Cells,
        proof: Cells,
        pn: u32,
        dn: u32,
        work: u32,
        best: Option<Spot>,
    ) -> Entry {
        Entry {
            key,
            moves,
            proof,
            pn,
            dn,
            work,
            best,
        }
    }

    /// The moves worth trying.
    pub fn moves(&self) -> Cells {
        self.moves
    }

    /// For a proven position, the cells its proof depends on: the winner still wins when every
    /// other empty cell is given to the loser (so a loser's move outside them loses too). For an
    /// open one, the cells that show every move outside [`Entry::moves`] loses.
    pub fn proof(&self) -> Cells {
        self.proof
    }

    /// Whether the position is solved.
    pub fn proven(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A table of entries in at most a given number of bytes.
///
/// Its buckets are only allocated (and zeroed) when a search needs many of them: until then
/// the buckets in use are kept in a map by their index. Either way a key has the same bucket
/// and a bucket the same two slots, so the size of the memory given is all that decides what
/// the table keeps, and a small search on a large table starts and ends at once.
pub struct TranspositionTable {
    /// How many buckets the memory holds.
    count: usize,
    store: Store,
    /// How many entries were stored over a different position.
    pub replaced: u64,
}

enum Store {
    /// The buckets in use, by index, while they are few.
    Sparse(HashMap<usize, [Entry; 2]>),
    /// Every bucket.
    Dense(Vec<[Entry; 2]>),
}

/// The share of the buckets in use from which every bucket is allocated: the map then takes
/// a sixteenth to an eighth of what every bucket will, and for the moment of the move the
/// buckets in use and every bucket take a sixteenth more than the memory given.
const SPARSE_SHARE: usize = 16;

impl TranspositionTable {
    /// A table that takes at most `bytes` (and at least one bucket).
    pub fn new(bytes: usize) -> TranspositionTable {
        TranspositionTable {
            count: (bytes / size_of::<[Entry; 2]>()).max(1),
            store: Store::Sparse(HashMap::new()),
            replaced: 0,
        }
    }

    /// The bytes the table takes now.
    pub fn bytes(&self) -> usize {
        match &self.store {
            Store::Sparse(map) => map.capacity() * size_of::<(usize, [Entry; 2])>(),
            Store::Dense(buckets) => buckets.len() * size_of::<[Entry; 2]>(),
        }
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket: the low bits of keys that differ by one stone are
        // no less random, but this keeps the choice apart from any use of the low bits.
        ((u128::from(key) * self.count as u128) >> 64) as usize
    }

    /// The entry of a position, if the table holds it.
    pub fn get(&self, key: u64) -> Option<&Entry> {
        let key = key.max(1);
        let index = self.bucket(key);
        let bucket = match &self.store {
            Store::Sparse(map) => map.get(&index)?,
            Store::Dense(buckets) => &buckets[index],
        };
        bucket.iter().find(|entry| entry.key == key)
    }

    /// Stores an entry, over the same position's or the cheaper of the two in its bucket.
    pub fn put(&mut self, mut entry: Entry) {
        entry.key = entry.key.max(1);
        let index = self.bucket(entry.key);
        if let Store::Sparse(map) = &self.store {
            if map.len() >= self.count / SPARSE_SHARE && !map.contains_key(&index) {
                self.make_dense();
            }
        }
        let bucket = match &mut self.store {
            Store::Sparse(map) => map.entry(index).or_default(),
            Store::Dense(buckets) => &mut buckets[index],
        };
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(slot) => slot,
            None => {
                // Proven positions are worth more than open ones of the same work.
                let worth = |e: &Entry| (u64::from(e.work) << 1) | u64::from(e.proven());
                let slot = if worth(&bucket[0]) <= worth(&bucket[1]) {
                    0
                } else {
                    1
                };
                if bucket[slot].key != 0 {
                    self.replaced += 1;
                }
                slot
            }
        };
        bucket[slot] = entry;
    }

    /// Allocates every bucket and moves the ones in use there.
    fn make_dense(&mut self) {
        let Store::Sparse(map) = std::mem::replace(&mut self.store, Store::Dense(Vec::new()))
        else {
            return;
        };
        // The map goes before the buckets come.
        let used: Vec<(usize, [Entry; 2])> = map.into_iter().collect();
        let mut buckets = vec![[Entry::default(); 2]; self.count];
        for (index, bucket) in used {
            buckets[index] = bucket;
        }
        self.store = Store::Dense(buckets);
    }

    /// Every stored entry.
    pub fn entries(&self) -> Box<dyn Iterator<Item = &Entry> + '_> {
        let stored = |e: &&Entry| e.key != 0;
        match &self.store {
            Store::Sparse(map) => Box::new(map.values().flatten().filter(stored)),
            Store::Dense(buckets) => Box::new(buckets.iter().flatten().filter(stored)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of the spots of `indices`.
    fn set(indices: &[usize]) -> Cells {
        indices.iter().map(|&i| Spot::new(i)).collect()
    }

    #[test]
    fn entries_come_back_and_the_cheaper_one_goes() {
        let mut table = TranspositionTable::new(size_of::<[Entry; 2]>());
        let (moves, proof, none) = (set(&[0, 2, 100]), set(&[0, 3]), Cells::EMPTY);
        let at = |i| Some(Spot::new(i));
        table.put(Entry::new(7, moves, proof, 1, 2, 50, at(3)));
        table.put(Entry::new(8, none, none, 0, INFINITE, 10, at(4)));
        assert_eq!(table.get(7).unwrap().moves(), moves);
        assert_eq!(table.get(7).unwrap().proof(), proof);
        assert_eq!(table.get(8).unwrap().best, at(4));
        table.put(Entry::new(9, none, none, 1, 1, 20, None));
        assert!(table.get(8).is_none(), "the entry with the least work goes");
        assert!(table.get(7).is_some() && table.get(9).is_some());
        assert_eq!(table.replaced, 1);
        table.put(Entry::new(7, none, none, 0, INFINITE, 60, at(1)));
        assert_eq!(table.get(7).unwrap().pn, 0);
        assert_eq!(table.entries().count(), 2);
    }

    /// Many keys through a table that starts as a map and becomes whole, and through one
    /// whole from the start: the same entries kept, the same replaced.
    #[test]
    fn a_table_keeps_the_same_entries_whether_or_not_it_was_a_map_first() {
        let bytes = 64 * size_of::<[Entry; 2]>();
        let mut sparse = TranspositionTable::new(bytes);
        let mut dense = TranspositionTable::new(bytes);
        dense.make_dense();
        let mut key: u64 = 1;
        for work in 0..400 {
            // A multiplicative sequence: keys spread over the buckets as a hash's would.
            key = key
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let entry = Entry::new(key, Cells::EMPTY, Cells::EMPTY, 1, 1, work % 37, None);
            sparse.put(entry);
            dense.put(entry);
            if work == 2 {
                assert!(
                    matches!(sparse.store, Store::Sparse(_)),
                    "a map while small"
                );
                assert!(sparse.bytes() < dense.bytes());
            }
        }
        assert!(
            matches!(sparse.store, Store::Dense(_)),
            "whole once it is used"
        );
        assert_eq!(sparse.replaced, dense.replaced);
        assert!(dense.replaced > 0);
        let mut kept: Vec<Entry> = sparse.entries().copied().collect();
        let mut also: Vec<Entry> = dense.entries().copied().collect();
        kept.sort_by_key(|e| e.key);
        also.sort_by_key(|e| e.key);
        assert_eq!(kept, also);
    }
}
