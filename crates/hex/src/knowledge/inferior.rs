//! Inferior cells: dead cells, whose colour never decides the game, and cells a player has
//! captured, which that player may take without changing who wins.
//!
//! Both rest on one fact of Hex: a full board has exactly one winner. So if a cell's colour
//! cannot change whether *one* player joins their sides, in any way the other empty cells
//! may be filled, it cannot change who wins. A cell's colour cannot change that when the
//! player's stones and sides next to it are joined to one another without it: a chain
//! through the cell can go round it.
//!
//! Everything here is bit operations on the position; nothing allocates.

use crate::board::Color;
use crate::cells::{CellSet, Cells, Narrow, Spot};
use crate::geometry::{Geometry, slot};

/// Where a group of a player's is found from: one of its stones, or one of the player's
/// sides (first 0, last 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seed<S> {
    Stone(S),
    Side(usize),
}

/// The groups of one player's stones found so far in a position, each with the sides it
/// reaches (a side joining every stone on it), so that cells next to the same group do not
/// flood it again; at most `N` are kept (none for a position looked at once).
#[derive(Clone, Copy, Debug)]
struct Groups<const N: usize, S> {
    sets: [S; N],
    reached: [[bool; 2]; N],
    len: usize,
}

impl<const N: usize, S: CellSet> Groups<N, S> {
    fn new() -> Self {
        Groups {
            sets: [S::EMPTY; N],
            reached: [[false; 2]; N],
            len: 0,
        }
    }

    /// The index of the group kept for `seed`, if any.
    fn find(&self, seed: Seed<S>) -> Option<usize> {
        (0..self.len).find(|&i| match seed {
            Seed::Stone(stone) => self.sets[i].intersects(stone),
            Seed::Side(side) => self.reached[i][side],
        })
    }

    /// The group of the player's stones `own` (sides `sides`) found from `seed`, and which
    /// sides it reaches.
    fn of(
        &mut self,
        geometry: &Geometry<S>,
        own: S,
        sides: [S; 2],
        seed: Seed<S>,
    ) -> (S, [bool; 2]) {
        if let Some(i) = self.find(seed) {
            return (self.sets[i], self.reached[i]);
        }
        let found = match seed {
            Seed::Stone(stone) => group_of(geometry, own, sides, stone, [false; 2]),
            Seed::Side(side) => {
                let mut reached = [false; 2];
                reached[side] = true;
                group_of(geometry, own, sides, own & sides[side], reached)
            }
        };
        if self.len < N {
            (self.sets[self.len], self.reached[self.len]) = found;
            self.len += 1;
        }
        found
    }

    /// Adds the stone `at`, just played and joined to the group found from `seed` only.
    fn join(&mut self, seed: Seed<S>, at: Spot) {
        if let Some(i) = self.find(seed) {
            self.sets[i].insert(at);
        }
    }
}

/// The stone or side the group a player's stone on `at` would join is found from (a stone
/// of theirs next to it, else a side of theirs it lies on), if any.
fn seed_of<S: CellSet>(geometry: &Geometry<S>, own: S, sides: [S; 2], at: Spot) -> Option<Seed<S>> {
    let touching = geometry.neighbours[at.index()] & own;
    if !touching.is_empty() {
        Some(Seed::Stone(touching.isolate_lowest()))
    } else {
        (0..2).find(|&s| sides[s].contains(at)).map(Seed::Side)
    }
}

/// Whether the empty cell `at` is of no use to the player owning `own` (with sides `sides`,
/// first and last), however the cells of `empty` are filled: every stone or side of theirs
/// that could touch `at` is joined to the others without `at`.
///
/// The fixed ones (stones next to `at`, sides `at` lies on) must lie in one group of the
/// player's, sides joining the stones on them; each empty neighbour must touch that group
/// (a stone of it, or a side it reaches), so that it joins the group if it becomes the
/// player's. With no fixed one, the empty neighbours must be at most two that touch each
/// other.
fn useless_to<const N: usize, S: CellSet>(
    geometry: &Geometry<S>,
    own: S,
    empty: S,
    sides: [S; 2],
    at: Spot,
    groups: &mut Groups<N, S>,
) -> bool {
    let around = geometry.neighbours[at.index()];
    let open = around & empty;
    let Some(seed) = seed_of(geometry, own, sides, at) else {
        return match open.len() {
            0 | 1 => true,
            2 => open
                .lowest()
                .is_some_and(|first| geometry.neighbours[first.index()].intersects(open)),
            _ => false,
        };
    };
    // Cheap first: an empty neighbour touching no stone or side of the player's cannot
    // touch their group.
    let near_sides = sides[0] | sides[1];
    if open
        .iter()
        .any(|e| !geometry.neighbours[e.index()].intersects(own) && !near_sides.contains(e))
    {
        return false;
    }
    let (group, reached) = groups.of(geometry, own, sides, seed);
    (around & own).is_subset(group)
        && (0..2).all(|s| !sides[s].contains(at) || reached[s])
        && open.iter().all(|e| {
            geometry.neighbours[e.index()].intersects(group)
                || (0..2).any(|s| reached[s] && sides[s].contains(e))
        })
}

/// The group of the player's stones `own` holding `seeds` (stones of it), a side joining
/// every stone on it, and which of the two sides it reaches (`reached` gives those reached
/// already).
fn group_of<S: CellSet>(
    geometry: &Geometry<S>,
    own: S,
    sides: [S; 2],
    seeds: S,
    mut reached: [bool; 2],
) -> (S, [bool; 2]) {
    let mut group = seeds & own;
    loop {
        group = spread(geometry, group, own);
        let mut grew = false;
        for s in 0..2 {
            reached[s] |= group.intersects(sides[s]);
            if reached[s] && !(own & sides[s]).is_subset(group) {
                group |= own & sides[s];
                grew = true;
            }
        }
        if !grew {
            return (group, reached);
        }
    }
}

/// Whether the empty cell `at` is dead on its own: of no use to one of the players (see
/// [`useless_to`]), and that player, X first, if so. `groups` are each player's groups
/// found so far in this position; `maybe` the cells each player is tried on (the others
/// being known not to be of use to them).
fn dead_cell<const N: usize, S: CellSet>(
    geometry: &Geometry<S>,
    stones: [S; 2],
    at: Spot,
    groups: &mut [Groups<N, S>; 2],
    maybe: [S; 2],
) -> Option<usize> {
    let empty = geometry.all - stones[0] - stones[1];
    (0..2).find(|&s| {
        maybe[s].contains(at)
            && useless_to(
                geometry,
                stones[s],
                empty,
                geometry.sides[s],
                at,
                &mut groups[s],
            )
    })
}

