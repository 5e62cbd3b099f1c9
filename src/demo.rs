//! `boardgames demo`: every game run on its contest sample, built into the binary.

use anyhow::Result;
use text::{Input, ParseError};

use crate::io;

/// Every game run on its contest sample (built in), input and output shown.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// A contest sample, and how to run the game on it.
struct Sample {
    /// The game's name.
    title: &'static str,
    /// The command that runs it, for the user to try next.
    command: &'static str,
    /// The sample input.
    input: &'static str,
    /// Runs the game on an input and gives its output.
    run: fn(&str) -> Result<String, ParseError>,
}

/// One sample a game, in the order of the README.
const SAMPLES: &[Sample] = &[
    Sample {
        title: "Hi-Q",
        command: "boardgames hiq",
        input: hiq::contest::SAMPLE_INPUT,
        run: hiq::contest::run,
    },
    Sample {
        title: "Patolli",
        command: "boardgames patolli",
        input: patolli::contest::SAMPLE_INPUT,
        run: patolli::contest::run,
    },
    Sample {
        title: "MegaCheckers",
        command: "boardgames megacheckers",
        input: megacheckers::contest::SAMPLE_INPUT,
        run: megacheckers::contest::run,
    },
    Sample {
        title: "Hex",
        command: "boardgames hex",
        input: hex::contest::SAMPLE_INPUT,
        run: hex::contest::run,
    },
    Sample {
        title: "Solitaire chess (official case g4-1)",
        command: "boardgames solitaire-chess judge --official g4-1 -- boardgames solitaire-chess",
        input: solitaire_chess::contest::SAMPLE_BOARD,
        run: |_| Ok(solitaire_chess_player::sample_game()),
    },
];

pub fn run(Args {}: Args) -> Result<()> {
    let mut shown = Vec::new();
    for sample in SAMPLES {
        let input = Input::builtin(&format!("{} sample", sample.title), sample.input);
        let output = input.parse(sample.run)?;
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
