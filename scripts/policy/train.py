#!/usr/bin/env python3
"""Trains a small policy network for the Hex player from game records.

Reads the SGF records of folders (`game-001.sgf`, ... as `boardgames hex arena` and
`boardgames hex selfplay` save them) and learns to predict the move played in each position:
a stack of 3x3 convolutions over the board, seen by the side to move (the board transposed and
the colours swapped for White, so that the mover always joins top and bottom), its edges
drawn as a frame of stones one cell wide. The input planes, on the (N+2) x (N+2) framed
board: the mover's stones and edges, the opponent's stones and edges, the empty cells, the
last move. Each layer is a 3x3 convolution (zeros beyond the frame) and a ReLU; a 1x1
convolution gives each cell's logit, and a softmax over the empty cells the policy. Both a
position and its half turn are trained on.

A share of the games (by a hash of their folder and file names) is held out; after each
epoch the script prints how often the net's first choice there is the move played, over all
the moves and over those of the players `--player` names.

The weights are written in the binary form that `crates/hex/src/engine/policy.rs` reads
(`--out`), and `--check` writes positions with the logits this script computes for them, so
that a Rust test can check that its forward pass gives the same.

    scripts/policy/setup-venv
    scripts/policy/.venv/bin/python scripts/policy/train.py RECORDS... --out crates/hex/data/policy-11x11.bin
"""

import argparse
import os
import re
import struct
import sys
import time
import zlib

import numpy as np

MAGIC = b"boardgames hex policy 1\n"
PLANES = 4


def read_records(dirs, size):
    """The games of the folders: (name, black player, white player, moves as (row, col), how
    many of the first moves are setup stones). Setup stones (`AB`, `AW`, as
    `scripts/patterns/gtp_selfplay.py` writes its random openings) are taken as the first
    moves, Black's and White's in turn, when there are as many of each or one more Black; they
    are not learned from."""
    games = []
    for d in dirs:
        for f in sorted(os.listdir(d)):
            if not re.fullmatch(r"game-\d{3,}\.sgf", f):
                continue
            text = open(os.path.join(d, f), encoding="utf-8").read()
            sz = re.search(r"SZ\[(\d+)\]", text)
            if not sz or int(sz.group(1)) != size:
                continue
            setup = {}
            for color in "BW":
                found = re.search(r"A" + color + r"((?:\[[a-z]\d+\])+)", text)
                setup[color] = re.findall(r"\[([a-z]\d+)\]", found.group(1)) if found else []
            black, white = setup["B"], setup["W"]
            if len(black) - len(white) not in (0, 1):
                continue
            cells = [cell for pair in zip(black, white) for cell in pair] + black[len(white):]
            moves = [(ord(cell[0]) - ord("a"), int(cell[1:]) - 1) for cell in cells]
            first = len(moves)
            for color, cell in re.findall(r";([BW])\[([^\]]*)\]", text):
                if cell == "resign":
                    break
                m = re.fullmatch(r"([a-z])(\d+)", cell)
                if not m:
                    moves = None  # a swap or a pass: not a plain game
                    break
                moves.append((ord(m.group(1)) - ord("a"), int(m.group(2)) - 1))
            if not moves or len(moves) == first:
                continue
            pb = (re.search(r"PB\[([^\]]*)\]", text) or [None, ""])[1]
            pw = (re.search(r"PW\[([^\]]*)\]", text) or [None, ""])[1]
            games.append((f"{os.path.normpath(d)}/{f}", pb, pw,
                          [(row, col) for col, row in moves], first))
    return games