/// Whether the empty cell `at` is dead on its own in a position looked at once.
#[cfg(test)]
fn dead_here<S: CellSet>(geometry: &Geometry<S>, stones: [S; 2], at: Spot) -> Option<usize> {
    dead_cell(
        geometry,
        stones,
        at,
        &mut [Groups::<0, S>::new(); 2],
        [geometry.all; 2],
    )
}

/// For each of the six directions, the cells whose neighbour that way is in `set`: the set
/// shifted one step, without wrapping round a row's ends.
fn shifted<S: CellSet>(geometry: &Geometry<S>, set: S) -> [S; 6] {
    let n = u32::from(geometry.cols);
    // X's sides are the first and last columns.
    let [first, last] = geometry.sides[0];
    let (not_first, not_last) = (set - first, set - last);
    [
        set >> n,
        not_last >> (n - 1),
        not_first >> 1,
        not_last << 1,
        not_first << (n - 1),
        set << n,
    ]
    .map(|shift| shift & geometry.all)
}

/// The cells next to some cell of `set`.
fn next_to<S: CellSet>(geometry: &Geometry<S>, set: S) -> S {
    shifted(geometry, set)
        .into_iter()
        .fold(S::EMPTY, |a, b| a | b)
}

/// The cells with at least two, three and four neighbours in `set`.
fn crowded<S: CellSet>(geometry: &Geometry<S>, set: S) -> [S; 3] {
    let [a, b, c, d, e, f] = shifted(geometry, set);
    // Two full adders, bit by bit: a + b + c = s1 + 2 c1, d + e + f = s2 + 2 c2.
    let (s1, c1) = (a ^ b ^ c, (a & b) | (c & (a ^ b)));
    let (s2, c2) = (d ^ e ^ f, (d & e) | (f & (d ^ e)));
    [
        c1 | c2 | (s1 & s2),
        (c1 & c2) | ((c1 | c2) & (s1 | s2)),
        (c1 & c2) | ((c1 ^ c2) & s1 & s2),
    ]
}

/// The empty cells that may be of no use to the player owning `own` (see [`useless_to`]):
/// all of them are, by one bit-parallel pass over necessary conditions. With no stone or
/// side of theirs next to a cell, it must have at most two empty neighbours; else each of
/// its empty neighbours must touch a stone or side of theirs.
fn maybe_useless<S: CellSet>(geometry: &Geometry<S>, own: S, empty: S, sides: [S; 2]) -> S {
    let touch = next_to(geometry, own) | sides[0] | sides[1];
    let far = empty - touch;
    ((empty & touch) - next_to(geometry, far)) | (empty - touch - crowded(geometry, empty)[1])
}

