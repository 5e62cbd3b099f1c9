//! Tests of the binary as a user meets it.
//!
//! - Transcripts: every case under `tests/cmd/<game>/` runs the real binary on an input and
//!   compares stdout, stderr and the exit status with the files beside it.
//! - The README and the guides under `docs/`: every command in their `console` blocks is run
//!   through `sh`, with the built `boardgames` first on the `PATH`, and must print what the
//!   guide shows (`[..]` in a shown line stands for text that changes from run to run, as in
//!   trycmd); their relative links lead to files that exist.
//! - Solitaire chess: the built-in player against the built-in judge over real pipes.

use std::path::Path;
use std::process::Command;

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*/*.toml");
}

/// The samples built into the crates (which the demo shows) are the inputs that the
/// transcripts run, so that the transcripts test them.
#[test]
fn the_built_in_samples_are_the_transcripts_inputs() {
    let samples = [
        (hiq::contest::SAMPLE_INPUT, "tests/cmd/hiq/sample.stdin"),
        (
            patolli::contest::SAMPLE_INPUT,
            "tests/cmd/patolli/intermediate-sample.stdin",
        ),
        (
            megacheckers::contest::SAMPLE_INPUT,
            "tests/cmd/megacheckers/sample.stdin",
        ),
        (hex::contest::SAMPLE_INPUT, "tests/cmd/hex/sample-1.stdin"),
    ];
    for (built_in, file) in samples {
        let transcript = std::fs::read_to_string(file).expect("the transcript's input");
        assert_eq!(built_in, transcript, "{file}");
    }
}

/// The files under `samples/`, for a new user to try, are the contest samples built in. The
/// solitaire chess file goes on with the judge's replies in the demo's game, which the solitaire chess guide
/// replays.
#[test]
fn the_sample_files_are_the_built_in_samples() {
    let samples = [
        (hiq::contest::SAMPLE_INPUT, "samples/hiq.txt"),
        (patolli::contest::SAMPLE_INPUT, "samples/patolli.txt"),
        (
            megacheckers::contest::SAMPLE_INPUT,
            "samples/megacheckers.txt",
        ),
        (hex::contest::SAMPLE_INPUT, "samples/hex.txt"),
    ];
    for (built_in, file) in samples {
        let sample = std::fs::read_to_string(file).expect("the sample file");
        assert_eq!(built_in, sample, "{file}");
    }
    let conversation = std::fs::read_to_string("samples/solitaire-chess.txt").unwrap();
    assert!(conversation.starts_with(solitaire_chess::contest::SAMPLE_BOARD));
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

/// Whether `actual` is the `expected` text, where `[..]` in an expected line stands for any
/// text within the line (as in trycmd), for what changes from run to run, such as timings.
fn matches(expected: &str, actual: &str) -> bool {
    let line_matches = |expected: &str, actual: &str| {
        let mut parts = expected.split("[..]");
        let first = parts.next().unwrap_or_default();
        let Some(mut rest) = actual.strip_prefix(first) else {
            return false;
        };
        let parts: Vec<&str> = parts.collect();
        let Some((last, middle)) = parts.split_last() else {
            return rest.is_empty();
        };
        for part in middle {
            match rest.find(part) {
                Some(at) => rest = &rest[at + part.len()..],
                None => return false,
            }
        }
        rest.ends_with(last)
    };
    expected.lines().count() == actual.lines().count()
        && expected.ends_with('\n') == actual.ends_with('\n')
        && expected
            .lines()
            .zip(actual.lines())
            .all(|(e, a)| line_matches(e, a))
}

#[test]
fn readme_wildcards_match_within_a_line() {
    assert!(matches("time: [..] ms\n", "time: 12 ms\n"));
    assert!(matches("a[..]b[..]c\n", "a1b2c\n"));
    assert!(!matches("time: [..] ms\n", "time: 12 s\n"));
    assert!(!matches("time: [..] ms\n", "time: 1 ms\nmore\n"));
    assert!(!matches("51\n", "52\n"));
}

/// The README and every guide under `docs/` (the tuning records included), in order.
fn guides() -> Vec<std::path::PathBuf> {
    let mut found = vec![std::path::PathBuf::from("README.md")];
    for dir in ["docs", "docs/tuning"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "md"))
            .collect();
        files.sort();
        found.extend(files);
    }
    found
}

/// Every `$` example of the README's and the guides' `console` blocks prints what it shows.
#[test]
fn guide_examples_print_what_they_show() {
    // Run in a folder of its own, as the help examples are: an example may write files. It
    // holds a copy of `samples/`, as a clone does, for the examples that read a sample.
    let dir = std::env::temp_dir().join(format!("boardgames-guides-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("samples")).unwrap();
    for entry in std::fs::read_dir("samples").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join("samples").join(path.file_name().unwrap())).unwrap();
    }
    let mut counted = Vec::new();
    for guide in guides() {
        let text = std::fs::read_to_string(&guide).unwrap();
        let examples = console_examples(&text);
        counted.push((guide.display().to_string(), examples.len()));
        for example in examples {
            // A guide shows what a terminal shows: stdout, then stderr.
            let (stdout, stderr) = run_example(&example.command, &dir);
            let shown = stdout + &stderr;
            assert!(
                matches(&example.output, &shown),
                "{}:{}: `{}` printed\n{shown}\nbut the guide shows\n{}",
                guide.display(),
                example.line,
                example.command,
                example.output
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("examples run: {counted:?}");
    // The README shows one example per game, and each game's guide its own.
    let count = |name: &str| counted.iter().find(|(path, _)| path == name).map(|c| c.1);
    assert!(count("README.md") >= Some(5), "{counted:?}");
    for game in ["hiq", "patolli", "megacheckers", "hex", "solitaire-chess"] {
        assert!(
            count(&format!("docs/{game}.md")) > Some(0),
            "{game}: {counted:?}"
        );
    }
}

/// Every relative link of the README and the guides leads to a file or folder that exists.
#[test]
fn guide_links_lead_to_files() {
    for guide in guides() {
        let text = std::fs::read_to_string(&guide).unwrap();
        let base = guide.parent().unwrap();
        for (at, _) in text.match_indices("](") {
            let rest = &text[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = rest[..end].split('#').next().unwrap();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            assert!(
                base.join(target).exists(),
                "{}: a link to {target}, which is not there",
                guide.display()
            );
        }
    }
}

/// Runs a command line through `sh` in `dir`, with the built `boardgames` first on the
/// `PATH`: its stdout and its stderr.
fn run_example(command: &str, dir: &Path) -> (String, String) {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_boardgames"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let run = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("PATH", &path)
        .current_dir(dir)
        .output()
        .expect("sh runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (text(&run.stdout), text(&run.stderr))
}

/// The examples of a `--help` text: a line `  $ COMMAND`, then what it prints, indented two
/// spaces (blank lines within it kept, blank lines at its end dropped).
fn help_examples(help: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut open = false;
    for (number, line) in (1..).zip(help.lines()) {
        if let Some(command) = line.strip_prefix("  $ ") {
            examples.push(Example {
                command: command.to_string(),
                output: String::new(),
                line: number,
            });
            open = true;
        } else if open && (line.is_empty() || line.starts_with("  ")) {
            let example = examples.last_mut().expect("an example is open");
            example.output += &format!("{}\n", line.strip_prefix("  ").unwrap_or(line));
        } else {
            open = false;
        }
    }
    for example in &mut examples {
        example.output = format!("{}\n", example.output.trim_end());
    }
    examples
}

/// `boardgames` and every command under it, as its `--help` lists them.
fn commands(path: Vec<String>) -> Vec<Vec<String>> {
    let help = help(&path);
    let mut found = vec![path.clone()];
    let listed = help.split("\nCommands:\n").nth(1).unwrap_or_default();
    for line in listed.lines().take_while(|line| !line.is_empty()) {
        let name = line.split_whitespace().next().unwrap_or("help");
        if name != "help" {
            let mut under = path.clone();
            under.push(name.to_string());
            found.extend(commands(under));
        }
    }
    found
}

fn help(path: &[String]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "{path:?} --help");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn help_examples_print_what_they_show() {
    let dir = std::env::temp_dir().join(format!("boardgames-help-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut with_examples = Vec::new();
    for path in commands(Vec::new()) {
        let help = help(&path);
        for example in help_examples(&help) {
            // Run in a folder of its own: an example may write files (the arena's games).
            // A help shows what the command prints on stdout.
            let (shown, _) = run_example(&example.command, &dir);
            let shown = format!("{}\n", shown.trim_end());
            assert!(
                matches(&example.output, &shown),
                "boardgames {} --help, line {}: `{}` printed\n{shown}\nbut the help shows\n{}",
                path.join(" "),
                example.line,
                example.command,
                example.output
            );
            with_examples.push(path.join(" "));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    for path in [
        "hiq",
        "patolli",
        "megacheckers",
        "hex",
        "hex solve",
        "hex gtp",
        "hex arena",
        "solitaire-chess play",
    ] {
        assert!(
            with_examples.iter().any(|p| p == path),
            "no example in `{path} --help`"
        );
    }
}

/// What `boardgames ARGS` shows on a terminal (util-linux's `script`, which runs the command
/// on a pseudo-terminal) when `typed` is typed; `None`, said, when `script` is missing.
#[cfg(unix)]
fn at_a_terminal(args: &str, typed: &[u8]) -> Option<String> {
    let bin = env!("CARGO_BIN_EXE_boardgames");
    let script = Command::new("script")
        .args(["-qec", &format!("{bin} {args}"), "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    let Ok(mut script) = script else {
        // On a CI machine a missing tool is a broken setup, not a reason to pass.
        if std::env::var_os("CI").is_some() {
            panic!(
                "util-linux's `script` is not installed: the terminal tests cannot run under CI"
            );
        }
        // To the process's stderr itself: the harness keeps what `eprintln!` prints from a
        // passing test, and a test that skips is listed `ok` as one that ran.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "NOT RUN, though listed `ok`: the terminal tests (tests/cli.rs): util-linux's \
             `script` is not installed; .ci/run installs it"
        );
        return None;
    };
    use std::io::Write as _;
    script.stdin.take().unwrap().write_all(typed).unwrap();
    let output = script.wait_with_output().unwrap();
    Some(String::from_utf8_lossy(&output.stdout).replace('\r', ""))
}

/// A game run at a terminal without a file says on stderr that it reads stdin, and until
/// what; over a pipe (every transcript) it says nothing. The terminal is util-linux's
/// `script`, which runs the command on a pseudo-terminal and types what it is given.
#[test]
#[cfg(unix)]
fn a_game_at_a_terminal_says_it_reads_stdin() {
    let bin = env!("CARGO_BIN_EXE_boardgames");
    // The contest input, then Ctrl-D: the terminal ends the input.
    let Some(shown) = at_a_terminal("hiq", b"1\n10 12 17 19 25 0\n\x04") else {
        return;
    };
    assert!(
        shown.contains(
            "reading the input from stdin until Ctrl-D (or give a FILE; --help shows the format)\n"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("HI Q OUTPUT\n51\nEND OF OUTPUT\n"),
        "{shown}"
    );

    let piped = Command::new(bin)
        .arg("hiq")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        !String::from_utf8_lossy(&piped.stderr).contains("reading the input"),
        "{piped:?}"
    );
}

/// `hex gtp` at a terminal says what it waits for (on stderr, which `script` shows with the
/// rest); over a pipe it says nothing.
#[test]
#[cfg(unix)]
fn the_gtp_engine_at_a_terminal_says_what_it_waits_for() {
    let bin = env!("CARGO_BIN_EXE_boardgames");
    let Some(shown) = at_a_terminal("hex gtp", b"name\nquit\n") else {
        return;
    };
    assert!(
        shown.contains("This is the Hex engine over GTP: it waits for commands on stdin"),
        "{shown}"
    );
    assert!(shown.contains("= boardgames\n"), "{shown}");
    let piped = Command::new(bin)
        .args(["hex", "gtp"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(piped.stderr.is_empty(), "{piped:?}");
}

/// The built-in Solitaire chess player run by the judge over real pipes: it finishes with
/// `0 0`, legally, beats the best contestant of the official case, and (with a fixed amount
/// of work) plays the same game twice.
#[test]
fn solitaire_chess_player_against_the_judge() {
    let bin = env!("CARGO_BIN_EXE_boardgames");
    let run = |log: &Path| {
        let output = Command::new(bin)
            .args(["solitaire-chess", "judge", "--official", "g6-1", "--log"])
            .arg(log)
            .args([
                "--",
                bin,
                "solitaire-chess",
                "--worlds",
                "2",
                "--player-seed",
                "7",
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        let report = String::from_utf8(output.stdout).unwrap();
        (report, std::fs::read_to_string(log).unwrap())
    };
    let dir = std::env::temp_dir();
    let first = dir.join(format!("solitaire-chess-{}-a.log", std::process::id()));
    let second = dir.join(format!("solitaire-chess-{}-b.log", std::process::id()));
    let (report, log) = run(&first);
    let (_, again) = run(&second);
    let _ = std::fs::remove_file(&first);
    let _ = std::fs::remove_file(&second);

    assert!(report.contains("verdict: stopped with `0 0`"), "{report}");
    let score: u32 = report
        .lines()
        .find_map(|line| line.strip_prefix("score: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        score > 52,
        "g6-1's best contestant scored 52; we scored {score}"
    );
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines[..6].iter().all(|line| line.starts_with("< ")));
    assert_eq!(
        lines[lines.len() - 2..],
        ["> 0 0", "verdict: stopped with `0 0`"]
    );
    assert_eq!(log, again, "the same seed and work gave another game");
}

/// The bash completions parse, and complete a command and a command's verb, as bash calls
/// them: the completion function with COMP_WORDS and COMP_CWORD set.
#[test]
#[cfg(unix)]
fn bash_completions_complete_commands() {
    let bin = env!("CARGO_BIN_EXE_boardgames");
    let output = Command::new(bin)
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let script = std::env::temp_dir().join(format!("boardgames-{}.bash", std::process::id()));
    std::fs::write(&script, &output.stdout).unwrap();
    let Ok(parsed) = Command::new("bash").arg("-n").arg(&script).output() else {
        eprintln!("skipped: bash is not installed");
        let _ = std::fs::remove_file(&script);
        return;
    };
    assert!(parsed.status.success(), "bash -n: {parsed:?}");
    let complete = |words: &str| {
        let line = format!(
            "source {}; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             COMP_LINE=\"{words}\"; COMP_POINT=${{#COMP_LINE}}; \
             _boardgames boardgames \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
             printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            script.display()
        );
        let run = Command::new("bash").arg("-c").arg(line).output().unwrap();
        assert!(run.status.success(), "{run:?}");
        String::from_utf8(run.stdout).unwrap()
    };
    assert_eq!(complete("boardgames hi"), "hiq\n");
    assert_eq!(complete("boardgames hex so"), "solve\n");
    assert!(complete("boardgames hex solve --ope").contains("--openings"));
    let _ = std::fs::remove_file(&script);
}

/// Every shell clap_complete knows gets a script that names the commands.
#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = Command::new(env!("CARGO_BIN_EXE_boardgames"))
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "{shell}: {output:?}");
        let script = String::from_utf8(output.stdout).unwrap();
        for command in ["hiq", "solitaire-chess", "opening-book"] {
            assert!(script.contains(command), "{shell}: no {command}");
        }
    }
}

/// The manual page is roff, titled, and lists the commands; a command has its own page.
#[test]
fn man_pages_are_made_from_the_help() {
    let man = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_boardgames"))
            .arg("man")
            .args(args)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
        )
    };
    let (status, page) = man(&[]);
    assert_eq!(status, Some(0));
    assert!(page.contains(".TH boardgames 1"), "{page}");
    for command in [
        "hiq",
        "patolli",
        "megacheckers",
        "hex",
        "solitaire\\-chess",
        "serve",
    ] {
        assert!(
            page.contains(&format!("boardgames\\-{command}(1)")),
            "{command}: {page}"
        );
    }
    let (status, page) = man(&["hex", "solve"]);
    assert_eq!(status, Some(0));
    assert!(page.contains(".TH boardgames-hex-solve 1"), "{page}");
    assert!(page.contains("\\-\\-openings"), "{page}");
    assert_eq!(man(&["nope"]).0, Some(2));
}

/// Built from a clone, `--version` names the commit checked out, and so does the Hex engine's
/// GTP `version`.
#[test]
fn the_version_names_the_commit() {
    let output = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8(output.stdout).unwrap();
    let mut gtp = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(["hex", "gtp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    gtp.stdin.take().unwrap().write_all(b"version\n").unwrap();
    let reply = String::from_utf8(gtp.wait_with_output().unwrap().stdout).unwrap();
    assert_eq!(
        reply,
        format!(
            "= {}\n\n",
            version.trim_end().trim_start_matches("boardgames ")
        )
    );
    let commit = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    match commit {
        Ok(commit) if commit.status.success() => {
            let commit = String::from_utf8(commit.stdout).unwrap();
            assert_eq!(
                version,
                format!(
                    "boardgames {} ({})\n",
                    env!("CARGO_PKG_VERSION"),
                    commit.trim()
                )
            );
        }
        _ => assert_eq!(
            version,
            format!("boardgames {}\n", env!("CARGO_PKG_VERSION"))
        ),
    }
}
