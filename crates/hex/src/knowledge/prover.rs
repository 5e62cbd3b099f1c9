//! The connection prover: whether a side joins two ends (stones, a group, one of its sides)
//! whatever the opponent does inside a carrier of empty cells, by a search of its own over
//! the carrier. Nothing outside the carrier moves: the player has its stones and the
//! carrier's cells to connect with, the opponent has its stones and whatever it takes in the
//! carrier. With the opponent moving first this is a full (virtual) connection, with the
//! player moving first a semi-connection.
//!
//! It is the tool that makes and proves patterns (edge templates, ladders) before the
//! knowledge uses them: a pattern is a position, two ends and a carrier, and it holds if the
//! prover says so. The search is a minimax over the carrier's cells with a table of the
//! positions it has seen, cut off as soon as the player is joined or cannot be joined even
//! with every cell still empty in the carrier (extra stones never hurt a side in Hex).

use hashbrown::HashMap;

use crate::board::Color;
use crate::cells::{CellSet, Spot};
use crate::geometry::{Geometry, slot};

/// One end of a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End<S> {
    /// Cells that count as the player's (its stones, a group, or an empty cell taken as
    /// played): a chain through any of them touches this end.
    Cells(S),
    /// One of the player's two sides: 0 the first (the top row for Black, the left column for
    /// White), 1 the last.
    Side(usize),
}

/// Who moves first inside the carrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The opponent: the connection holds against every intrusion (a full connection).
    Opponent,
    /// The player: it holds once the player makes the right move (a semi-connection).
    Player,
}

/// The most cells a carrier may have: the search keeps each side's cells of it in a word.
pub const MAX_CARRIER: usize = 32;

/// Why a question cannot be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProverError {
    /// The carrier is larger than [`MAX_CARRIER`].
    #[error("a carrier of {0} cells is more than the prover searches ({MAX_CARRIER})")]
    TooLarge(usize),
    /// A side number other than 0 and 1.
    #[error("side {0}: a player has sides 0 and 1")]
    NoSuchSide(usize),
}

/// What the prover found: the answer, the cells it rests on and how many positions it
/// searched for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof<S> {
    /// Whether the player joins the two ends.
    pub holds: bool,
    /// The carrier's cells the answer rests on: where it holds, a carrier of its own (the
    /// connection holds with only these cells); where it does not, cells the opponent can
    /// keep the player out with whatever stands on the rest.
    pub within: S,
    /// The positions searched (each counted once).
    pub positions: u64,
}

/// The question: a position, a player, its two ends and a carrier.
#[derive(Clone, Copy, Debug)]
pub struct Question<'a, S> {
    /// The board.
    pub geometry: &'a Geometry<S>,
    /// Each side's stones, by [`slot`].
    pub stones: [S; 2],
    /// The player to be joined.
    pub player: Color,
    /// The two ends.
    pub ends: [End<S>; 2],
    /// The cells the players may take; those not empty are left out.
    pub carrier: S,
    /// Who moves first in the carrier.
    pub first: First,
}

/// The search's state: the carrier's cells in order (bit `i` of a mask is `cells[i]`), the
/// board seen from them, and the table of positions seen.
///
/// The search never looks at the board: the player's groups outside the carrier are
/// contracted into the carrier's graph once, so that who is joined is a flood fill over at
/// most 32 bits. Two carrier cells are linked when they touch, or when they touch one group
/// of the player's; a cell starts the fill when it lies on the first end or touches a group
/// that does, and finishes it likewise.
struct Search<S> {
    cells: Vec<Spot>,
    /// Each cell's carrier neighbours, and those through the player's groups it touches.
    links: Vec<u32>,
    /// Each cell's carrier neighbours alone (for the move order).
    next_to: Vec<u32>,
    /// The cells on the first end.
    on_start: u32,
    /// The cells touching a group of the player's on the first end.
    by_start: u32,
    /// The cells on the last end or touching a group of the player's on it.
    finish: u32,
    /// Whether a group of the player's already lies on both ends.
    joined: bool,
    first: First,
    seen: HashMap<(u32, u32), Found>,
    set: std::marker::PhantomData<S>,
}