def encode(moves, size):
    """The input planes (PLANES, N+2, N+2) of the position after `moves` (row, col), Black
    first, seen by the side to move, and its empty cells (N, N) in the same frame."""
    n = size + 2
    board = np.zeros((size, size), dtype=np.int8)  # 1 Black, 2 White
    for k, (r, c) in enumerate(moves):
        board[r, c] = 1 + k % 2
    white = len(moves) % 2 == 1
    mine, theirs = (2, 1) if white else (1, 2)
    if white:
        board = board.T
    x = np.zeros((PLANES, n, n), dtype=np.float32)
    x[0, 1:-1, 1:-1] = board == mine
    x[1, 1:-1, 1:-1] = board == theirs
    x[2, 1:-1, 1:-1] = board == 0
    # The mover joins top and bottom: those rows of the frame are the mover's edges.
    x[0, 0, 1:-1] = x[0, -1, 1:-1] = 1
    x[1, 1:-1, 0] = x[1, 1:-1, -1] = 1
    if moves:
        r, c = moves[-1]
        if white:
            r, c = c, r
        x[3, r + 1, c + 1] = 1
    return x, board == 0


def positions(games, size):
    """Each game's positions: planes, empty mask, the move's index in the mover's frame, and
    who played it."""
    xs, masks, ys, who, names = [], [], [], [], []
    for name, pb, pw, moves, first in games:
        for k, (r, c) in enumerate(moves):
            if k < first:
                continue
            x, empty = encode(moves[:k], size)
            if k % 2 == 1:
                r, c = c, r
            if not empty[r, c]:
                break
            xs.append(x)
            masks.append(empty.reshape(-1))
            ys.append(r * size + c)
            who.append(pb if k % 2 == 0 else pw)
            names.append(name)
    return (np.stack(xs), np.stack(masks), np.array(ys, dtype=np.int32), who, names)


def held_out(name, percent):
    return zlib.crc32(name.encode()) % 100 < percent


def init(key, layers, channels):
    import jax
    params = []
    shapes = [(channels, PLANES)] + [(channels, channels)] * (layers - 1)
    for out, inp in shapes:
        key, sub = jax.random.split(key)
        w = jax.random.normal(sub, (out, inp, 3, 3)) * np.sqrt(2.0 / (inp * 9))
        params.append((w, np.zeros(out, dtype=np.float32)))
    key, sub = jax.random.split(key)
    params.append((jax.random.normal(sub, (1, channels, 1, 1)) * np.sqrt(1.0 / channels),
                   np.zeros(1, dtype=np.float32)))
    return params


