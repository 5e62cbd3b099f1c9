//! What is known of a Hex position before any search, in one place: each player's groups
//! (computed once), virtual connections (bridges and edge templates in `vc`, H-search's in
//! `hsearch`), inferior cells with their fill-in (`inferior`), the must-play region, and
//! one decision, [`Expert::decide`]: the side to move has won, has lost, or must consider
//! these moves. The solver asks it at every position; the player can ask it at its root and
//! in its tree.
//!
//! Every judgement comes with the cells it depends on (its proof): a win holds as long as
//! the winner keeps those cells, whoever gets the others. The solver uses that to drop
//! moves a proof shows to lose as well.
//!
//! ```
//! use hex::knowledge::{Decision, Expert};
//! use hex::position::Position;
//! use hex::{Board, Cell, Color};
//!
//! // 3x3 with X on the centre: X's two bridges to its sides win whoever moves.
//! let mut board = Board::empty(3).unwrap();
//! board.set(Cell { row: 1, col: 1 }, Color::White);
//! let expert = Expert::new(3);
//! let position = Position::of_board(&board, Color::Black);
//! assert!(matches!(expert.decide(&position), Decision::Lost { .. }));
//! ```

mod hsearch;
mod inferior;
pub mod prover;
mod resistance;
mod stone_templates;
mod vc;

pub use hsearch::{Between, Endpoint};
pub use inferior::{
    Inferior, analyse as inferior_cells, dominated, dominators_of, killers_of, vulnerable,
};
pub use resistance::Resistance;

use std::collections::HashMap;

use crate::board::Color;
use crate::cells::{Cells, Spot};
use crate::geometry::{Geometry, slot};
use crate::position::Position;
use hsearch::{FullLinks, Kept, connections_between, side_connections_of};
use vc::{Links, Templates};

/// Which pieces of Hex knowledge are used (all by default; the benchmarks turn them off one
/// at a time to measure what each is worth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Virtual connections end the search (else only a chain of stones does).
    pub connections: bool,
    /// Only the must-play region is searched (needs `connections`).
    pub must_play: bool,
    /// H-search adds the connections it derives (needs `connections`).
    pub h_search: bool,
    /// A position and its half turn share an entry.
    pub symmetry: bool,
    /// Dead and captured cells are filled in: never searched, and given to their captor when
    /// connections are looked for.
    pub inferior: bool,
    /// Moves the opponent can answer by killing them (vulnerable cells) are left out of the
    /// must-play moves while one is left (needs `connections`).
    pub vulnerable: bool,
    /// Moves another move dominates (one that leaves them dead or captured by the side to
    /// move) are left out while their dominator is searched (needs `connections`).
    pub dominated: bool,
    /// Edge template IV-1a (a stone on the fourth row joined to its side) is one of the
    /// connections (needs `connections`).
    pub fourth_row: bool,
    /// The edge templates from the fourth and fifth rows that need one more stone of the
    /// player's ([`stone_templates`]) are connections too (needs `connections`).
    pub stone_templates: bool,
    /// A move that loses drops its siblings outside the cells its proof depends on.
    pub proof_sets: bool,
    /// Only the first quarter of the moves not yet lost take part at each position (half
    /// without `resistance`).
    pub widening: bool,
    /// Moves are tried in the order of the current through them (see [`Resistance`]) rather
    /// than from the centre outwards.
    pub resistance: bool,
    /// The circuits of `resistance` link what H-search connects (with the captured cells
    /// filled in), not only neighbours and bridges (needs `h_search`).
    pub connected_circuit: bool,
}

impl Default for Knowledge {
    fn default() -> Knowledge {
        Knowledge {
            connections: true,
            must_play: true,
            h_search: true,
            symmetry: true,
            inferior: true,
            vulnerable: true,
            dominated: true,
            fourth_row: true,
            stone_templates: true,
            proof_sets: true,
            widening: true,
            resistance: true,
            connected_circuit: true,
        }
    }
}

