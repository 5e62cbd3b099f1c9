#!/usr/bin/env python3
"""Learns the weights of move patterns from game records, by minorization-maximization.

Reads what `boardgames hex patterns DIR...` writes (a line a position: the game, the pattern
of the move played, and each pattern among the legal moves with how many moves have it) and
fits a Bradley-Terry model: a move is played with a chance proportional to its pattern's
gamma. Each iteration is one MM update of every gamma (Coulom, "Computing Elo ratings of move
patterns in the game of Go", 2007), with a prior of one virtual win and one virtual loss
against a pattern of gamma 1, so that rare patterns stay near 1. A share of the games (by
a hash of their names) is held out, and after each iteration the script prints how often the
move played has the highest gamma among the legal moves there (ties share the credit).

The table is written as text: `#` lines saying how it was made, then a line a pattern,
its text and its gamma, highest first.

    scripts/patterns/setup-venv
    target/release/boardgames hex patterns RECORDS... > data.txt
    scripts/patterns/.venv/bin/python scripts/patterns/train.py data.txt \\
        --out crates/hex/data/patterns.txt --note "how the records were made"
"""

import argparse
import sys
import zlib

import numpy as np


def read(path):
    """The positions of a data file: game names, chosen pattern, (pattern, count) pairs."""
    positions = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words:
                continue
            if len(words) < 3:
                sys.exit(f"{path}:{n}: expected GAME CHOSEN PATTERN:COUNT...")
            pairs = []
            for w in words[2:]:
                pattern, _, count = w.partition(":")
                if not count.isdigit():
                    sys.exit(f"{path}:{n}: expected PATTERN:COUNT, not {w!r}")
                pairs.append((pattern, int(count)))
            if words[1] not in (p for p, _ in pairs):
                sys.exit(f"{path}:{n}: the move played is not among the legal moves")
            positions.append((words[0], words[1], pairs))
    return positions


def read_table(path):
    """A table as this script writes it: pattern -> gamma (the pattern as written)."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if len(words) != 2:
                sys.exit(f"{path}:{n}: expected PATTERN GAMMA")
            table[words[0]] = float(words[1])
    return table


def held_out(game, percent):
    return zlib.crc32(game.encode()) % 100 < percent


class Data:
    """Positions as flat arrays: for each (position, pattern) pair its count."""

    def __init__(self, positions, index):
        pos, pat, count, chosen = [], [], [], []
        for j, (_, played, pairs) in enumerate(positions):
            chosen.append(index.get(played, -1))
            for p, c in pairs:
                pos.append(j)
                pat.append(index.get(p, -1))
                count.append(c)
        self.n = len(positions)
        self.pos = np.array(pos, dtype=np.int64)
        self.pat = np.array(pat, dtype=np.int64)
        self.count = np.array(count, dtype=np.float64)
        self.chosen = np.array(chosen, dtype=np.int64)

    def gammas(self, gamma, of):
        """The gammas of patterns `of`, 1 for those the table does not know (-1)."""
        return np.where(of >= 0, gamma[np.maximum(of, 0)], 1.0)

    def top1(self, gamma):
        """The share of positions whose move played has the highest gamma (ties shared)."""
        g = self.gammas(gamma, self.pat)
        best = np.full(self.n, -np.inf)
        np.maximum.at(best, self.pos, g)
        at_best = np.bincount(self.pos, weights=self.count * (g >= best[self.pos]), minlength=self.n)
        mine = self.gammas(gamma, self.chosen)
        return float(np.sum((mine >= best) / at_best) / self.n)

    def log_likelihood(self, gamma):
        """The mean log-probability of the moves played."""
        total = np.bincount(self.pos, weights=self.count * self.gammas(gamma, self.pat), minlength=self.n)
        return float(np.mean(np.log(self.gammas(gamma, self.chosen) / total)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="files written by `boardgames hex patterns`")
    ap.add_argument("--out", required=True, help="the table to write")
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--held-out", type=int, default=10, help="percent of the games held out")
    ap.add_argument("--note", action="append", default=[], help="a header line (how the records were made)")
    ap.add_argument("--compare", metavar="TABLE", help="also score this table on the held-out positions")
    args = ap.parse_args()

    positions = [p for path in args.data for p in read(path)]
    train = [p for p in positions if not held_out(p[0], args.held_out)]
    test = [p for p in positions if held_out(p[0], args.held_out)]
    if not train or not test:
        sys.exit("both the training and the held-out games need positions")
    names = sorted({p for _, _, pairs in train for p, _ in pairs})
    index = {p: i for i, p in enumerate(names)}
    tr, te = Data(train, index), Data(test, index)
    wins = np.bincount(tr.chosen, minlength=len(names)).astype(np.float64)
    gamma = np.ones(len(names))
    games = [len({p[0] for p in s}) for s in (train, test)]
    print(f"{games[0]} games ({len(train)} positions) to train, {games[1]} ({len(test)}) held out; "
          f"{len(names)} patterns")
    print(f"iteration  train log-lik  held-out log-lik  held-out top-1")
    rate = te.top1(gamma)
    print(f"{0:9}  {tr.log_likelihood(gamma):13.4f}  {te.log_likelihood(gamma):16.4f}  {rate:13.1%}")
    for it in range(1, args.iterations + 1):
        total = np.bincount(tr.pos, weights=tr.count * gamma[tr.pat], minlength=tr.n)
        denominator = np.bincount(tr.pat, weights=tr.count / total[tr.pos], minlength=len(names))
        gamma = (wins + 1.0) / (denominator + 2.0 / (gamma + 1.0))
        rate = te.top1(gamma)
        print(f"{it:9}  {tr.log_likelihood(gamma):13.4f}  {te.log_likelihood(gamma):16.4f}  {rate:13.1%}")

    if args.compare:
        table = read_table(args.compare)
        known = sorted({p for _, _, pairs in test for p, _ in pairs})
        other = Data(test, {p: i for i, p in enumerate(known)})
        g = np.array([table.get(p, 1.0) for p in known])
        print(f"{args.compare} on the held-out positions: log-lik {other.log_likelihood(g):.4f}, "
              f"top-1 {other.top1(g):.1%}")

    order = np.argsort(-gamma, kind="stable")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("# Gammas of move patterns (boardgames hex: engine/patterns.rs), learned by\n")
        f.write("# scripts/patterns/train.py: Bradley-Terry by minorization-maximization.\n")
        for note in args.note:
            f.write(f"# {note}\n")
        f.write(f"# Training: {games[0]} games, {len(train)} positions, {len(names)} patterns; "
                f"{args.iterations} iterations.\n")
        f.write(f"# Held out: {games[1]} games ({args.held_out}%), {len(test)} positions; "
                f"the move played has the highest gamma in {rate:.1%} of them "
                f"(uniform: {te.top1(np.ones(len(names))):.1%}).\n")
        f.write("# Command: train.py " + " ".join(a if " " not in a else repr(a) for a in sys.argv[1:]) + "\n")
        for i in order:
            f.write(f"{names[i]} {gamma[i]:.4g}\n")


if __name__ == "__main__":
    main()
