//! What the networks read and how they compute: the input planes of a position and the 3x3
//! convolutions of their layers (AVX2 where the processor has it, a portable path elsewhere).
//!
//! A network sees the board from the side to move: for White the board is transposed and the
//! colours swapped, so that the mover always joins top and bottom. Its input is four planes on
//! the board with a frame one cell wide: the mover's stones and edges (the frame's top and
//! bottom rows), the opponent's stones and edges (its left and right columns), the empty
//! cells, and the last move.

use crate::game::{Cell, Color};

/// The input planes.
pub const PLANES: usize = 4;

/// One convolution: `out` x `inp` kernels of `side` x `side`, and a bias for each output.
#[derive(Clone, Debug)]
pub(super) struct Layer {
    pub(super) out: usize,
    pub(super) inp: usize,
    pub(super) side: usize,
    pub(super) weights: Vec<f32>,
    pub(super) bias: Vec<f32>,
}

/// The input planes (each `(size + 2)²`, row by row) of a `size` x `size` board whose stones
/// `stone` gives, `mover` to move, `last` the last move.
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
        let i = cell(size, mover, p);
        x[3 * n * n + (i / size + 1) * n + i % size + 1] = 1.0;
    }
    x
}

/// The index of the board's `point` among the cells of `mover`'s frame, row by row (as a
/// network's policy logits are).
pub fn cell(size: usize, mover: Color, point: Cell) -> usize {
    let (r, c) = match mover {
        Color::Black => (point.row, point.col),
        Color::White => (point.col, point.row),
    };
    usize::from(r) * size + usize::from(c)
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
