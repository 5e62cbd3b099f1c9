//! scripts/distributed/slurm-openings.sh with a stand-in `sbatch` (written below) that runs
//! each job script as Slurm does, with `/bin/sh` being dash: the 6x6 openings with a limit
//! that leaves one unknown, then a resubmission without it that searches that one alone, and
//! the table checked against the one-machine run.
//!
//! It needs dash (Debian's /bin/sh; .ci/run installs it when missing): without it the tests
//! skip with a message, except under `CI`, where they fail. Every script run here is in a
//! process group of its own, killed if it has not ended within its time.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_boardgames");

/// A stand-in for Slurm's `sbatch`: it takes the options slurm-openings.sh gives, spools the
/// batch script (or the one `--wrap` makes, as sbatch does) as $FAKE_SLURM/jobs/ID.sh, and
/// runs it at once, each task of an `--array` in turn, as slurmd would: with the interpreter
/// its first line names, `/bin/sh` being dash, in the submission's folder, its output in
/// `--output` (`%a`, `%A`, `%j`, `%%` replaced), and an environment of PATH, HOME and Slurm's
/// variables alone. A `--dependency` must name jobs that have ended (each job ends before
/// its submission returns). Each task's exit status goes to $FAKE_SLURM/jobs/ID.exit.
const FAKE_SBATCH: &str = r#"#!/bin/sh
set -eu
state=${FAKE_SLURM:?the stand-in sbatch keeps its jobs in FAKE_SLURM}
mkdir -p "$state/jobs"
parsable= array= output= wrap= dependency=
echo "$*" >> "$state/submitted"
while [ $# -gt 0 ]; do
    case $1 in
        --parsable) parsable=1 ;;
        --requeue) ;;
        --array=*) array=${1#--array=} ;;
        --output=*) output=${1#--output=} ;;
        --dependency=*) dependency=${1#--dependency=} ;;
        --wrap) shift; wrap=$1 ;;
        --wrap=*) wrap=${1#--wrap=} ;;
        --cpus-per-task=* | --mem=* | --job-name=*) ;;
        -*) echo "sbatch: unrecognized option '$1'" >&2; exit 1 ;;
        *) break ;;
    esac
    shift
done
id=$(($(cat "$state/last-id" 2> /dev/null || echo 1000) + 1))
echo "$id" > "$state/last-id"
script="$state/jobs/$id.sh"
if [ -n "$wrap" ]; then
    printf '#!/bin/sh\n# This script was created by sbatch --wrap.\n\n%s\n' "$wrap" > "$script"
else
    cp "$1" "$script"
    shift
fi
case $(head -n 1 "$script") in
    '#!/bin/sh') interpreter=$(command -v dash) ;;
    '#!'*) interpreter=$(head -n 1 "$script" | cut -c 3-) ;;
    *) echo "sbatch: error: This does not look like a batch script." >&2; exit 1 ;;
esac
case $dependency in
    '') ;;
    afterany:*)
        for job in $(echo "${dependency#afterany:}" | tr : ' '); do
            [ -f "$state/jobs/$job.ended" ] || { echo "sbatch: no ended job $job" >&2; exit 1; }
        done ;;
    *) echo "sbatch: the stand-in takes afterany dependencies only" >&2; exit 1 ;;
esac
case ${array:-0} in
    *-*) task=${array%-*} last=${array#*-} ;;
    *) task=0 last=0 ;;
esac
while [ "$task" -le "$last" ]; do
    job=$((id + task))
    log=$(printf '%s' "${output:-slurm-%j.out}" | sed "s/%a/$task/g; s/%A/$id/g; s/%j/$job/g")
    log=$(printf '%s' "$log" | sed 's/%%/%/g')
    if [ -n "$array" ]; then
        variables="SLURM_ARRAY_JOB_ID=$id SLURM_ARRAY_TASK_ID=$task SLURM_JOB_ID=$job"
    else
        variables="SLURM_JOB_ID=$id"
    fi
    # $interpreter may be `/usr/bin/env bash`: its words are split on purpose.
    env -i PATH="$PATH" HOME="$HOME" SLURM_SUBMIT_DIR="$PWD" $variables \
        $interpreter "$script" "$@" > "$log" 2>&1 && status=0 || status=$?
    echo "$task $status" >> "$state/jobs/$id.exit"
    task=$((task + 1))
