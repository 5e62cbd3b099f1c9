"""Runs `boardgames hex` work as Ray tasks: openings solved, arena matches, self-play records.

Each job is one run of the `boardgames` binary (the same path on every machine) in a scratch
folder of its own; its output files come back as the task's result, so that no shared disk is
needed. A job whose binary fails, or whose worker dies, is run again (Ray's `max_retries`).
Finished jobs are saved in OUT as they come back: a second run with the same OUT skips them,
except the searches that ended unknown within the limits (openings, replies), which it runs
again from the proofs they saved, so that a rerun with a larger --time finishes them. What a
job proved is never counted twice (the binary keeps one record per opening and per game). The
results are put together by the binary itself.

    driver.py solve --size 6 --out runs/6x6                  # every opening of 6x6
    driver.py arena --games 200 --per-job 10 --out runs/m1 -- -n 9 --playouts 2000
    driver.py selfplay --games 1000 --per-job 50 --out runs/sp -- -n 9 --playouts 800

Without --address a local cluster of --workers worker processes is started on loopback and
stopped at the end; with --address (`auto`, or the head's HOST:PORT) the driver joins a
cluster started with `ray start`.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if "--address" not in sys.argv:
    # A local cluster: Ray then takes the loopback address as the node's and listens on it
    # alone, not on every interface.
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

import ray  # noqa: E402 (after the setting above, which Ray reads when imported)

# What the binary prints for a position or an opening that it could not solve within the limits.
UNKNOWN = "unknown within the limits"


def cell_name(row, col):
    return f"{chr(ord('A') + col)}{row + 1}"


def canonical_openings(size):
    """The openings searched: the first of each pair an opening and its half turn make."""
    cells = size * size
    return [cell_name(i // size, i % size) for i in range(cells) if i <= cells - 1 - i]


@ray.remote
def run_job(binary, args, stdin, inputs, outputs, chaos_dir):
    """Runs the binary with `args` in a scratch folder holding `inputs` (name -> text); returns
    its stdout and the text of each file under the `outputs` names (files or folders)."""
    with tempfile.TemporaryDirectory(prefix="boardgames-job-") as work:
        for name, text in inputs.items():
            Path(work, name).write_text(text)
        process = subprocess.Popen(
            [binary, *args],
            cwd=work,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        if chaos_dir:
            # For the tests: say which worker runs a job, and wait for the driver's word, so
            # that the driver can kill a worker while its job is under way.
            marker = Path(chaos_dir, str(os.getpid()))
            marker.write_text(" ".join(args))
            seen = marker.with_suffix(".seen")
            deadline = time.monotonic() + 60
            while not seen.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
        stdout, stderr = process.communicate(stdin)
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: exit {process.returncode}: {stderr.strip()}")
        files = {}
        for name in outputs:
            path = Path(work, name)
            found = sorted(path.iterdir()) if path.is_dir() else [path]
            for file in found:
                files[str(file.relative_to(work))] = file.read_text()
        return {"stdout": stdout, "files": files}


def kill_one_worker(chaos_dir, stop):
    """Kills the worker of the first job that starts, once; lets every other job go on."""
    killed = False
    while not stop.is_set():
        for marker in Path(chaos_dir).glob("*[0-9]"):
            seen = marker.with_suffix(".seen")
            if seen.exists():
                continue
            if not killed:
                os.kill(int(marker.name), signal.SIGKILL)
                print(f"chaos: killed worker {marker.name} running {marker.read_text()}",
                      file=sys.stderr, flush=True)
                killed = True
            seen.write_text("")
        time.sleep(0.01)


class Runner:
    """Submits jobs, saves each one's files under OUT as it comes back, skips saved ones."""

    def __init__(self, options):
        self.binary = str(Path(options.binary).resolve())
        self.out = Path(options.out)
        self.chaos_dir = options.chaos_dir
        self.task = run_job.options(max_retries=options.retries, retry_exceptions=True)

    def run(self, jobs, again=lambda name, stdout: False):
        """`jobs`: (name, args, stdin, inputs, outputs). Returns {name: stdout}; every job's
        files are saved under OUT/name/ (the marker `done`, with the stdout, last). A job done
        before is skipped unless `again(name, its stdout)` says to run it again."""
        results, pending = {}, {}
        for name, args, stdin, inputs, outputs in jobs:
            folder = self.out / name
            if (folder / "done").exists():
                stdout = (folder / "done").read_text()
                if not again(name, stdout):
                    results[name] = stdout
                    continue
            ref = self.task.remote(self.binary, args, stdin, inputs, outputs, self.chaos_dir)
            pending[ref] = name
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            name = pending.pop(ready[0])
            result = ray.get(ready[0])
            folder = self.out / name
            for file, text in result["files"].items():
                path = folder / file
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            (folder / "done").write_text(result["stdout"])
            results[name] = result["stdout"]
        return results

    def result(self, text):
        """Prints the run's result and saves it as OUT/result.txt (Ray's messages go to the
        same stdout)."""
        (self.out / "result.txt").write_text(text)
        print(text, end="", flush=True)

    def binary_output(self, args):
        """Runs the binary here (to put results together); its stdout."""
        done = subprocess.run([self.binary, *args], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{' '.join(args)}: {done.stderr.strip()}")
        return done.stdout


def resumed(runner, name, args, stdin, inputs):
    """A search job that starts from the proofs its last try saved, if any (`args` and
    `inputs` with a --book more)."""
    previous = runner.out / name / "proofs.txt"
    if not previous.exists():
        return (name, args, stdin, inputs, ["proofs.txt"])
    inputs = {**inputs, "previous.txt": previous.read_text()}
    at = args.index("--proofs-out")
    return (name, [*args[:at], "--book", "previous.txt", *args[at:]], stdin, inputs,
            ["proofs.txt"])


def solve(runner, options, extra):
    """Every opening, a job each; with --split-time, an opening still unknown after --time is
    split into a job for each reply, and solved again from their proofs. On a rerun, the
    searches that ended unknown are run again from their proofs, with this run's limits."""
    size, first = options.size, options.first
    common = ["--first", first, "--threads", "1", "--memory", str(options.memory), *extra]
    if options.time:
        common += ["--time", str(options.time)]
    openings = canonical_openings(size)

    def proofs(name):
        path = runner.out / name / "proofs.txt"
        return path.read_text() if path.exists() else ""

    solved = lambda name, cell: f"{size} opening {first.upper()} {cell} " in proofs(name)
    # A search unknown last time is run again, unless its opening was solved from the split.
    again = lambda name, stdout: UNKNOWN in stdout and not any(
        solved(f"combine-{cell}", cell) for cell in openings if name == f"open-{cell}")
    jobs = [
        resumed(runner, f"open-{cell}", ["hex", "solve", "--openings", str(size), "--only", cell,
                                         *common, "--proofs-out", "proofs.txt"], "", {})
        for cell in openings
    ]
    runner.run(jobs, again)
    unknown = [cell for cell in openings
               if not solved(f"open-{cell}", cell) and not solved(f"combine-{cell}", cell)]
    if unknown and options.split_time:
        to_move = "o" if first == "x" else "x"
        reply_jobs, combine_jobs = [], []
        for cell in unknown:
            book = {"book.txt": proofs(f"open-{cell}")}
            replies = [r for r in (cell_name(i // size, i % size) for i in range(size * size))
                       if r != cell]
            for reply in replies:
                x, o = (cell, reply) if first == "x" else (reply, cell)
                position = f"1\n{size}\n1 1\n{x}\n{o}\n"
                args = ["hex", "solve", "--to-move", first, "--threads", "1",
                        "--memory", str(options.memory),
                        "--time", str(options.split_time), "--book", "book.txt",
                        "--proofs-out", "proofs.txt"]
                reply_jobs.append(resumed(runner, f"reply-{cell}-{reply}", args, position, book))
        runner.run(reply_jobs, again)
        for cell in unknown:
            inputs = {"opening.txt": proofs(f"open-{cell}")}
            books = ["--book", "opening.txt"]
            for name in (job[0] for job in reply_jobs if job[0].startswith(f"reply-{cell}-")):
                inputs[f"{name}.txt"] = proofs(name)
                books += ["--book", f"{name}.txt"]
            args = ["hex", "solve", "--openings", str(size), "--only", cell, *common, *books,
                    "--proofs-out", "proofs.txt"]
            combine_jobs.append((f"combine-{cell}", args, "", inputs, ["proofs.txt"]))
        print(f"{to_move} replies to {len(unknown)} openings split into {len(reply_jobs)} jobs",
              file=sys.stderr)
        runner.run(combine_jobs, again)
    books = []
    for folder in sorted(runner.out.glob("*-*/proofs.txt")):
        books += ["--book", str(folder)]
    merged = runner.out / "proofs.txt"
    table = runner.binary_output(["hex", "solve", "--openings", str(size), "--first", first,
                                  "--nodes", "0", "--threads", "1", *books,
                                  "--proofs-out", str(merged)])
    runner.result(table)


def numbered(options, extra, verb, folder_flag, folder):
    """Jobs of --per-job consecutive games each; returns the names of the jobs in order."""
    jobs = []
    for first_game in range(1, options.games + 1, options.per_job):
        count = min(options.per_job, options.games + 1 - first_game)
        args = ["hex", verb, "-g", str(count), "--first-game", str(first_game), *extra,
                folder_flag, folder]
        jobs.append((f"games-{first_game:05}", args, "", {}, [folder]))
    return jobs


def gather(runner, jobs, folder):
    """Copies every job's records into OUT/folder."""
    target = runner.out / folder
    target.mkdir(parents=True, exist_ok=True)
    for name, *_ in jobs:
        for record in sorted((runner.out / name / folder).glob("game-*.sgf")):
            (target / record.name).write_text(record.read_text())
    return target


def arena(runner, options, extra):
    jobs = numbered(options, extra, "arena", "--sgf-dir", "games")
    runner.run(jobs)
    games = gather(runner, jobs, "games")
    runner.result(runner.binary_output(["hex", "arena", "--tally", "--sgf-dir", str(games)]))


def selfplay(runner, options, extra):
    jobs = numbered(options, extra, "selfplay", "--out", "records")
    results = runner.run(jobs)
    gather(runner, jobs, "records")
    runner.result("".join(results[name] for name, *_ in jobs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", help="a Ray cluster to join (auto, or HOST:PORT)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(),
                        help="worker processes of the local cluster (without --address)")
    parser.add_argument("--binary", default="target/release/boardgames",
                        help="the boardgames binary, at the same path on every machine")
    parser.add_argument("--retries", type=int, default=3, help="tries again of a failed job")
    parser.add_argument("--chaos-dir", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", required=True)
    solving = commands.add_parser("solve", help="every opening of a board, a job each")
    solving.add_argument("--size", type=int, required=True)
    solving.add_argument("--first", choices=["x", "o"], default="x")
    solving.add_argument("--time", type=float, help="seconds each opening's job may take")
    solving.add_argument("--split-time", type=float,
                         help="split an opening unknown after --time into a job per reply, "
                              "each with this many seconds")
    solving.add_argument("--memory", type=int, default=256, help="MiB for each job's table")
    for name, what in [("arena", "a match"), ("selfplay", "self-play records")]:
        numbered_parser = commands.add_parser(
            name, help=f"{what}, split by game number; other options go to `hex {name}`")
        numbered_parser.add_argument("--games", type=int, required=True)
        numbered_parser.add_argument("--per-job", type=int, default=10)
    for sub in commands.choices.values():
        sub.add_argument("--out", required=True, help="where jobs and results are saved")
    options, extra = parser.parse_known_args()
    extra = [word for word in extra if word != "--"]

    started = time.monotonic()
    if options.address:
        ray.init(address=options.address, log_to_driver=False)
    else:
        # "local": a cluster of its own, even where `ray start` left one for ray.init to join.
        ray.init(address="local", num_cpus=options.workers, include_dashboard=False,
                 log_to_driver=False)
    stop = threading.Event()
    if options.chaos_dir:
        threading.Thread(target=kill_one_worker, args=(options.chaos_dir, stop),
                         daemon=True).start()
    try:
        runner = Runner(options)
        runner.out.mkdir(parents=True, exist_ok=True)
        {"solve": solve, "arena": arena, "selfplay": selfplay}[options.command](
            runner, options, extra)
    finally:
        stop.set()
        ray.shutdown()
    print(f"driver: {time.monotonic() - started:.1f} s wall-clock, the cluster's start included",
          file=sys.stderr)


if __name__ == "__main__":
    main()
