//! The policy+value network: for a position, the chance of each move and the chance that the
//! side to move wins.
//!
//! Fully convolutional, so one network reads every board size: a 3x3 convolution from the
//! four input planes of [`planes`](super::convolution::planes) to C channels, B residual blocks
//! (two 3x3 convolutions, the block's input added before the second ReLU), then two heads. The
//! policy head is a 1x1 convolution to a logit a cell; the value head a 1x1 convolution to V
//! channels and a ReLU, their mean over the board's cells, a fully connected layer to H and a
//! ReLU, and one to a single logit. Its weights are learned by `scripts/policy/train_pv.py`
//! from game records and read here from the binary form that script writes.

use std::sync::LazyLock;

use super::convolution::{Convolve, Grid, Layer, PLANES, convolve};

const MAGIC: &[u8] = b"boardgames hex network 2\n";

/// The most blocks, channels and units a network file may declare (a guard against a file
/// that is not one, before anything is allocated).
const MAX_WIDTH: usize = 1024;

/// Why bytes are not a network's weights.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The file does not begin with the format's magic line.
    #[error("not a policy+value network's weights (no magic line)")]
    Magic,
    /// A size in the header is 0 or absurd.
    #[error("the header's {0} is {1}")]
    Header(&'static str, u32),
    /// The weights end before the header's shapes are filled.
    #[error("the weights end too soon")]
    Short,
    /// Bytes are left after the last layer.
    #[error("{0} bytes after the last layer")]
    Long(usize),
}

/// The smallest square the search asks a network about (below it the patterns alone give the
/// priors).
pub const SMALLEST: usize = 11;

/// The network shipped for 11x11 (`crates/hex/data/network-11x11.bin`, learned from this
/// engine's own games on that size; how it was trained is in the header of
/// `network-11x11-check.txt` beside it).
pub static ELEVEN: LazyLock<Network> = LazyLock::new(|| {
    Network::parse(include_bytes!("../../data/network-11x11.bin"))
        .unwrap_or_else(|e| panic!("network-11x11.bin: {e}"))
});

/// The network shipped for larger squares (`crates/hex/data/network.bin`, learned from MoHex
/// 2.0's games on 11x11 and 13x13; how, in the header of `network-check.txt`).
pub static LEARNED: LazyLock<Network> = LazyLock::new(|| {
    Network::parse(include_bytes!("../../data/network.bin"))
        .unwrap_or_else(|e| panic!("network.bin: {e}"))
});

/// The network the search asks on a `size` x `size` board: [`ELEVEN`] on 11x11 (on that
/// size its priors won 61 of 120 against those of the policy network before it, and
/// [`LEARNED`]'s 13 of 40: docs/tuning/hex.md), [`LEARNED`] elsewhere.
pub fn learned(size: usize) -> &'static Network {
    if size == 11 { &ELEVEN } else { &LEARNED }
}

/// A fully connected layer: `out` x `inp` weights, row by row, and a bias for each output.
#[derive(Clone, Debug)]
struct Dense {
    out: usize,
    inp: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Dense {
    fn apply(&self, x: &[f32], relu: bool) -> Vec<f32> {
        (0..self.out)
            .map(|o| {
                let row = &self.weights[o * self.inp..][..self.inp];
                let y = self.bias[o] + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>();
                if relu { y.max(0.0) } else { y }
            })
            .collect()
    }
}

/// A policy+value network's weights.
#[derive(Clone, Debug)]
pub struct Network {
    stem: Layer,
    blocks: Vec<[Layer; 2]>,
    policy: Layer,
    value_conv: Layer,
    value_hidden: Dense,
    value_out: Dense,
}

/// What the network says of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The logit of each cell of the mover's frame, row by row (`size`²; see
    /// [`cell`](super::convolution::cell)).
    pub logits: Vec<f32>,
    /// The chance that the side to move wins.
    pub value: f32,
}

