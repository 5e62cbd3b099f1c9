//! Transcript tests: every case under `tests/cmd/<game>/` runs the real binary on an input and
//! compares stdout, stderr and the exit status with the files beside it.

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*/*.toml");
}

/// The built-in Solitaire chess player run by the judge over real pipes: it finishes with
/// `0 0`, legally, beats the best contestant of the official case, and (with a fixed amount
/// of work) plays the same game twice.
#[test]
fn solitaire_chess_player_against_the_judge() {
    use std::process::Command;

    let bin = env!("CARGO_BIN_EXE_boardgames");
    let run = |log: &std::path::Path| {
        let output = Command::new(bin)
            .args(["solitaire-chess", "judge", "--official", "g6-1", "--log"])
            .arg(log)
            .args(["--", bin, "solitaire-chess", "--worlds", "2", "--seed", "7"])
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
