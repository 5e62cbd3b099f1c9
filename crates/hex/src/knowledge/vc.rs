//! Virtual connections: a player is as good as joined when a chain of their groups and sides
//! is linked by connections the opponent cannot cut, each with its own carrier (the empty
//! cells it needs), no two carriers sharing a cell: whatever cell the opponent takes lies in
//! at most one carrier, and the player answers inside that one.
//!
//! Links: two groups (or a group and a side) with two empty cells next to both (a bridge;
//! a side counts its own row's empty cells as next to it, which gives the edge template of
//! the second row), the ziggurat (edge template IIIa) from the third row and IV-1a from the
//! fourth. Groups that touch merge, as do stones on a side with that side. The templates are
//! H-search's starting connections too.

use crate::board::Color;

use super::Groups;
use super::stone_templates::{Offset, STONE_TEMPLATES, Shape, mirror};
use crate::cells::{Cells, Spot};
use crate::geometry::{Geometry, slot};

/// A link: the node at its other end and its carrier.
type Link = (usize, Cells);

/// How many steps the search for a chain may take before it gives up (and finds nothing,
/// which is always safe).
const CHAIN_BUDGET: u32 = 4_000;

/// The ziggurat (edge template IIIa): a stone on the third row joins its side through these
/// cells, given at O's top side as (rows down from the stone's row, columns along it); its
/// mirror image is made by [`mirror`].
const ZIGGURAT: &[(i16, i16)] = &[
    (0, 1),
    (-1, 0),
    (-1, 1),
    (-1, 2),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-2, 3),
];

/// Edge template IV-1a: a stone on the fourth row joins its side through these 18 cells (the
/// same way round as [`ZIGGURAT`]). H-search cannot derive it. It was found by our own
/// solver: start from a trapezoid of every cell within two columns of the stone's cone,
/// every other cell the opponent's, and drop cells one at a time, farthest first, while the
/// opponent moving first still cannot cut the stone from its side. The tests check with the
/// solver, IV-1a turned off, that it holds and that no cell of it is to spare (plain minimax
/// is too slow for 18 cells).
const IV_1A: &[(i16, i16)] = &[
    (0, 1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (-1, 2),
    (-1, 3),
    (-2, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-2, 3),
    (-2, 4),
    (-3, -1),
    (-3, 0),
    (-3, 1),
    (-3, 2),
    (-3, 3),
    (-3, 4),
    (-3, 5),
];

/// An edge template: a stone of the player's on `stone`, with their `stones` (none for most
/// templates), joins `side` through the cells of `carrier`, whatever the opponent does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// The side (0 the player's first, 1 the last).
    pub side: usize,
    /// The cell joined to the side.
    pub stone: Spot,
    /// The cells the connection needs, empty or the player's.
    pub carrier: Cells,
    /// The other stones of the player's it needs.
    pub stones: Cells,
}

impl Template {
    /// Whether the template holds for a player with stones `own` and `open` the cells
    /// that are empty or theirs.
    pub fn fits(&self, own: Cells, open: Cells) -> bool {
        self.stones.is_subset(own) && self.carrier.is_subset(open)
    }
}

/// The edge templates of a board, per player.
#[derive(Clone, Debug, Default)]
pub struct Templates {
    by_player: [Vec<Template>; 2],
}