/// One player's groups of stones: node 0 the stones joined to the player's first side, node
/// 1 those joined to the last (each possibly none), then the other groups, lowest cell
/// first. Found once a position and shared by every kind of connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Groups {
    /// Whose groups.
    pub player: Color,
    /// The groups' stones, the two sides' first.
    pub nodes: Vec<Cells>,
    /// Whether the stones already join the two sides (nodes 0 and 1 then share stones).
    pub joined: bool,
}

impl Groups {
    /// The groups of `player`, whose stones are `own`.
    pub fn of(geometry: &Geometry, player: Color, own: Cells) -> Groups {
        let [first, last] = geometry.sides[slot(player)];
        let start = geometry.flood(own & first, own);
        let end = geometry.flood(own & last, own);
        let mut nodes = vec![start, end];
        let mut rest = own - start - end;
        while !rest.is_empty() {
            let group = geometry.flood(rest.isolate_lowest(), rest);
            rest -= group;
            nodes.push(group);
        }
        Groups {
            player,
            nodes,
            joined: start.intersects(end),
        }
    }
}

/// H-search's results kept for the positions after them, by position key, so that a
/// position need not search again for the side to move: its opponent's last move added no
/// stone of its own, so the search its parent made for it (the parent's opponent) still holds
/// where its carriers are open. A position keeps the search it made for its opponent, who
/// moves next. The solver comes back to a position many times and expands its children over
/// several visits, so the searches are kept by key, those used last.
#[derive(Clone, Debug, Default)]
pub struct Line {
    /// Each position's search, and when it was last used.
    kept: HashMap<u64, (Kept, u64)>,
    /// A count of the uses, for which search was used last.
    clock: u64,
    /// The carriers the searches keep in all.
    carriers: usize,
}

/// Where a position's searches are kept in a [`Line`]: under its own key, and its parent's
/// (none at the root of a search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineKeys {
    /// The position's key.
    pub this: u64,
    /// Its parent's key.
    pub parent: Option<u64>,
}

/// Searches a [`Line`] keeps, and carriers among them: past either it drops the half used
/// longest ago. On the 7x7 openings (one thread) 256 searches took 279k positions and 38.7-39.2
/// s, 1,024 273k and 37.6-37.8 s, 4,096 273k and 38.3-38.7 s (docs/tuning/hex.md); an 8x8
/// search keeps about 850 carriers, so the carriers (48 bytes each) bound the memory on larger
/// boards: 48 MiB.
const LINE_KEPT: (usize, usize) = (1 << 10, 1 << 20);

impl Line {
    /// The search kept for the position of `key`, if any.
    fn get(&mut self, key: u64) -> Option<&Kept> {
        self.clock += 1;
        let (kept, used) = self.kept.get_mut(&key)?;
        *used = self.clock;
        Some(kept)
    }

    /// Keeps the search `search` makes for the position of `key`.
    fn keep(&mut self, key: u64, search: impl FnOnce(&mut Kept)) -> &Kept {
        self.clock += 1;
        let (count, carriers) = LINE_KEPT;
        if self.kept.len() >= count || self.carriers >= carriers {
            let mut used: Vec<u64> = self.kept.values().map(|&(_, used)| used).collect();
            let middle = used.len() / 2;
            let (_, &mut middle, _) = used.select_nth_unstable(middle);
            self.kept.retain(|_, &mut (_, used)| used > middle);
            self.carriers = self.kept.values().map(|(kept, _)| kept.carriers()).sum();
        }
        let entry = self.kept.entry(key).or_default();
        self.carriers -= entry.0.carriers();
        search(&mut entry.0);
        self.carriers += entry.0.carriers();
        entry.1 = self.clock;
        &entry.0
    }
}

/// What the knowledge says of a position. Each judgement comes with the cells it depends
/// on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The side to move wins by this move (none when no cell is left).
    Won {
        /// The winning move.
        best: Option<Spot>,
        /// The cells the win depends on.
        proof: Cells,
    },
    /// The side to move loses whatever it does.
    Lost {
        /// The cells the loss depends on.
        proof: Cells,
    },
    /// These moves must be considered: every other move loses, as the cells of `proof` show.
    Consider {
        /// The moves.
        moves: Cells,
        /// The cells that show the other moves lose.
        proof: Cells,
    },
}

