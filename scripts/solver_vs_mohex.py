#!/usr/bin/env python3
"""Our DFPN solver against MoHex's, opening by opening, in the same run.

Usage: solver_vs_mohex.py MOHEX [--size N] [--limit SECONDS] [--ours BINARY] [--openings a1,b2]
                          [--memory MIB] [--threads N] [--out FILE]

For each Black opening of an N x N board (every cell, or those of --openings), both engines get
`clear_board`, `play b CELL`, `dfpn-solve-state white` over GTP: one process each for the whole
run (each keeps its table from one opening to the next, as a GUI session would), as many
solver threads each (`param_dfpn threads N`, 1 by default), the same time limit (`param_dfpn timelimit`). The time is
the wall-clock time of the reply as seen from here; the memory is the process's peak resident
size (VmHWM in /proc/PID/status) after the opening, so it only grows. A MoHex that crashes is
started again for the next opening. Prints a Markdown table and the totals (and writes them to
--out). Needs only Python 3's standard library.

MOHEX is the path of a MoHex binary (built separately; it writes default.log in its working
directory, so it runs in a scratch directory made here).
"""

import argparse
import os
import sys
import tempfile
import time

from gtp_client import Engine


def solve(engine, cell, limit):
    """(answer, seconds, peak KiB) of one opening."""
    if not engine.alive():
        engine.start()
    for command in ("clear_board", "play b %s" % cell):
        ok, reply = engine.send(command, 60)
        if not ok:
            return "error: %s" % reply, 0.0, None
    started = time.monotonic()
    # The engines stop at the limit themselves; the grace is for one that does not.
    ok, reply = engine.send("dfpn-solve-state white", limit + 30)
    seconds = time.monotonic() - started
    peak = engine.peak_kib()
    if not ok:
        answer = reply if reply in ("timeout", "crash") else "unknown"
    else:
        answer = {"black": "B", "white": "W"}.get(reply.lower(), "unknown")
    if answer in ("timeout", "crash"):
        engine.proc.kill()
        engine.proc.wait()
    return answer, seconds, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mohex", help="path of a MoHex binary")
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds an opening")
    parser.add_argument("--ours", default="target/release/boardgames")
    parser.add_argument("--openings", help="cells, comma separated (default: every cell)")
    parser.add_argument("--memory", type=int, default=256, help="our table, MiB")
    parser.add_argument("--threads", type=int, default=1, help="solver threads, each engine")
    parser.add_argument("--out", help="also write the table here")
    args = parser.parse_args()

    n = args.size
    cells = (
        args.openings.split(",")
        if args.openings
        else ["%s%d" % (chr(ord("a") + c), r + 1) for r in range(n) for c in range(n)]
    )
    common = ["boardsize %d %d" % (n, n), "param_dfpn threads %d" % args.threads]
    limit = "param_dfpn timelimit %g" % args.limit
    ours = Engine(
        "ours",
        [os.path.abspath(args.ours), "hex", "gtp"],
        common + [limit, "param_dfpn memory %d" % args.memory],
    )
    scratch = tempfile.mkdtemp(prefix="mohex-run-")
    mohex = Engine("mohex", [os.path.abspath(args.mohex)], common + [limit], cwd=scratch)

    rows = []
    header = "| opening | ours | s | MiB | MoHex | s | MiB | agree |"
    out = [header, "|---|---|---:|---:|---|---:|---:|---|"]
    print(header, flush=True)
    for cell in cells:
        a = solve(ours, cell, args.limit)
        b = solve(mohex, cell, args.limit)
        agree = "" if a[0] not in ("B", "W") or b[0] not in ("B", "W") else ("yes" if a[0] == b[0] else "NO")
        mib = lambda kib: "" if kib is None else "%d" % (kib // 1024)
        line = "| %s | %s | %.2f | %s | %s | %.2f | %s | %s |" % (
            cell, a[0], a[1], mib(a[2]), b[0], b[1], mib(b[2]), agree)
        print(line, flush=True)
        out.append(line)
        rows.append((a, b))

    def totals(i):
        proven = [r[i] for r in rows if r[i][0] in ("B", "W")]
        return len(proven), sum(r[1] for r in proven), sum(r[i][1] for r in rows)

    for i, name in ((0, "ours"), (1, "MoHex")):
        count, proven_seconds, all_seconds = totals(i)
        line = "%s: %d of %d proven, %.1f s on the proven ones, %.1f s in all (limit %g s)" % (
            name, count, len(rows), proven_seconds, all_seconds, args.limit)
        print(line)
        out.append("")
        out.append(line)
    both = [(a, b) for a, b in rows if a[0] in ("B", "W") and b[0] in ("B", "W")]
    line = "both proven: %d openings, ours %.1f s, MoHex %.1f s; disagreements: %d" % (
        len(both), sum(a[1] for a, _ in both), sum(b[1] for _, b in both),
        sum(a[0] != b[0] for a, b in both))
    print(line)
    out.append("")
    out.append(line)
    ours.close()
    mohex.close()
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    sys.exit(main())