/// The cells of `within` joined to `seeds` through `within`, a ring of neighbours at a time
/// (what [`Geometry::flood`] finds, by whole-set steps).
fn spread<S: CellSet>(geometry: &Geometry<S>, seeds: S, within: S) -> S {
    let mut reached = seeds & within;
    loop {
        let next = (reached | next_to(geometry, reached)) & within;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The position with its dead cells filled (each with the colour of a player it is of no
/// use to), and those cells.
///
/// Filling a cell with the colour of a player it is of no use to leaves that player's
/// groups as they were but for the cell joining the group of its neighbours (already one),
/// or making a group of its own when it has no neighbour of theirs; and the other player's
/// stones as they were. The rule looks at a cell's neighbours and whether they touch a
/// group: so only cells within two steps of the filled one can change, and only those are
/// looked at again.
fn fill_dead<S: CellSet>(geometry: &Geometry<S>, stones: [S; 2]) -> ([S; 2], S) {
    // A player has at most about one group in three cells, and sides merge some.
    fill_dead_keeping::<48, S>(geometry, stones, geometry.all)
}

/// [`fill_dead`], keeping up to `N` groups of each player's as they are found, and looking
/// first only at the cells of `first` (then at those near each cell filled): in a position
/// whose dead cells are filled but for a stone just added, only cells near it can die, as
/// a rule (a far one can too, when the stone joins two groups; missing it is safe).
fn fill_dead_keeping<const N: usize, S: CellSet>(
    geometry: &Geometry<S>,
    mut stones: [S; 2],
    first: S,
) -> ([S; 2], S) {
    let mut empty = geometry.all - stones[0] - stones[1];
    let maybe_of = |stones: [S; 2], empty: S| {
        [0, 1].map(|s| maybe_useless(geometry, stones[s], empty, geometry.sides[s]))
    };
    let mut maybe = maybe_of(stones, empty);
    let mut todo = (maybe[0] | maybe[1]) & first;
    let mut dead = S::EMPTY;
    let mut groups = [Groups::<N, S>::new(); 2];
    while let Some(at) = todo.lowest() {
        todo = todo.without_lowest();
        if let Some(s) = dead_cell(geometry, stones, at, &mut groups, maybe) {
            // The groups as they were but for `at` joining one (or being a group alone,
            // found when first asked for).
            if let Some(seed) = seed_of(geometry, stones[s], geometry.sides[s], at) {
                groups[s].join(seed, at);
            }
            stones[s].insert(at);
            empty.remove(at);
            dead.insert(at);
            let near = geometry.neighbours[at.index()];
            maybe = maybe_of(stones, empty);
            todo |= (near | next_to(geometry, near)) & (maybe[0] | maybe[1]);
        }
    }
    (stones, dead)
}

/// The empty cells that are dead: however the other empty cells are filled, the winner is
/// the same whatever colour such a cell has. So they may be filled with any colours at all
/// (together too) without changing who wins with either side to move, and a move there is
/// never better than any other.
///
/// Why it is sound: a cell is dead when, for one of the players, every stone or side of theirs
/// that could touch it (stones next to it, sides it lies on, and its empty neighbours should
/// they become the player's) is joined to the others without it. Then in any full board
/// the player joins their sides with the cell or without it alike, and as a full board has
/// exactly one winner, the winner does not depend on the cell. An empty cell with no empty
/// neighbour whose neighbours of each colour are joined (the classic local rule) is one
/// case; four neighbours in a row of one colour is another. A cell dead in the position with
/// a dead cell filled (either colour) is dead in the position itself, since the filled
/// cell's colour does not matter in any full board either; so the rule is applied again on
/// the position with the dead cells filled until nothing changes.
#[cfg(test)]
pub fn dead<S: CellSet>(geometry: &Geometry<S>, stones: [S; 2]) -> S {
    fill_dead(geometry, stones).1
}

/// What [`useless_to`] needs to know of a position whose dead cells are filled, to rule out
/// quickly that a cell dies once `player` has taken a neighbour of it.
#[derive(Clone, Copy, Debug)]
struct PairFilter<S> {
    /// The player's slot.
    player: usize,
    /// The empty cells.
    empty: S,
    /// For each player, the cells touching a stone or side of theirs.
    touch: [S; 2],
    /// The empty cells that may die once the player takes some neighbour of theirs (see
    /// [`PairFilter::may_die`]): for the player, those empty neighbours not touching the
    /// player's stones or sides must lie next to the neighbour taken or be it, three cells
    /// in a row, so there are at most three; for the other player, at most one.
    cells: S,
}

impl<S: CellSet> PairFilter<S> {
    fn new(geometry: &Geometry<S>, base: [S; 2], player: Color) -> PairFilter<S> {
        let (s, other) = (slot(player), 1 - slot(player));
        let empty = geometry.all - base[0] - base[1];
        let touch = [0, 1]
            .map(|t| next_to(geometry, base[t]) | geometry.sides[t][0] | geometry.sides[t][1]);
        let [_, _, four] = crowded(geometry, empty - touch[s]);
        let [two, _, _] = crowded(geometry, empty - touch[other]);
        PairFilter {
            player: s,
            empty,
            touch,
            cells: empty & (!four | (touch[other] - two)),
        }
    }

    /// Necessary for the empty cell `at` to be dead once its neighbour `taken` is the
    /// player's: of no use to the player (who then touches it), every empty neighbour but
    /// `taken` touching the player's stones or sides or `taken`; or of no use to the other
    /// player, touching a stone or side of theirs, every empty neighbour but `taken`
    /// touching one too. (When `at` touches nothing of the other player's, its neighbours
    /// are empty, the player's, or the player's side beyond the edge, and any empty one,
    /// being next to two of them, touches the player's or `taken` unless `at` has three
    /// empty neighbours besides `taken`, too many to be of no use to the other player: the
    /// first test covers it.)
    fn may_die(self, geometry: &Geometry<S>, at: Spot, taken: Spot) -> bool {
        let (s, other) = (self.player, 1 - self.player);
        let around = (geometry.neighbours[at.index()] & self.empty) - S::single(taken);
        (around - self.touch[s] - geometry.neighbours[taken.index()]).is_empty()
            || (self.touch[other].contains(at) && around.is_subset(self.touch[other]))
    }
}

/// Calls `each` with every pair of neighbouring empty cells, neither dead, of which each is
/// dead once the other is `player`'s (lower cell first), in the position `base` whose dead
/// cells are filled.
fn capturing_pairs<S: CellSet>(
    geometry: &Geometry<S>,
    base: [S; 2],
    player: Color,
    each: impl FnMut(Spot, Spot),
) {
    capturing_pairs_near(geometry, base, player, geometry.all, each);
}

/// [`capturing_pairs`] with the lower cell in `near`.
fn capturing_pairs_near<S: CellSet>(
    geometry: &Geometry<S>,
    base: [S; 2],
    player: Color,
    near: S,
    mut each: impl FnMut(Spot, Spot),
) {
    let filter = PairFilter::new(geometry, base, player);
    // The other player's groups are the same in every position looked at; the player's
    // are found afresh for each.
    let mut groups = [Groups::<48, S>::new(); 2];
    let mut dead_once = |at: Spot, taken: Spot| {
        let mut next = base;
        next[filter.player].insert(taken);
        groups[filter.player].len = 0;
        dead_cell(geometry, next, at, &mut groups, [!S::EMPTY; 2]).is_some()
    };
    for a in filter.cells & near {
        for b in geometry.neighbours[a.index()] & filter.cells & S::after(a) {
            if filter.may_die(geometry, a, b)
                && filter.may_die(geometry, b, a)
                && dead_once(a, b)
                && dead_once(b, a)
            {
                each(a, b);
            }
        }
    }
}

/// Empty cells `player` has captured: the cells of the pairs of neighbouring empty cells,
/// neither dead, such that each is dead once the other is the player's. Giving all of them
/// to the player does not change who wins, with either side to move.
///
/// Why it is sound: the player plays the strategy of the position with those cells filled
/// with their stones. When the opponent first plays into them, at `x`, the player answers
/// with a cell `y` paired with `x`. Then `x` is dead, so it may be counted as the player's;
/// with `x` and `y` the player's, every cell paired with either is dead, so may be counted
/// as the player's too, and so on through every pair linked to them. (Deadness only grows
/// as stones are added, fewer ways being left to fill the board, so the pairs found now
/// still hold then; and a cell dead in a position with a dead cell filled in is dead in the
/// position itself.) So one answer settles every pair linked to the intrusion, even where
/// pairs share a cell: later intrusions there are on dead cells and need no answer, and
/// the position is again the one with the cells filled. The converse holds because a stone
/// more never hurts in Hex. The pairs are found in the position with its dead cells filled,
/// which has the same winner.
#[cfg(test)]
pub fn captured<S: CellSet>(geometry: &Geometry<S>, stones: [S; 2], player: Color) -> S {
    let (base, _) = fill_dead(geometry, stones);
    let mut cells = S::EMPTY;
    capturing_pairs(geometry, base, player, |a, b| {
        cells |= S::single(a) | S::single(b)
    });
    cells
}

/// The cells of `moves` vulnerable for the side to move, `player`'s opponent: each is dead
/// once `player` takes one of its neighbours among `killers` (empty cells); and those
/// killers. The side to move may leave all of them out of its moves as long as one move is
/// left, and the cells found (both kinds) stay empty.
///
/// Why it is sound: say the side to move wins only by such a cell `v`, killed by `k`. After
/// `v` and the reply `k`, `v` is dead, so the side to move still wins with `v` given to
/// `player` too, by a move `x`; as `player`'s two stones there never help the side to move,
/// `x` wins in the position itself. If `x` is again such a cell, the same holds one step on
/// (deadness only grows as stones are added; a dead `x` wins as well as any other move
/// does); every step fills cells, so the steps end in a winning move that is left, or a
/// full board joined by the side to move, which then had won already. Pruning a cell and its
/// killer together is covered: the move found is neither. The killers must stay empty, and
/// `player`'s stones next to a cell as they are, for the cell to be killed: a proof through
/// the pruned cells holds as long as those do.
pub fn vulnerable(
    geometry: &Geometry,
    stones: [Cells; 2],
    player: Color,
    moves: Cells,
    killers: Cells,
) -> (Cells, Cells) {
    match geometry.narrow() {
        Some(narrow) => {
            let (pruned, used) = vulnerable_in(
                narrow,
                stones.map(Narrow::of),
                player,
                Narrow::of(moves),
                Narrow::of(killers),
            );
            (pruned.cells(), used.cells())
        }
        None => vulnerable_in(geometry, stones, player, moves, killers),
    }
}

/// [`vulnerable`] with either kind of set.
fn vulnerable_in<S: CellSet>(
    geometry: &Geometry<S>,
    stones: [S; 2],
    player: Color,
    moves: S,
    killers: S,
) -> (S, S) {
    let s = slot(player);
    // The side to move's groups are the same whichever killer is tried; the player's are
    // found afresh for each.
    let mut groups = [Groups::<48, S>::new(); 2];
    let (mut pruned, mut used) = (S::EMPTY, S::EMPTY);
    for v in moves {
        for k in geometry.neighbours[v.index()] & killers {
            let mut next = stones;
            next[s].insert(k);
            groups[s].len = 0;
            if dead_cell(geometry, next, v, &mut groups, [!S::EMPTY; 2]).is_some() {
                pruned.insert(v);
                used.insert(k);
                break;
            }
        }
    }
    (pruned, used)
}

/// The killers of the empty cell `cell` among `candidates`: each neighbour of it there that
/// leaves it dead once `player` takes it, as [`vulnerable`] finds them (HexGui's arrows from
/// a vulnerable cell).
pub fn killers_of(
    geometry: &Geometry,
    stones: [Cells; 2],
    player: Color,
    cell: Spot,
    candidates: Cells,
) -> Cells {
    let near = geometry.neighbours[cell.index()] & candidates;
    (near.iter())
        .filter(|&k| {
            !vulnerable(
                geometry,
                stones,
                player,
                Cells::single(cell),
                Cells::single(k),
            )
            .0
            .is_empty()
        })
        .collect()
}

/// Moves of `candidates` that dominate the empty cell `cell` for `player`, to move in
/// `stones`: each leaves `cell` dead or captured by the player once the player has taken it,
/// as [`dominated`] finds it on the two moves alone. A move that `cell` dominates in turn
/// and that lies after it is not listed ([`dominated`] keeps the first of the two), so the
/// list may miss some, never holds a wrong one, and holds the move that left `cell` out
/// wherever [`dominated`] did (HexGui's arrows from a dominated cell).
pub fn dominators_of(
    geometry: &Geometry,
    stones: [Cells; 2],
    player: Color,
    cell: Spot,
    candidates: Cells,
) -> Cells {
    let only = Cells::single(cell);
    ((candidates - only).iter())
        .filter(|&x| dominated(geometry, stones, player, Cells::single(x) | only).0 == only)
        .collect()
}

/// The cells of `moves` that `player`, to move in `stones`, may leave out because another
/// move of `moves` dominates each (is at least as good for the player), and the cells that
/// shows rest on. A move `x` dominates `y` when `y` is dead, or captured by the player, once
/// the player has taken `x` (capture-domination). Every left-out cell has a dominator that
/// is kept, so at least one move is left.
///
/// Why it is sound: after `x`, `y`'s colour does not change who wins (dead), or giving `y`
/// to the player does not (captured). So the position after `x` is as good for the player as
/// the one after `x` and `y`, and a stone more never hurts in Hex: that is at least as good
/// as the one after `y` alone. A cell left out is dominated by one kept at the time; that one
/// may be left out later only for one kept then, and so on, each step later in the order, so
/// every chain ends in a kept move at least as good. Deadness and capture only grow as stones
/// are added, so the domination holds wherever the cells around `x` and the filled cells
/// (the support returned) stay as they are, whoever gets the others.
pub fn dominated(
    geometry: &Geometry,
    stones: [Cells; 2],
    player: Color,
    moves: Cells,
) -> (Cells, Cells) {
    match geometry.narrow() {
        Some(narrow) => {
            let (pruned, support) =
                dominated_in(narrow, stones.map(Narrow::of), player, Narrow::of(moves));
            (pruned.cells(), support.cells())
        }
        None => dominated_in(geometry, stones, player, moves),
    }
}

/// [`dominated`] with either kind of set.
fn dominated_in<S: CellSet>(
    geometry: &Geometry<S>,
    stones: [S; 2],
    player: Color,
    moves: S,
) -> (S, S) {
    let p = slot(player);
    let (base, _) = fill_dead(geometry, stones);
    let empty = geometry.all - base[0] - base[1];
    let (mut pruned, mut support) = (S::EMPTY, S::EMPTY);
    for x in moves {
        if pruned.contains(x) {
            continue;
        }
        let mut next = base;
        next[p].insert(x);
        // Only what dies or is captured near `x` is looked for: two steps round it and
        // round each cell that dies.
        let grow = |set: S| set | next_to(geometry, set);
        let around = |set: S| grow(grow(set));
        let x_alone = S::single(x);
        let (after, dead) = fill_dead_keeping::<48, S>(geometry, next, around(x_alone));
        let mut filled = dead;
        capturing_pairs_near(geometry, after, player, around(x_alone | dead), |a, b| {
            filled |= S::single(a) | S::single(b)
        });
        let here = (filled & moves) - pruned - x_alone;
        if !here.is_empty() {
            pruned |= here;
            support |= (filled | x_alone | next_to(geometry, filled | x_alone)) & empty;
        }
    }
    (pruned, support)
}

/// A position's inferior cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inferior<S = Cells> {
    /// The dead cells (`dead`), in the position and in the position with the captured cells
    /// found before them filled in.
    pub dead: S,
    /// Each player's captured cells (`[X, O]`): X's as `captured` finds them, then O's in
    /// the position with X's given to X (and the dead cells filled), then X's again with
    /// O's given to O, and so on, so that all may be filled in together.
    pub captured: [S; 2],
}

/// The dead cells and both players' captured cells, each player's in turn with everything
/// found so far filled in, until a round finds nothing more (the search's way to `dead` and
/// `captured`, whose comments say why each is sound; Benzene fills in the same way).
pub fn analyse(geometry: &Geometry, stones: [Cells; 2]) -> Inferior {
    match geometry.narrow() {
        Some(narrow) => {
            let found = rounds(narrow, stones.map(Narrow::of), usize::MAX);
            Inferior {
                dead: found.dead.cells(),
                captured: found.captured.map(Narrow::cells),
            }
        }
        None => rounds(geometry, stones, usize::MAX),
    }
}

/// [`analyse`] with at most `most` rounds of each player's captured cells, each filled in
/// with the dead cells it makes before the next player's are looked for; until no more are
/// found.
fn rounds<S: CellSet>(geometry: &Geometry<S>, stones: [S; 2], most: usize) -> Inferior<S> {
    let (mut base, mut dead) = fill_dead(geometry, stones);
    let mut captured = [S::EMPTY; 2];
    for _ in 0..most {
        let before = captured;
        // White's first: which side's cells a round finds first changes what a bounded
        // number of rounds finds, and the solver's figures were measured in this order.
        for player in [Color::White, Color::Black] {
            let mut found = S::EMPTY;
            capturing_pairs(geometry, base, player, |a, b| {
                found |= S::single(a) | S::single(b)
            });
            if !found.is_empty() {
                captured[slot(player)] |= found;
                base[slot(player)] |= found;
                let (filled, more) = fill_dead(geometry, base);
                base = filled;
                dead |= more;
            }
        }
        if captured == before {
            break;
        }
    }
    Inferior { dead, captured }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The set of the spots whose bits `bits` has (bit `i` for spot `i`).
    fn set_of(bits: u128) -> Cells {
        (0..128)
            .filter(|&i| bits >> i & 1 != 0)
            .map(Spot::new)
            .collect()
    }

    /// A position drawn row by row, top first (`X`, `O`, `.`; spaces ignored).
    fn position(rows: &[&str]) -> (Geometry, [Cells; 2]) {
        let size = rows.len() as u8;
        let geometry: Geometry = Geometry::new(size);
        let mut stones = [Cells::EMPTY; 2];
        for (row, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(cells.len(), rows.len(), "row {row}");
            for (col, c) in cells.into_iter().enumerate() {
                let at = Cells::single(Spot::at(row, col, size.into()));
                match c {
                    'X' => stones[0] |= at,
                    'O' => stones[1] |= at,
                    '.' => {}
                    _ => panic!("{c}"),
                }
            }
        }
        (geometry, stones)
    }

    fn at(geometry: &Geometry, row: u8, col: u8) -> Cells {
        Cells::single(Spot::at(row.into(), col.into(), geometry.cols.into()))
    }

    /// Who wins with `to_move` to move: plain minimax over every empty cell, memoised.
    fn winner(
        geometry: &Geometry,
        stones: [Cells; 2],
        to_move: Color,
        memo: &mut HashMap<([Cells; 2], usize), Color>,
    ) -> Color {
        for player in Color::BOTH {
            if geometry.joins(player, stones[slot(player)]) {
                return player;
            }
        }
        let key = (stones, slot(to_move));
        if let Some(&won) = memo.get(&key) {
            return won;
        }
        let empty = geometry.all & !stones[0] & !stones[1];
        let wins = empty.iter().any(|cell| {
            let mut next = stones;
            next[slot(to_move)] |= Cells::single(cell);
            winner(geometry, next, to_move.opponent(), memo) == to_move
        });
        let won = if wins { to_move } else { to_move.opponent() };
        memo.insert(key, won);
        won
    }

    /// SplitMix64: a seeded stream for the random positions.
    struct Stream(u64);

    impl Stream {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random undecided positions: `size` x `size`, `2..=most_empty` empty cells, the others
    /// X or O at random.
    fn random_positions(size: u8, count: usize, most_empty: u64, seed: u64) -> Vec<[Cells; 2]> {
        let geometry: Geometry = Geometry::new(size);
        let mut stream = Stream(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut empty = Cells::EMPTY;
            let want = 2 + stream.below(most_empty - 1);
            while (empty.len() as u64) < want {
                empty.insert(Spot::new(
                    stream.below(geometry.cell_count() as u64) as usize
                ));
            }
            let mut stones = [Cells::EMPTY; 2];
            for cell in (geometry.all & !empty).iter() {
                stones[(stream.next() & 1) as usize] |= Cells::single(cell);
            }
            if !Color::BOTH
                .into_iter()
                .any(|p| geometry.joins(p, stones[slot(p)]))
            {
                out.push(stones);
            }
        }
        out
    }

    /// Whether giving each cell of `cells` to X, then each to O, and all of them to X and
    /// then to O, leaves the minimax winner alone with either side to move.
    fn colour_never_matters(geometry: &Geometry, stones: [Cells; 2], cells: Cells) -> bool {
        let mut memo = HashMap::new();
        Color::BOTH.into_iter().all(|to_move| {
            let expected = winner(geometry, stones, to_move, &mut memo);
            let mut variants = vec![cells];
            variants.extend(cells.iter().map(Cells::single));
            variants.into_iter().all(|given| {
                (0..2).all(|s| {
                    let mut next = stones;
                    next[s] |= given;
                    winner(geometry, next, to_move, &mut memo) == expected
                })
            })
        })
    }

    #[test]
    fn both_captured_sets_and_the_dead_cells_fill_in_together() {
        // What the solver fills in at once: X's captured cells to X, O's to O, and the dead
        // cells to X or to O, all at the same time.
        let (mut both, mut more_rounds) = (0, 0);
        for (size, count, seed) in [(4, 300, 21), (5, 300, 22)] {
            let geometry: Geometry = Geometry::new(size);
            for stones in random_positions(size, count, 10, seed) {
                let found = analyse(&geometry, stones);
                more_rounds += usize::from(found != rounds(&geometry, stones, 1));
                assert!((found.captured[0] & found.captured[1]).is_empty());
                assert!(((found.captured[0] | found.captured[1]) & found.dead).is_empty());
                both += usize::from(!found.captured[0].is_empty() && !found.captured[1].is_empty());
                let mut memo = HashMap::new();
                for to_move in Color::BOTH {
                    let expected = winner(&geometry, stones, to_move, &mut memo);
                    for dead_to in 0..2 {
                        let mut filled = stones;
                        filled[0] |= found.captured[0];
                        filled[1] |= found.captured[1];
                        filled[dead_to] |= found.dead;
                        assert_eq!(
                            winner(&geometry, filled, to_move, &mut memo),
                            expected,
                            "{stones:?} {found:?}"
                        );
                    }
                }
            }
        }
        assert!(
            both > 0,
            "some positions have captured cells of both players"
        );
        assert!(more_rounds > 0, "some positions need a second round");
    }

    #[test]
    fn on_13x13_and_19x19_what_is_filled_in_keeps_the_winner() {
        // 5x5 positions set in the corner of large boards ([`crate::geometry::embedded`]):
        // the knowledge's sets there are [`Cells`], not the narrow fast path; what it fills
        // in, read back on the 5x5 board, leaves minimax's winner alone.
        let small: Geometry = Geometry::new(5);
        let mut found_cells = 0;
        for stones in random_positions(5, 150, 10, 23) {
            let mut memo = HashMap::new();
            for big in [13, 19] {
                let geometry: Geometry = Geometry::new(big);
                let found = analyse(&geometry, crate::geometry::embedded(5, stones, big));
                let back = |set: Cells| -> Cells {
                    (set.iter())
                        .map(|at| crate::geometry::unembedded(5, at, big).expect("inside"))
                        .collect()
                };
                let (dead, captured) = (back(found.dead), found.captured.map(back));
                found_cells += dead.len() + captured[0].len() + captured[1].len();
                for to_move in Color::BOTH {
                    let expected = winner(&small, stones, to_move, &mut memo);
                    for dead_to in 0..2 {
                        let mut filled = stones;
                        filled[0] |= captured[0];
                        filled[1] |= captured[1];
                        filled[dead_to] |= dead;
                        assert_eq!(
                            winner(&small, filled, to_move, &mut memo),
                            expected,
                            "{big}x{big}: {stones:?} {found:?}"
                        );
                    }
                }
            }
        }
        assert!(found_cells >= 100, "{found_cells}");
    }

    #[test]
    fn filling_one_player_s_captured_cells_can_capture_more_for_the_other() {
        // O (top to bottom) on A1 captures B1 and A2; X's B3 captures A3 and A4; with those
        // filled in, O's corner captures C1 and B2 as well: found only by a second round.
        let (geometry, stones) = position(&[
            "O . . . .",
            ". . . . .",
            ". X . . .",
            ". . . . .",
            ". . . . .",
        ]);
        let found = analyse(&geometry, stones);
        let cells = |list: &[(u8, u8)]| {
            list.iter()
                .fold(Cells::EMPTY, |all, &(r, c)| all | at(&geometry, r, c))
        };
        assert_eq!(found.captured[1], cells(&[(0, 1), (0, 2), (1, 0), (1, 1)]));
        assert_eq!(found.captured[0], cells(&[(2, 0), (3, 0)]));
        assert_eq!(
            rounds(&geometry, stones, 1).captured[1],
            cells(&[(0, 1), (1, 0)])
        );
    }

    #[test]
    fn leaving_out_vulnerable_cells_keeps_the_winner() {
        // Cells left out; positions where a cell and its killer are both left out; positions
        // where the captured cells are filled in first, as the search does.
        let mut found = [0usize; 3];
        for (size, count, most_empty, seed) in
            [(3, 500, 7, 31), (4, 2000, 10, 32), (5, 2000, 11, 33)]
        {
            let geometry: Geometry = Geometry::new(size);
            for stones in random_positions(size, count, most_empty, seed) {
                let mut memo = HashMap::new();
                let found_here = analyse(&geometry, stones);
                let mut filled = stones;
                filled[0] |= found_here.captured[0];
                filled[1] |= found_here.captured[1];
                for (base, killers) in [
                    (stones, geometry.all & !stones[0] & !stones[1]),
                    (
                        filled,
                        geometry.all & !filled[0] & !filled[1] & !found_here.dead,
                    ),
                ] {
                    let empty = geometry.all & !base[0] & !base[1];
                    for to_move in Color::BOTH {
                        let (pruned, used) =
                            vulnerable(&geometry, base, to_move.opponent(), killers, killers);
                        assert!(((pruned | used) & !killers).is_empty());
                        if (killers & !pruned).is_empty() {
                            continue;
                        }
                        found[0] += pruned.len();
                        found[1] += usize::from(pruned.intersects(used));
                        found[2] += usize::from(!pruned.is_empty() && base != stones);
                        let expected = winner(&geometry, stones, to_move, &mut memo);
                        let left_wins = (empty & !pruned).iter().any(|at| {
                            let mut next = base;
                            next[slot(to_move)] |= Cells::single(at);
                            winner(&geometry, next, to_move.opponent(), &mut memo) == to_move
                        });
                        assert_eq!(
                            left_wins,
                            expected == to_move,
                            "{to_move} to move, {pruned} left out in {base:?}"
                        );
                    }
                }
            }
        }
        assert!(found.iter().all(|&n| n >= 20), "too few found: {found:?}");
    }

    #[test]
    fn leaving_out_dominated_cells_keeps_the_winner() {
        // In the position as it is and with the captured cells filled in, as the search does:
        // whoever wins still wins by a move that is left, and every cell left out has a kept
        // dominator that wins whenever it does.
        let mut found = [0usize; 2];
        for (size, count, most_empty, seed) in
            [(3, 400, 7, 41), (4, 1500, 10, 42), (5, 1500, 11, 43)]
        {
            let geometry: Geometry = Geometry::new(size);
            for stones in random_positions(size, count, most_empty, seed) {
                let mut memo = HashMap::new();
                let inferior = analyse(&geometry, stones);
                let mut filled = stones;
                filled[0] |= inferior.captured[0];
                filled[1] |= inferior.captured[1];
                for base in [stones, filled] {
                    let moves = geometry.all & !base[0] & !base[1] & !inferior.dead;
                    for to_move in Color::BOTH {
                        let (pruned, support) = dominated(&geometry, base, to_move, moves);
                        assert!((pruned & !moves).is_empty());
                        assert!(
                            moves.is_empty() || !(moves & !pruned).is_empty(),
                            "every move left out"
                        );
                        assert!(
                            !support.intersects(base[0] | base[1]),
                            "the support is empty cells"
                        );
                        if pruned.is_empty() {
                            continue;
                        }
                        found[0] += pruned.len();
                        found[1] += usize::from(base != stones);
                        let mut winning = Cells::EMPTY;
                        for at in moves.iter() {
                            let mut next = base;
                            next[slot(to_move)] |= Cells::single(at);
                            if winner(&geometry, next, to_move.opponent(), &mut memo) == to_move {
                                winning |= Cells::single(at);
                            }
                        }
                        let expected = winner(&geometry, stones, to_move, &mut memo) == to_move;
                        assert_eq!(
                            !(winning & !pruned).is_empty(),
                            expected,
                            "{to_move} to move, {pruned} left out in {base:?}"
                        );
                    }
                }
            }
        }
        assert!(found.iter().all(|&n| n >= 20), "too few found: {found:?}");
    }

    #[test]
    fn the_shifts_agree_with_the_neighbour_table() {
        for size in 1..=19 {
            let geometry = Geometry::<Cells>::new(size);
            let mut stream = Stream(u64::from(size));
            for _ in 0..200 {
                let mut word = || u128::from(stream.next()) << 64 | u128::from(stream.next());
                // Random sets over every word of the set, up to 19x19's 361 cells.
                let mut wide = || {
                    let (a, b, c) = (set_of(word()), set_of(word()), set_of(word()));
                    a | b << 128 | c << 256
                };
                let set = wide() & wide() & geometry.all;
                let count = |at: Spot| (geometry.neighbours[at.index()] & set).len();
                let at_least = |k: usize| -> Cells {
                    geometry
                        .all
                        .iter()
                        .filter(|&at| count(at) >= k)
                        .fold(Cells::EMPTY, |a, at| a | Cells::single(at))
                };
                assert_eq!(next_to(&geometry, set), at_least(1));
                assert_eq!(crowded(&geometry, set), [2, 3, 4].map(at_least));
                let seeds = set_of(stream.next().into()) & set;
                assert_eq!(spread(&geometry, seeds, set), geometry.flood(seeds, set));
            }
        }
    }

    #[test]
    fn the_shortcuts_miss_no_dead_cell() {
        // Positions of every density on 5x5 and 11x11: the bit-parallel filters must pass
        // each cell the full rule finds, and filling must stop only when the full rule finds
        // nothing more (else cells would be missed, not wrongly found).
        let mut seen = [0usize; 2];
        for (size, seed) in [(5, 4), (11, 5), (13, 6), (19, 7)] {
            let geometry: Geometry = Geometry::new(size);
            let mut stream = Stream(seed);
            for _ in 0..400 {
                let density = stream.below(100);
                let mut stones = [Cells::EMPTY; 2];
                for at in geometry.all.iter() {
                    if stream.below(100) < density {
                        stones[(stream.next() & 1) as usize] |= Cells::single(at);
                    }
                }
                let empty = geometry.all & !stones[0] & !stones[1];
                for s in 0..2 {
                    let sides = geometry.sides[s];
                    let maybe = maybe_useless(&geometry, stones[s], empty, sides);
                    for at in empty.iter() {
                        if useless_to(
                            &geometry,
                            stones[s],
                            empty,
                            sides,
                            at,
                            &mut Groups::<0, Cells>::new(),
                        ) {
                            assert!(maybe.contains(at), "{at} in {stones:?}");
                            seen[0] += 1;
                        }
                    }
                }
                let base = fill_dead(&geometry, stones).0;
                // Keeping groups changes nothing.
                assert_eq!(
                    fill_dead_keeping::<0, Cells>(&geometry, stones, geometry.all).0,
                    base
                );
                // Looking again only near each filled cell misses nothing.
                for at in (geometry.all & !base[0] & !base[1]).iter() {
                    assert_eq!(dead_here(&geometry, base, at), None, "{at} in {stones:?}");
                }
                for player in Color::BOTH {
                    let filter = PairFilter::new(&geometry, base, player);
                    for at in filter.empty.iter() {
                        for taken in (geometry.neighbours[at.index()] & filter.empty).iter() {
                            let mut next = base;
                            next[slot(player)] |= Cells::single(taken);
                            if dead_here(&geometry, next, at).is_some() {
                                assert!(filter.may_die(&geometry, at, taken));
                                assert!(filter.cells.contains(at));
                                seen[1] += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n >= 100), "{seen:?}");
        // Rarer: cells that die once the player takes a neighbour only because they are then
        // of no use to the other player (found by a wider sweep of the same kind).
        for (size, stones, player, at, taken) in [
            (6, [0x422c8, 0xce2909002], Color::White, 16, 11),
            (6, [0xc2710a066, 0x58611001], Color::Black, 3, 4),
            (
                11,
                [
                    0x100e3482200802024808800600f84e0,
                    0x82141004c020978039002605804000,
                ],
                Color::Black,
                56,
                67,
            ),
        ] {
            let geometry: Geometry = Geometry::new(size);
            let (stones, at, taken) = (stones.map(set_of), Spot::new(at), Spot::new(taken));
            let base = fill_dead(&geometry, stones).0;
            let mut next = base;
            next[slot(player)] |= Cells::single(taken);
            let empty = geometry.all & !next[0] & !next[1];
            let other = 1 - slot(player);
            assert!(useless_to(
                &geometry,
                next[other],
                empty,
                geometry.sides[other],
                at,
                &mut Groups::<0, Cells>::new()
            ));
            assert!(!useless_to(
                &geometry,
                next[slot(player)],
                empty,
                geometry.sides[slot(player)],
                at,
                &mut Groups::<0, Cells>::new()
            ));
            assert!(PairFilter::new(&geometry, base, player).may_die(&geometry, at, taken));
        }
    }

    #[test]
    fn a_cell_surrounded_by_one_colour_is_dead() {
        // b2 (row 1, col 1): its six neighbours (a ring, so one group) are X.
        let (geometry, stones) = position(&[
            ". X X", //
            "X . X", //
            "X X .",
        ]);
        let b2 = at(&geometry, 1, 1);
        assert_eq!(dead(&geometry, stones) & b2, b2);
        // One O stone in the ring: X's five are still a chain round it, and O's one
        // stone has nothing to be joined to.
        let (geometry, stones) = position(&[
            ". X O", //
            "X . X", //
            "X X .",
        ]);
        assert_eq!(dead(&geometry, stones) & b2, b2);
        assert!(colour_never_matters(&geometry, stones, b2));
    }

    #[test]
    fn a_cell_between_a_group_of_each_colour_is_dead() {
        // b2: three X in a row above and right of it, three O in a row below and left.
        let (geometry, stones) = position(&[
            ". X X .", //
            "O . X .", //
            "O O . .", //
            ". . . .",
        ]);
        let b2 = at(&geometry, 1, 1);
        assert_eq!(dead(&geometry, stones) & b2, b2);
        // The colours alternating round it (three lone stones each): whoever takes it
        // joins three stones, so it is not dead.
        let (geometry, stones) = position(&[
            ". X O .", //
            "O . X .", //
            "X O . .", //
            ". . . .",
        ]);
        assert!((dead(&geometry, stones) & b2).is_empty());
    }

    #[test]
    fn an_edge_cell_is_dead_when_the_side_joins_its_neighbours() {
        // a2 (row 1, col 0) lies on X's first side, with X's a1 and a3 on that side too
        // (joined by it) and O's b1, b2 next to each other: dead.
        let (geometry, stones) = position(&[
            "X O . .", //
            ". O . .", //
            "X . . .", //
            ". . . .",
        ]);
        let a2 = at(&geometry, 1, 0);
        assert_eq!(dead(&geometry, stones) & a2, a2);
        // The colours swapped: O's two stones are not joined (a2 is on no side of O's),
        // and X's two are joined but reach no side, while a2 lies on one: not dead.
        let (geometry, stones) = position(&[
            "O X . .", //
            ". X . .", //
            "O . . .", //
            ". . . .",
        ]);
        assert!((dead(&geometry, stones) & a2).is_empty());
    }

    #[test]
    fn four_neighbours_in_a_row_of_one_colour_make_a_dead_cell() {
        // c3 (row 2, col 2): four X neighbours in a row, the other two empty; either
        // empty one, if X's, touches the row, so X gains nothing at c3.
        let (geometry, stones) = position(&[
            ". . . . .", //
            ". . X X .", //
            ". . . X .", //
            ". . X . .", //
            ". . . . .",
        ]);
        let c3 = at(&geometry, 2, 2);
        // So is d1 (row 0, col 3), on O's first side behind X's c2 and d2 (row 1): as
        // X's it touches only that pair and cells touching it, as O's only O's side and
        // cells on it.
        let d1 = at(&geometry, 0, 3);
        assert_eq!(dead(&geometry, stones), c3 | d1);
        // Three in a row: the empty neighbour across from the middle one touches none
        // of them, and three empty neighbours are too many for O.
        let mut three = stones;
        three[0] &= !at(&geometry, 3, 2);
        assert_eq!(dead(&geometry, three), d1);
    }

    #[test]
    fn filling_dead_cells_can_kill_more() {
        // c3 (row 2, col 2) is not dead at first sight, but its neighbours d3, b4 and c4
        // are, and are filled with the colour each is of no use to: d3 and b4 X, then c4
        // O. With them filled, c3 is of no use to O: O's b3 and c4 are joined by O's last
        // side, and its one empty neighbour, c2, touches b3.
        let (geometry, stones) = position(&[
            ". . . X", //
            ". . . X", //
            ". O . .", //
            "O . . X",
        ]);
        let first = at(&geometry, 2, 3) | at(&geometry, 3, 1) | at(&geometry, 3, 2);
        let c3 = at(&geometry, 2, 2);
        let dead = dead(&geometry, stones);
        assert_eq!(dead, first | c3);
        assert!(colour_never_matters(&geometry, stones, dead));
    }

    #[test]
    fn two_edge_cells_between_two_stones_on_the_edge_are_captured() {
        // d2 and d3 (rows 1 and 2, col 3) on X's last side, between X's d1 and d4 on it:
        // once X has one of them, the other touches only that side and cells touching X's
        // stones, so whichever O takes, X takes the other.
        let (geometry, stones) = position(&[
            ". . . X", //
            ". . . .", //
            ". . . .", //
            ". . . X",
        ]);
        let pair = at(&geometry, 1, 3) | at(&geometry, 2, 3);
        assert!((dead(&geometry, stones)).is_empty());
        assert_eq!(captured(&geometry, stones, Color::White), pair);
        assert!((captured(&geometry, stones, Color::Black)).is_empty());
        // The same with the left half filled, small enough for minimax.
        let (geometry, stones) = position(&[
            "O X . X", //
            "X O . .", //
            "O X . .", //
            "X O . X",
        ]);
        assert_eq!(captured(&geometry, stones, Color::White) & pair, pair);
        let mut memo = HashMap::new();
        for to_move in Color::BOTH {
            let mut given = stones;
            given[0] |= pair;
            assert_eq!(
                winner(&geometry, given, to_move, &mut memo),
                winner(&geometry, stones, to_move, &mut memo)
            );
        }
        // Once O has played d3, the pair is gone: d2 alone is not captured.
        let mut intruded = stones;
        intruded[1] |= at(&geometry, 2, 3);
        assert!((captured(&geometry, intruded, Color::White) & pair).is_empty());
    }

    #[test]
    fn the_brute_force_check_catches_a_rule_that_is_not_sound() {
        // Calling every empty cell with no empty neighbour dead, colours ignored, is wrong;
        // the check used below must find that out on the same positions.
        let geometry: Geometry = Geometry::new(4);
        let caught = random_positions(4, 300, 7, 2).into_iter().any(|stones| {
            let empty = geometry.all - stones[0] - stones[1];
            let enclosed: Cells = (empty.iter())
                .filter(|&c| !geometry.neighbours[c.index()].intersects(empty))
                .collect();
            !colour_never_matters(&geometry, stones, enclosed)
        });
        assert!(caught);
    }

    #[test]
    fn random_small_positions_agree_with_minimax() {
        // Cells found: dead, captured by X, by O; positions where captured pairs share a
        // cell.
        let mut found = [0usize; 4];
        for (size, count, most_empty, seed) in [(3, 300, 6, 1), (4, 1000, 9, 2), (5, 1000, 10, 3)] {
            let geometry: Geometry = Geometry::new(size);
            for stones in random_positions(size, count, most_empty, seed) {
                let empty = geometry.all & !stones[0] & !stones[1];
                let dead = dead(&geometry, stones);
                assert!((dead & !empty).is_empty());
                assert!(
                    colour_never_matters(&geometry, stones, dead),
                    "dead {dead} in {stones:?}"
                );
                found[0] += dead.len();
                let mut memo = HashMap::new();
                for player in Color::BOTH {
                    let cells = captured(&geometry, stones, player);
                    assert!((cells & !empty).is_empty());
                    assert!((cells & dead).is_empty());
                    found[1 + slot(player)] += cells.len();
                    let mut paired = 0;
                    let mut pairs = Cells::EMPTY;
                    capturing_pairs(&geometry, fill_dead(&geometry, stones).0, player, |a, b| {
                        assert!(geometry.neighbours[a.index()].contains(b));
                        paired += 2;
                        pairs |= Cells::single(a) | Cells::single(b);
                    });
                    assert_eq!(pairs, cells);
                    found[3] += usize::from(paired > cells.len());
                    // All of them, and each alone, given to the player.
                    for given in std::iter::once(cells).chain(cells.iter().map(Cells::single)) {
                        for to_move in Color::BOTH {
                            let expected = winner(&geometry, stones, to_move, &mut memo);
                            let mut next = stones;
                            next[slot(player)] |= given;
                            assert_eq!(
                                winner(&geometry, next, to_move, &mut memo),
                                expected,
                                "{player} captures {cells} in {stones:?}"
                            );
                        }
                    }
                }
            }
        }
        assert!(found.iter().all(|&n| n >= 20), "too few found: {found:?}");
    }
}