/// The Hex knowledge of one board size: its geometry, edge templates and the order moves
/// are tried in, and which knowledge is used.
#[derive(Clone, Debug)]
pub struct Expert {
    /// The board's geometry.
    pub geometry: Geometry,
    templates: Templates,
    /// Cells from the centre outwards: the order moves are tried in among equals.
    pub order: Vec<Spot>,
    knowledge: Knowledge,
}

impl Expert {
    /// The knowledge of a `size` x `size` board (up to 19x19), the player's: all of it but
    /// vulnerable cells, which the solver uses and the player has not been measured with.
    pub fn new(size: u8) -> Expert {
        Expert::new_rectangle(size, size)
    }

    /// The player's knowledge (as [`Expert::new`]) of a `rows` x `cols` board (one it
    /// [covers](Expert::covers)).
    pub fn new_rectangle(rows: u8, cols: u8) -> Expert {
        let knowledge = Knowledge {
            vulnerable: false,
            dominated: false,
            ..Knowledge::default()
        };
        Expert::rectangle(rows, cols, knowledge)
    }

    /// Whether the knowledge takes a `rows` x `cols` board: one whose cells a [`Cells`]
    /// holds ([`Cells::CAPACITY`]: every board up to 19x19, square or not).
    pub fn covers(rows: u8, cols: u8) -> bool {
        rows > 0 && cols > 0 && usize::from(rows) * usize::from(cols) <= Cells::CAPACITY
    }

    /// The same with only some of the knowledge.
    pub fn with_knowledge(size: u8, knowledge: Knowledge) -> Expert {
        Expert::rectangle(size, size, knowledge)
    }

    /// The knowledge of a `rows` x `cols` board (one it [covers](Expert::covers)).
    pub fn rectangle(rows: u8, cols: u8, knowledge: Knowledge) -> Expert {
        let geometry = Geometry::rectangle(rows, cols);
        let centre = (f64::from(rows - 1) / 2.0, f64::from(cols - 1) / 2.0);
        let mut order: Vec<Spot> = (0..geometry.cell_count()).map(Spot::new).collect();
        order.sort_by(|&a, &b| {
            let d = |at: Spot| {
                let cell = geometry.cell_at(at);
                let (r, c) = (f64::from(cell.row), f64::from(cell.col));
                // Distance on the hex grid, in the sheared coordinates.
                let (dr, dc) = (r - centre.0, c - centre.1);
                (dr.abs() + dc.abs() + (dr + dc).abs()) / 2.0
            };
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        });
        Expert {
            templates: Templates::new(&geometry, knowledge.fourth_row, knowledge.stone_templates),
            geometry,
            order,
            knowledge,
        }
    }

    /// Which knowledge is used.
    pub fn knowledge(&self) -> Knowledge {
        self.knowledge
    }

    /// Whether moves are ordered by circuits of H-search's connections.
    fn connected_circuit(&self) -> bool {
        let k = self.knowledge;
        k.resistance && k.connections && k.h_search && k.connected_circuit
    }

    /// The moves in the order to try them: with `resistance` on, the most current through
    /// them first; from the centre outwards among equals. With circuits of connections, this
    /// runs the whole decision again (see [`Expert::decide_ordered`]).
    pub fn ordered(&self, position: &Position, moves: Cells) -> Vec<Spot> {
        if !self.connected_circuit() {
            return self.ordered_by_neighbours(position, moves);
        }
        let mut ordered = self.decide_ordered(position).1;
        ordered.retain(|&at| moves.contains(at));
        // Moves the decision would not consider go last.
        let rest = moves - ordered.iter().copied().collect();
        let rest_ordered = self.order.iter().copied();
        ordered.extend(rest_ordered.filter(|&at| rest.contains(at)));
        ordered
    }

    /// The moves ordered by circuits of neighbours and bridges on the position as it is.
    fn ordered_by_neighbours(&self, position: &Position, moves: Cells) -> Vec<Spot> {
        if self.knowledge.resistance {
            let scores = Resistance::of(&self.geometry, position.stones).scores;
            self.sorted(moves, &scores)
        } else {
            self.sorted(moves, &[])
        }
    }

