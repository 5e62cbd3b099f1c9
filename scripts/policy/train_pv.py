#!/usr/bin/env python3
"""Trains the Hex player's policy+value network from game records.

Reads the SGF records of folders or `.tar.xz` archives (as `scripts/records/hex` and
`boardgames hex arena` / `selfplay` write them): set-up stones (`AB`, `AW`), then moves, each
with the root's visit counts where the record has them (`VS[d8:1102 d6:171 ...]`) and the
searched value of the move played for its player (`V[0.43]`). Every position before a move is
a training example, seen by the side to move (the board transposed and the colours swapped
for White, so that the mover joins top and bottom), its half turn a second one.

The network is fully convolutional, so one network reads every size: a 3x3 convolution from
the four input planes (the mover's stones and edges, the opponent's, the empty cells, the
last move, on the board with a frame one cell wide) to C channels, B residual blocks (two
3x3 convolutions and the block's input added before the second ReLU), then two heads:

- policy: a 1x1 convolution to one logit a cell; trained towards the visit counts
  (normalised) where the record has them, else the move played;
- value: a 1x1 convolution to V channels and a ReLU, their mean over the board's cells, a
  fully connected layer to H and a ReLU, and one to a single logit: the chance that the side
  to move wins. Trained towards the game's result for the mover, mixed with the record's
  searched value (`--value-mix`, the share of the searched value).

A share of the games (by a hash of their sizes and file names) is held out. After each epoch the script
prints the policy's loss and how often its first choice is the move played, the value's
loss, and at the end the value's calibration on the held-out positions (predicted against
actual wins, in ten bins) for each size. The weights are written in the binary form that
`crates/hex/src/player/network.rs` reads, and `--check` writes held-out positions with the
policy logits and value this script computes, for the Rust test.

    scripts/policy/setup-venv
    scripts/policy/.venv/bin/python scripts/policy/train_pv.py data/hex/records-11x11-mohex.tar.xz \\
        data/hex/records-13x13-mohex.tar.xz --out crates/hex/data/network.bin
"""

import argparse
import io
import os
import re
import struct
import sys
import tarfile
import time
import zlib

import numpy as np

MAGIC = b"boardgames hex network 2\n"
PLANES = 4


def sources(paths):
    """(name, text) of every numbered SGF record in the folders and archives."""
    for path in paths:
        if path.endswith(".tar.xz"):
            with tarfile.open(path) as tar:
                for member in sorted(tar.getmembers(), key=lambda m: m.name):
                    if member.isfile() and re.search(r"game-\d+\.sgf$", member.name):
                        text = tar.extractfile(member).read().decode("utf-8")
                        yield f"{os.path.basename(path)}/{member.name}", text
        else:
            for f in sorted(os.listdir(path)):
                if re.fullmatch(r"game-\d+\.sgf", f):
                    with open(os.path.join(path, f), encoding="utf-8") as file:
                        yield f"{os.path.normpath(path)}/{f}", file.read()


def point(name):
    """(row, col) of a cell's name (`d8`)."""
    m = re.fullmatch(r"([a-z])(\d+)", name)
    return (int(m.group(2)) - 1, ord(m.group(1)) - ord("a")) if m else None


def read_game(name, text, sizes):
    """One record: its size, set-up stones, moves (colour, (row, col), visits, value) and the
    winner ('B' or 'W'); None for a record that is not a plain finished square game."""
    sz = re.search(r"SZ\[(\d+)\]", text)
    winner = re.search(r"RE\[([BW])\+", text)
    if not sz or not winner or int(sz.group(1)) not in sizes:
        return None
    setup = {}
    for color in "BW":
        found = re.search(r"A" + color + r"((?:\[[a-z]\d+\])+)", text)
        setup[color] = [point(c) for c in re.findall(r"\[([a-z]\d+)\]", found.group(1))] if found else []
    moves = []
    for node in re.findall(r";([BW])\[([^\]]*)\]((?:[A-Z]+\[[^\]]*\])*)", text):
        color, cell, props = node
        at = point(cell)
        if at is None:
            return None  # a swap, a pass or a resignation as a move: not a plain game
        visits = {}
        vs = re.search(r"VS\[([^\]]*)\]", props)
        if vs:
            for item in vs.group(1).split():
                c, n = item.split(":")
                visits[point(c)] = int(n)
        v = re.search(r"(?<![A-Z])V\[([0-9.]+)\]", props)
        moves.append((color, at, visits, float(v.group(1)) if v else None))
    if not moves:
        return None
    return (name, int(sz.group(1)), setup, moves, winner.group(1))


