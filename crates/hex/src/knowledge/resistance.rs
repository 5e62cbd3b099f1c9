//! The board as an electrical circuit, one per player: a player's two sides held at
//! different potentials, the current flowing between them through the empty cells (each a
//! resistor) and the player's own groups (wires); the opponent's stones let nothing through.
//! A cell through which much current flows, for either player, is one the game turns on:
//! the solver tries such moves first. A player's resistance between its sides says how far
//! it is from joining them.
//!
//! Two cells (or a group and a cell) that share two empty neighbours, a bridge, are linked
//! as well, less than neighbours are: a bridge joins them almost as surely as adjacency does.

use crate::board::Color;
use crate::cells::{Cells, Spot};
use crate::geometry::{Geometry, slot};
use crate::knowledge::Groups;
use crate::knowledge::hsearch::FullLinks;

/// The conductance between two neighbouring empty cells.
const EMPTY_TO_EMPTY: f64 = 1.0;
/// The conductance between a group (or a side) and a neighbouring empty cell: a stone
/// conducts much better than an empty cell, as it is already there.
const STONE_TO_EMPTY: f64 = 2.0;
/// A bridge's conductance, as a share of its ends' conductance when neighbours: the two cells
/// of its carrier are in the way (as if in series with it).
const BRIDGE_SHARE: f64 = 1.0 / 3.0;

/// Both players' circuits on one position.
#[derive(Clone, Debug)]
pub struct Resistance {
    /// By cell, the current flowing through it in both players' circuits, each with a unit
    /// current between its sides (0 for stones).
    pub scores: Vec<f64>,
    /// Each player's resistance between its sides: 0 when joined, infinite when cut off.
    pub resistance: [f64; 2],
}

impl Resistance {
    /// The circuits of the position with these stones (`[X, O]`).
    pub fn of(geometry: &Geometry, stones: [Cells; 2]) -> Resistance {
        let mut scores = vec![0.0; geometry.cell_count()];
        let resistance = [Color::White, Color::Black].map(|player| {
            let own = stones[slot(player)];
            let empty = geometry.all & !stones[0] & !stones[1];
            Circuit::of(geometry, player, own, empty).solve(&mut scores)
        });
        Resistance { scores, resistance }
    }

    /// The circuits whose links are the virtual connections each player has (`[X, O]`), as
    /// Benzene builds them: two endpoints with a full connection are linked, the less the
    /// more cells every carrier between them holds (a bridge a third as much as neighbours);
    /// two groups are not (a group joined to its side by a template adds no current).
    pub fn of_links(geometry: &Geometry, links: [&FullLinks; 2]) -> Resistance {
        let mut scores = vec![0.0; geometry.cell_count()];
        let resistance = links.map(|found| Circuit::of_links(found).solve(&mut scores));
        Resistance { scores, resistance }
    }

    /// How much better `player`'s circuit is than the opponent's: the log of the ratio of
    /// their resistances, positive when `player` is closer to joining its sides.
    pub fn evaluation(&self, player: Color) -> f64 {
        let [mine, theirs] = [player, player.opponent()].map(|p| self.resistance[slot(p)]);
        (theirs / mine).ln()
    }
}

/// One player's circuit: the empty cells first (in the order of the board, which keeps the
/// links of one cell to the next few rows: a band the elimination keeps to), then the first
/// side (with the stones joined to it), the last, and the other groups; the links between
/// them.
struct Circuit {
    /// The cell of each of the first nodes.
    cells: Vec<Spot>,
    nodes: usize,
    /// The links: the two nodes and the conductance.
    links: Vec<(usize, usize, f64)>,
    /// Whether the player's stones already join its sides.
    joined: bool,
}

impl Circuit {
    fn of(geometry: &Geometry, player: Color, own: Cells, empty: Cells) -> Circuit {
        let groups = Groups::of(geometry, player, own);
        let [first, last] = geometry.sides[slot(player)];
        let cells: Vec<Spot> = empty.iter().collect();
        // The index of each empty cell's node, by cell.
        let mut node_of = [0; Cells::CAPACITY];
        for (i, &at) in cells.iter().enumerate() {
            node_of[at.index()] = i;
        }
        let mut links = Vec::new();
        // The links of a node touching the empty cells `touches` to the cells of `to`: those
        // it touches, and those it bridges to (two empty cells in common, not touched).
        let mut link = |node: usize, touches: Cells, to: Cells, conductance: f64| {
            for at in to {
                let shared = touches & geometry.neighbours[at.index()];
                let g = if touches.contains(at) {
                    conductance
                } else if shared.len() >= 2 {
                    conductance * BRIDGE_SHARE
                } else {
                    continue;
                };
                links.push((node, node_of[at.index()], g));
            }
        };
        for (group, &stones) in groups.nodes.iter().enumerate() {
            // A side touches its whole row.
            let side = [first, last].get(group).copied().unwrap_or_default();
            let touches = (geometry.grow(stones) | side) & empty;
            let near = geometry.grow(touches) & empty;
            link(cells.len() + group, touches, near, STONE_TO_EMPTY);
        }
        for (i, &at) in cells.iter().enumerate() {
            let touches = geometry.neighbours[at.index()] & empty;
            let near = geometry.grow(touches) & empty & Cells::after(at);
            link(i, touches, near, EMPTY_TO_EMPTY);
        }
        Circuit {
            nodes: cells.len() + groups.nodes.len(),
            cells,
            links,
            joined: groups.joined,
        }
    }