    /// The moves, the most current first (none given: from the centre outwards).
    fn sorted(&self, moves: Cells, scores: &[f64]) -> Vec<Spot> {
        let mut ordered: Vec<Spot> = (self.order.iter().copied())
            .filter(|&at| moves.contains(at))
            .collect();
        if !scores.is_empty() {
            // Rounded, so that cells with the same score in exact arithmetic keep the centre-out
            // order whatever the rounding errors.
            let rounded = |at: Spot| -(scores[at.index()] * 1e9).round() as i64;
            ordered.sort_by_key(|&at| rounded(at));
        }
        ordered
    }

    /// The dead and captured cells of a position (none when that knowledge is off).
    pub fn inferior(&self, position: &Position) -> Inferior {
        if self.knowledge.connections && self.knowledge.inferior {
            inferior::analyse(&self.geometry, position.stones)
        } else {
            Inferior::default()
        }
    }

    /// The virtual connections H-search finds for `player` between two endpoints of the
    /// position as it is (no cell filled in), with the edge templates among its starting
    /// connections (HexGui's `vc-between-cells-full` and `-semi`).
    pub fn connections_between(
        &self,
        position: &Position,
        player: Color,
        ends: [Endpoint; 2],
    ) -> Between {
        let geometry = &self.geometry;
        let groups = Groups::of(geometry, player, position.stones[slot(player)]);
        let empty = position.empty(geometry);
        connections_between(geometry, &groups, empty, self.templates.of(player), ends)
    }

    /// The one decision: has the side to move won, lost, or which moves must it consider?
    ///
    /// Dead and captured cells are filled in first; then a win when the side to move has (or
    /// can make with one stone) a virtual connection, a loss when the opponent already has
    /// one; otherwise the moves of the must-play region, the carriers of the opponent's
    /// threats (a move outside one of them loses to it).
    pub fn decide(&self, position: &Position) -> Decision {
        self.decide_after(position, &self.inferior(position), None, None)
    }

    /// The decision, and the moves to consider (if any) in the order to try them. With
    /// circuits of connections (see [`Knowledge::connected_circuit`]) the circuits are those
    /// of the connections the decision found, on the position with the captured cells
    /// filled in: the order then costs next to nothing more.
    pub fn decide_ordered(&self, position: &Position) -> (Decision, Vec<Spot>) {
        let (decision, order, _) = self.decide_inherited(position, &Inferior::default());
        (decision, order)
    }

    /// [`Expert::decide_ordered`] given the fill-in of an earlier position of the line (its
    /// dead and captured cells, all still empty here), and the fill-in this one passes on.
    ///
    /// What is dead or captured stays so as stones are added outside it: a dead cell's
    /// colour decides no way of filling the board, and a later position has fewer; a
    /// captured pair's captor still answers a stone in one with the other, which leaves the
    /// intruder dead. So the cells are filled in here as well, and the analysis, run on the
    /// position with them filled, finds what only they make inferior (a chain of captures
    /// the position alone does not show).
    pub fn decide_inherited(
        &self,
        position: &Position,
        inherited: &Inferior,
    ) -> (Decision, Vec<Spot>, Inferior) {
        self.decide_inherited_in(position, inherited, None)
    }

    /// [`Expert::decide_inherited`] with the searches `line` keeps (see [`Line`]): the side
    /// to move's connections come from the search kept for its parent (`keys.parent`) where
    /// that serves, and the search made here for the opponent is kept under `keys.this`. The
    /// decision may differ from the one alone only where the kept search lacks a connection a
    /// new one would find.
    pub fn decide_in_line(
        &self,
        position: &Position,
        inherited: &Inferior,
        line: &mut Line,
        keys: LineKeys,
    ) -> (Decision, Vec<Spot>, Inferior) {
        self.decide_inherited_in(position, inherited, Some((line, keys)))
    }

