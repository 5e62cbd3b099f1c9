//! A small policy network: the chance of each move, as a prior of the player's tree.
//!
//! The network is a stack of 3x3 convolutions, each followed by a ReLU, and a 1x1 convolution
//! that gives each cell a logit; its weights are learned by `scripts/policy/train.py` from game
//! records and read here from the binary form that script writes. It sees the board from the
//! side to move: for White the board is transposed and the colours swapped, so that the mover
//! always joins top and bottom. Its input is four planes on the board with a frame one cell
//! wide: the mover's stones and edges (the frame's top and bottom rows), the opponent's stones
//! and edges (its left and right columns), the empty cells, and the last move.

use std::sync::LazyLock;

use super::game::{Color, Point};

/// The input planes.
pub const PLANES: usize = 4;

/// The board size the shipped network ([`LEARNED`]) learned, and the only one the search asks
/// it about.
pub const SIZE: usize = 11;

const MAGIC: &[u8] = b"boardgames hex policy 1\n";

/// One convolution: `out` x `inp` kernels of `side` x `side`, and a bias for each output.
#[derive(Clone, Debug)]
struct Layer {
    out: usize,
    inp: usize,
    side: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A policy network's weights.
#[derive(Clone, Debug)]
pub struct Policy {
    layers: Vec<Layer>,
}

/// The network shipped for 11x11 (`crates/hex/data/policy-11x11.bin`; its training is
/// described in the README).
pub static LEARNED: LazyLock<Policy> = LazyLock::new(|| {
    Policy::parse(include_bytes!("../../data/policy-11x11.bin"))
        .unwrap_or_else(|e| panic!("policy-11x11.bin: {e}"))
});

impl Policy {
    /// Reads weights in the form `scripts/policy/train.py` writes: the magic line, the number
    /// of layers (u32), then for each layer its shape (out, in, rows, columns: u32) and its
    /// weights and biases (f32), all little-endian.
    pub fn parse(bytes: &[u8]) -> Result<Policy, String> {
        let mut rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a policy network's weights (no magic line)")?;
        let mut u32s = |count: usize| -> Result<Vec<u32>, String> {
            let (head, tail) = rest
                .split_at_checked(4 * count)
                .ok_or("the weights end too soon")?;
            rest = tail;
            Ok(head
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect())
        };
        let count = u32s(1)?[0] as usize;
        let mut layers = Vec::new();
        for l in 0..count {
            let shape: Vec<usize> = u32s(4)?.into_iter().map(|v| v as usize).collect();
            let (out, inp, side) = (shape[0], shape[1], shape[2]);
            let expected_in = if l == 0 { PLANES } else { layers_out(&layers) };
            if shape[2] != shape[3] || side % 2 == 0 || inp != expected_in || out == 0 {
                return Err(format!("layer {} has the shape {shape:?}", l + 1));
            }
            let floats = |v: Vec<u32>| v.into_iter().map(f32::from_bits).collect::<Vec<f32>>();
            let weights = floats(u32s(out * inp * side * side)?);
            let bias = floats(u32s(out)?);
            layers.push(Layer {
                out,
                inp,
                side,
                weights,
                bias,
            });
        }
        if layers.last().is_none_or(|l| l.out != 1) {
            return Err("the last layer must give one plane".into());
        }
        if !rest.is_empty() {
            return Err(format!("{} bytes after the last layer", rest.len()));
        }
        Ok(Policy { layers })
    }

    /// The input planes (each `(size + 2)²`, row by row) of a `size` x `size` board whose
    /// stones `stone` gives, `mover` to move, `last` the last move.
    pub fn planes(
        size: usize,
        mover: Color,
        last: Option<Point>,
        stone: impl Fn(Point) -> Option<Color>,
    ) -> Vec<f32> {
        let n = size + 2;
        let mut x = vec![0.0; PLANES * n * n];
        // (row, column) of the mover's frame to the board's point.
        let point = |r: usize, c: usize| {
            let (row, col) = match mover {
                Color::Black => (r, c),
                Color::White => (c, r),
            };
            Point {
                row: row as u8,
                col: col as u8,
            }
        };
        for r in 0..size {
            for c in 0..size {
                let at = (r + 1) * n + c + 1;
                let plane = match stone(point(r, c)) {
                    Some(s) if s == mover => 0,
                    Some(_) => 1,
                    None => 2,
                };
                x[plane * n * n + at] = 1.0;
            }
        }
        for i in 1..=size {
            x[i] = 1.0;
            x[(n - 1) * n + i] = 1.0;
            x[n * n + i * n] = 1.0;
            x[n * n + i * n + n - 1] = 1.0;
        }
        if let Some(p) = last {
            let i = Policy::cell(size, mover, p);
            x[3 * n * n + (i / size + 1) * n + i % size + 1] = 1.0;
        }
        x
    }

    /// The index of the board's `point` among the cells of `mover`'s frame, row by row (as
    /// [`Policy::logits`] gives them).
    pub fn cell(size: usize, mover: Color, point: Point) -> usize {
        let (r, c) = match mover {
            Color::Black => (point.row, point.col),
            Color::White => (point.col, point.row),
        };
        usize::from(r) * size + usize::from(c)
    }