impl Templates {
    /// The ziggurats (from the third row), with `fourth_row` the IV-1a templates (from the
    /// fourth), and with `with_stones` the templates from the fourth and fifth rows that need
    /// one more stone ([`STONE_TEMPLATES`]) of a board, both mirror images, at all four sides.
    pub fn new(geometry: &Geometry, fourth_row: bool, with_stones: bool) -> Templates {
        let (rows, cols) = (i16::from(geometry.rows), i16::from(geometry.cols));
        let index = |row: i16, col: i16| Spot::new((row * cols + col) as usize);
        let mut by_player: [Vec<Template>; 2] = [Vec::new(), Vec::new()];
        // At O's top side, as (the stone's row, its cells, the other stones); X's first
        // column has them with rows and columns exchanged, the last sides by the half turn.
        let mut kinds: Vec<Shape> = vec![(2, ZIGGURAT, &[])];
        if fourth_row {
            kinds.push((3, IV_1A, &[]));
        }
        if with_stones {
            kinds.extend(STONE_TEMPLATES);
        }
        // The shapes, then their mirror images.
        let mirrored =
            |list: &[Offset]| -> Vec<Offset> { list.iter().map(|&c| mirror(c)).collect() };
        let mirrors: Vec<(i16, Vec<Offset>, Vec<Offset>)> = (kinds.iter())
            .map(|&(row, cells, stones)| (row, mirrored(cells), mirrored(stones)))
            .collect();
        let shapes: Vec<Shape> = (kinds.iter().copied())
            .chain(
                mirrors
                    .iter()
                    .map(|(row, cells, stones)| (*row, &cells[..], &stones[..])),
            )
            .collect();
        // The cells of `shape` for `player` whose stone is `along` its first side on `row`, if
        // they fit.
        let place = |player: Color, along: i16, row: i16, shape: &[(i16, i16)]| {
            let (length, depth) = match player {
                Color::Black => (cols, rows),
                Color::White => (rows, cols),
            };
            let cell = |down: i16, at: i16| match player {
                Color::Black => index(down, at),
                Color::White => index(at, down),
            };
            let mut carrier = Cells::EMPTY;
            for &(dr, dc) in shape {
                let (down, at) = (row + dr, along + dc);
                if !(0..depth).contains(&down) || !(0..length).contains(&at) {
                    return None;
                }
                carrier.insert(cell(down, at));
            }
            (depth > row && along < length).then(|| (cell(row, along), carrier))
        };
        for along in 0..rows.max(cols) {
            for &(row, shape, stones) in &shapes {
                for player in [Color::Black, Color::White] {
                    let (Some((stone, carrier)), Some((_, stones))) = (
                        place(player, along, row, shape),
                        place(player, along, row, stones),
                    ) else {
                        continue;
                    };
                    for side in 0..2 {
                        let template = if side == 0 {
                            Template {
                                side,
                                stone,
                                carrier,
                                stones,
                            }
                        } else {
                            Template {
                                side,
                                stone: geometry.turn_spot(stone),
                                carrier: geometry.turn_cells(carrier),
                                stones: geometry.turn_cells(stones),
                            }
                        };
                        by_player[slot(player)].push(template);
                    }
                }
            }
        }
        Templates { by_player }
    }

    /// The templates of `player`.
    pub fn of(&self, player: Color) -> &[Template] {
        &self.by_player[slot(player)]
    }
}

/// A player's groups and sides and the links between them, for one position.
pub struct Links<'a> {
    geometry: &'a Geometry,
    templates: &'a [Template],
    player: Color,
    empty: Cells,
    /// Node 0 the first side, 1 the last, then the groups: their stones (the groups', not
    /// copied).
    stones: &'a [Cells],
    /// All the player's stones (for the templates that need some).
    own: Cells,
    /// The empty cells next to each node (a side's own empty cells included).
    liberties: Vec<Cells>,
    /// For each node, the nodes it is linked to and the carrier of each link.
    links: Vec<Vec<Link>>,
    /// Whether the player's stones already join the sides.
    joined: bool,
}

/// The links two nodes with these liberties have: every pair of shared liberties is a
/// bridge (a few pairs are enough).
fn bridges(shared: Cells, mut push: impl FnMut(Cells)) {
    if shared.len() < 2 {
        return;
    }
    let cells: Vec<Spot> = shared.iter().take(4).collect();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            push(Cells::single(a) | Cells::single(b));
        }
    }
}

