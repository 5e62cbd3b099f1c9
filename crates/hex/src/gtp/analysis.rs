//! The analysis commands' answers in the forms HexGui draws: `pspairs`, `plist`, `inferior`
//! and `vc`.

use super::command::{Edge, VcEnd};
use crate::cells::Cells;
use crate::game::{Cell, Color, Game};
use crate::geometry::slot;
use crate::knowledge::{Decision, Endpoint, Expert};
use crate::position::Position;
use crate::solver::MAX_SOLVER_SIZE;

/// Points with a value each, in HexGui's `pspairs` form.
pub fn pspairs(values: &[(Cell, f64)]) -> String {
    (values.iter())
        .map(|(p, value)| format!("{} {value:.4}", p.lower()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cells as GTP points, separated by spaces.
pub fn points(cells: Vec<crate::Cell>) -> String {
    (cells.into_iter())
        .map(|cell| cell.lower().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the knowledge says of `game` with `color` to move, as HexGui's `inferior` type
/// shows it: each filled-in cell with `fb` or `fw`, then (with `must_play`, when the
/// position is not decided) each other empty cell outside the moves to consider with `x`.
pub fn knowledge(game: &Game, color: Color, must_play: bool) -> Result<String, String> {
    if game.size() > MAX_SOLVER_SIZE {
        return Err(format!(
            "the knowledge covers boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE}"
        ));
    }
    let expert = Expert::new(game.size());
    let mut position = Position::of_game(game);
    position.to_move = color.player();
    let inferior = expert.inferior(&position);
    let mut marks: Vec<(Cells, &str)> = vec![
        (inferior.captured[slot(Color::Black.player())], "fb"),
        (inferior.captured[slot(Color::White.player())], "fw"),
        (
            inferior.dead,
            if color == Color::Black { "fb" } else { "fw" },
        ),
    ];
    if must_play && let Decision::Consider { moves, .. } = expert.decide(&position) {
        let filled = inferior.dead | inferior.captured[0] | inferior.captured[1];
        marks.push((position.empty(&expert.geometry) - moves - filled, "x"));
    }
    let geometry = &expert.geometry;
    Ok(marks
        .into_iter()
        .flat_map(|(cells, mark)| {
            (cells.iter()).map(move |at| format!("{} {mark}", geometry.cell_at(at).lower()))
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
    if game.rows() != game.cols() || game.size() > MAX_SOLVER_SIZE {
        return Err(format!(
            "the knowledge covers square boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE}"
        ));
    }
    let expert = Expert::new(game.size());
    let geometry = &expert.geometry;
    let mut endpoints = [Endpoint::Side(0); 2];
    for (end, endpoint) in ends.iter().zip(&mut endpoints) {
        *endpoint =
            match (*end, color) {
                (VcEnd::Cell(p), _) if p.row >= game.rows() || p.col >= game.cols() => {
                    return Err(format!(
                        "{} is off the {1}x{1} board",
                        p.lower(),
                        game.size()
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
    let found = expert.connections_between(&position, color.player(), endpoints);
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
