//! `boardgames demo`: every game run on its contest sample, built into the binary.

use anyhow::Result;

use crate::io::{self, Input};

/// Every game run on its contest sample (built in), input and output shown.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// A contest sample, and how to run the game on it.
pub struct Sample {
    /// The game's name.
    pub title: &'static str,
    /// The command that runs it, for the user to try next.
    pub command: &'static str,
    /// The sample input.
    pub input: &'static str,
    /// Runs the game on an input and gives its output.
    pub run: fn(&Input) -> Result<String>,
}

/// One sample a game, in the order of the README.
const SAMPLES: &[Sample] = &[
    crate::hiq::SAMPLE,
    crate::patolli::SAMPLE,
    crate::megacheckers::SAMPLE,
    crate::hex::SAMPLE,
    crate::solitaire_chess::SAMPLE,
];

pub fn run(Args {}: Args) -> Result<()> {
    let mut shown = Vec::new();
    for sample in SAMPLES {
        let input = Input::builtin(&format!("{} sample", sample.title), sample.input);
        let output = (sample.run)(&input)?;
        // Trimmed, so that one blank line stands between games whatever the output ends with.
        shown.push(format!(
            "== {}: `{}` on the contest sample ==\n-- input --\n{}\n-- output --\n{}\n",
            sample.title,
            sample.command,
            sample.input.trim_end(),
            output.trim_end()
        ));
    }
    io::print(&shown.join("\n"))
}