impl<S: CellSet> Question<'_, S> {
    /// Searches the question.
    pub fn prove(&self) -> Result<Proof<S>, ProverError> {
        let mut search = self.search()?;
        let found = search.wins(0, 0, 0);
        Ok(Proof {
            holds: found.joined,
            within: search.set(found.within),
            positions: search.seen.len() as u64,
        })
    }

    /// The answer by plain minimax over every order of the carrier's cells, the board judged
    /// only when the carrier is full (no table, no cut-off): the prover's check, for small
    /// carriers.
    pub fn brute_force(&self) -> Result<bool, ProverError> {
        let search = self.search()?;
        Ok(search.minimax(0, 0))
    }

    /// A carrier inside this question's with which the connection still holds and from which
    /// no cell can be taken away: the cells are tried away one at a time in `order` (cells
    /// not in the carrier are passed over, and those not in `order` stay). `None` when the
    /// question does not hold to begin with. Different orders find different carriers; the
    /// edge templates are among them.
    pub fn minimal(&self, order: &[Spot]) -> Result<Option<S>, ProverError> {
        let proof = self.prove()?;
        if !proof.holds {
            return Ok(None);
        }
        // The cells the proof rests on are a carrier already.
        let mut carrier = proof.within;
        for &at in order {
            if !carrier.contains(at) {
                continue;
            }
            let smaller = Question {
                carrier: carrier - S::single(at),
                ..*self
            };
            let proof = smaller.prove()?;
            if proof.holds {
                carrier = proof.within;
            }
        }
        Ok(Some(carrier))
    }

    fn search(&self) -> Result<Search<S>, ProverError> {
        let me = slot(self.player);
        let mut own = self.stones[me];
        let mut touch = [S::EMPTY; 2];
        for (end, touching) in self.ends.iter().zip(&mut touch) {
            *touching = match *end {
                End::Cells(set) => {
                    own |= set;
                    set
                }
                End::Side(side) => *(self.geometry.sides[me])
                    .get(side)
                    .ok_or(ProverError::NoSuchSide(side))?,
            };
        }
        let own = own - self.stones[1 - me];
        let taken = self.stones[0] | self.stones[1] | own;
        let cells: Vec<Spot> = (self.carrier - taken).into_iter().collect();
        if cells.len() > MAX_CARRIER {
            return Err(ProverError::TooLarge(cells.len()));
        }
        let geometry = self.geometry;
        let mask = |set: S| -> u32 {
            (cells.iter().enumerate())
                .filter(|(_, at)| set.contains(**at))
                .fold(0, |mask, (i, _)| mask | 1 << i)
        };
        // The player's groups, each with the carrier cells next to it.
        let mut groups: Vec<(S, u32)> = Vec::new();
        let mut rest = own;
        while let Some(at) = rest.lowest() {
            let group = geometry.flood(S::single(at), own);
            rest -= group;
            groups.push((group, mask(geometry.grow(group))));
        }
        let next_to: Vec<u32> = (cells.iter())
            .map(|at| mask(geometry.neighbours[at.index()]))
            .collect();
        let links = (cells.iter().zip(&next_to))
            .map(|(at, &near)| {
                (groups.iter())
                    .filter(|(group, _)| geometry.neighbours[at.index()].intersects(*group))
                    .fold(near, |links, (_, by)| links | by)
            })
            .collect();
        let by = |end: S| -> u32 {
            (groups.iter())
                .filter(|(group, _)| group.intersects(end))
                .fold(0, |cells, (_, by)| cells | by)
        };
        Ok(Search {
            links,
            next_to,
            on_start: mask(touch[0]),
            by_start: by(touch[0]),
            finish: mask(touch[1]) | by(touch[1]),
            joined: (groups.iter()).any(|(g, _)| g.intersects(touch[0]) && g.intersects(touch[1])),
            cells,
            first: self.first,
            seen: HashMap::new(),
            set: std::marker::PhantomData,
        })
    }
}

/// What a position of the search comes to: who wins, and a part of the carrier on which the
/// winner wins whatever stands on the rest (the cells its proof looked at).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Found {
    joined: bool,
    within: u32,
}