    /// The logit of each cell of the mover's frame (row by row, `size`²) for the planes of
    /// [`Policy::planes`].
    pub fn logits(&self, size: usize, planes: &[f32]) -> Vec<f32> {
        let n = size + 2;
        // Each plane is kept with a margin of zeros wide enough for every kernel, so that a
        // kernel's tap is one shift of the whole plane.
        let margin = self.layers.iter().map(|l| l.side / 2).max().unwrap_or(0);
        let w = n + 2 * margin;
        let len = w * w;
        let embed = |planes: &[f32], count: usize| {
            let mut v = vec![0.0f32; count * len];
            for p in 0..count {
                for r in 0..n {
                    let from = p * n * n + r * n;
                    let to = p * len + (r + margin) * w + margin;
                    v[to..to + n].copy_from_slice(&planes[from..from + n]);
                }
            }
            v
        };
        let mut h = embed(planes, PLANES);
        // The cells of the framed board within a plane, as one run from its first to its
        // last (the margin columns between rows are computed too, then cleared).
        let start = margin * w + margin;
        let run = (n - 1) * w + n;
        let last = self.layers.len() - 1;
        for (l, layer) in self.layers.iter().enumerate() {
            let mut out = vec![0.0f32; layer.out * len];
            let k = layer.side;
            let half = k / 2;
            for o in 0..layer.out {
                let acc = &mut out[o * len + start..o * len + start + run];
                acc.fill(layer.bias[o]);
                for i in 0..layer.inp {
                    let kernel = &layer.weights[((o * layer.inp + i) * k * k)..][..k * k];
                    for dy in 0..k {
                        for dx in 0..k {
                            let wt = kernel[dy * k + dx];
                            if wt == 0.0 {
                                continue;
                            }
                            let from = i * len + start + dy * w + dx - half * w - half;
                            let src = &h[from..from + run];
                            for (a, s) in acc.iter_mut().zip(src) {
                                *a += wt * s;
                            }
                        }
                    }
                }
                if l < last {
                    for a in acc.iter_mut() {
                        *a = a.max(0.0);
                    }
                }
                // The margin stays zero.
                for r in 0..n - 1 {
                    let gap = o * len + (r + margin) * w + margin + n;
                    out[gap..gap + 2 * margin].fill(0.0);
                }
            }
            h = out;
        }
        let mut logits = Vec::with_capacity(size * size);
        for r in 1..=size {
            let row = (r + margin) * w + margin;
            logits.extend_from_slice(&h[row + 1..row + 1 + size]);
        }
        logits
    }
}

fn layers_out(layers: &[Layer]) -> usize {
    layers.last().map_or(PLANES, |l| l.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    /// The positions of the check file train.py wrote with the shipped weights, each with
    /// the logits it computed.
    fn checks() -> Vec<(Vec<Point>, Vec<f32>)> {
        let text = include_str!("../../data/policy-11x11-check.txt");
        let mut out = Vec::new();
        let mut moves = None;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            if let Some(rest) = line.strip_prefix("moves") {
                let points = rest.split_whitespace();
                moves = Some(points.map(|p| Point::parse(p, 11).unwrap()).collect());
            } else if let Some(rest) = line.strip_prefix("logits ") {
                let logits = rest.split(' ').map(|v| v.parse().unwrap()).collect();
                out.push((moves.take().unwrap(), logits));
            }
        }
        out
    }

    #[test]
    fn the_forward_pass_gives_the_trainers_logits() {
        let checks = checks();
        assert_eq!(checks.len(), 4);
        for (moves, expected) in checks {
            let mut game = Game::new(11).unwrap();
            let mut color = Color::Black;
            for &p in &moves {
                game.play(color, crate::engine::Move::Play(p)).unwrap();
                color = color.opponent();
            }
            let planes = Policy::planes(11, color, moves.last().copied(), |p| game.get(p));
            let logits = LEARNED.logits(11, &planes);
            assert_eq!(logits.len(), expected.len());
            for (i, (a, b)) in logits.iter().zip(&expected).enumerate() {
                assert!((a - b).abs() <= 1e-3 * (1.0 + b.abs()), "cell {i}: {a} {b}");
            }
        }
    }

    #[test]
    fn weights_that_do_not_fit_are_refused() {
        assert!(Policy::parse(b"not weights").is_err());
        let mut bytes = MAGIC.to_vec();
        bytes.extend(1u32.to_le_bytes());
        for v in [1u32, PLANES as u32, 1, 1] {
            bytes.extend(v.to_le_bytes());
        }
        // One kernel of one tap per plane, then the bias: four and one floats.
        let mut whole = bytes.clone();
        for _ in 0..PLANES + 1 {
            whole.extend(0.5f32.to_le_bytes());
        }
        let policy = Policy::parse(&whole).unwrap();
        // With every weight 0.5 a cell's logit is half its planes' sum plus a half: an
        // empty cell 1, the last move 1.5.
        let planes = Policy::planes(3, Color::Black, Some(Point { row: 1, col: 1 }), |_| None);
        let logits = policy.logits(3, &planes);
        assert_eq!(logits[4], 1.5);
        assert_eq!(logits[0], 1.0);
        assert!(Policy::parse(&whole[..whole.len() - 1]).is_err());
        let mut longer = whole.clone();
        longer.push(0);
        assert!(Policy::parse(&longer).is_err());
    }
}
