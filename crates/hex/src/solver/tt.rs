//! The transposition table: what the search knows of each position it has seen, in a fixed
//! amount of memory. Two entries a bucket; a new entry takes the place of the one that cost
//! less work to find.

use crate::geometry::Bits;

/// A bound no proof number reaches: proven (0) or disproven (`INFINITE`) otherwise.
pub const INFINITE: u32 = u32::MAX / 4;

/// No move stored.
pub const NO_MOVE: u8 = u8::MAX;

/// What the search knows of a position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position's key (never 0 for a stored entry).
    pub key: u64,
    /// The moves worth trying (the must-play region), as two halves of a bit set.
    moves: [u64; 2],
    /// The cells a proof depends on (see [`Entry::proof`]).
    proof: [u64; 2],
    /// Proof number: 0 when the side to move is proven to win.
    pub pn: u32,
    /// Disproof number: 0 when the side to move is proven to lose.
    pub dn: u32,
    /// How many positions the search expanded below this one (saturating).
    pub work: u32,
    /// The winning move, or the move to look at next ([`NO_MOVE`] for none).
    pub best: u8,
}

impl Entry {
    /// An entry for a position.
    pub fn new(key: u64, moves: Bits, proof: Bits, pn: u32, dn: u32, work: u32, best: u8) -> Entry {
        Entry {
            key,
            moves: halves(moves),
            proof: halves(proof),
            pn,
            dn,
            work,
            best,
        }
    }

    /// The moves worth trying.
    pub fn moves(&self) -> Bits {
        whole(self.moves)
    }

    /// For a proven position, the cells its proof depends on: the winner still wins when every
    /// other empty cell is given to the loser (so a loser's move outside them loses too). For an
    /// open one, the cells that show every move outside [`Entry::moves`] loses.
    pub fn proof(&self) -> Bits {
        whole(self.proof)
    }

    /// Whether the position is solved.
    pub fn proven(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

fn halves(bits: Bits) -> [u64; 2] {
    [bits as u64, (bits >> 64) as u64]
}

fn whole(halves: [u64; 2]) -> Bits {
    Bits::from(halves[0]) | Bits::from(halves[1]) << 64
}

/// A table of entries in at most a given number of bytes.
pub struct TranspositionTable {
    buckets: Vec<[Entry; 2]>,
    /// How many entries were stored over a different position.
    pub replaced: u64,
}

impl TranspositionTable {
    /// A table that takes at most `bytes` (and at least one bucket).
    pub fn new(bytes: usize) -> TranspositionTable {
        let count = (bytes / size_of::<[Entry; 2]>()).max(1);
        TranspositionTable {
            buckets: vec![[Entry::default(); 2]; count],
            replaced: 0,
        }
    }

    /// The bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<[Entry; 2]>()
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket: the low bits of keys that differ by one stone are
        // no less random, but this keeps the choice apart from any use of the low bits.
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The entry of a position, if the table holds it.
    pub fn get(&self, key: u64) -> Option<&Entry> {
        let key = key.max(1);
        self.buckets[self.bucket(key)]
            .iter()
            .find(|entry| entry.key == key)
    }

    /// Stores an entry, over the same position's or the cheaper of the two in its bucket.
    pub fn put(&mut self, mut entry: Entry) {
        entry.key = entry.key.max(1);
        let index = self.bucket(entry.key);
        let bucket = &mut self.buckets[index];
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

    /// Every stored entry.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.buckets.iter().flatten().filter(|e| e.key != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_and_the_cheaper_one_goes() {
        let mut table = TranspositionTable::new(size_of::<[Entry; 2]>());
        let moves: Bits = 1 << 100 | 5;
        table.put(Entry::new(7, moves, 9, 1, 2, 50, 3));
        table.put(Entry::new(8, 0, 0, 0, INFINITE, 10, 4));
        assert_eq!(table.get(7).unwrap().moves(), moves);
        assert_eq!(table.get(7).unwrap().proof(), 9);
        assert_eq!(table.get(8).unwrap().best, 4);
        table.put(Entry::new(9, 0, 0, 1, 1, 20, NO_MOVE));
        assert!(table.get(8).is_none(), "the entry with the least work goes");
        assert!(table.get(7).is_some() && table.get(9).is_some());
        assert_eq!(table.replaced, 1);
        table.put(Entry::new(7, 0, 0, 0, INFINITE, 60, 1));
        assert_eq!(table.get(7).unwrap().pn, 0);
        assert_eq!(table.entries().count(), 2);
    }
}