impl<S: CellSet> Search<S> {
    /// The carrier's cells of a mask.
    fn set(&self, mask: u32) -> S {
        bits(mask)
            .map(|bit| self.cells[bit.trailing_zeros() as usize])
            .collect()
    }

    /// The cells of `mask` linked to each other.
    fn grow(&self, mask: u32) -> u32 {
        bits(mask).fold(mask, |out, bit| {
            out | self.links[bit.trailing_zeros() as usize]
        })
    }

    /// The carrier's cells of `mine` reached from the first end (through the player's
    /// groups and `mine`).
    fn reach(&self, mine: u32) -> u32 {
        let mut reached = (self.on_start | self.by_start) & mine;
        let mut frontier = reached;
        while frontier != 0 {
            frontier = self.grow(frontier) & mine & !reached;
            reached |= frontier;
        }
        reached
    }

    /// Whether the cells `reached` join the ends.
    fn joins(&self, reached: u32) -> bool {
        self.joined || reached & self.finish != 0
    }

    /// All the carrier's cells.
    fn full(&self) -> u32 {
        if self.cells.len() == 32 {
            u32::MAX
        } else {
            (1 << self.cells.len()) - 1
        }
    }

    /// Whether the player is to move with `mine` and `theirs` taken.
    fn players_turn(&self, mine: u32, theirs: u32) -> bool {
        let (m, t) = (mine.count_ones(), theirs.count_ones());
        match self.first {
            First::Opponent => m < t,
            First::Player => m == t,
        }
    }

    /// The carrier's cells next to the cell of `bit` (none for no bit).
    fn near(&self, bit: u32) -> u32 {
        if bit == 0 {
            return 0;
        }
        self.next_to[bit.trailing_zeros() as usize]
    }

    /// Who wins with `mine` and `theirs` of the carrier taken, `last` the bit of the last
    /// cell taken (0 at the start), and on which cells.
    ///
    /// A won position's cells: for the player, its chain; for the opponent, its cells around
    /// the player's reach. After a move, the child's cells and the move. Where every move
    /// loses, each move's cells and the moves tried, and only moves inside the cells of every
    /// move refuted so far are tried: a move outside them is refuted the same way (the
    /// refutation did not look at its cell, and the cell of the move it answered is empty
    /// instead, which never hurts the refuter).
    fn wins(&mut self, mine: u32, theirs: u32, last: u32) -> Found {
        if let Some(&known) = self.seen.get(&(mine, theirs)) {
            return known;
        }
        let empty = self.full() & !mine & !theirs;
        let reached = self.reach(mine);
        let found = if self.joins(reached) {
            Found {
                joined: true,
                within: reached,
            }
        } else {
            let open = self.reach(mine | empty);
            if !self.joins(open) {
                // Walled off: the opponent's cells around the player's widest reach.
                Found {
                    joined: false,
                    within: (self.grow(open) | self.by_start) & theirs,
                }
            } else {
                let players = self.players_turn(mine, theirs);
                self.moves(mine, theirs, empty, last, players)
            }
        };
        self.seen.insert((mine, theirs), found);
        found
    }

    /// [`Search::wins`] at a position where the side to move (`players`: the player) has
    /// `empty` to choose from.
    fn moves(&mut self, mine: u32, theirs: u32, empty: u32, last: u32, players: bool) -> Found {
        // The replies next to the last move first: a connection's answers are near.
        let near = self.near(last) & empty;
        let order = bits(near).chain(bits(empty & !near));
        let mut must = empty;
        let mut within = 0;
        for bit in order {
            if must & bit == 0 {
                continue;
            }
            let child = if players {
                self.wins(mine | bit, theirs, bit)
            } else {
                self.wins(mine, theirs | bit, bit)
            };
            if child.joined == players {
                return Found {
                    joined: players,
                    within: child.within | bit,
                };
            }
            must &= child.within;
            within |= child.within | bit;
        }
        Found {
            joined: !players,
            within,
        }
    }