/// Reads little-endian words off the front of a byte string.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn words(&mut self, count: usize) -> Result<impl Iterator<Item = [u8; 4]> + '_, NetworkError> {
        let bytes = count.checked_mul(4).ok_or(NetworkError::Short)?;
        let (head, tail) = self.0.split_at_checked(bytes).ok_or(NetworkError::Short)?;
        self.0 = tail;
        Ok(head.chunks_exact(4).map(|b| [b[0], b[1], b[2], b[3]]))
    }

    fn floats(&mut self, count: usize) -> Result<Vec<f32>, NetworkError> {
        Ok(self.words(count)?.map(f32::from_le_bytes).collect())
    }

    fn conv(&mut self, out: usize, inp: usize, side: usize) -> Result<Layer, NetworkError> {
        Ok(Layer {
            out,
            inp,
            side,
            weights: self.floats(out * inp * side * side)?,
            bias: self.floats(out)?,
        })
    }

    fn dense(&mut self, out: usize, inp: usize) -> Result<Dense, NetworkError> {
        Ok(Dense {
            out,
            inp,
            weights: self.floats(out * inp)?,
            bias: self.floats(out)?,
        })
    }
}

impl Network {
    /// Reads weights in the form `scripts/policy/train_pv.py` writes: the magic line, the
    /// blocks, channels, value channels and hidden units (u32 each), then every tensor in
    /// order (the stem's weights and biases, each block's two convolutions, the policy
    /// head's, the value head's convolution and two dense layers), f32, little-endian.
    pub fn parse(bytes: &[u8]) -> Result<Network, NetworkError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(NetworkError::Magic)?;
        let mut r = Reader(rest);
        let header: Vec<u32> = r.words(4)?.map(u32::from_le_bytes).collect();
        let names = [
            "number of blocks",
            "channels",
            "value channels",
            "hidden units",
        ];
        for (i, (&v, name)) in header.iter().zip(names).enumerate() {
            // No blocks is a network too; nothing else may be 0.
            if (v == 0 && i > 0) || v as usize > MAX_WIDTH {
                return Err(NetworkError::Header(name, v));
            }
        }
        let [blocks, channels, value_channels, hidden] = [0, 1, 2, 3].map(|i| header[i] as usize);
        let stem = r.conv(channels, PLANES, 3)?;
        let blocks = (0..blocks)
            .map(|_| {
                Ok([
                    r.conv(channels, channels, 3)?,
                    r.conv(channels, channels, 3)?,
                ])
            })
            .collect::<Result<_, NetworkError>>()?;
        let network = Network {
            stem,
            blocks,
            policy: r.conv(1, channels, 1)?,
            value_conv: r.conv(value_channels, channels, 1)?,
            value_hidden: r.dense(hidden, value_channels)?,
            value_out: r.dense(1, hidden)?,
        };
        if !r.0.is_empty() {
            return Err(NetworkError::Long(r.0.len()));
        }
        Ok(network)
    }

    /// The policy's logits and the value for the planes of
    /// [`planes`](super::convolution::planes) of a `size` x `size` board.
    pub fn evaluate(&self, size: usize, planes: &[f32]) -> Output {
        self.forward(size, planes, convolve)
    }

    fn forward(&self, size: usize, planes: &[f32], convolve: Convolve) -> Output {
        let g = Grid::new(size + 2, 1);
        let h = g.load(planes, PLANES);
        let mut h = g.apply(&self.stem, &h, true, convolve);
        for [first, second] in &self.blocks {
            let inner = g.apply(first, &h, true, convolve);
            let out = g.apply(second, &inner, false, convolve);
            for (a, b) in h.iter_mut().zip(out) {
                *a = (*a + b).max(0.0);
            }
        }
        let logits = g.board(&g.apply(&self.policy, &h, false, convolve), 0, size);
        let value = g.apply(&self.value_conv, &h, true, convolve);
        let cells = (size * size) as f32;
        let pooled: Vec<f32> = (0..self.value_conv.out)
            .map(|c| g.board(&value, c, size).iter().sum::<f32>() / cells)
            .collect();
        let hidden = self.value_hidden.apply(&pooled, true);
        let logit = self.value_out.apply(&hidden, false)[0];
        Output {
            logits,
            value: 1.0 / (1.0 + (-logit).exp()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Color};
    use crate::player::convolution::{convolve_portable, planes};

    /// The positions of a check file with the outputs the trainer computed for them.
    fn checks(text: &str) -> Vec<(usize, Vec<f32>, Output)> {
        let mut out = Vec::new();
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        while let Some(line) = lines.next() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let ["position", size, mover, last] = words[..] else {
                panic!("{line}")
            };
            let size: usize = size.parse().unwrap();
            let mover = Color::parse(mover).unwrap();
            let stones = |prefix: &str, line: Option<&str>| -> Vec<Cell> {
                let rest = line.unwrap().strip_prefix(prefix).unwrap();
                (rest.split_whitespace())
                    .map(|p| Cell::parse(p, size as u8).unwrap())
                    .collect()
            };
            let black = stones("black", lines.next());
            let white = stones("white", lines.next());
            let numbers = |prefix: &str, line: Option<&str>| -> Vec<f32> {
                let rest = line.unwrap().strip_prefix(prefix).unwrap();
                rest.split_whitespace()
                    .map(|v| v.parse().unwrap())
                    .collect()
            };
            let logits = numbers("logits", lines.next());
            let value = numbers("value", lines.next())[0];
            let last = Cell::parse(last, size as u8);
            let input = planes(size, mover, last, |p| {
                (black.contains(&p).then_some(Color::Black))
                    .or(white.contains(&p).then_some(Color::White))
            });
            out.push((size, input, Output { logits, value }));
        }
        out
    }

    #[test]
    fn the_forward_pass_gives_the_trainers_outputs() {
        let shipped = [
            (&*LEARNED, include_str!("../../data/network-check.txt")),
            (&*ELEVEN, include_str!("../../data/network-11x11-check.txt")),
        ];
        // The vector path where the processor has one, and the portable path.
        let paths: [(&str, Convolve); 2] =
            [("dispatched", convolve), ("portable", convolve_portable)];
        for (network, text) in shipped {
            let checks = checks(text);
            assert!(checks.len() >= 2, "{}", checks.len());
            for ((size, input, expected), (path, convolve)) in
                checks.iter().flat_map(|c| paths.map(|p| (c, p)))
            {
                let got = network.forward(*size, input, convolve);
                assert_eq!(got.logits.len(), size * size);
                for (i, (a, b)) in got.logits.iter().zip(&expected.logits).enumerate() {
                    assert!(
                        (a - b).abs() <= 1e-3 * (1.0 + b.abs()),
                        "{path}, {size}x{size}, cell {i}: {a} {b}"
                    );
                }
                assert!(
                    (got.value - expected.value).abs() <= 1e-4,
                    "{path}: {} {}",
                    got.value,
                    expected.value
                );
            }
        }
    }

    /// A network of no blocks, one channel and one hidden unit, every weight `w`.
    fn uniform(w: f32) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for v in [0u32, 1, 1, 1] {
            bytes.extend(v.to_le_bytes());
        }
        // The stem (9 taps a plane, one bias), the policy and value convolutions (one tap
        // and a bias each), the two dense layers (one weight and a bias each).
        let floats = PLANES * 9 + 1 + 2 + 2 + 2 + 2;
        for _ in 0..floats {
            bytes.extend(w.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn a_hand_made_network_computes_what_its_weights_say() {
        let network = Network::parse(&uniform(0.0)).unwrap();
        let planes = planes(3, Color::Black, None, |_| None);
        let out = network.evaluate(3, &planes);
        assert_eq!(out.logits, vec![0.0; 9]);
        assert_eq!(out.value, 0.5);
        // With every weight 1, the stem sums a cell's neighbourhood over the planes, plus
        // one: on the empty 3x3, the centre sees 9 empty cells, so its channel is 10, and its
        // logit (one tap, plus one) 11.
        let network = Network::parse(&uniform(1.0)).unwrap();
        let out = network.evaluate(3, &planes);
        assert_eq!(out.logits[4], 11.0);
        assert!(out.value > 0.99);
    }

    #[test]
    fn weights_that_do_not_fit_are_refused() {
        assert_eq!(
            Network::parse(b"boardgames hex policy 1\n").unwrap_err(),
            NetworkError::Magic
        );
        let whole = uniform(0.5);
        assert_eq!(
            Network::parse(&whole[..whole.len() - 1]).unwrap_err(),
            NetworkError::Short
        );
        let mut longer = whole.clone();
        longer.push(0);
        assert_eq!(Network::parse(&longer).unwrap_err(), NetworkError::Long(1));
        let mut wide = whole.clone();
        wide[MAGIC.len() + 4..MAGIC.len() + 8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            Network::parse(&wide).unwrap_err(),
            NetworkError::Header("channels", u32::MAX)
        );
    }
}
