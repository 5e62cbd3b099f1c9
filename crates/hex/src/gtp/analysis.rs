//! The analysis commands' answers in the forms HexGui draws: `pspairs`, `plist`, `inferior`
//! and `vc`.

use super::command::{Edge, VcEnd};
use crate::cells::Cells;
use crate::game::{Cell, Color, Game};
use crate::geometry::slot;
use crate::knowledge::{
    Decision, Endpoint, Expert, Knowledge, dominated, dominators_of, killers_of, vulnerable,
};
use crate::player::search::Evaluation;
use crate::position::Position;

/// Cells with a value each (a chance, 0 to 1), in HexGui's `pspairs` form, each value
/// [`short`].
pub fn pspairs(values: &[(Cell, f64)]) -> String {
    (values.iter())
        .map(|(p, value)| format!("{} {}", p.lower(), short(*value)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The fewest visits a move needs for `mcts-values` to show its value.
pub const VALUE_VISITS: u64 = 10;

/// The search's values in HexGui's `pspairs` form, MoHex's way: each move's win rate
/// ([`short`]), `@`, then its visits (HexGui draws the two on two lines). A move with fewer
/// than [`VALUE_VISITS`] visits is left out, unless nothing was searched (the knowledge
/// decided the move alone).
pub fn search_values(evaluation: &Evaluation) -> String {
    (evaluation.values.iter())
        .filter(|&&(_, visits, _)| visits >= VALUE_VISITS || evaluation.playouts == 0)
        .map(|(p, visits, rate)| format!("{} {}@{visits}", p.lower(), short(*rate)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A chance (0 to 1) in per cent, in at most three characters so that it is read within a
/// cell of HexGui's board: `100`, `53`, `7.4`, `.83`, `.04`; `0` only for none at all.
pub fn short(chance: f64) -> String {
    let percent = (chance * 100.0).clamp(0.0, 100.0);
    if percent >= 9.95 {
        format!("{percent:.0}")
    } else if percent >= 0.995 {
        format!("{percent:.1}")
    } else if percent > 0.0 {
        format!("{percent:.2}").trim_start_matches('0').to_string()
    } else {
        "0".into()
    }
}

/// Cells as GTP points, separated by spaces.
pub fn points(cells: Vec<crate::Cell>) -> String {
    (cells.into_iter())
        .map(|cell| cell.lower().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A board the knowledge does not cover (named as GTP's `boardsize` names it, columns
/// first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the knowledge covers boards of up to {} cells; {cols}x{rows} has {}",
    Cells::CAPACITY,
    usize::from(*rows) * usize::from(*cols)
)]
pub struct NotCovered {
    /// The board's rows.
    pub rows: u8,
    /// Its columns.
    pub cols: u8,
}

/// Whether the knowledge covers `game`'s board (squares and rectangles alike,
/// [`Expert::covers`]).
fn covered(game: &Game) -> Result<(), NotCovered> {
    let (rows, cols) = (game.rows(), game.cols());
    if Expert::covers(rows, cols) {
        Ok(())
    } else {
        Err(NotCovered { rows, cols })
    }
}

/// What the knowledge says of `game` with `color` to move, in HexGui's `inferior` labels
/// (each a point and a label): the fill-in, `fd` (dead) or `fc` (captured) then the colour
/// it is filled with, `b` or `w` (a dead cell with `color`'s, a captured one with its
/// captor's); then the moves `color` may ignore among the others, `iv[...]` for a
/// vulnerable cell with its killers and `id[...]` for a dominated one with moves that
/// dominate it, the points joined by `-`. `compute-inferior` looks at every empty cell;
/// `vc-get-mustplay` (`must_play`) only at the must-play region, and marks each other cell
/// `x`. Both are the solver's knowledge: the cells neither labels nor the fill-in rule out
/// are the moves its decision considers (none when it has decided).
pub fn knowledge(game: &Game, color: Color, must_play: bool) -> Result<String, NotCovered> {
    covered(game)?;
    let expert = Expert::rectangle(game.rows(), game.cols(), Knowledge::default());
    let geometry = &expert.geometry;
    let mut position = Position::of_game(game);
    let me = color;
    position.to_move = me;
    let inferior = expert.inferior(&position);
    let [black, white] = [Color::Black, Color::White].map(|c| inferior.captured[slot(c)]);
    let colour = |c: Color| if c == Color::Black { 'b' } else { 'w' };
    let mut labels: Vec<(Cells, String)> = vec![
        (inferior.dead, format!("fd{}", colour(color))),
        (black, "fcb".into()),
        (white, "fcw".into()),
    ];
    let open = position.empty(geometry) & !inferior.dead & !black & !white;
    // The moves looked at: every open cell, or the must-play region of the decision without
    // the inferior moves (the player's knowledge); none once the position is decided.
    let looked_at = if must_play {
        match Expert::new_rectangle(game.rows(), game.cols()).decide(&position) {
            Decision::Consider { moves, .. } => moves & open,
            Decision::Won { .. } | Decision::Lost { .. } => Cells::EMPTY,
        }
    } else {
        open
    };
    if must_play && !looked_at.is_empty() {
        labels.push((open & !looked_at, "x".into()));
    }
    // The position with the captured cells given to their captors, as the decision sees it;
    // the vulnerable cells left out first, then the dominated ones, as it does.
    let mut stones = position.stones;
    for (s, captured) in stones.iter_mut().zip(inferior.captured) {
        *s |= captured;
    }
    let (killed, _) = vulnerable(geometry, stones, me.opponent(), looked_at, open);
    let killed = if (looked_at - killed).is_empty() {
        Cells::EMPTY
    } else {
        killed
    };
    let rest = looked_at & !killed;
    let (dominated_cells, _) = if rest.len() > 1 {
        dominated(geometry, stones, me, rest)
    } else {
        (Cells::EMPTY, Cells::EMPTY)
    };
    let points = |cells: Cells| {
        (cells.iter())
            .map(|at| geometry.cell_at(at).lower().to_string())
            .collect::<Vec<_>>()
            .join("-")
    };
    for v in killed {
        let killers = killers_of(geometry, stones, me.opponent(), v, open);
        labels.push((Cells::single(v), format!("iv[{}]", points(killers))));
    }
    for d in dominated_cells {
        let dominators = dominators_of(geometry, stones, me, d, rest);
        labels.push((Cells::single(d), format!("id[{}]", points(dominators))));
    }
    Ok(labels
        .iter()
        .flat_map(|(cells, label)| {
            (cells.iter()).map(move |at| format!("{} {label}", geometry.cell_at(at).lower()))
        })
        .collect::<Vec<_>>()
        .join(" "))
}

/// `vc-between-cells-full` and `-semi`: COLOR's connections between two ends that H-search
/// finds, a line each as Benzene writes them for HexGui (`COLOR P Q full or [ carrier ] [ ]`;
/// a semi-connection `semi and`, then its key). An edge of the other colour's, or an end on
/// the opponent's stone, has none; a stone on one's own edge stands for that edge.
pub fn connections(
    game: &Game,
    color: Color,
    ends: [VcEnd; 2],
    full: bool,
) -> Result<String, String> {
    covered(game).map_err(|e| e.to_string())?;
    let expert = Expert::new_rectangle(game.rows(), game.cols());
    let geometry = &expert.geometry;
    let mut endpoints = [Endpoint::Side(0); 2];
    for (end, endpoint) in ends.iter().zip(&mut endpoints) {
        *endpoint =
            match (*end, color) {
                (VcEnd::Cell(p), _) if p.row >= game.rows() || p.col >= game.cols() => {
                    return Err(format!(
                        "{} is off the {}x{} board",
                        p.lower(),
                        game.cols(),
                        game.rows()
                    ));
                }
                (VcEnd::Cell(p), _) => Endpoint::Cell(geometry.spot(p)),
                (VcEnd::Edge(Edge::North), Color::Black)
                | (VcEnd::Edge(Edge::West), Color::White) => Endpoint::Side(0),
                (VcEnd::Edge(Edge::South), Color::Black)
                | (VcEnd::Edge(Edge::East), Color::White) => Endpoint::Side(1),
                (VcEnd::Edge(_), _) => return Ok(String::new()),
            };
    }
    let position = Position::of_game(game);
    let found = expert.connections_between(&position, color, endpoints);
    let cells = |carrier: Cells| {
        (carrier.iter())
            .map(|at| format!(" {}", geometry.cell_at(at).lower()))
            .collect::<String>()
    };
    let [from, to] = ends;
    let lines: Vec<String> = if full {
        (found.full.iter())
            .map(|&carrier| format!("{color} {from} {to} full or [{} ] [ ]", cells(carrier)))
            .collect()
    } else {
        (found.semi.iter())
            .map(|&(carrier, key)| {
                let key = geometry.cell_at(key).lower();
                format!(
                    "{color} {from} {to} semi and [{} ] [ ] {key}",
                    cells(carrier)
                )
            })
            .collect()
    };
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MAX_BOARD, Move};
    use crate::geometry::Geometry;
    use crate::knowledge::inferior_cells;

    /// One label of an `inferior` answer, read as HexGui's `showInferiorCells` reads it
    /// (where anything else throws or draws an arrow to nowhere).
    #[derive(Debug)]
    enum Label {
        /// `f`, then `d`, `c` or `p`, then the colour filled in.
        Fill(char, Color),
        /// `i`, then `v`, `r` or `d`, then `[` the cells `-`-joined `]`.
        Ignorable(char, Vec<Cell>),
        /// `x`: outside the moves to consider.
        Outside,
    }

    fn label(text: &str, game: &Game) -> Result<Label, String> {
        let chars: Vec<char> = text.chars().collect();
        match chars.as_slice() {
            ['f', kind @ ('d' | 'c' | 'p'), colour @ ('b' | 'w')] => Ok(Label::Fill(
                *kind,
                if *colour == 'b' {
                    Color::Black
                } else {
                    Color::White
                },
            )),
            ['i', kind @ ('v' | 'r' | 'd'), '[', .., ']'] => {
                let inside = &text[3..text.len() - 1];
                let points: Option<Vec<Cell>> = inside.split('-').map(|p| point(p, game)).collect();
                match points {
                    Some(points) if !inside.is_empty() => Ok(Label::Ignorable(*kind, points)),
                    _ => Err(format!("{text}: not points on the board joined by -")),
                }
            }
            ['x'] => Ok(Label::Outside),
            _ => Err(format!("{text}: not a label HexGui reads")),
        }
    }

    /// The point named `name` on `game`'s board (square or not), if it is one.
    fn point(name: &str, game: &Game) -> Option<Cell> {
        Cell::parse(name, MAX_BOARD).filter(|p| p.row < game.rows() && p.col < game.cols())
    }

    /// The answer's points and labels, checked against HexGui's grammar: pairs of a point
    /// (empty, on the board, each once) and a label.
    fn labels(answer: &str, game: &Game) -> Vec<(Cell, Label)> {
        let words: Vec<&str> = answer.split_whitespace().collect();
        assert_eq!(words.len() % 2, 0, "{answer}");
        let mut seen = Vec::new();
        (words.chunks(2))
            .map(|pair| {
                let point = point(pair[0], game)
                    .unwrap_or_else(|| panic!("{} is no point: {answer}", pair[0]));
                assert!(game.get(point).is_none(), "{point} has a stone: {answer}");
                assert!(!seen.contains(&point), "{point} twice: {answer}");
                seen.push(point);
                (point, label(pair[1], game).unwrap())
            })
            .collect()
    }

    /// Positions after random moves (up to half the cells) on a `size` x `size` board, the
    /// same on every run.
    fn positions(size: u8, count: usize, seed: u64) -> Vec<Game> {
        positions_on(size, size, count, seed)
    }

    /// The same on a `rows` x `cols` board.
    fn positions_on(rows: u8, cols: u8, count: usize, seed: u64) -> Vec<Game> {
        let mut state = seed;
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        (0..count)
            .map(|_| {
                let mut game = Game::rectangle(rows, cols).unwrap();
                let stones = next(usize::from(rows) * usize::from(cols) / 2);
                for _ in 0..stones {
                    let empty: Vec<Cell> = game.empty_points().collect();
                    let color = game.to_move();
                    game.play(color, Move::Play(empty[next(empty.len())]))
                        .unwrap();
                }
                game
            })
            .collect()
    }

    /// Each label says what the knowledge finds: a filled cell is dead or captured by
    /// that colour, a vulnerable cell is dead once the opponent takes each killer named, a
    /// dominated cell is filled in once the side to move takes each dominator named, and
    /// `x` lies outside the must-play region; with `must_play`, the cells left unlabelled
    /// are the solver's moves to consider.
    fn check(game: &Game, color: Color, must_play: bool) {
        let answer = knowledge(game, color, must_play).unwrap();
        let (rows, cols) = (game.rows(), game.cols());
        let geometry = Geometry::<Cells>::rectangle(rows, cols);
        let at = |p: Cell| Cells::single(geometry.spot(p));
        let mut position = Position::of_game(game);
        let me = color;
        position.to_move = me;
        let inferior = inferior_cells(&geometry, position.stones);
        let mut stones = position.stones;
        for (s, captured) in stones.iter_mut().zip(inferior.captured) {
            *s |= captured;
        }
        let after = |player: crate::Color, cell: Cell| {
            let mut next = stones;
            next[slot(player)] |= at(cell);
            inferior_cells(&geometry, next)
        };
        let must = match Expert::new_rectangle(rows, cols).decide(&position) {
            Decision::Consider { moves, .. } => Some(moves),
            _ => None,
        };
        let mut labelled = Cells::EMPTY;
        let context = format!("{color} in\n{game}\n{answer}");
        for (point, label) in labels(&answer, game) {
            let cell = at(point);
            labelled |= cell;
            match label {
                Label::Fill('d', c) => {
                    assert!(
                        inferior.dead.intersects(cell) && c == color,
                        "{point}: {context}"
                    )
                }
                Label::Fill('c', c) => assert!(
                    inferior.captured[slot(c)].intersects(cell),
                    "{point}: {context}"
                ),
                Label::Ignorable('v', killers) => {
                    for k in killers {
                        assert!(
                            after(me.opponent(), k).dead.intersects(cell),
                            "{point}: {context}"
                        );
                    }
                }
                Label::Ignorable('d', dominators) => {
                    for x in dominators {
                        let filled = after(me, x);
                        let filled = filled.dead | filled.captured[0] | filled.captured[1];
                        assert!(filled.intersects(cell), "{point} by {x}: {context}");
                    }
                }
                Label::Outside => assert!(
                    must_play && must.is_some_and(|m| !m.intersects(cell)),
                    "{point}: {context}"
                ),
                other => panic!("{other:?} is not made here: {context}"),
            }
        }
        let solver = Expert::rectangle(rows, cols, Knowledge::default());
        if must_play && let Decision::Consider { moves, .. } = solver.decide(&position) {
            let unlabelled = position.empty(&geometry) & !labelled;
            assert_eq!(unlabelled, moves, "{context}");
        }
    }

    #[test]
    fn values_fit_a_cell() {
        for (chance, shown) in [
            (1.0, "100"),
            (0.996, "100"),
            (0.534, "53"),
            (0.1, "10"),
            (0.0995, "10"),
            (0.074, "7.4"),
            (0.01, "1.0"),
            (0.00994, ".99"),
            (0.0083, ".83"),
            (0.0004, ".04"),
            (0.00002, ".00"),
            (0.0, "0"),
        ] {
            assert_eq!(short(chance), shown, "{chance}");
        }
        // Every chance, however it rounds, takes at most three characters.
        for i in 0..=100_000 {
            let text = short(f64::from(i) / 100_000.0);
            assert!(text.len() <= 3, "{i}: {text}");
        }
    }

    #[test]
    fn every_inferior_label_is_one_hexgui_reads_and_what_the_knowledge_says() {
        let mut games = positions(9, 12, 1);
        games.extend(positions(11, 8, 2));
        games.extend(positions(5, 12, 3));
        // Rectangles, wide and tall, up to the knowledge's cells (8x16 and 6x19: 128 and 114).
        games.extend(positions_on(4, 7, 8, 4));
        games.extend(positions_on(9, 5, 8, 5));
        games.extend(positions_on(8, 16, 3, 6));
        games.extend(positions_on(19, 6, 3, 7));
        let (mut fills, mut vulnerable, mut dominated, mut outside) = (0, 0, 0, 0);
        for game in &games {
            for color in [Color::Black, Color::White] {
                for must_play in [false, true] {
                    check(game, color, must_play);
                    let answer = knowledge(game, color, must_play).unwrap();
                    for word in answer.split_whitespace().skip(1).step_by(2) {
                        match &word[..2.min(word.len())] {
                            "fd" | "fc" => fills += 1,
                            "iv" => vulnerable += 1,
                            "id" => dominated += 1,
                            _ => outside += 1,
                        }
                    }
                }
            }
        }
        // Every kind of label is met (so that each is checked).
        assert!(fills > 0 && vulnerable > 0 && dominated > 0 && outside > 0);
    }
}
