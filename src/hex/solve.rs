//! `boardgames hex solve`: who wins a position, or every opening of a board.

use anyhow::{Context, Result};
use hex::cli::SolveArgs;
use hex::solver::{self, MIN_BOOK_WORK, ProofBook, Report, Setup, Solver};
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
        book: ProofBook::read_existing(&args.book)?,
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
                    Report::Searching { .. } => shown.set_message(report.to_string()),
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

/// Solves every position of the input, and writes the proof trees if asked.
fn positions(solver: &mut Solver, args: &SolveArgs) -> Result<String> {
    let input = io::read(&args.input)?;
    let solved = solver::solve_input(solver, &input, args.to_move, args.proof_tree.is_some())?;
    if let (Some(path), Some(trees)) = (&args.proof_tree, solved.proof_trees) {
        std::fs::write(path, trees).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(solved.report)
}
