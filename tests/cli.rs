//! Tests of the binary as a user meets it.
//!
//! - Transcripts: every case under `tests/cmd/<game>/` runs the real binary on an input and
//!   compares stdout, stderr and the exit status with the files beside it.
//! - The README: every command in its `console` blocks is run through `sh`, with the built
//!   `boardgames` first on the `PATH`, and must print what the README shows.

use std::path::Path;
use std::process::Command;

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*/*.toml");
}

/// One `$ command` of a README `console` block and the lines shown after it.
struct Example {
    command: String,
    output: String,
    line: usize,
}

fn console_examples(markdown: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (number, line) in (1..).zip(markdown.lines()) {
        if !in_console {
            in_console = line.trim_end() == "```console";
        } else if line.starts_with("```") {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                output: String::new(),
                line: number,
            });
        } else if let Some(example) = examples.last_mut() {
            example.output += line;
            example.output.push('\n');
        }
    }
    examples
}

#[test]
fn readme_examples_print_what_they_show() {
    let readme = std::fs::read_to_string("README.md").expect("README.md beside Cargo.toml");
    let examples = console_examples(&readme);
    assert!(!examples.is_empty(), "the README shows no console example");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_boardgames"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    for example in examples {
        let run = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        // The README shows what a terminal shows: stdout, then stderr.
        let shown = String::from_utf8_lossy(&run.stdout).into_owned()
            + &String::from_utf8_lossy(&run.stderr);
        assert_eq!(
            shown, example.output,
            "README.md:{}: `{}`",
            example.line, example.command
        );
    }
}
