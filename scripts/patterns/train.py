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


MARKS = {"n": (1, 0), "b": (1, 1), "N": (2, 0), "B": (2, 1)}
"""A mark's group (1: the last move, 2: the one before) and its place in the group."""

LOCAL = ["@n", "@b", "@N", "@B"]
"""The local factors' names in a table, in the order of their groups and places."""


def feature(word):
    """A feature's pattern and its local marks: (pattern, mark of group 1, of group 2), a
    mark being its place in the group or -1."""
    pattern, *marks = word.split("@")
    local = [-1, -1]
    for m in marks:
        if m not in MARKS:
            return None
        group, place = MARKS[m]
        local[group - 1] = place
    return pattern, local[0], local[1]


def read(path):
    """The positions of a data file: game name, chosen feature, (feature, count) pairs."""
    positions = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words:
                continue
            if len(words) < 3:
                sys.exit(f"{path}:{n}: expected GAME CHOSEN FEATURE:COUNT...")
            pairs = []
            for w in words[2:]:
                word, _, count = w.partition(":")
                if not count.isdigit() or feature(word) is None:
                    sys.exit(f"{path}:{n}: expected PATTERN[@MARK...]:COUNT, not {w!r}")
                pairs.append((feature(word), int(count)))
            chosen = feature(words[1])
            if chosen not in (p for p, _ in pairs):
                sys.exit(f"{path}:{n}: the move played is not among the legal moves")
            positions.append((words[0], chosen, pairs))
    return positions


def read_table(path):
    """A table as this script writes it: pattern -> gamma (the pattern as written), and the
    local factors (1 where the table has none)."""
    table, local = {}, np.ones(len(LOCAL))
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if len(words) != 2:
                sys.exit(f"{path}:{n}: expected PATTERN GAMMA")
            if words[0] in LOCAL:
                local[LOCAL.index(words[0])] = float(words[1])
            else:
                table[words[0]] = float(words[1])
    return table, local


def held_out(game, percent):
    return zlib.crc32(game.encode()) % 100 < percent


