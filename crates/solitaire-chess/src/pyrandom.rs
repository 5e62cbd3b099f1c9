//! The official judge's piece source: CPython's `random` module, bit for bit.
//!
//! CPython's generator is MT19937. `random.seed(n)` for an integer `n` seeds it with
//! `init_by_array` over the 32-bit chunks of `|n|`, least significant first (one zero chunk
//! for `n = 0`). `random.choice(seq)` draws `seq[_randbelow(len(seq))]`, and `_randbelow(n)`
//! takes `k = n.bit_length()` bits from `getrandbits(k)` (the top `k` bits of one 32-bit
//! output for `k <= 32`) until the value is below `n`.

use crate::board::{Deal, Piece, SQUARES};

const N: usize = 624;
const M: usize = 397;

/// CPython's `random.Random`, for what the judge uses of it.
#[derive(Clone)]
pub struct PyRandom {
    state: [u32; N],
    index: usize,
}

impl PyRandom {
    /// The generator after `random.seed(seed)`.
    pub fn new(seed: u64) -> PyRandom {
        let low = seed as u32;
        let high = (seed >> 32) as u32;
        if high == 0 {
            PyRandom::from_key(&[low])
        } else {
            PyRandom::from_key(&[low, high])
        }
    }

    /// MT19937's `init_genrand`.
    fn from_seed(seed: u32) -> PyRandom {
        let mut state = [0u32; N];
        state[0] = seed;
        for i in 1..N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        PyRandom { state, index: N }
    }

    /// MT19937's `init_by_array`, as CPython seeds from an integer's 32-bit chunks.
    fn from_key(key: &[u32]) -> PyRandom {
        let mut rng = PyRandom::from_seed(19_650_218);
        let mt = &mut rng.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        rng
    }

    fn refill(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX: u32 = 0x9908_b0df;
        let mt = &mut self.state;
        for k in 0..N {
            let y = (mt[k] & UPPER) | (mt[(k + 1) % N] & LOWER);
            let mag = if y & 1 == 1 { MATRIX } else { 0 };
            mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// The next 32-bit output (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.refill();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `random.getrandbits(k)` for `1 <= k <= 32`.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        debug_assert!((1..=32).contains(&k));
        self.next_u32() >> (32 - k)
    }

    /// `random._randbelow(n)` for `1 <= n < 2^32`: a uniform number in `0..n`.
    pub fn randbelow(&mut self, n: u32) -> u32 {
        let k = 32 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }

    /// `random.choice(items)` for a non-empty slice.
    pub fn choice<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.randbelow(items.len() as u32) as usize]
    }
}

/// The official judge's deal for an alphabet (the pieces that may occur, as a non-empty list
/// in the order of the judge's letter string) and a seed: after `random.seed(seed)`, three
/// `random.choice` draws a square (bronze, silver, gold), squares in reading order.
pub fn official_deal(alphabet: &[Piece], seed: u64) -> Deal {
    assert!(!alphabet.is_empty(), "an alphabet needs at least one piece");
    let mut rng = PyRandom::new(seed);
    let mut layers = [[Piece::One; 3]; SQUARES];
    for square in &mut layers {
        for layer in square.iter_mut() {
            *layer = rng.choice(alphabet);
        }
    }
    Deal { layers }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values printed once by CPython 3.11.7: `tests/data/gen-python-random.py`
    /// (`random.seed`, then `getrandbits(32)`, `randrange(n)` and `choice` over the official
    /// alphabets), kept in `tests/data/python-random.txt`.
    const PYTHON: &str = include_str!("../tests/data/python-random.txt");

    /// The records of the reference file tagged `tag` (the rest of each line that starts
    /// `tag `); there must be at least `at_least` of them, so that no test passes on none.
    fn records(tag: &str, at_least: usize) -> Vec<&'static str> {
        let records: Vec<&str> = PYTHON
            .lines()
            .filter_map(|line| line.strip_prefix(tag)?.strip_prefix(' '))
            .collect();
        assert!(
            records.len() >= at_least,
            "{} {tag:?} records",
            records.len()
        );
        records
    }

    fn numbers(line: &str) -> Vec<u64> {
        line.split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect()
    }

    #[test]
    fn raw_outputs_match_cpython() {
        for record in records("bits", 4) {
            let values = numbers(record);
            let mut rng = PyRandom::new(values[0]);
            for &expected in &values[1..] {
                assert_eq!(u64::from(rng.next_u32()), expected, "seed {}", values[0]);
            }
        }
    }

    #[test]
    fn randbelow_matches_cpython() {
        for record in records("below", 4) {
            let values = numbers(record);
            let (seed, n) = (values[0], values[1] as u32);
            let mut rng = PyRandom::new(seed);
            for &expected in &values[2..] {
                assert_eq!(u64::from(rng.randbelow(n)), expected, "seed {seed} n {n}");
            }
        }
    }

    #[test]
    fn official_deals_match_cpython() {
        for record in records("deal", 3) {
            let mut words = record.split_whitespace();
            let alphabet: Vec<Piece> = words
                .next()
                .unwrap()
                .chars()
                .map(|c| Piece::from_letter(c).unwrap())
                .collect();
            let seed: u64 = words.next().unwrap().parse().unwrap();
            let letters = words.next().unwrap();
            let deal = official_deal(&alphabet, seed);
            let drawn: Vec<Piece> = deal.layers.iter().flatten().copied().collect();
            let expected: Vec<Piece> = letters
                .chars()
                .map(|c| Piece::from_letter(c).unwrap())
                .collect();
            assert_eq!(drawn, expected, "alphabet {alphabet:?} seed {seed}");
        }
    }
}
