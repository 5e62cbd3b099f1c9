#!/usr/bin/env python3
"""How fast the Hex engine answers a short clock and an interrupt (issue 63), standard library only.

    scripts/clock_latency.py [--engine "target/release/boardgames hex gtp"] [--runs 20]

Two measurements on 13x13, a fresh engine each run, a few moves on the board:
- short clock: `time_settings 120 0 0`, `time_left b 0.4 0`, then `genmove b`: the seconds from
  sending `genmove` to its reply (it must come within 0.8 s);
- interrupt: `param_player max_time 30`, `genmove b`, and GoGui's `# interrupt` line 0.5 s
  later: the seconds from the interrupt to the reply (the best move so far).
Prints each run and the median and worst of each. Run it alone on the machine: it times.
"""

import argparse
import shlex
import statistics
import subprocess
import time

OPENING = ["play b g7", "play w f8", "play b e9", "play w h6"]


def start(argv):
    return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def reply(proc):
    """The next reply's text (up to its blank line)."""
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the engine closed its output")
        line = line.rstrip("\n")
        if line == "" and lines:
            return "\n".join(lines)
        if line:
            lines.append(line)


def ask(proc, line):
    send(proc, line)
    text = reply(proc)
    if not text.startswith("="):
        raise SystemExit(f"{line!r} refused: {text}")
    return text


def fresh(argv):
    proc = start(argv)
    for line in ["boardsize 13", *OPENING]:
        ask(proc, line)
    return proc


def short_clock(argv):
    proc = fresh(argv)
    ask(proc, "time_settings 120 0 0")
    ask(proc, "time_left b 0.4 0")
    began = time.monotonic()
    move = ask(proc, "genmove b")
    seconds = time.monotonic() - began
    proc.stdin.close()
    proc.wait()
    return seconds, move


def interrupt(argv):
    proc = fresh(argv)
    ask(proc, "param_player max_time 30")
    send(proc, "genmove b")
    time.sleep(0.5)
    began = time.monotonic()
    send(proc, "# interrupt")
    move = reply(proc)
    seconds = time.monotonic() - began
    proc.stdin.close()
    proc.wait()
    return seconds, move


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/boardgames hex gtp")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    argv = shlex.split(args.engine)
    for name, measure in [("genmove with 0.4 s left", short_clock),
                          ("reply after # interrupt", interrupt)]:
        times = []
        for run in range(1, args.runs + 1):
            seconds, move = measure(argv)
            times.append(seconds)
            print(f"{name}: run {run:2}: {seconds:.3f} s ({move})", flush=True)
        print(f"{name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s "
              f"over {len(times)} runs")


if __name__ == "__main__":
    main()
