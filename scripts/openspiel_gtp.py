#!/usr/bin/env python3
"""OpenSpiel's MCTS bot for Hex as a GTP engine, the independent opponent of the Hex arena.

Usage: openspiel_gtp.py [--sims N] [--seed S]   (run with the venv of scripts/setup-openspiel)

OpenSpiel's Hex numbers a cell row * size + column, with the same neighbours as HexGui
(a1 top left); player 0 is Black, moves first and joins the top and bottom edges. The bot is
pyspiel.MCTSBot with one random rollout per leaf, UCT constant 1.4 and SIMS simulations a
move. Commands: name, version, protocol_version, boardsize, clear_board, play, genmove,
quit; anything else is refused with `? `.
"""

import argparse
import sys

import pyspiel


def point(action, size):
    return "%s%d" % (chr(ord("a") + action % size), action // size + 1)


def action(name, size):
    name = name.lower()
    col = ord(name[0]) - ord("a")
    row = int(name[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise ValueError("off the board")
    return row * size + col


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sims", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    size = 11
    game = state = bot = None

    def reset(n):
        nonlocal size, game, state, bot
        size = n
        game = pyspiel.load_game("hex(board_size=%d)" % n)
        state = game.new_initial_state()
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, args.seed), 1.4,
                              args.sims, 10**9, False, args.seed, False)

    reset(size)

    def reply(ok, text=""):
        sys.stdout.write("%s %s\n\n" % ("=" if ok else "?", text))
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        try:
            if cmd == "name":
                reply(True, "openspiel-mcts-%d" % args.sims)
            elif cmd == "version":
                reply(True, pyspiel.__name__)
            elif cmd == "protocol_version":
                reply(True, "2")
            elif cmd == "boardsize":
                reset(int(rest[0]))
                reply(True)
            elif cmd == "clear_board":
                reset(size)
                reply(True)
            elif cmd == "play":
                color = 0 if rest[0].lower().startswith("b") else 1
                if state.current_player() != color:
                    reply(False, "not %s's turn" % rest[0])
                    continue
                a = action(rest[1], size)
                if a not in state.legal_actions():
                    reply(False, "illegal move")
                    continue
                state.apply_action(a)
                reply(True)
            elif cmd == "genmove":
                color = 0 if rest[0].lower().startswith("b") else 1
                if state.is_terminal() or state.current_player() != color:
                    reply(False, "cannot move now")
                    continue
                a = bot.step(state)
                state.apply_action(a)
                reply(True, point(a, size))
            elif cmd == "quit":
                reply(True)
                return
            else:
                reply(False, "unknown command")
        except (ValueError, IndexError) as error:
            reply(False, str(error))


if __name__ == "__main__":
    main()