    fn decide_inherited_in(
        &self,
        position: &Position,
        inherited: &Inferior,
        line: Option<(&mut Line, LineKeys)>,
    ) -> (Decision, Vec<Spot>, Inferior) {
        // The position with the inherited cells filled in (dead ones may take either colour).
        let mut filled = *position;
        filled.stones[0] |= inherited.captured[0] | inherited.dead;
        filled.stones[1] |= inherited.captured[1];
        let mut inferior = self.inferior(&filled);
        inferior.dead |= inherited.dead;
        inferior.captured[0] |= inherited.captured[0];
        inferior.captured[1] |= inherited.captured[1];
        let mut links = None;
        let decision = self.decide_after(position, &inferior, Some(&mut links), line);
        let Decision::Consider { moves, .. } = decision else {
            return (decision, Vec::new(), inferior);
        };
        let order = match &links {
            Some([x, o]) => {
                let scores = Resistance::of_links(&self.geometry, [x, o]).scores;
                self.sorted(moves, &scores)
            }
            None => self.ordered_by_neighbours(position, moves),
        };
        (decision, order, inferior)
    }

    /// The decision, and the captured cells it filled in (`[X, O]`: each player's captured
    /// cells), which the player fills in below a node it consults.
    pub fn decide_captured(&self, position: &Position) -> (Decision, [Cells; 2]) {
        let inferior = self.inferior(position);
        let decision = self.decide_after(position, &inferior, None, None);
        (decision, inferior.captured)
    }