    /// The circuit of a search's full connections (see [`Resistance::of_links`]).
    fn of_links(found: &FullLinks) -> Circuit {
        let cells = found.cells.clone();
        let groups = found.groups;
        // The search numbers the groups first, the circuit the cells.
        let node = |e: u16| {
            let e = usize::from(e);
            if e < groups {
                cells.len() + e
            } else {
                e - groups
            }
        };
        let links = (found.links.iter())
            // Not between two groups: at least one end is a cell.
            .filter(|&&(a, b, _)| usize::from(a.max(b)) >= groups)
            .map(|&(a, b, common)| {
                let stone = usize::from(a.min(b)) < groups;
                let g = if stone {
                    STONE_TO_EMPTY
                } else {
                    EMPTY_TO_EMPTY
                };
                (node(a), node(b), g / f64::from(1 + common))
            })
            .collect();
        Circuit {
            nodes: cells.len() + groups,
            cells,
            links,
            // A search runs only while the sides are apart.
            joined: false,
        }
    }

    /// Solves the circuit with a unit current from the first side to the last: adds the
    /// current through each empty cell to its score, and returns the resistance.
    fn solve(&self, scores: &mut [f64]) -> f64 {
        if self.joined {
            return 0.0;
        }
        let n = self.nodes;
        let (source, sink) = (self.cells.len(), self.cells.len() + 1);
        // Only the nodes joined to the last side (grounded) take part: the others carry no
        // current and would leave the system singular.
        let mut live = vec![false; n];
        live[sink] = true;
        loop {
            let before = live.iter().filter(|&&on| on).count();
            for &(a, b, _) in &self.links {
                let on = live[a] || live[b];
                (live[a], live[b]) = (on, on);
            }
            if live.iter().filter(|&&on| on).count() == before {
                break;
            }
        }
        if !live[source] {
            return f64::INFINITY;
        }
        // The unknowns: every live node's potential but the grounded last side's.
        let mut unknown = vec![usize::MAX; n];
        let mut m = 0;
        for a in (0..n).filter(|&a| live[a] && a != sink) {
            unknown[a] = m;
            m += 1;
        }
        let cells = (0..source).filter(|&a| live[a]).count();
        let mut matrix = vec![0.0; m * m];
        let mut band = 0;
        for &(a, b, g) in &self.links {
            let (i, j) = (unknown[a], unknown[b]);
            for k in [i, j] {
                if k != usize::MAX {
                    matrix[k * m + k] += g;
                }
            }
            if i != usize::MAX && j != usize::MAX {
                matrix[i * m + j] -= g;
                matrix[j * m + i] -= g;
                if i < cells && j < cells {
                    band = band.max(i.abs_diff(j));
                }
            }
        }
        let mut current = vec![0.0; m];
        current[unknown[source]] = 1.0;
        solve_symmetric(&mut matrix, &mut current, m, cells, band);
        let potential = |a: usize| current.get(unknown[a]).copied().unwrap_or(0.0);
        let mut through = vec![0.0; self.cells.len()];
        for &(a, b, g) in &self.links {
            let flow = g * (potential(a) - potential(b)).abs();
            for k in [a, b] {
                if k < source {
                    through[k] += flow;
                }
            }
        }
        for (&at, flow) in self.cells.iter().zip(through) {
            // What flows in equals what flows out: half of the flows to and from it.
            scores[at.index()] += flow / 2.0;
        }
        potential(source)
    }
}

