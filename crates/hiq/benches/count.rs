//! The census of the central game, and the symmetry step at its heart.
//!
//! `canonical`: the representative of a position's class under the 8 symmetries, three ways:
//! moving bits one at a time (the baseline), the byte tables of [`Symmetries`], and the way the
//! census does it for a position one jump after a known one (XOR of precomputed images).

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::{Layout, Position, Symmetries, census};
use std::hint::black_box;

/// Pseudo-random positions of the 33-hole board.
fn positions() -> Vec<Position> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Position::from_bits(x) & Layout::english().full()
        })
        .collect()
}

/// Where each hole goes under each of the 8 symmetries of the cross, found from the geometry.
fn hole_maps(layout: &Layout) -> Vec<Vec<usize>> {
    let cells = layout.cells();
    type Transform = fn(usize, usize) -> (usize, usize);
    let transforms: [Transform; 8] = [
        |r, c| (r, c),
        |r, c| (r, 6 - c),
        |r, c| (6 - r, c),
        |r, c| (6 - r, 6 - c),
        |r, c| (c, r),
        |r, c| (c, 6 - r),
        |r, c| (6 - c, r),
        |r, c| (6 - c, 6 - r),
    ];
    transforms
        .iter()
        .map(|t| {
            cells
                .iter()
                .map(|&(r, c)| cells.binary_search(&t(r, c)).unwrap())
                .collect()
        })
        .collect()
}

fn canonical(c: &mut Criterion) {
    let layout = Layout::english();
    let group = Symmetries::of(layout);
    let maps = hole_maps(layout);
    let positions = positions();
    let mut bench = c.benchmark_group("hiq/canonical (1024 positions)");
    bench.bench_function("bit by bit (baseline)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    maps.iter()
                        .map(|map| {
                            (0..33)
                                .filter(|&i| p.bits() & 1 << i != 0)
                                .fold(0u64, |acc, i| acc | 1 << map[i])
                        })
                        .min()
                        .unwrap()
                })
                .fold(0, |a, b| a ^ b)
        })
    });
    bench.bench_function("byte tables", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&p| group.canonical(black_box(p)).bits())
                .fold(0, |a, b| a ^ b)
        })
    });
    bench.finish();
}

fn count(c: &mut Criterion) {
    let mut bench = c.benchmark_group("hiq/census");
    bench.sample_size(10);
    let rectangle = Layout::from_picture("oooooo\noooooo\noooooo\noooooo\n").unwrap();
    bench.bench_function("4 by 6 rectangle (555,023 positions)", |b| {
        b.iter(|| census(&rectangle, &|_, _| {}))
    });
    bench.bench_function("central game, English board (23,475,688 positions)", |b| {
        b.iter(|| census(Layout::english(), &|_, _| {}))
    });
    bench.finish();
}

criterion_group!(benches, canonical, count);
criterion_main!(benches);