    /// The decision given the position's dead and captured cells (with the searches `line`
    /// keeps, if given).
    fn decide_after(
        &self,
        position: &Position,
        inferior: &Inferior,
        links: Option<&mut Option<[FullLinks; 2]>>,
        mut line: Option<(&mut Line, LineKeys)>,
    ) -> Decision {
        let want_links = links.is_some() && self.connected_circuit();
        let geometry = &self.geometry;
        let me = position.to_move;
        let own = position.stones[slot(me)];
        let theirs = position.stones[slot(me.opponent())];
        let empty = geometry.all - own - theirs;
        let any_empty = || self.order.iter().copied().find(|&at| empty.contains(at));
        // Dead cells are given to nobody, captured ones to their captor. A proof through them
        // holds as long as the winner's captured cells are left to the winner (the loser's
        // may go to the loser, dead ones to anyone), so those join the winner's proofs.
        let [mine_captured, their_captured] =
            [me, me.opponent()].map(|p| inferior.captured[slot(p)]);
        let (own, theirs) = (own | mine_captured, theirs | their_captured);
        let open = empty - inferior.dead - mine_captured - their_captured;
        // A win through a connection with this carrier (`at` the cell to take first, if any;
        // else an open cell of the carrier rather than a captured one).
        let win = |carrier: Cells, at: Option<Spot>| Decision::Won {
            best: at
                .or_else(|| (carrier & open).lowest())
                .or_else(|| (carrier | mine_captured).lowest())
                .or_else(any_empty),
            proof: own | carrier | at.map_or(Cells::EMPTY, Cells::single),
        };
        if !self.knowledge.connections {
            if geometry.joins(me, own) {
                return win(Cells::EMPTY, None);
            }
            if geometry.joins(me.opponent(), theirs) {
                return Decision::Lost { proof: theirs };
            }
            for &at in &self.order {
                if empty.contains(at) && geometry.joins(me, own | Cells::single(at)) {
                    return win(Cells::EMPTY, Some(at));
                }
            }
            return Decision::Consider {
                moves: empty,
                proof: theirs,
            };
        }
        // Each player's groups, found once for every kind of connection.
        let my_groups = Groups::of(geometry, me, own);
        let mine = Links::of(geometry, &self.templates, &my_groups, open);
        if let Some(carrier) = mine.connection() {
            return win(carrier, None);
        }
        let their_groups = Groups::of(geometry, me.opponent(), theirs);
        let other = Links::of(geometry, &self.templates, &their_groups, open);
        if let Some(carrier) = other.connection() {
            return Decision::Lost {
                proof: theirs | carrier,
            };
        }
        for &at in &self.order {
            if open.contains(at) {
                if let Some(carrier) = mine.connection_with(at) {
                    return win(carrier, Some(at));
                }
            }
        }
        // The opponent's threats: a move outside the carrier of one loses to it. The quick
        // links first; H-search only where they decide nothing, as it costs far more.
        // Every open cell is a move to search; if none is left, the filled board is full and
        // one side has joined, which the connections above have seen.
        let (mut moves, mut proof) = (if open.is_empty() { empty } else { open }, theirs);
        let mut confine = |carrier: Cells| {
            if !moves.is_subset(carrier) {
                moves &= carrier;
                proof |= carrier;
            }
            !moves.is_empty()
        };
        if self.knowledge.must_play {
            for at in open {
                if let Some(carrier) = other.connection_with(at) {
                    if !confine(carrier | Cells::single(at)) {
                        return Decision::Lost { proof };
                    }
                }
            }
        }
        if self.knowledge.h_search {
            let templates = self.templates.of(me);
            let parent = match &mut line {
                Some((line, keys)) => keys.parent.and_then(|key| line.get(key)),
                None => None,
            };
            let (found, my_links) = match parent {
                Some(kept) if kept.serves(&my_groups, open, want_links) => {
                    kept.after(open, want_links)
                }
                _ => side_connections_of(geometry, &my_groups, open, templates, want_links),
            };
            if let Some(carrier) = found.full {
                return win(carrier, None);
            }
            if let Some(&(carrier, key)) = found.semi.first() {
                return win(carrier, Some(key));
            }
            let templates = self.templates.of(me.opponent());
            let (threats, their_links) = match line.as_mut() {
                Some((line, keys)) => (line.keep(keys.this, |kept| {
                    kept.search(geometry, &their_groups, open, templates, want_links)
                }))
                .after(open, want_links),
                None => side_connections_of(geometry, &their_groups, open, templates, want_links),
            };
            if let Some(carrier) = threats.full {
                return Decision::Lost {
                    proof: theirs | carrier,
                };
            }
            if self.knowledge.must_play {
                for &(carrier, _) in &threats.semi {
                    if !confine(carrier) {
                        return Decision::Lost { proof };
                    }
                }
            }
            if let (Some(out), Some(mine), Some(theirs)) = (links, my_links, their_links) {
                *out = Some(match me {
                    Color::White => [mine, theirs],
                    Color::Black => [theirs, mine],
                });
            }
        }
        // The position with the captured cells filled in, for the inferior moves below.
        let mut stones = [Cells::EMPTY; 2];
        (stones[slot(me)], stones[slot(me.opponent())]) = (own, theirs);
        if self.knowledge.vulnerable {
            let (pruned, killers) =
                inferior::vulnerable(geometry, stones, me.opponent(), moves, open);
            if !moves.is_subset(pruned) {
                moves -= pruned;
                proof |= pruned | killers;
            }
        }
        if self.knowledge.dominated && moves.len() > 1 {
            let (pruned, support) = inferior::dominated(geometry, stones, me, moves);
            moves -= pruned;
            proof |= pruned | support;
        }
        Decision::Consider { moves, proof }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The ordered decision is the decision, with every move it considers once, in the
        /// order `ordered` gives them (which runs it again); with its captured cells, it is
        /// the decision and the captured cells of `inferior`.
        #[test]
        fn the_ordered_decision_is_the_decision_with_its_moves_ordered(
            size in 2u8..=7,
            fill in 0u8..=60,
            draws in prop::collection::vec((0u8..100, any::<bool>()), 49),
            x in any::<bool>(),
            connected in any::<bool>(),
        ) {
            let (_, stones) = hsearch::tests::position(size, fill, &draws);
            let to_move = if x { Color::White } else { Color::Black };
            let position = Position { stones, ..Position::new(size, size, to_move) };
            let knowledge = Knowledge { connected_circuit: connected, ..Knowledge::default() };
            let expert = Expert::with_knowledge(size, knowledge);
            let decision = expert.decide(&position);
            let (ordered_decision, order) = expert.decide_ordered(&position);
            prop_assert_eq!(ordered_decision, decision);
            let captured = expert.inferior(&position).captured;
            prop_assert_eq!(expert.decide_captured(&position), (decision, captured));
            match decision {
                Decision::Consider { moves, .. } => {
                    let listed: Cells = order.iter().copied().collect();
                    prop_assert_eq!(listed, moves);
                    prop_assert_eq!(order.len(), moves.len());
                    prop_assert_eq!(&expert.ordered(&position, moves), &order);
                }
                _ => prop_assert!(order.is_empty()),
            }
        }
    }
}