def encode(board, size, mover, last):
    """The input planes (PLANES, N+2, N+2) of `board` (N x N: 0 empty, 1 Black, 2 White) seen by
    `mover` ('B' or 'W'), `last` the last move (row, col) or None."""
    white = mover == "W"
    mine, theirs = (2, 1) if white else (1, 2)
    b = board.T if white else board
    n = size + 2
    x = np.zeros((PLANES, n, n), dtype=np.float32)
    x[0, 1:-1, 1:-1] = b == mine
    x[1, 1:-1, 1:-1] = b == theirs
    x[2, 1:-1, 1:-1] = b == 0
    x[0, 0, 1:-1] = x[0, -1, 1:-1] = 1
    x[1, 1:-1, 0] = x[1, 1:-1, -1] = 1
    if last is not None:
        r, c = frame(last, mover)
        x[3, r + 1, c + 1] = 1
    return x


def frame(at, mover):
    """The board's (row, col) in `mover`'s frame (transposed for White)."""
    return (at[1], at[0]) if mover == "W" else at


def examples(game, value_mix):
    """A game's positions: planes, empty mask, the policy target (N*N), the value target, the
    move played (its index in the mover's frame)."""
    name, size, setup, moves, winner = game
    board = np.zeros((size, size), dtype=np.int8)
    for color, code in (("B", 1), ("W", 2)):
        for r, c in setup[color]:
            board[r, c] = code
    out = []
    last = None
    for color, at, visits, value in moves:
        if board[at] != 0:
            break
        x = encode(board, size, color, last)
        mask = (board.T if color == "W" else board).reshape(-1) == 0
        target = np.zeros(size * size, dtype=np.float32)
        for cell, n in visits.items():
            if cell is not None and board[cell] == 0:
                r, c = frame(cell, color)
                target[r * size + c] += n
        r, c = frame(at, color)
        if target.sum() == 0:
            target[r * size + c] = 1
        target /= target.sum()
        z = 1.0 if color == winner else 0.0
        v = z if value is None else (1 - value_mix) * z + value_mix * value
        out.append((x, mask, target, np.float32(v), r * size + c, z))
        board[at] = 1 if color == "B" else 2
        last = at
    return out


def held_out(name, size, percent):
    """Whether a game is held out: by a hash of its size and file name (not its folder), so that
    the split is the same wherever the records lie."""
    return zlib.crc32(f"{size}/{os.path.basename(name)}".encode()) % 100 < percent


def init(key, blocks, channels, value_channels, hidden):
    """The weights, in the order `write` writes them."""
    import jax

    def conv(key, out, inp, k):
        w = jax.random.normal(key, (out, inp, k, k)) * np.sqrt(2.0 / (inp * k * k))
        return [w, np.zeros(out, dtype=np.float32)]

    def dense(key, out, inp, scale):
        return [jax.random.normal(key, (out, inp)) * np.sqrt(scale / inp), np.zeros(out, dtype=np.float32)]

    keys = iter(jax.random.split(key, 4 + 2 * blocks + 4))
    params = {"stem": conv(next(keys), channels, PLANES, 3), "blocks": []}
    for _ in range(blocks):
        first = conv(next(keys), channels, channels, 3)
        second = conv(next(keys), channels, channels, 3)
        second[0] = second[0] * 0.1  # each block starts near the identity
        params["blocks"].append(first + second)
    params["policy"] = conv(next(keys), 1, channels, 1)
    params["value_conv"] = conv(next(keys), value_channels, channels, 1)
    params["value_hidden"] = dense(next(keys), hidden, value_channels, 2.0)
    params["value_out"] = dense(next(keys), 1, hidden, 1.0)
    return params


