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
//!
//! Searches on several threads may share a memory ([`Shared`]): its slots are atomic, and a
//! race between two threads writing one bucket can only make it forget a class.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Eight slots, one cache line. A slot holds the complement of a class's bitboard, so that 0
/// is empty (the complement of every hole full, which no search asks about: a jump empties a
/// hole).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

impl Bucket {
    fn contains(&self, class: u64) -> bool {
        self.0.iter().any(|slot| slot.load(Relaxed) == !class)
    }

    /// Puts `class` in the bucket unless it is there, in an empty slot or else in place of
    /// the class with the fewest pegs; whether it took an empty slot.
    fn insert(&self, class: u64) -> bool {
        let slots = self.0.each_ref().map(|slot| slot.load(Relaxed));
        if slots.contains(&!class) {
            return false;
        }
        let fewest = (0..slots.len())
            .min_by_key(|&i| match slots[i] {
                0 => 0,
                slot => 1 + (!slot).count_ones(),
            })
            .unwrap_or(0);
        self.0[fewest].store(!class, Relaxed);
        slots[fewest] == 0
    }
}

fn buckets(len: usize) -> Vec<Bucket> {
    (0..len).map(|_| Bucket::default()).collect()
}

/// What a search asks of its memory: whether a class is finished, and to remember one.
pub(crate) trait Finished {
    /// Whether `class` is remembered as finished.
    fn contains(&self, class: u64) -> bool;
    /// Remembers `class` as finished (or, if there is no room, perhaps not).
    fn insert(&mut self, class: u64);
}

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
            buckets: buckets(len),
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

    /// Grows the table to `len` buckets (a power of two), keeping what it holds.
    fn grow(&mut self, len: usize) {
        let old = std::mem::replace(&mut self.buckets, buckets(len));
        self.shift = 64 - len.trailing_zeros();
        self.used = 0;
        for slot in old.iter().flat_map(|bucket| &bucket.0) {
            match slot.load(Relaxed) {
                0 => {}
                slot => self.insert(!slot),
            }
        }
    }

    /// The memory at its largest, to be shared by searches on several threads (it no longer
    /// grows then).
    pub(crate) fn share(&mut self) -> Shared<'_> {
        if self.buckets.len() < self.most {
            self.grow(self.most);
        }
        Shared(self)
    }
}

impl Finished for Memo {
    #[inline]
    fn contains(&self, class: u64) -> bool {
        self.buckets[self.bucket(class)].contains(class)
    }

    /// Remembers `class`, growing the table four times larger once it is three quarters
    /// full (up to its limit), and past the limit forgetting the class with the fewest pegs
    /// of a full bucket.
    fn insert(&mut self, class: u64) {
        if 4 * self.used >= 3 * 8 * self.buckets.len() && self.buckets.len() < self.most {
            self.grow((4 * self.buckets.len()).min(self.most));
        }
        if self.buckets[self.bucket(class)].insert(class) {
            self.used += 1;
        }
    }
}

/// A memory shared by searches on several threads.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a>(&'a Memo);

impl Finished for Shared<'_> {
    #[inline]
    fn contains(&self, class: u64) -> bool {
        self.0.contains(class)
    }

    fn insert(&mut self, class: u64) {
        self.0.buckets[self.0.bucket(class)].insert(class);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_memory_holds_what_was_remembered_before_and_after() {
        let mut memo = Memo::new(12);
        memo.insert(0b1011);
        let shared = memo.share();
        assert!(shared.contains(0b1011));
        // Each thread writes only buckets of its own parity: a race between two threads on
        // one bucket may make it forget a class (as the module says), which is allowed and
        // not what this test is about.
        let of_thread = |t: u64| {
            (1..4000u64)
                .map(move |class| class << 20 | t)
                .filter(move |&class| shared.0.bucket(class) % 2 == t as usize)
        };
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                scope.spawn(move || {
                    let mut shared = shared;
                    for class in of_thread(t) {
                        shared.insert(class);
                    }
                });
            }
        });
        for t in 0..2u64 {
            assert!(of_thread(t).count() > 1000);
            assert!(of_thread(t).all(|class| shared.contains(class)));
        }
        assert!(shared.contains(0b1011));
        assert!(!shared.contains(0b111));
    }

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
