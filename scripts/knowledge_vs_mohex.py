#!/usr/bin/env python3
"""How much of our proof tree MoHex's knowledge decides at once.

Usage: knowledge_vs_mohex.py MOHEX PROOF.sgf [--limit SECONDS] [--out FILE]

PROOF.sgf is a proof tree written by `boardgames hex solve --proof-tree PROOF.sgf` (the first
game tree of the file). For every position of the tree (those reached again by other moves
are skipped), MoHex is started afresh, given the position and `dfpn-solve-state` for the side
to move; its log says how many positions its solver expanded. A position it decides with no
expansion (no MID call) is one its knowledge alone decides; ours decides the tree's leaves
(marked in the SGF). Prints a Markdown table: our verdict against MoHex's, with the mean of
MoHex's expansions where it searched (and writes it to --out). Needs only Python 3's standard
library.

MOHEX is the path of a MoHex binary (built separately; it runs in a scratch directory made
here, as it writes default.log where it runs).
"""

import argparse
import re
import subprocess
import sys
import tempfile


def parse_tree(text):
    """The setup (colour, point) list, the side to move, and the positions of the tree as
    (moves from the root as (colour, point), transposition, decided by us)."""
    start = text.index("(;")
    setup, to_move, positions = [], None, []
    stack = []  # the line of moves where each open variation starts
    line = []

    def props(body):
        return re.findall(r"([A-Z]+)((?:\[[^\]]*\])+)", body)

    # Split into tokens: "(", ")", and nodes ";...".
    tokens = re.findall(r"\(|\)|;(?:[A-Z]+(?:\[[^\]]*\])+)*", text[start:])
    depth = 0
    first = True
    for token in tokens:
        if token == "(":
            depth += 1
            stack.append(list(line))
            continue
        if token == ")":
            depth -= 1
            line = stack.pop() if stack else []
            if depth == 0:
                break
            continue
        found = dict((name, re.findall(r"\[([^\]]*)\]", values)) for name, values in props(token[1:]))
        if first:
            first = False
            for colour in ("B", "W"):
                setup += [(colour, p) for p in found.get("A" + colour, [])]
            to_move = found.get("PL", ["B"])[0]
            comment = found.get("C", [""])[0]
            positions.append(([], False, "decided by the knowledge" in comment))
            continue
        colour = "B" if "B" in found else "W"
        line = line + [(colour, found[colour][0])]
        comment = found.get("C", [""])[0]
        positions.append((list(line), comment.startswith("reached before"), "decided" in comment))
    return setup, to_move, positions


def mohex_expansions(mohex, size, stones, to_move, limit, scratch):
    """MoHex's MID calls for the position, or None when it gave no statistics."""
    commands = ["boardsize %d" % size]
    commands += ["play %s %s" % (c.lower(), p) for c, p in stones]
    commands += ["param_dfpn timelimit %d" % limit]
    commands += ["dfpn-solve-state %s" % ("black" if to_move == "B" else "white"), "quit"]
    run = subprocess.run([mohex, "--use-logfile", "0"], input="\n".join(commands) + "\n",
                         capture_output=True, text=True, cwd=scratch, timeout=limit + 60)
    found = re.search(r"MID calls\s+(\d+)", run.stderr)
    return int(found.group(1)) if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mohex")
    parser.add_argument("proof")
    parser.add_argument("--limit", type=int, default=60, help="seconds a position, for MoHex")
    parser.add_argument("--out")
    args = parser.parse_args()
    text = open(args.proof).read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    setup, to_move, positions = parse_tree(text)
    counts = {}
    expansions = {}
    with tempfile.TemporaryDirectory() as scratch:
        for n, (moves, transposition, ours) in enumerate(positions, 1):
            if transposition:
                continue
            side = to_move if len(moves) % 2 == 0 else ("W" if to_move == "B" else "B")
            mid = mohex_expansions(args.mohex, size, setup + moves, side, args.limit, scratch)
            theirs = "no answer" if mid is None else ("decided" if mid == 0 else "searched")
            key = ("decided" if ours else "searched", theirs)
            counts[key] = counts.get(key, 0) + 1
            if mid:
                expansions.setdefault(key, []).append(mid)
            print("%d/%d" % (n, len(positions)), file=sys.stderr, end="\r")
    rows = ["| ours | MoHex | positions | MoHex's mean expansions |", "|---|---|---:|---:|"]
    for key in sorted(counts):
        mids = expansions.get(key, [])
        mean = "%.1f" % (sum(mids) / len(mids)) if mids else "-"
        rows.append("| %s | %s | %d | %s |" % (key[0], key[1], counts[key], mean))
    table = "\n".join(rows) + "\n"
    print(table, end="")
    if args.out:
        with open(args.out, "w") as out:
            out.write(table)


if __name__ == "__main__":
    main()