class Data:
    """Positions as flat arrays: for each (position, feature) pair its count, its pattern's
    index and its local marks. The gamma of a feature is its pattern's gamma times the
    factors of its marks (the factor of no mark is 1)."""

    def __init__(self, positions, index):
        pos, pat, l1, l2, count = [], [], [], [], []
        chosen = []
        for j, (_, played, pairs) in enumerate(positions):
            chosen.append((index.get(played[0], -1), played[1], played[2]))
            for (p, a, b), c in pairs:
                pos.append(j)
                pat.append(index.get(p, -1))
                l1.append(a)
                l2.append(b)
                count.append(c)
        self.n = len(positions)
        self.pos = np.array(pos, dtype=np.int64)
        self.pat = np.array(pat, dtype=np.int64)
        self.l1 = np.array(l1, dtype=np.int64)
        self.l2 = np.array(l2, dtype=np.int64)
        self.count = np.array(count, dtype=np.float64)
        self.chosen = np.array(chosen, dtype=np.int64).reshape(-1, 3)

    @staticmethod
    def gammas(gamma, of):
        """The gammas of patterns `of`, 1 for those the table does not know (-1)."""
        return np.where(of >= 0, gamma[np.maximum(of, 0)], 1.0)

    @staticmethod
    def factor(local, group, marks):
        """The factors of `marks` (places in `group`, -1 for none)."""
        return np.append(local[2 * group : 2 * group + 2], 1.0)[marks]

    def teams(self, gamma, local):
        """Each (position, feature) pair's gamma."""
        return (self.gammas(gamma, self.pat) * self.factor(local, 0, self.l1)
                * self.factor(local, 1, self.l2))

    def chosen_teams(self, gamma, local):
        c = self.chosen
        return (self.gammas(gamma, c[:, 0]) * self.factor(local, 0, c[:, 1])
                * self.factor(local, 1, c[:, 2]))

    def totals(self, gamma, local):
        return np.bincount(self.pos, weights=self.count * self.teams(gamma, local), minlength=self.n)

    def top1(self, gamma, local):
        """The share of positions whose move played has the highest gamma (ties shared)."""
        g = self.teams(gamma, local)
        best = np.full(self.n, -np.inf)
        np.maximum.at(best, self.pos, g)
        at_best = np.bincount(self.pos, weights=self.count * (g >= best[self.pos]), minlength=self.n)
        mine = self.chosen_teams(gamma, local)
        return float(np.sum((mine >= best) / at_best) / self.n)

    def log_likelihood(self, gamma, local):
        """The mean log-probability of the moves played."""
        return float(np.mean(np.log(self.chosen_teams(gamma, local) / self.totals(gamma, local))))

    def update_patterns(self, gamma, local, wins):
        """One MM update of the patterns' gammas, with a prior of one virtual win and one
        virtual loss against a pattern of gamma 1."""
        total = self.totals(gamma, local)
        mates = self.factor(local, 0, self.l1) * self.factor(local, 1, self.l2)
        known = self.pat >= 0
        denominator = np.bincount(self.pat[known], weights=(self.count * mates / total[self.pos])[known],
                                  minlength=len(gamma))
        return (wins + 1.0) / (denominator + 2.0 / (gamma + 1.0))

    def update_local(self, gamma, local, group):
        """One MM update of the two factors of `group` (0: the last move, 1: the one before)."""
        local = local.copy()
        marks = (self.l1, self.l2)[group]
        total = self.totals(gamma, local)
        teams = self.teams(gamma, local)
        for place in range(2):
            at = marks == place
            own = local[2 * group + place]
            wins = np.sum(self.chosen[:, 1 + group] == place)
            denominator = np.sum((self.count * teams / own / total[self.pos])[at])
            if denominator > 0:
                local[2 * group + place] = (wins + 1.0) / (denominator + 2.0 / (own + 1.0))
        return local


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="files written by `boardgames hex patterns`")
    ap.add_argument("--out", required=True, help="the table to write")
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--held-out", type=int, default=10, help="percent of the games held out")
    ap.add_argument("--note", action="append", default=[], help="a header line (how the records were made)")
    ap.add_argument("--compare", metavar="TABLE", help="also score this table on the held-out positions")
    ap.add_argument("--local", action="store_true",
                    help="also learn the factors of moves near the last two moves (@n @b @N @B)")
    ap.add_argument("--fixed", metavar="TABLE",
                    help="keep the patterns' gammas of this table and learn only the local factors")
    args = ap.parse_args()

    positions = [p for path in args.data for p in read(path)]
    train = [p for p in positions if not held_out(p[0], args.held_out)]
    test = [p for p in positions if held_out(p[0], args.held_out)]
    if not train or not test:
        sys.exit("both the training and the held-out games need positions")
    if args.fixed:
        fixed, _ = read_table(args.fixed)
        names = sorted(fixed)
    else:
        names = sorted({f[0] for _, _, pairs in train for f, _ in pairs})
    index = {p: i for i, p in enumerate(names)}
    tr, te = Data(train, index), Data(test, index)
    known = tr.chosen[:, 0] >= 0
    wins = np.bincount(tr.chosen[known, 0], minlength=len(names)).astype(np.float64)
    gamma = np.array([fixed[p] for p in names]) if args.fixed else np.ones(len(names))
    local = np.ones(len(LOCAL))
    learn_local = args.local or args.fixed
    games = [len({p[0] for p in s}) for s in (train, test)]
    print(f"{games[0]} games ({len(train)} positions) to train, {games[1]} ({len(test)}) held out; "
          f"{len(names)} patterns")
    print(f"iteration  train log-lik  held-out log-lik  held-out top-1  local factors")
    def report(it):
        rate = te.top1(gamma, local)
        print(f"{it:9}  {tr.log_likelihood(gamma, local):13.4f}  {te.log_likelihood(gamma, local):16.4f}"
              f"  {rate:13.1%}  " + " ".join(f"{g:.3g}" for g in local))
        return rate
    rate = report(0)
    before = rate
    for it in range(1, args.iterations + 1):
        if not args.fixed:
            gamma = tr.update_patterns(gamma, local, wins)
        if learn_local:
            for group in range(2):
                local = tr.update_local(gamma, local, group)
        rate = report(it)

    if args.compare:
        table, other_local = read_table(args.compare)
        known = sorted(table)
        other = Data(test, {p: i for i, p in enumerate(known)})
        g = np.array([table[p] for p in known])
        print(f"{args.compare} on the held-out positions: log-lik {other.log_likelihood(g, other_local):.4f}, "
              f"top-1 {other.top1(g, other_local):.1%}")

    with open(args.out, "w", encoding="utf-8") as f:
        if args.fixed:
            # The fixed table's lines as they were (its own header first), with the local
            # factors and how they were learned after its header.
            lines = open(args.fixed, encoding="utf-8").read().splitlines(keepends=True)
            header = [line for line in lines if line.startswith("#")]
            body = [line for line in lines if not line.startswith("#") and line.split()
                    and line.split()[0] not in LOCAL]
            f.writelines(header)
            f.write("# Local factors (@n @b: next to the last move or a bridge away; @N @B: the same "
                    "for the move before), learned with the patterns above fixed.\n")
        else:
            f.write("# Gammas of move patterns (boardgames hex: player/patterns.rs), learned by\n")
            f.write("# scripts/patterns/train.py: Bradley-Terry by minorization-maximization.\n")
        for note in args.note:
            f.write(f"# {note}\n")
        f.write(f"# Training: {games[0]} games, {len(train)} positions, {len(names)} patterns; "
                f"{args.iterations} iterations.\n")
        uniform = te.top1(np.ones(len(names)), np.ones(len(LOCAL)))
        f.write(f"# Held out: {games[1]} games ({args.held_out}%), {len(test)} positions; "
                f"the move played has the highest gamma in {rate:.1%} of them "
                f"(uniform: {uniform:.1%}; {before:.1%} without the local factors).\n")
        f.write("# Command: train.py " + " ".join(a if " " not in a else repr(a) for a in sys.argv[1:]) + "\n")
        if learn_local:
            for name, g in zip(LOCAL, local):
                f.write(f"{name} {g:.4g}\n")
        if args.fixed:
            f.writelines(body)
        else:
            for i in np.argsort(-gamma, kind="stable"):
                f.write(f"{names[i]} {gamma[i]:.4g}\n")


if __name__ == "__main__":
    main()
