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

use crate::game::{Cell, Color};

/// The input planes.
pub const PLANES: usize = 4;

/// The board size the shipped network ([`LEARNED`]) learned, and the smallest square the search
/// asks it about (its layers are convolutions: it reads larger squares as well).
pub const SIZE: usize = 11;

const MAGIC: &[u8] = b"boardgames hex policy 1\n";

/// One convolution: `out` x `inp` kernels of `side` x `side`, and a bias for each output.
#[derive(Clone, Debug)]
pub(super) struct Layer {
    pub(super) out: usize,
    pub(super) inp: usize,
    pub(super) side: usize,
    pub(super) weights: Vec<f32>,
    pub(super) bias: Vec<f32>,
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
        last: Option<Cell>,
        stone: impl Fn(Cell) -> Option<Color>,
    ) -> Vec<f32> {
        let n = size + 2;
        let mut x = vec![0.0; PLANES * n * n];
        // (row, column) of the mover's frame to the board's point.
        let point = |r: usize, c: usize| {
            let (row, col) = match mover {
                Color::Black => (r, c),
                Color::White => (c, r),
            };
            Cell {
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
    pub fn cell(size: usize, mover: Color, point: Cell) -> usize {
        let (r, c) = match mover {
            Color::Black => (point.row, point.col),
            Color::White => (point.col, point.row),
        };
        usize::from(r) * size + usize::from(c)
    }

    /// The logit of each cell of the mover's frame (row by row, `size`²) for the planes of
    /// [`Policy::planes`].
    pub fn logits(&self, size: usize, planes: &[f32]) -> Vec<f32> {
        self.forward(size, planes, convolve)
    }

    /// [`Policy::logits`], each layer applied by `convolve`.
    fn forward(&self, size: usize, planes: &[f32], convolve: Convolve) -> Vec<f32> {
        let margin = self.layers.iter().map(|l| l.side / 2).max().unwrap_or(0);
        let g = Grid::new(size + 2, margin);
        let mut h = g.load(planes, PLANES);
        let last = self.layers.len() - 1;
        for (l, layer) in self.layers.iter().enumerate() {
            h = g.apply(layer, &h, l < last, convolve);
        }
        g.board(&h, 0, size)
    }
}

/// The cells a layer's run is cut into (a multiple of each path's own tile).
const TILE: usize = 64;

/// The cells the portable path computes at once (SSE2 has 16 registers of 4).
const PORTABLE_TILE: usize = 16;

/// Where the framed board lies in each plane of the network's buffers. Each plane keeps a
/// margin of zeros wide enough for every kernel, so that a kernel's tap is one shift; its
/// cells, from the first to the last, are computed as one run of whole tiles (the margin
/// columns between rows and the tail past the last cell are computed too, then cleared).
pub(super) struct Grid {
    /// The framed board's side.
    n: usize,
    margin: usize,
    /// A row's width, margins included.
    w: usize,
    /// A plane's length.
    stride: usize,
    /// The framed board's first cell within a plane.
    start: usize,
    /// From the first cell to the last, inclusive.
    run: usize,
    tiles: usize,
}

impl Grid {
    pub(super) fn new(n: usize, margin: usize) -> Grid {
        let w = n + 2 * margin;
        let start = margin * w + margin;
        let run = (n - 1) * w + n;
        let tiles = run.div_ceil(TILE);
        // A tap reads up to `margin` rows and columns past a tile's end.
        let stride = (w * w).max(start + tiles * TILE + margin * w + margin);
        Grid {
            n,
            margin,
            w,
            stride,
            start,
            run,
            tiles,
        }
    }

    /// The index of the framed board's row `r` within a plane.
    fn row(&self, r: usize) -> usize {
        (r + self.margin) * self.w + self.margin
    }

    /// `count` planes of the framed board, each `n`² row by row, in the grid's layout.
    pub(super) fn load(&self, planes: &[f32], count: usize) -> Vec<f32> {
        let mut h = vec![0.0f32; count * self.stride];
        for p in 0..count {
            for r in 0..self.n {
                let from = (p * self.n + r) * self.n;
                let to = p * self.stride + self.row(r);
                h[to..to + self.n].copy_from_slice(&planes[from..from + self.n]);
            }
        }
        h
    }

    /// `layer` applied to `h` (ReLU after it if `relu`), by `convolve`.
    pub(super) fn apply(
        &self,
        layer: &Layer,
        h: &[f32],
        relu: bool,
        convolve: Convolve,
    ) -> Vec<f32> {
        let mut out = vec![0.0f32; layer.out * self.stride];
        convolve(layer, self, h, &mut out, relu);
        out
    }

    /// Plane `plane` of `h` on the board inside the frame, `size`² row by row.
    pub(super) fn board(&self, h: &[f32], plane: usize, size: usize) -> Vec<f32> {
        let mut cells = Vec::with_capacity(size * size);
        for r in 1..=size {
            let row = plane * self.stride + self.row(r);
            cells.extend_from_slice(&h[row + 1..row + 1 + size]);
        }
        cells
    }
}

/// Applies one layer: `out` gets `layer` applied to `h`, ReLU after it if the flag is set.
pub(super) type Convolve = fn(&Layer, &Grid, &[f32], &mut [f32], bool);

/// One layer: `out` gets `layer` applied to `h` (ReLU after it if `relu`), with AVX2 and FMA
/// where the processor has them.
pub(super) fn convolve(layer: &Layer, g: &Grid, h: &[f32], out: &mut [f32], relu: bool) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the processor has AVX2 and FMA, as just checked.
        unsafe { convolve_avx2(layer, g, h, out, relu) };
        return;
    }
    convolve_portable(layer, g, h, out, relu);
}