/// Solves `matrix · x = rhs` for a symmetric positive definite `m` x `m` matrix whose first
/// `band_rows` rows and columns have no entry further than `band` from the diagonal among
/// themselves (the others may have any), by Gaussian elimination without pivoting (which such
/// a matrix never needs), which keeps to that shape; leaves x in `rhs`.
fn solve_symmetric(matrix: &mut [f64], rhs: &mut [f64], m: usize, band_rows: usize, band: usize) {
    // The rows (and columns) below (right of) `k` that may hold entries: a band, then the rest.
    let after = |k: usize| {
        let banded = band_rows.min(k + band + 1).max(k + 1);
        [k + 1..banded, band_rows.max(k + 1)..m]
    };
    for k in 0..m {
        let pivot = matrix[k * m + k];
        for i in after(k).into_iter().flatten() {
            let factor = matrix[i * m + k] / pivot;
            if factor == 0.0 {
                continue;
            }
            for range in after(k) {
                let (above, below) = matrix.split_at_mut(i * m);
                let row = &above[k * m + range.start..k * m + range.end];
                for (x, y) in below[range].iter_mut().zip(row) {
                    *x -= factor * y;
                }
            }
            rhs[i] -= factor * rhs[k];
        }
    }
    for k in (0..m).rev() {
        let known: f64 = (after(k).into_iter().flatten())
            .map(|j| matrix[k * m + j] * rhs[j])
            .sum();
        rhs[k] = (rhs[k] - known) / matrix[k * m + k];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use crate::knowledge::hsearch::side_connections_of;

    fn position(size: u8, x: &[&str], o: &[&str]) -> (Geometry, [Cells; 2]) {
        let board = Board::with_stones(size, x, o);
        let geometry = Geometry::new(size);
        let stones = geometry.stones_of(&board);
        (geometry, stones)
    }

    fn at(geometry: &Geometry, name: &str) -> usize {
        geometry.index(Cell::parse(name, geometry.rows).unwrap())
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
    }

    #[test]
    fn a_row_of_cells_is_resistors_in_series() {
        // One row, X joins its two ends through every cell: nothing bridges, so the side's
        // links (a half each) and the cells' (one each) add up.
        for cols in 1..=6 {
            let geometry = Geometry::rectangle(1, cols);
            let resistance = Resistance::of(&geometry, [Cells::EMPTY; 2]);
            assert!(close(resistance.resistance[0], f64::from(cols)), "{cols}");
            // Every cell takes all of X's unit current (and a share of O's: each cell is on
            // both of O's sides).
            for cell in 0..usize::from(cols) {
                assert!(resistance.scores[cell] >= 1.0 - 1e-9);
            }
        }
    }

    #[test]
    fn a_row_of_cells_is_the_same_circuit_from_h_search_s_connections() {
        // On one row H-search connects only neighbours (and the cells to the sides they
        // touch): the same circuit as the neighbours' for the player joining the row's ends.
        for cols in 1..=6 {
            let geometry = Geometry::rectangle(1, cols);
            let expert = crate::knowledge::Expert::rectangle(1, cols, Default::default());
            let links = [Color::White, Color::Black].map(|player| {
                let groups = Groups::of(&geometry, player, Cells::EMPTY);
                let templates = expert.templates.of(player);
                let found = side_connections_of(&geometry, &groups, geometry.all, templates, true);
                found.1.unwrap()
            });
            let from_links = Resistance::of_links(&geometry, [&links[0], &links[1]]);
            let plain = Resistance::of(&geometry, [Cells::EMPTY; 2]);
            assert!(
                close(from_links.resistance[0], plain.resistance[0]),
                "{cols}"
            );
            assert!(close(from_links.resistance[0], f64::from(cols)), "{cols}");
        }
    }

    #[test]
    fn the_empty_board_is_symmetric_and_its_centre_matters_most() {
        for size in 2..=7 {
            let (geometry, stones) = position(size, &[], &[]);
            let resistance = Resistance::of(&geometry, stones);
            // The players' sides are each other's mirror images: their resistances agree.
            let [x, o] = resistance.resistance;
            assert!(close(x, o), "{size}: {x} {o}");
            assert!(close(resistance.evaluation(Color::White), 0.0));
            let scores = &resistance.scores;
            for cell in 0..geometry.cell_count() {
                let (row, col) = (cell / usize::from(size), cell % usize::from(size));
                let mirrored = col * usize::from(size) + row;
                assert!(close(scores[cell], scores[geometry.turn(cell)]));
                assert!(close(scores[cell], scores[mirrored]));
            }
            if size >= 3 {
                let best = (0..geometry.cell_count())
                    .max_by(|&a, &b| scores[a].total_cmp(&scores[b]))
                    .unwrap();
                let name = |cell: usize| geometry.cell(cell).to_string();
                assert!(
                    scores[best] > scores[0] + 1e-9,
                    "{size}: {} against the corner",
                    name(best)
                );
                if size % 2 == 1 {
                    let centre = geometry.cell_count() / 2;
                    assert!(scores[centre] > scores[0], "{size}");
                    assert!(scores[centre] > scores[usize::from(size) - 1], "{size}");
                }
            }
        }
    }

    #[test]
    fn stones_lower_their_owner_s_resistance() {
        let (geometry, stones) = position(5, &[], &[]);
        let empty = Resistance::of(&geometry, stones);
        let (geometry, stones) = position(5, &["C3"], &[]);
        let one = Resistance::of(&geometry, stones);
        assert!(one.resistance[0] < empty.resistance[0]);
        assert!(one.resistance[1] > empty.resistance[1]);
        assert!(one.evaluation(Color::White) > 0.0);
        assert!(close(
            one.evaluation(Color::Black),
            -one.evaluation(Color::White)
        ));
        // A stone carries no score of its own.
        assert_eq!(one.scores[at(&geometry, "C3")], 0.0);
    }

    #[test]
    fn the_cell_that_completes_a_chain_scores_highest() {
        // X (left to right) on row 3 but for D3: that cell joins X's stones.
        let (geometry, stones) = position(5, &["A3", "B3", "C3", "E3"], &["B2"]);
        let resistance = Resistance::of(&geometry, stones);
        let scores = &resistance.scores;
        let gap = at(&geometry, "D3");
        for cell in geometry.all - stones[0] - stones[1] {
            let cell = cell.index();
            if cell != gap {
                assert!(scores[gap] > scores[cell], "{}", geometry.cell(cell));
            }
        }
    }

    #[test]
    fn the_expert_tries_the_most_current_first_and_else_the_centre_first() {
        use crate::knowledge::{Expert, Knowledge};
        use crate::position::Position;
        let (geometry, stones) = position(5, &["A3", "B3", "C3", "E3"], &["B2"]);
        let position = Position {
            stones,
            ..Position::new(5, 5, Color::Black)
        };
        let moves = geometry.all & !stones[0] & !stones[1];
        // The circuits of neighbours and bridges (X's bridge C3-E3 has already won: the
        // decision, and with it the circuits of connections, would order nothing).
        let neighbours = Knowledge {
            connected_circuit: false,
            ..Knowledge::default()
        };
        let ordered = Expert::with_knowledge(5, neighbours).ordered(&position, moves);
        assert_eq!(ordered.len(), 20);
        assert_eq!(ordered[0].index(), at(&geometry, "D3"));
        let centre_out = Knowledge {
            resistance: false,
            ..Knowledge::default()
        };
        let ordered = Expert::with_knowledge(5, centre_out).ordered(&position, moves);
        assert_eq!(ordered[0].index(), at(&geometry, "C2"));
    }

    #[test]
    fn a_player_cut_off_has_infinite_resistance() {
        // O's column C joins the top and bottom: X cannot cross it, O has joined.
        let wall = ["C1", "C2", "C3", "C4", "C5"];
        let (geometry, stones) = position(5, &["A1"], &wall);
        let resistance = Resistance::of(&geometry, stones);
        assert_eq!(resistance.resistance, [f64::INFINITY, 0.0]);
        assert!(resistance.scores.iter().all(|&score| score == 0.0));
    }

    #[test]
    fn the_elimination_solves_a_banded_system_with_dense_rows_at_the_end() {
        // A Laplacian-like matrix: random links within a band of 3 among the first 12 rows,
        // and 3 rows linked to anything; grounded through the diagonal.
        let (m, band_rows, band) = (15, 12, 3);
        let mut seed = 12345u64;
        let mut random = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as f64 / f64::from(1u32 << 31)
        };
        let mut matrix = vec![0.0; m * m];
        for i in 0..m {
            matrix[i * m + i] = 0.5;
            for j in i + 1..m {
                if j >= band_rows || j - i <= band {
                    let g = random();
                    matrix[i * m + j] -= g;
                    matrix[j * m + i] -= g;
                    matrix[i * m + i] += g;
                    matrix[j * m + j] += g;
                }
            }
        }
        let rhs: Vec<f64> = (0..m).map(|_| random() - 0.5).collect();
        let (mut eliminated, mut x) = (matrix.clone(), rhs.clone());
        solve_symmetric(&mut eliminated, &mut x, m, band_rows, band);
        for i in 0..m {
            let product: f64 = (0..m).map(|j| matrix[i * m + j] * x[j]).sum();
            assert!(
                close(product, rhs[i]),
                "row {i}: {product} against {}",
                rhs[i]
            );
        }
    }
}
