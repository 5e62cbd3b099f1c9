//! A memory of the classes a search has finished with, of fixed size.
//!
//! A search asks, for every jump it might make, whether the class after it is finished: with
//! millions of classes remembered nearly every question misses the cache, and that wait was
//! most of a search's time with a hash set (one miss for the control bytes, one for the key,
//! and the set growing without bound). Here a class has one bucket of eight slots, one cache
//! line: one miss per question. The table grows (four times larger) as it fills, up to a
//! limit; from then on a full bucket forgets its class with the fewest pegs, whose
//! continuations are the cheapest to visit again. Forgetting only costs time, never
//! correctness, since a forgotten class is simply searched again.

/// Eight slots, one cache line. A slot holds the complement of a class's bitboard, so that 0
/// is empty (the complement of every hole full, which no search asks about: a jump empties a
/// hole).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([u64; 8]);

/// The classes finished, at most eight per bucket.
pub(crate) struct Memo {
    buckets: Vec<Bucket>,
    /// `64 - log2(buckets)`: a class's bucket is the top bits of its hash.
    shift: u32,
    /// How many slots are in use.
    used: usize,
    /// The most buckets the table may grow to, a power of two.
    most: usize,
}

/// How many buckets a new [`Memo`] has (16 KB).
const FIRST_BUCKETS: usize = 1 << 8;

impl Memo {
    /// An empty memory that may grow to `2^bits` buckets (`64 << bits` bytes) and no further.
    pub(crate) fn new(bits: u32) -> Memo {
        let most = 1 << bits;
        let len = FIRST_BUCKETS.min(most);
        Memo {
            buckets: vec![Bucket::default(); len],
            shift: 64 - len.trailing_zeros(),
            used: 0,
            most,
        }
    }

    fn bucket(&self, class: u64) -> usize {
        // Fibonacci hashing: the top bits of the product depend on every bit of the class.
        // (A table of one bucket shifts all 64 bits out.)
        let hash = class.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        hash.checked_shr(self.shift).unwrap_or(0) as usize
    }

    /// Whether `class` is remembered as finished.
    #[inline]
    pub(crate) fn contains(&self, class: u64) -> bool {
        self.buckets[self.bucket(class)].0.contains(&!class)
    }

    /// Remembers `class` as finished, forgetting the class with the fewest pegs of its bucket
    /// if the bucket is full.
    pub(crate) fn insert(&mut self, class: u64) {
        // Three quarters full: four times the room, if allowed.
        if 4 * self.used >= 3 * 8 * self.buckets.len() && self.buckets.len() < self.most {
            let old = std::mem::take(&mut self.buckets);
            let len = (4 * old.len()).min(self.most);
            self.buckets = vec![Bucket::default(); len];
            self.shift = 64 - len.trailing_zeros();
            self.used = 0;
            for slot in old.iter().flat_map(|bucket| bucket.0) {
                if slot != 0 {
                    self.insert(!slot);
                }
            }
        }
        let index = self.bucket(class);
        let slots = &mut self.buckets[index].0;
        if slots.contains(&!class) {
            return;
        }
        let fewest = (0..slots.len())
            .min_by_key(|&i| match slots[i] {
                0 => 0,
                slot => 1 + (!slot).count_ones(),
            })
            .unwrap_or(0);
        if slots[fewest] == 0 {
            self.used += 1;
        }
        slots[fewest] = !class;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_until_a_bucket_overflows_then_forgets_the_fewest_pegs() {
        // One bucket: every class lands in it.
        let mut memo = Memo::new(0);
        let classes: Vec<u64> = (1..=8).map(|pegs| (1u64 << pegs) - 1).collect();
        for &class in &classes {
            memo.insert(class);
        }
        assert!(classes.iter().all(|&class| memo.contains(class)));
        assert!(!memo.contains(0b1_0000_0000));
        // A ninth class pushes out the one of a single peg.
        memo.insert(0b1111_0000_1111);
        assert!(memo.contains(0b1111_0000_1111));
        assert!(!memo.contains(1));
        assert!(classes[1..].iter().all(|&class| memo.contains(class)));
        // Inserting a class already there changes nothing.
        memo.insert(0b11);
        assert!(classes[1..].iter().all(|&class| memo.contains(class)));
    }

    #[test]
    fn many_buckets_keep_many_classes() {
        let mut memo = Memo::new(10);
        for class in 1..4000u64 {
            memo.insert(class * 7919);
        }
        let kept = (1..4000u64).filter(|&c| memo.contains(c * 7919)).count();
        // Grown to 8,192 slots for 3,999 classes: hashing leaves nearly all of them in.
        assert_eq!(memo.buckets.len(), 1 << 10);
        assert!(kept > 3900, "{kept}");
        assert!(!memo.contains(5));
    }
}