    /// [`Search::wins`] without its table or cut-offs: every cell played, then the board read.
    fn minimax(&self, mine: u32, theirs: u32) -> bool {
        let empty = self.full() & !mine & !theirs;
        if empty == 0 {
            return self.joins(self.reach(mine));
        }
        if self.players_turn(mine, theirs) {
            bits(empty).any(|bit| self.minimax(mine | bit, theirs))
        } else {
            bits(empty).all(|bit| self.minimax(mine, theirs | bit))
        }
    }
}

/// Each bit of `mask` alone, lowest first.
fn bits(mask: u32) -> impl Iterator<Item = u32> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::Cells;
    use crate::knowledge::vc::{Template, Templates};

    fn spot(geometry: &Geometry, name: &str) -> Spot {
        let cell = crate::board::Cell::parse(name, geometry.rows).unwrap();
        Spot::new(usize::from(cell.row) * usize::from(geometry.cols) + usize::from(cell.col))
    }

    fn cells(geometry: &Geometry, names: &[&str]) -> Cells {
        names.iter().map(|name| spot(geometry, name)).collect()
    }

    fn question<'a>(
        geometry: &'a Geometry,
        stones: [Cells; 2],
        ends: [End<Cells>; 2],
        carrier: Cells,
        first: First,
    ) -> Question<'a, Cells> {
        Question {
            geometry,
            stones,
            player: Color::Black,
            ends,
            carrier,
            first,
        }
    }

    #[test]
    fn a_bridge_holds_and_a_bridge_with_one_cell_does_not() {
        let geometry = Geometry::new(5);
        // Black's C2 and B4: C3 and B3 between them.
        let stones = [Cells::EMPTY, cells(&geometry, &["c2", "b4"])];
        let ends = [
            End::Cells(cells(&geometry, &["c2"])),
            End::Cells(cells(&geometry, &["b4"])),
        ];
        let both = cells(&geometry, &["b3", "c3"]);
        let holds = |carrier, first| question(&geometry, stones, ends, carrier, first).prove();
        assert!(holds(both, First::Opponent).unwrap().holds);
        for one in ["b3", "c3"] {
            let carrier = cells(&geometry, &[one]);
            assert!(!holds(carrier, First::Opponent).unwrap().holds, "{one}");
            assert!(holds(carrier, First::Player).unwrap().holds, "{one}");
        }
        assert!(!holds(Cells::EMPTY, First::Player).unwrap().holds);
    }

    #[test]
    fn every_edge_template_of_the_knowledge_holds_and_needs_every_cell() {
        // The ziggurats and IV-1a (both mirror images) of the middle of Black's top side and
        // the ziggurats of White's right side, on 9x9.
        let geometry = Geometry::new(9);
        let templates = Templates::new(&geometry, true, false);
        let mut checked = 0;
        for (player, side, kinds) in [(Color::Black, 0, 2), (Color::White, 1, 1)] {
            let middle = |t: &&Template| {
                let (row, col) = (t.stone.index() / 9, t.stone.index() % 9);
                t.side == side
                    && if player == Color::Black {
                        col == 4
                    } else {
                        row == 4
                    }
            };
            let mut chosen: Vec<&Template> = templates.of(player).iter().filter(middle).collect();
            chosen.sort_by_key(|t| t.carrier.len());
            chosen.truncate(2 * kinds);
            for template in chosen {
                let ask = |carrier: Cells| Question {
                    geometry: &geometry,
                    stones: [Cells::EMPTY; 2],
                    player,
                    ends: [
                        End::Cells(Cells::single(template.stone)),
                        End::Side(template.side),
                    ],
                    carrier: carrier - Cells::single(template.stone),
                    first: First::Opponent,
                };
                assert!(
                    ask(template.carrier).prove().unwrap().holds,
                    "{player} {:?}",
                    template.stone
                );
                for spare in template.carrier - Cells::single(template.stone) {
                    let without = ask(template.carrier - Cells::single(spare))
                        .prove()
                        .unwrap();
                    assert!(
                        !without.holds,
                        "{player} {:?}: {spare:?} to spare",
                        template.stone
                    );
                }
                checked += 1;
            }
        }
        // Black's four, and the one ziggurat of White's right side with its stone on the
        // middle row (the half turn puts its mirror image's stone a row away).
        assert_eq!(checked, 5);
    }

    #[test]
    fn the_smallest_carrier_from_the_third_row_is_the_ziggurat() {
        // A Black stone on the third row (d3) of a 9x9 board, joined to the top: the region
        // is every cell of its row and those between it and the top, from three columns left
        // of it to four right (the rows above a cell reach one column further right); the
        // cells are taken away farthest first. Published: the ziggurat has 8 empty cells.
        let geometry = Geometry::new(9);
        let stone = spot(&geometry, "d3");
        let (r, c) = (stone.index() / 9, stone.index() % 9);
        let region: Cells = (0..9 * 9)
            .map(Spot::new)
            .filter(|at| at.index() / 9 <= r && *at != stone)
            .filter(|at| (c.saturating_sub(3)..=c + 4).contains(&(at.index() % 9)))
            .collect();
        let mut order: Vec<Spot> = region.into_iter().collect();
        order.sort_by_key(|at| {
            let (ar, ac) = (at.index() / 9, at.index() % 9);
            std::cmp::Reverse(ac.abs_diff(c) * 2 + (r - ar.min(r)))
        });
        let q = Question {
            geometry: &geometry,
            stones: [Cells::EMPTY; 2],
            player: Color::Black,
            ends: [End::Cells(Cells::single(stone)), End::Side(0)],
            carrier: region,
            first: First::Opponent,
        };
        let carrier = q.minimal(&order).unwrap().expect("the region holds");
        assert_eq!(carrier.len(), 8, "{carrier:?}");
        for spare in carrier {
            let smaller = Question {
                carrier: carrier - Cells::single(spare),
                ..q
            };
            assert!(!smaller.prove().unwrap().holds, "{spare:?}");
        }
    }

    #[test]
    fn the_prover_agrees_with_plain_minimax_on_small_carriers() {
        // Random positions of 4x4 and 3x5 boards, random ends and carriers of up to 7 cells.
        // A small xorshift: the same positions every run.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut below = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut asked = [0; 2];
        for round in 0..400 {
            let (rows, cols) = if round % 2 == 0 { (4, 4) } else { (3, 5) };
            let geometry: Geometry = Geometry::rectangle(rows, cols);
            let mut stones = [Cells::EMPTY; 2];
            let mut carrier = Cells::EMPTY;
            for at in geometry.all {
                match below(6) {
                    0 => stones[0].insert(at),
                    1 => stones[1].insert(at),
                    2 | 3 if carrier.len() < 7 => carrier.insert(at),
                    _ => {}
                }
            }
            let player = if below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let own = stones[slot(player)];
            let ends = match own.lowest() {
                Some(stone) if below(2) == 0 => [End::Cells(Cells::single(stone)), End::Side(1)],
                _ => [End::Side(0), End::Side(1)],
            };
            for first in [First::Opponent, First::Player] {
                let q = Question {
                    geometry: &geometry,
                    stones,
                    player,
                    ends,
                    carrier,
                    first,
                };
                let proof = q.prove().unwrap();
                assert_eq!(
                    proof.holds,
                    q.brute_force().unwrap(),
                    "{player} {ends:?} {carrier:?} {stones:?} {first:?}"
                );
                asked[usize::from(proof.holds)] += 1;
            }
        }
        // Both answers come up often enough to be tested.
        assert!(asked[0] > 50 && asked[1] > 50, "{asked:?}");
    }

    #[test]
    fn a_large_carrier_and_a_wrong_side_are_errors() {
        let geometry = Geometry::new(7);
        let q = question(
            &geometry,
            [Cells::EMPTY; 2],
            [End::Side(0), End::Side(1)],
            geometry.all,
            First::Player,
        );
        assert_eq!(q.prove(), Err(ProverError::TooLarge(49)));
        let q = Question {
            ends: [End::Side(0), End::Side(2)],
            carrier: Cells::EMPTY,
            ..q
        };
        assert_eq!(
            q.prove().unwrap_err().to_string(),
            "side 2: a player has sides 0 and 1"
        );
    }
}