impl<'a> Links<'a> {
    /// The links of a player whose groups are `groups`, with `empty` the empty cells.
    pub fn of(
        geometry: &'a Geometry,
        templates: &'a Templates,
        groups: &'a Groups,
        empty: Cells,
    ) -> Links<'a> {
        let player = groups.player;
        let [first, last] = geometry.sides[slot(player)];
        let stones = &groups.nodes[..];
        let liberties: Vec<Cells> = (stones.iter().enumerate())
            .map(|(node, &set)| {
                let side = [first, last].get(node).copied().unwrap_or_default();
                (geometry.grow(set) | side) & empty
            })
            .collect();
        let nodes = stones.len();
        let mut links = vec![Vec::new(); nodes];
        for i in 0..nodes {
            for j in i + 1..nodes {
                bridges(liberties[i] & liberties[j], |carrier| {
                    links[i].push((j, carrier));
                    links[j].push((i, carrier));
                });
            }
        }
        let templates = &templates.by_player[slot(player)][..];
        let own = stones.iter().fold(Cells::EMPTY, |all, &set| all | set);
        for template in templates {
            if !template.fits(own, empty) {
                continue;
            }
            let (side, carrier) = (template.side, template.carrier);
            if let Some(group) = (2..nodes).find(|&g| stones[g].contains(template.stone)) {
                links[group].push((side, carrier));
                links[side].push((group, carrier));
            }
        }
        for list in &mut links {
            list.sort_by_key(|&(_, carrier)| carrier.len());
        }
        Links {
            geometry,
            templates,
            player,
            empty,
            joined: groups.joined,
            stones,
            own,
            liberties,
            links,
        }
    }

    /// The carrier of a chain joining the player's sides as things stand (the opponent to
    /// move), if one is found.
    pub fn connection(&self) -> Option<Cells> {
        if self.joined {
            return Some(Cells::EMPTY);
        }
        let mut budget = CHAIN_BUDGET;
        let graph = Graph {
            links: &self.links,
            new: usize::MAX,
            extra: &[],
        };
        graph.chain(0, 1, Cells::EMPTY, Cells::single(Spot::new(0)), &mut budget)
    }

    /// The carrier of a chain joining the sides once the player has a stone on the empty
    /// cell `at` (the cell not included), if one is found.
    pub fn connection_with(&self, at: Spot) -> Option<Cells> {
        if self.joined {
            return Some(Cells::EMPTY);
        }
        let geometry = self.geometry;
        let empty = self.empty - Cells::single(at);
        let near = geometry.neighbours[at.index()];
        let liberties = near & empty;
        let nodes = self.stones.len();
        let mut extra: Vec<Link> = Vec::new();
        let mut joined_to = 0u32;
        let [first, last] = geometry.sides[slot(self.player)];
        for node in 0..nodes {
            let side_cells = match node {
                0 => first,
                1 => last,
                _ => Cells::EMPTY,
            };
            if self.stones[node].intersects(near) || side_cells.contains(at) {
                extra.insert(0, (node, Cells::EMPTY));
                joined_to += 1;
                continue;
            }
            let before = extra.len();
            bridges(liberties & self.liberties[node], |carrier| {
                extra.push((node, carrier));
            });
            joined_to += u32::from(extra.len() > before);
        }
        for template in self.templates {
            if template.stone == at && template.fits(self.own, empty) {
                extra.push((template.side, template.carrier));
                joined_to += 1;
            }
        }
        if joined_to < 2 {
            return None;
        }
        let mut budget = CHAIN_BUDGET;
        let graph = Graph {
            links: &self.links,
            new: nodes,
            extra: &extra,
        };
        graph.chain(0, 1, Cells::EMPTY, Cells::single(Spot::new(0)), &mut budget)
    }
}

/// The links of the nodes, and those of one more node (a stone just placed), kept apart so
/// that trying a stone on every cell copies nothing.
struct Graph<'a> {
    links: &'a [Vec<Link>],
    /// The index of the extra node.
    new: usize,
    /// The extra node's links.
    extra: &'a [Link],
}