def forward(params, x, size):
    """Logits (batch, N*N) of planes x (batch, PLANES, N+2, N+2)."""
    import jax
    import jax.numpy as jnp
    h = x
    for i, (w, b) in enumerate(params):
        h = jax.lax.conv_general_dilated(h, w, (1, 1), "SAME",
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"))
        h = h + b[None, :, None, None]
        if i < len(params) - 1:
            h = jax.nn.relu(h)
    return h[:, 0, 1:-1, 1:-1].reshape(x.shape[0], size * size)


def write(path, params):
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<I", len(params)))
        for w, b in params:
            w = np.asarray(w, dtype="<f4")
            f.write(struct.pack("<4I", *w.shape))
            f.write(w.tobytes())
            f.write(np.asarray(b, dtype="<f4").tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="folders of numbered SGF records")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--rate", type=float, default=2e-3, help="Adam's learning rate")
    ap.add_argument("--held-out", type=int, default=10, help="percent of the games held out")
    ap.add_argument("--player", default="mohex", help="also score the moves of this player alone")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="the weights to write")
    ap.add_argument("--check", help="write held-out positions with their logits, for the Rust test")
    ap.add_argument("--note", action="append", default=[],
                    help="a header line of the check file (how the records were made)")
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import optax

    games = read_records(args.dirs, args.size)
    if not games:
        sys.exit("no records of that size")
    x, mask, y, who, names = positions(games, args.size)
    test = np.array([held_out(n, args.held_out) for n in names])
    mine = np.array([args.player.lower() in w.lower() for w in who])
    # Held-out positions that some training game also reached (the same openings, say) are
    # scored apart: the share on the others says how well the net generalises.
    seen = {x[i].tobytes() for i in np.flatnonzero(~test)}
    novel = np.array([t and x[i].tobytes() not in seen for i, t in enumerate(test)])
    # The half turn keeps each side's edges: a second copy of every training position.
    tx, tm, ty = x[~test], mask[~test], y[~test]
    n2 = args.size * args.size
    tx = np.concatenate([tx, tx[:, :, ::-1, ::-1]])
    tm = np.concatenate([tm, tm[:, ::-1]])
    ty = np.concatenate([ty, n2 - 1 - ty])
    print(f"{len(games)} games, {len(y)} positions: {len(ty)} to train (with half turns), "
          f"{test.sum()} held out ({(test & mine).sum()} of them {args.player}'s; "
          f"{novel.sum()} not reached in training)", flush=True)

    params = init(jax.random.PRNGKey(args.seed), args.layers, args.channels)
    steps = args.epochs * (len(ty) // args.batch)
    opt = optax.adam(optax.cosine_decay_schedule(args.rate, steps))
    state = opt.init(params)

    def loss(params, x, mask, y):
        logits = jnp.where(mask, forward(params, x, args.size), -1e9)
        return jnp.mean(optax.softmax_cross_entropy_with_integer_labels(logits, y))

    @jax.jit
    def step(params, state, x, mask, y):
        l, g = jax.value_and_grad(loss)(params, x, mask, y)
        updates, state = opt.update(g, state, params)
        return optax.apply_updates(params, updates), state, l

    @jax.jit
    def first(params, x, mask):
        return jnp.argmax(jnp.where(mask, forward(params, x, args.size), -1e9), axis=1)

    def score():
        picks = np.concatenate([np.asarray(first(params, x[test][i:i + 1024], mask[test][i:i + 1024]))
                                for i in range(0, test.sum(), 1024)])
        hit = picks == y[test]
        share = lambda of: hit[of[test]].mean() if of[test].any() else float("nan")
        return hit.mean(), share(mine), share(novel), share(novel & mine)

    rng = np.random.default_rng(args.seed)
    start = time.time()
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(len(ty))
        losses = []
        for i in range(0, len(order) - args.batch + 1, args.batch):
            b = order[i:i + args.batch]
            params, state, l = step(params, state, tx[b], tm[b], ty[b])
            losses.append(float(l))
        rate, rate_mine, rate_novel, rate_novel_mine = score()
        print(f"epoch {epoch}: train loss {np.mean(losses):.3f}; held-out first choice {rate:.1%}, "
              f"{args.player}'s moves {rate_mine:.1%}; in positions not trained on "
              f"{rate_novel:.1%}, {args.player}'s {rate_novel_mine:.1%} ({time.time() - start:.0f} s)",
              flush=True)
    write(args.out, params)
    if args.check:
        idx = np.flatnonzero(test)[:: max(1, test.sum() // 4)][:4]
        logits = np.asarray(forward(params, x[idx], args.size))
        with open(args.check, "w", encoding="utf-8") as f:
            f.write("# Held-out positions (the moves from the empty board, Black first) and the\n")
            f.write("# logits of every cell of the mover's frame, row by row, as train.py computes them.\n")
            f.write(f"# Weights: {args.out}, from {len(games)} games ({len(y)} positions, "
                    f"{len(ty)} trained on with the half turns); {args.layers} layers of "
                    f"{args.channels} channels, {args.epochs} epochs.\n")
            f.write(f"# Held out: {test.sum()} positions ({args.held_out}% of the games); the first "
                    f"choice is the move played in {rate:.1%} of them, in {rate_novel:.1%} of the "
                    f"{novel.sum()} that no training game reached, {args.player}'s move in "
                    f"{rate_novel_mine:.1%} of those.\n")
            for note in args.note:
                f.write(f"# {note}\n")
            f.write("# Command: train.py " + " ".join(sys.argv[1:]) + "\n")
            for k, i in enumerate(idx):
                game = next(g for g in games if g[0] == names[i])
                ply = sum(1 for j in range(i) if names[j] == names[i])
                moves = " ".join(f"{chr(ord('a') + c)}{r + 1}" for r, c in game[3][:ply])
                f.write(f"moves {moves}\n")
                f.write("logits " + " ".join(f"{v:.6g}" for v in logits[k]) + "\n")


if __name__ == "__main__":
    main()