def forward(params, x):
    """Policy logits (batch, N*N) and value logits (batch,) of planes x (batch, PLANES, N+2, N+2)."""
    import jax
    import jax.numpy as jnp

    def conv(h, w, b):
        h = jax.lax.conv_general_dilated(h, w, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        return h + b[None, :, None, None]

    h = jax.nn.relu(conv(x, *params["stem"]))
    for w1, b1, w2, b2 in params["blocks"]:
        h = jax.nn.relu(h + conv(jax.nn.relu(conv(h, w1, b1)), w2, b2))
    n = x.shape[2] - 2
    policy = conv(h, *params["policy"])[:, 0, 1:-1, 1:-1].reshape(x.shape[0], n * n)
    v = jax.nn.relu(conv(h, *params["value_conv"]))[:, :, 1:-1, 1:-1].mean(axis=(2, 3))
    w, b = params["value_hidden"]
    v = jax.nn.relu(v @ w.T + b)
    w, b = params["value_out"]
    return policy, (v @ w.T + b)[:, 0]


def read(path):
    """The weights of a network `write` wrote (to compare with), in `init`'s form."""
    data = open(path, "rb").read()
    assert data.startswith(MAGIC), f"{path}: not a policy+value network"
    at = len(MAGIC)
    blocks, channels, value_channels, hidden = struct.unpack_from("<4I", data, at)
    at += 16

    def take(*shape):
        nonlocal at
        n = int(np.prod(shape))
        t = np.frombuffer(data, "<f4", n, at).reshape(shape)
        at += 4 * n
        return t

    def conv(out, inp, k):
        return [take(out, inp, k, k), take(out)]

    def dense(out, inp):
        return [take(out, inp), take(out)]

    params = {"stem": conv(channels, PLANES, 3),
              "blocks": [conv(channels, channels, 3) + conv(channels, channels, 3) for _ in range(blocks)],
              "policy": conv(1, channels, 1),
              "value_conv": conv(value_channels, channels, 1),
              "value_hidden": dense(hidden, value_channels),
              "value_out": dense(1, hidden)}
    assert at == len(data), f"{path}: {len(data) - at} bytes after the last layer"
    return params


def tensors(params):
    yield from params["stem"]
    for block in params["blocks"]:
        yield from block
    for head in ("policy", "value_conv", "value_hidden", "value_out"):
        yield from params[head]


def write(path, params, blocks, channels, value_channels, hidden):
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<4I", blocks, channels, value_channels, hidden))
        for t in tensors(params):
            t = np.asarray(t, dtype="<f4")
            f.write(t.tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", nargs="+", help="folders of numbered SGF records, or .tar.xz archives of them")
    ap.add_argument("--sizes", default="11,13", help="the board sizes to learn from")
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--value-channels", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--rate", type=float, default=2e-3, help="Adam's learning rate")
    ap.add_argument("--decay", type=float, default=1e-4, help="weight decay (AdamW)")
    ap.add_argument("--value-weight", type=float, default=1.0, help="the value loss's weight")
    ap.add_argument("--value-mix", type=float, default=0.5,
                    help="the share of the record's searched value in the value target (the rest: the result)")
    ap.add_argument("--held-out", type=int, default=10, help="percent of the games held out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="the weights to write")
    ap.add_argument("--check", help="write held-out positions with the net's outputs, for the Rust test")
    ap.add_argument("--compare", help="another network of this script's to score on the same held-out positions")
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import optax

    sizes = [int(s) for s in args.sizes.split(",")]
    games = [g for g in (read_game(n, t, sizes) for n, t in sources(args.sources)) if g]
    if not games:
        sys.exit("no records of those sizes")
    by_size = {}
    for g in games:
        test = held_out(g[0], g[1], args.held_out)
        for e in examples(g, args.value_mix):
            by_size.setdefault((g[1], test), []).append(e + (g[0],))
    data = {}
    for (size, test), rows in by_size.items():
        x, m, p, v, y, z, names = (np.stack([r[i] for r in rows]) if i < 6 else [r[i] for r in rows]
                                   for i in range(7))
        if not test:
            # The half turn keeps each side's edges: a second copy of every training position.
            x = np.concatenate([x, x[:, :, ::-1, ::-1]])
            m = np.concatenate([m, m[:, ::-1]])
            p = np.concatenate([p, p[:, ::-1]])
            v, y, z = np.concatenate([v, v]), np.concatenate([y, size * size - 1 - y]), np.concatenate([z, z])
            names = names + names
        data[(size, test)] = (x, m, p, v, y, z, names)
    for size in sizes:
        train_n = len(data.get((size, False), [[]])[0])
        test_n = len(data.get((size, True), [[]])[0])
        count = sum(1 for g in games if g[1] == size)
        print(f"{size}x{size}: {count} games; {train_n} positions to train on (with half turns), "
              f"{test_n} held out", flush=True)

    params = init(jax.random.PRNGKey(args.seed), args.blocks, args.channels, args.value_channels, args.hidden)
    batches = [(s, i) for (s, test), d in data.items() if not test
               for i in range(0, len(d[0]) - args.batch + 1, args.batch)]
    steps = args.epochs * len(batches)
    opt = optax.adamw(optax.cosine_decay_schedule(args.rate, max(1, steps)), weight_decay=args.decay)
    state = opt.init(params)

    def losses(params, x, mask, p, v):
        logits, value = forward(params, x)
        logits = jnp.where(mask, logits, -1e9)
        policy = jnp.mean(optax.softmax_cross_entropy(logits, p))
        value = jnp.mean(optax.sigmoid_binary_cross_entropy(value, v))
        return policy, value

    def loss(params, x, mask, p, v):
        policy, value = losses(params, x, mask, p, v)
        return policy + args.value_weight * value

    @jax.jit
    def step(params, state, x, mask, p, v):
        l, g = jax.value_and_grad(loss)(params, x, mask, p, v)
        updates, state = opt.update(g, state, params)
        return optax.apply_updates(params, updates), state, l

    @jax.jit
    def outputs(params, x, mask):
        logits, value = forward(params, x)
        return jnp.argmax(jnp.where(mask, logits, -1e9), axis=1), jax.nn.sigmoid(value)

    def outputs_all(size):
        x, m, *_ = data[(size, True)]
        picks, values = [], []
        for i in range(0, len(x), 512):
            a, b = outputs(params, x[i:i + 512], m[i:i + 512])
            picks.append(np.asarray(a))
            values.append(np.asarray(b))
        return np.concatenate(picks), np.concatenate(values)

    def evaluate(size):
        _, _, _, _, y, z, _ = data[(size, True)]
        picks, values = outputs_all(size)
        eps = 1e-6
        bce = -np.mean(z * np.log(values + eps) + (1 - z) * np.log(1 - values + eps))
        return (picks == y).mean(), bce, values, z, picks

    def by_source(size, picks, who):
        """The held-out first choice of each source of the games apart (MoHex's records, this
        engine's self-play): whose moves a network predicts."""
        _, _, _, _, y, _, names = data[(size, True)]
        source = np.array([n.rsplit("/", 1)[0] for n in names])
        for name in sorted(set(source)):
            inside = source == name
            line = (f"{size}x{size} held out from {name}: {inside.sum()} positions, "
                    f"first choice {(picks[inside] == y[inside]).mean():.1%} ({who})")
            print(line)
            calibration.append(line)

    rng = np.random.default_rng(args.seed)
    start = time.time()
    for epoch in range(1, args.epochs + 1):
        total = []
        for k in rng.permutation(len(batches)):
            size, i = batches[k]
            x, m, p, v, *_ = data[(size, False)]
            b = slice(i, i + args.batch)
            params, state, l = step(params, state, x[b], m[b], p[b], v[b])
            total.append(float(l))
        report = []
        for size in sizes:
            if (size, True) in data:
                top1, bce, _, _, _ = evaluate(size)
                report.append(f"{size}x{size} held out: first choice {top1:.1%}, value loss {bce:.3f}")
        print(f"epoch {epoch}: train loss {np.mean(total):.3f}; " + "; ".join(report)
              + f" ({time.time() - start:.0f} s)", flush=True)
        # Each epoch sees the training positions in a new order.
        for key in [k for k in data if not k[1]]:
            order = rng.permutation(len(data[key][0]))
            data[key] = tuple(a[order] if isinstance(a, np.ndarray) else [a[j] for j in order] for a in data[key])

    calibration = []
    for size in sizes:
        if (size, True) not in data:
            continue
        _, bce, values, z, picks = evaluate(size)
        base = -np.mean(z * np.log(z.mean()) + (1 - z) * np.log(1 - z.mean()))
        print(f"{size}x{size} calibration (held out, {len(z)} positions; value loss {bce:.3f} against "
              f"{base:.3f} for always saying the mean {z.mean():.2f}):")
        for lo in np.arange(0, 1, 0.1):
            inside = (values >= lo) & (values < lo + 0.1 + (lo >= 0.9) * 1e-6)
            if inside.any():
                line = (f"  predicted {lo:.1f}-{lo + 0.1:.1f}: {inside.sum():5d} positions, "
                        f"mean predicted {values[inside].mean():.2f}, won {z[inside].mean():.2f}")
                print(line)
                calibration.append(f"{size}x{size} {line.strip()}")
        by_source(size, picks, "this network")
    if args.compare:
        other = read(args.compare)
        for size in sizes:
            if (size, True) in data:
                x, m, _, _, y, _, _ = data[(size, True)]
                picks = np.concatenate([np.asarray(jnp.argmax(jnp.where(m[i:i + 512], forward(other, x[i:i + 512])[0], -1e9), axis=1))
                                        for i in range(0, len(x), 512)])
                top1, _, _, _, _ = evaluate(size)
                line = (f"{size}x{size} held out: first choice {top1:.1%} (this network), "
                        f"{(picks == y).mean():.1%} ({os.path.basename(args.compare)})")
                print(line)
                calibration.append(line)
                by_source(size, picks, os.path.basename(args.compare))
    write(args.out, params, args.blocks, args.channels, args.value_channels, args.hidden)
    if args.check:
        with open(args.check, "w", encoding="utf-8") as f:
            f.write("# Held-out positions and the outputs train_pv.py computes for them: the policy's\n")
            f.write("# logit of every cell of the mover's frame, row by row, and the value (the chance\n")
            f.write("# that the side to move wins).\n")
            f.write(f"# Weights: {args.out}; {args.blocks} blocks of {args.channels} channels, value head "
                    f"{args.value_channels}/{args.hidden}, {args.epochs} epochs.\n")
            f.write("# Command: train_pv.py " + " ".join(sys.argv[1:]) + "\n")
            for line in calibration:
                f.write(f"# {line}\n")
            for size in sizes:
                held = [g for g in games if g[1] == size and held_out(g[0], g[1], args.held_out) and len(g[3]) > 7]
                for g in held[:2]:
                    name, _, setup, moves, _ = g
                    board = np.zeros((size, size), dtype=np.int8)
                    for color, code in (("B", 1), ("W", 2)):
                        for r, c in setup[color]:
                            board[r, c] = code
                    last = None
                    for color, at, _, _ in moves[:7]:
                        board[at] = 1 if color == "B" else 2
                        last = at
                    mover = "W" if moves[6][0] == "B" else "B"
                    x = encode(board, size, mover, last)[None]
                    logits, value = forward(params, x)
                    name_of = lambda rc: f"{chr(ord('a') + rc[1])}{rc[0] + 1}"
                    black = " ".join(name_of(rc) for rc in zip(*np.nonzero(board == 1)))
                    white = " ".join(name_of(rc) for rc in zip(*np.nonzero(board == 2)))
                    f.write(f"position {size} {mover.lower()} {name_of(last)}\n")
                    f.write(f"black {black}\nwhite {white}\n")
                    f.write("logits " + " ".join(f"{t:.6g}" for t in np.asarray(logits)[0]) + "\n")
                    f.write(f"value {float(jax.nn.sigmoid(value[0])):.6g}\n")


if __name__ == "__main__":
    main()
