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
const SAMPLES: &[Sample] = &[crate::hiq::SAMPLE, crate::solitaire_chess::SAMPLE];

pub fn run(Args {}: Args) -> Result<()> {
    let mut shown = String::new();
    for sample in SAMPLES {
        let input = Input::builtin(&format!("{} sample", sample.title), sample.input);
        let output = (sample.run)(&input)?;
        shown += &format!(
            "== {}: `{}` on the contest sample ==\n",
            sample.title, sample.command
        );
        shown += &format!("-- input --\n{}", with_final_newline(sample.input));
        shown += &format!("-- output --\n{}\n", with_final_newline(&output));
    }
    io::print(&shown)
}

fn with_final_newline(text: &str) -> String {
    if text.ends_with('\n') || text.is_empty() {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}