impl Graph<'_> {
    /// The links of a node.
    fn links_of(&self, node: usize) -> impl Iterator<Item = Link> + '_ {
        let old: &[Link] = if node == self.new {
            &[]
        } else {
            &self.links[node]
        };
        let extra = self.extra;
        let new = self.new;
        let to_new = extra
            .iter()
            .filter(move |&&(other, _)| node != new && other == node)
            .map(move |&(_, carrier)| (new, carrier));
        let from_new = extra.iter().copied().filter(move |_| node == new);
        to_new.chain(from_new).chain(old.iter().copied())
    }

    /// A path of links from `node` to `goal` through nodes not in `visited`, whose carriers
    /// are disjoint from each other and from `used`: the union of its carriers.
    fn chain(
        &self,
        node: usize,
        goal: usize,
        used: Cells,
        visited: Cells,
        budget: &mut u32,
    ) -> Option<Cells> {
        for (next, carrier) in self.links_of(node) {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            if carrier.intersects(used) || visited.contains(Spot::new(next)) {
                continue;
            }
            if next == goal {
                return Some(used | carrier);
            }
            if let Some(found) = self.chain(
                next,
                goal,
                used | carrier,
                visited | Cells::single(Spot::new(next)),
                budget,
            ) {
                return Some(found);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use std::collections::HashMap;

    /// Whether `player` joins the stone to its side with the opponent moving first, both
    /// playing only inside `carrier`: plain minimax, memoised.
    fn holds(geometry: &Geometry, player: Color, side: usize, stone: Spot, carrier: Cells) -> bool {
        let goal = geometry.sides[slot(player)][side];
        let joined = |own: Cells| geometry.flood(Cells::single(stone), own).intersects(goal);
        fn search(
            joined: &dyn Fn(Cells) -> bool,
            own: Cells,
            free: Cells,
            opponent_to_move: bool,
            memo: &mut HashMap<(Cells, Cells, bool), bool>,
        ) -> bool {
            if joined(own) {
                return true;
            }
            if !joined(own | free) {
                return false;
            }
            if let Some(&known) = memo.get(&(own, free, opponent_to_move)) {
                return known;
            }
            let result = if opponent_to_move {
                free.iter().all(|at| {
                    let less = free - Cells::single(at);
                    search(joined, own, less, false, memo)
                })
            } else {
                free.iter().any(|at| {
                    let less = free - Cells::single(at);
                    search(joined, own | Cells::single(at), less, true, memo)
                })
            };
            memo.insert((own, free, opponent_to_move), result);
            result
        }
        search(
            &joined,
            Cells::single(stone),
            carrier,
            true,
            &mut HashMap::new(),
        )
    }

    #[test]
    fn every_edge_template_holds_and_none_has_a_cell_to_spare() {
        let squares = (3..=7).map(|size| (size, size));
        let rectangles = [
            (3, 5),
            (5, 3),
            (4, 6),
            (6, 4),
            (2, 5),
            (5, 2),
            (3, 7),
            (4, 7),
            (7, 4),
        ];
        let mut fourth_row = 0;
        for (rows, cols) in squares.chain(rectangles) {
            let geometry = Geometry::rectangle(rows, cols);
            let templates = Templates::new(&geometry, true, false);
            for player in Color::BOTH {
                let list = templates.of(player);
                // From each side, both mirror images of a ziggurat on each cell of the third
                // row but the two at its ends, and of IV-1a on each cell of the fourth row with
                // room for its seven cells along the side.
                let (along, depth) = match player {
                    Color::Black => (cols, rows),
                    Color::White => (rows, cols),
                };
                let ziggurats = if depth < 3 {
                    0
                } else {
                    4 * usize::from(along.saturating_sub(3))
                };
                let fourth = if depth < 4 {
                    0
                } else {
                    4 * usize::from(along.saturating_sub(6))
                };
                assert_eq!(list.len(), ziggurats + fourth, "{rows}x{cols} {player}");
                for &Template {
                    side,
                    stone,
                    carrier,
                    ..
                } in list
                {
                    let size = carrier.len();
                    assert!(size == 8 || size == 19, "{size}");
                    // IV-1a is too large for plain minimax: the solver proves it
                    // (`solver::tests::iv_1a_holds_and_has_no_cell_to_spare`).
                    if size == 19 {
                        fourth_row += 1;
                        continue;
                    }
                    assert!(holds(&geometry, player, side, stone, carrier));
                    for spare in carrier {
                        assert!(
                            !holds(
                                &geometry,
                                player,
                                side,
                                stone,
                                carrier - Cells::single(spare)
                            ),
                            "{player} {stone} {spare}"
                        );
                    }
                }
            }
        }
        assert_eq!(
            fourth_row,
            4 * 4,
            "IV-1a fits once a side and mirror image on 7x7, 4x7, 7x4"
        );
    }

    #[test]
    fn iv_1a_holds_and_has_no_cell_to_spare() {
        // Too large for plain minimax: the solver without IV-1a proves it, on 7x7 where it
        // fits once a side and mirror image. The template's player owns the stone and every
        // cell farther from the side than the stone (so that the stone is joined to the other
        // side, and nothing more of the carrier is touched), the opponent every other cell
        // outside the carrier; the opponent moves first.
        use crate::position::Position;
        use crate::solver::{Knowledge, Limits, Outcome, Solver};
        let geometry = Geometry::new(7);
        let templates = Templates::new(&geometry, true, false);
        let knowledge = Knowledge {
            fourth_row: false,
            stone_templates: false,
            ..Knowledge::default()
        };
        let winner = |player: Color, side: usize, stone: Spot, carrier: Cells| {
            let depth = |at: Spot| {
                let (row, col) = (at.index() / 7, at.index() % 7);
                let across = if player == Color::Black { row } else { col };
                if side == 0 { across } else { 6 - across }
            };
            let behind: Cells = (0..49)
                .map(Spot::new)
                .filter(|&at| depth(at) > depth(stone))
                .collect();
            let own = behind | Cells::single(stone);
            let mut stones = [Cells::EMPTY; 2];
            stones[slot(player)] = own;
            stones[slot(player.opponent())] = geometry.all - own - carrier;
            let position = Position {
                stones,
                ..Position::new(7, 7, player.opponent())
            };
            let mut solver = Solver::new(Limits {
                nodes: Some(1_000_000),
                ..Limits::default()
            })
            .with_knowledge(knowledge);
            solver.count_proofs(false);
            match solver.solve(&position) {
                Ok(Outcome::Proven(proof)) => proof.winner,
                other => panic!("not proven: {other:?}"),
            }
        };
        let mut checked = 0;
        for player in Color::BOTH {
            for &Template {
                side,
                stone,
                carrier,
                ..
            } in templates.of(player)
            {
                if carrier.len() != 19 {
                    continue;
                }
                checked += 1;
                assert_eq!(
                    winner(player, side, stone, carrier),
                    player,
                    "{player} {stone}"
                );
                for spare in carrier {
                    assert_eq!(
                        winner(player, side, stone, carrier - Cells::single(spare)),
                        player.opponent(),
                        "{player} {stone}: {spare} is to spare"
                    );
                }
            }
        }
        assert_eq!(checked, 8);
    }

    fn position(size: u8, x: &[&str], o: &[&str]) -> (Geometry, [Cells; 2]) {
        let board = Board::with_stones(size, x, o);
        let geometry = Geometry::new(size);
        let stones = geometry.stones_of(&board);
        (geometry, stones)
    }

    #[test]
    fn a_chain_of_bridges_joins_and_a_cut_bridge_does_not() {
        // O's C2 bridges to the top row (C1, D1) and to B4 (B3, C3); B4 to the bottom row.
        let (geometry, [x, o]) = position(5, &[], &["C2", "B4"]);
        let templates = Templates::new(&geometry, true, true);
        let empty = geometry.all - x - o;
        let groups = Groups::of(&geometry, Color::Black, o);
        let links = Links::of(&geometry, &templates, &groups, empty);
        let carrier = links
            .connection()
            .expect("C2 and B4 bridge and reach both rows");
        assert_eq!(carrier.len(), 6);
        // X in one of the bridge's two cells: O has a semi-connection only.
        let (geometry, [x, o]) = position(5, &["B3"], &["C2", "B4"]);
        let empty = geometry.all - x - o;
        let groups = Groups::of(&geometry, Color::Black, o);
        let links = Links::of(&geometry, &templates, &groups, empty);
        assert_eq!(links.connection(), None);
        let c3 = geometry.spot(Cell::parse("C3", 5).unwrap());
        assert!(links.connection_with(c3).is_some());
    }
}
