//! `boardgames hex solve`: who wins a position, or every opening of a board.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use hex::cli::SolveArgs;
use hex::contest;
use hex::sgf;
use hex::solver::{self, MIN_BOOK_WORK, Outcome, ProofBook, Report, Setup, Solved, Solver};
use indicatif::{ProgressBar, ProgressStyle};

use crate::io;

pub fn run(args: SolveArgs) -> Result<()> {
    let usage = |e| io::usage(&["hex", "solve"], e);
    let out = args.proofs_out().map_err(usage)?;
    let only = args.only().map_err(usage)?;
    let setup = Setup {
        threads: args.threads(crate::cores()),
        limits: args.limits(),
        knowledge: args.knowledge.knowledge(),
        book: read_books(&args.book)?,
    };
    let (report, book) = match args.openings {
        Some(size) => {
            let jobs = (args.jobs).map_or_else(|| crate::jobs_beside(setup.threads), usize::from);
            let bar = ProgressBar::new(u64::from(size) * u64::from(size)).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} openings, {elapsed} {msg}")?,
            );
            let shown = bar.clone();
            let found = hex::solver::solve_openings(
                &setup,
                size,
                args.first,
                only.as_deref(),
                jobs,
                move |report| match report {
                    Report::Searching { openings, nodes } => {
                        let openings: Vec<String> =
                            openings.iter().map(|c| c.to_string()).collect();
                        shown.set_message(format!(
                            "(searching {}; {} positions searched in all)",
                            openings.join(", "),
                            nodes
                        ));
                    }
                    Report::Done(openings) => shown.inc(openings as u64),
                },
            );
            bar.finish_and_clear();
            let found = found?;
            (found.to_string(), found.book)
        }
        None => {
            let bar = ProgressBar::new_spinner()
                .with_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}")?);
            let shown = bar.clone();
            let mut solver = setup.solver(1).with_progress(move |progress| {
                shown.set_message(format!("{} positions searched", progress.nodes));
                shown.tick();
            });
            let report = positions(&mut solver, &args);
            bar.finish_and_clear();
            (report?, solver.book(MIN_BOOK_WORK))
        }
    };
    if let Some(path) = out {
        std::fs::write(path, book.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    io::print(&report)
}

/// The proof files that exist among `paths`, merged.
fn read_books(paths: &[PathBuf]) -> Result<Option<ProofBook>> {
    let mut merged: Option<ProofBook> = None;
    for path in paths.iter().filter(|path| path.exists()) {
        let book = io::read_path(path)?.parse(ProofBook::parse)?;
        merged.get_or_insert_default().merge(book);
    }
    Ok(merged)
}

/// Solves every data set of the input.
fn positions(solver: &mut Solver, args: &SolveArgs) -> Result<String> {
    let input = io::read(&args.input)?;
    let data_set = |number: usize| format!("{}: data set {number}", input.name);
    // An SGF record: the position after its moves (a rectangle too), with the side whose
    // turn it is; or the contest's boards, each with X moving first.
    let positions = if input.text.trim_start().starts_with("(;") {
        let record = sgf::parse(&input.text).map_err(|e| anyhow!("{}:{e}", input.name))?;
        let position = record
            .position()
            .map_err(|(i, e)| anyhow!("{}: stone {}: {e}", input.name, i + 1))?;
        vec![position.with_to_move(args.to_move.unwrap_or(position.to_move))]
    } else {
        let boards = input.parse(contest::parse)?;
        (1..)
            .zip(boards)
            .map(|(number, board)| {
                let to_move = (args.to_move.or(board.side_to_move())).with_context(|| {
                    format!(
                        "{}: say which side is to move with --to-move",
                        data_set(number)
                    )
                })?;
                solver::position_of(&board, to_move).with_context(|| data_set(number))
            })
            .collect::<Result<Vec<_>>>()?
    };
    let mut out = String::new();
    let mut trees = String::new();
    // The proof tree's walk counts the proof too: the search need not walk it first.
    solver.count_proofs(args.proof_tree.is_none());
    for (number, position) in (1..).zip(&positions) {
        let data_set = || data_set(number);
        let mut outcome = solver.solve(position).with_context(data_set)?;
        if args.proof_tree.is_some() {
            let tree = match &mut outcome {
                Outcome::Proven(proof) => {
                    let tree = solver.proof_tree(position).with_context(data_set)?;
                    proof.size = tree.iter().filter(|step| !step.transposition).count() as u64;
                    tree
                }
                Outcome::Unknown { .. } => Vec::new(),
            };
            trees += &sgf::proof_tree(position, &outcome, &tree);
        }
        out += &Solved {
            number,
            position,
            outcome,
        }
        .to_string();
    }
    if let Some(path) = &args.proof_tree {
        std::fs::write(path, trees).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(out)
}