/// [`convolve`] on any processor.
pub(super) fn convolve_portable(layer: &Layer, g: &Grid, h: &[f32], out: &mut [f32], relu: bool) {
    convolve_with::<false, PORTABLE_TILE>(layer, g, h, out, relu);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn convolve_avx2(layer: &Layer, g: &Grid, h: &[f32], out: &mut [f32], relu: bool) {
    convolve_with::<true, TILE>(layer, g, h, out, relu);
}

/// [`convolve`]'s body, `T` cells at once in registers; `FUSED`: multiply and add in one
/// rounding (only where FMA is an instruction: elsewhere `mul_add` is a slow library call).
#[inline(always)]
fn convolve_with<const FUSED: bool, const T: usize>(
    layer: &Layer,
    g: &Grid,
    h: &[f32],
    out: &mut [f32],
    relu: bool,
) {
    let k = layer.side;
    let half = k / 2;
    for o in 0..layer.out {
        let plane = o * g.stride;
        for t in 0..g.tiles * TILE / T {
            let at = g.start + t * T;
            let mut acc = [layer.bias[o]; T];
            for i in 0..layer.inp {
                let kernel = &layer.weights[((o * layer.inp + i) * k * k)..][..k * k];
                for dy in 0..k {
                    for dx in 0..k {
                        let wt = kernel[dy * k + dx];
                        let from = i * g.stride + at + dy * g.w + dx - half * g.w - half;
                        let src: &[f32; T] = h[from..from + T].try_into().unwrap();
                        for (a, s) in acc.iter_mut().zip(src) {
                            *a = if FUSED {
                                wt.mul_add(*s, *a)
                            } else {
                                *a + wt * s
                            };
                        }
                    }
                }
            }
            if relu {
                for a in &mut acc {
                    *a = a.max(0.0);
                }
            }
            out[plane + at..plane + at + T].copy_from_slice(&acc);
        }
        // The margin stays zero.
        for r in 0..g.n - 1 {
            let gap = plane + g.row(r) + g.n;
            out[gap..gap + 2 * g.margin].fill(0.0);
        }
        out[plane + g.start + g.run..plane + g.start + g.tiles * TILE].fill(0.0);
    }
}

fn layers_out(layers: &[Layer]) -> usize {
    layers.last().map_or(PLANES, |l| l.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// The positions of the check file train.py wrote with the shipped weights, each with
    /// the logits it computed.
    fn checks() -> Vec<(Vec<Cell>, Vec<f32>)> {
        let text = include_str!("../../data/policy-11x11-check.txt");
        let mut out = Vec::new();
        let mut moves = None;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            if let Some(rest) = line.strip_prefix("moves") {
                let points = rest.split_whitespace();
                moves = Some(points.map(|p| Cell::parse(p, 11).unwrap()).collect());
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
        // The vector path where the processor has one, and the portable path.
        let paths: [(&str, Convolve); 2] =
            [("dispatched", convolve), ("portable", convolve_portable)];
        for ((moves, expected), (path, convolve)) in
            checks.iter().flat_map(|c| paths.map(|p| (c, p)))
        {
            let mut game = Game::new(11).unwrap();
            let mut color = Color::Black;
            for &p in moves {
                game.play(color, crate::game::Move::Play(p)).unwrap();
                color = color.opponent();
            }
            let planes = Policy::planes(11, color, moves.last().copied(), |p| game.get(p));
            let logits = LEARNED.forward(11, &planes, convolve);
            assert_eq!(logits.len(), expected.len());
            for (i, (a, b)) in logits.iter().zip(expected).enumerate() {
                assert!(
                    (a - b).abs() <= 1e-3 * (1.0 + b.abs()),
                    "{path}, cell {i}: {a} {b}"
                );
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
        let planes = Policy::planes(3, Color::Black, Some(Cell { row: 1, col: 1 }), |_| None);
        let logits = policy.logits(3, &planes);
        assert_eq!(logits[4], 1.5);
        assert_eq!(logits[0], 1.0);
        assert!(Policy::parse(&whole[..whole.len() - 1]).is_err());
        let mut longer = whole.clone();
        longer.push(0);
        assert!(Policy::parse(&longer).is_err());
    }
}
