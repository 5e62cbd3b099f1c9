#!/usr/bin/env python3
"""Self-play records of any GTP Hex engine, from random openings, for the pattern trainer.

One engine process plays both sides of each game: the first --random moves are drawn at
random (a seeded generator) and written as setup stones (AB/AW), so that the trainer learns
only from the engine's own moves; then `genmove` for each side in turn until the game is
decided (the engine's `final_score`), it resigns, or it fails (the record then ends there).
Records are saved as game-001.sgf, ... in HexGui's convention, as `hex patterns` reads them.

    scripts/patterns/gtp_selfplay.py --games 100 --out DIR -- ENGINE ARGS...
"""

import argparse
import os
import random
import sys

# The GTP client the scripts share is one folder up.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gtp_client import Engine  # noqa: E402 (after the path above)


def ask(engine, line):
    """The reply to a command, or None when the engine fails or answers `?`."""
    ok, reply = engine.send(line, None)
    return reply if ok else None


def point(row, col):
    return f"{chr(ord('a') + col)}{row + 1}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first-game", type=int, default=1)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--random", type=int, default=2, help="random opening moves")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name", default="engine", help="the players' name in the records")
    ap.add_argument("command", nargs="+", help="the engine's command line (after --)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for number in range(args.first_game, args.first_game + args.games):
        rng = random.Random(args.seed * 1_000_003 + number)
        engine = Engine("engine", args.command)
        ask(engine, f"boardsize {args.size} {args.size}")
        cells = [point(r, c) for r in range(args.size) for c in range(args.size)]
        opening = rng.sample(cells, args.random)
        setup = {"B": [], "W": []}
        colour = "B"
        for cell in opening:
            ask(engine, f"play {colour.lower()} {cell}")
            setup[colour].append(cell)
            colour = "W" if colour == "B" else "B"
        moves, result = [], ""
        while True:
            score = ask(engine, "final_score")
            if score and score[0] in "BW" and score.startswith(("B+", "W+")):
                result = score
                break
            reply = ask(engine, f"genmove {colour.lower()}")
            if reply is None:
                break
            if reply.lower() == "resign":
                result = ("W" if colour == "B" else "B") + "+Resign"
                break
            moves.append((colour, reply.lower()))
            colour = "W" if colour == "B" else "B"
        engine.close()
        root = f"(;FF[4]GM[11]SZ[{args.size}]PB[{args.name}]PW[{args.name}]"
        root += f"RE[{result}]" if result else ""
        for c in "BW":
            if setup[c]:
                root += "A" + c + "".join(f"[{p}]" for p in setup[c])
        body = "".join(f"\n;{c}[{m}]" for c, m in moves)
        name = f"game-{number:03}.sgf"
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(root + body + "\n)\n")
        print(f"{name}  {result or 'unfinished'}  {len(moves)} moves", flush=True)


if __name__ == "__main__":
    sys.exit(main())