done
touch "$state/jobs/$id.ended"
if [ -n "$parsable" ]; then echo "$id"; else echo "Submitted batch job $id"; fi
"#;

/// Whether dash runs here (with the test failing under CI when it does not).
fn dash() -> bool {
    let runs = Command::new("dash")
        .args(["-c", "true"])
        .status()
        .is_ok_and(|status| status.success());
    if !runs {
        let message = "no dash (Debian's /bin/sh; apt-get install dash)";
        assert!(
            std::env::var_os("CI").is_none(),
            "{message}: the Slurm tests cannot run under CI without it"
        );
        eprintln!("skipped: {message}");
    }
    runs
}

/// A folder for one test, made anew, with the stand-in sbatch in its `bin`.
fn workspace(name: &str) -> PathBuf {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("slurm")
        .join(name);
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("bin")).unwrap();
    let sbatch = work.join("bin/sbatch");
    std::fs::write(&sbatch, FAKE_SBATCH).unwrap();
    let chmod = Command::new("chmod").arg("755").arg(&sbatch).status();
    assert!(chmod.unwrap().success());
    work
}

/// Runs `command` (with the stand-in sbatch first on PATH and its state in `work/slurm`) in
/// a process group of its own, killed after `limit`; its stdout and stderr, and whether it
/// succeeded.
fn run(work: &Path, command: &mut Command, limit: Duration) -> (bool, String, String) {
    let path = format!(
        "{}:{}",
        work.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (stdout, stderr) = (work.join("stdout"), work.join("stderr"));
    let mut child = command
        .current_dir(work)
        .env("PATH", path)
        .env("FAKE_SLURM", work.join("slurm"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .process_group(0)
        .spawn()
        .expect("the command runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let group = format!("-{}", child.id());
            let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
            let _ = child.wait();
            panic!("{command:?} took more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |path: &Path| std::fs::read_to_string(path).unwrap();
    (status.success(), read(&stdout), read(&stderr))
}

/// slurm-openings.sh run by dash, as a user on Debian would, with these variables.
fn submit(work: &Path, variables: &[(&str, &Path)]) -> String {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/distributed/slurm-openings.sh");
    let mut command = Command::new("dash");
    command.arg(script).env("BIN", BINARY);
    command.env_remove("TIME").env_remove("NODES");
    for (name, value) in variables {
        command.env(name, value);
    }
    let (ok, stdout, stderr) = run(work, &mut command, Duration::from_secs(600));
    assert!(ok, "the submission failed:\n{stdout}\n{stderr}");
    stdout
}

/// Every job the stand-in ran since the last call, by id: each task's exit status.
fn exits(work: &Path) -> Vec<(String, String)> {
    let jobs = work.join("slurm/jobs");
    let mut found: Vec<(String, String)> = std::fs::read_dir(&jobs)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            (path.extension()? == "exit").then(|| {
                let text = std::fs::read_to_string(&path).unwrap();
                std::fs::remove_file(&path).unwrap();
                (path.file_stem().unwrap().to_string_lossy().into(), text)
            })
        })
        .collect();
    found.sort();
    found
}

/// Each opening's winner, from a table (the rows before `total:`).
fn winners(table: &str) -> Vec<String> {
    table
        .lines()
        .skip(2)
        .take_while(|line| !line.starts_with("total:"))
        .map(|line| {
            line.split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The numbers of a merged table's `total:` line: positions, search seconds, wall-clock.
fn total(table: &str) -> (u64, f64, f64) {
    let line = table
        .lines()
        .find(|line| line.starts_with("total:"))
        .expect("a total line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize| words[i].parse::<f64>().unwrap();
    assert!(line.contains("jobs of the openings"), "{line}");
    let seconds = words.iter().position(|w| *w == "s").unwrap();
    let wall = words.iter().position(|w| *w == "wall-clock").unwrap();
    let positions = words[1].parse().unwrap();
    (positions, number(seconds - 1), number(wall - 2))
}

#[test]
fn the_stand_in_runs_a_wrapped_job_with_dash_as_slurm_would() {
    if !dash() {
        return;
    }
    // What the merge job used to be: bash arrays in `sbatch --wrap`, which dash refuses.
    let work = workspace("wrap");
    let mut command = Command::new("sbatch");
    command.args(["--parsable", "--output=wrap.log", "--wrap"]);
    command.arg("books=(); books+=(--book x); echo \"${books[@]}\"");
    let (ok, stdout, _) = run(&work, &mut command, Duration::from_secs(60));
    assert!(ok);
    assert_eq!(stdout, "1001\n");
    assert_eq!(exits(&work), [("1001".to_string(), "0 2\n".to_string())]);
    let log = std::fs::read_to_string(work.join("wrap.log")).unwrap();
    assert!(log.contains("Syntax error"), "{log}");
    // A POSIX wrap runs, with the job's variables and nothing of the submitter's.
    let mut command = Command::new("sbatch");
    command.args(["--array=1-2", "--output=task-%a-of-%A.log", "--wrap"]);
    command.arg("echo \"$SLURM_ARRAY_TASK_ID ${N:-unset}\"");
    command.env("N", "7");
    let (ok, stdout, _) = run(&work, &mut command, Duration::from_secs(60));
    assert!(ok);
    assert_eq!(stdout, "Submitted batch job 1002\n");
    for task in [1, 2] {
        let log = std::fs::read_to_string(work.join(format!("task-{task}-of-1002.log")));
        assert_eq!(log.unwrap(), format!("{task} unset\n"));
    }
}

#[test]
fn openings_on_slurm_under_dash_and_a_resubmission_finishes_the_unknown_ones() {
    if !dash() {
        return;
    }
    let work = workspace("openings");
    // A folder whose name needs quoting, as the job scripts get it.
    let out = work.join("it's a run/6x6");
    let size = Path::new("6");

    // Each opening may expand 2048 positions (a limit that, unlike TIME, is the same on every
    // machine): C1 needs more, and is left unknown with some proofs in its file.
    let limit = [("N", size), ("OUT", &out), ("NODES", "2048".as_ref())];
    let stdout = submit(&work, &limit);
    assert!(
        stdout.starts_with("submitted: array 1001, merge 1002;"),
        "{stdout}"
    );
    let submitted = std::fs::read_to_string(work.join("slurm/submitted")).unwrap();
    let lines: Vec<&str> = submitted.lines().collect();
    assert_eq!(lines.len(), 2, "{submitted}");
    assert!(lines[0].contains("--array=1-18 --requeue"), "{submitted}");
    assert!(
        lines[1].contains("--dependency=afterany:1001"),
        "{submitted}"
    );
    // Every task and the merge ran to the end, from scripts that dash reads.
    let ended = exits(&work);
    assert_eq!(ended.len(), 2);
    let tasks: Vec<String> = (1..=18).map(|task| format!("{task} 0")).collect();
    assert_eq!(ended[0].1, tasks.join("\n") + "\n");
    assert_eq!(ended[1].1, "0 0\n");
    for id in ["1001", "1002"] {
        let script = work.join(format!("slurm/jobs/{id}.sh"));
        let syntax = Command::new("dash")
            .arg("-n")
            .arg(&script)
            .output()
            .unwrap();
        assert!(syntax.status.success(), "{script:?}: {syntax:?}");
    }
    let first = std::fs::read_to_string(out.join("table.txt")).unwrap();
    let searched = std::fs::read_to_string(out.join("openings.txt")).unwrap();
    let unknown: Vec<&str> = first
        .lines()
        .filter(|line| line.contains("unknown within the limits"))
        .map(|line| line.split_whitespace().next().unwrap())
        .filter(|cell| searched.lines().any(|line| line == *cell))
        .collect();
    assert!(!unknown.is_empty(), "no opening was left unknown:\n{first}");
    for cell in &unknown {
        // A proof file that says nothing of the opening (the flaw was to skip any that is
        // not empty).
        let proofs = std::fs::read_to_string(out.join(format!("open-{cell}.txt"))).unwrap();
        assert!(
            !proofs.is_empty() && !proofs.contains(" opening "),
            "{cell}: {proofs}"
        );
        let log = std::fs::read_to_string(out.join(format!("logs/{}.log", task_of(&out, cell))));
        assert!(log.unwrap().contains("searches it again"), "{cell}");
    }

    // The same command without the limit: only the unknown openings are searched again.
    let started = Instant::now();
    submit(&work, &[("N", size), ("OUT", &out)]);
    let elapsed = started.elapsed().as_secs_f64();
    let ended = exits(&work);
    assert_eq!(ended.len(), 2);
    assert_eq!(ended[0].1, tasks.join("\n") + "\n");
    let table = std::fs::read_to_string(out.join("table.txt")).unwrap();
    assert!(!table.contains("unknown within"), "{table}");
    for task in 1..=18 {
        let log = std::fs::read_to_string(out.join(format!("logs/{task}.log"))).unwrap();
        let cell = opening(&out, task);
        let again = unknown.contains(&cell.as_str());
        assert_eq!(!log.contains("solved before"), again, "{cell}: {log}");
    }
    let alone = Command::new(BINARY)
        .args(["hex", "solve", "--openings", "6", "--threads", "1"])
        .output()
        .unwrap();
    assert!(alone.status.success());
    let alone = String::from_utf8(alone.stdout).unwrap();
    assert_eq!(winners(&table), winners(&alone), "{table}");
    let proofs = std::fs::read_to_string(out.join("proofs.txt")).unwrap();
    assert_eq!(
        proofs.lines().filter(|l| l.contains(" opening ")).count(),
        18
    );

    // The total: the jobs' search (each row's, added up), and this submission's wall-clock,
    // which took at least the search of the openings it searched again.
    let (positions, search, wall) = total(&table);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(2)
        .take_while(|line| !line.starts_with("total:"))
        .map(|line| line.split_whitespace().collect())
        .collect();
    let row_positions: u64 = rows.iter().map(|row| row[4].parse::<u64>().unwrap()).sum();
    let row_seconds: f64 = rows.iter().map(|row| row[5].parse::<f64>().unwrap()).sum();
    assert_eq!(positions, row_positions, "{table}");
    assert!((search - row_seconds).abs() < 0.02, "{table}");
    let searched_again: f64 = rows
        .iter()
        .filter(|row| unknown.contains(&row[0]))
        .map(|row| row[5].parse::<f64>().unwrap())
        .sum();
    assert!(searched_again > 0.0, "{table}");
    assert!(wall >= searched_again && wall <= elapsed, "{table}");
}

/// The opening of a task: line `task` of OUT/openings.txt.
fn opening(out: &Path, task: usize) -> String {
    let openings = std::fs::read_to_string(out.join("openings.txt")).unwrap();
    openings.lines().nth(task - 1).unwrap().to_string()
}

/// The task of an opening.
fn task_of(out: &Path, cell: &str) -> usize {
    let openings = std::fs::read_to_string(out.join("openings.txt")).unwrap();
    openings.lines().position(|line| line == cell).unwrap() + 1
}
