"""Two tabla players' plays compared on the same decisions, judged by GNU Backgammon's evaluator.

Positions come from GNU Backgammon 0-ply self-play on seeded dice (every decision with two or
more legal plays). On each, players A and B (tabla levels, each with its own weights) choose a
play; where the plays differ, both results are evaluated by gnubg at --ply (cubeless money
equity for the mover). Prints the mean of equity(A) - equity(B) per decision with its standard
error: decisions the two play alike count zero, so this measures a change in play far more
cheaply than a duel. With --b-level gnubgN, B is GNU Backgammon's own N-ply play: the gap that
a duel against it measures, estimated play by play. GNU Backgammon is only the judge and the
opponent here, never a teacher (issue 19).

Usage (from scripts/gnubg, native release build, absolute weight paths):
  TABLA=/work/native/release/tabla /work/ref-venv/bin/python errors.py --decisions 20000 \
      --level strong --a-weights /abs/new.net [--b-weights /abs/old.net] --seed 1 [--part K --parts N]
With --parts, `errors.py --merge FILES` adds up the parts' last lines.
"""
import argparse
import math
import random
import sys
import time

import gnubg_nn as g

from common import START, Tabla, flip, game_over, gnubg_after, roll

ap = argparse.ArgumentParser()
ap.add_argument("--decisions", type=int, default=10000)
ap.add_argument("--level", default="strong")
ap.add_argument("--a-weights", default=None)
ap.add_argument("--b-weights", default=None)
ap.add_argument("--a-exe", default=None, help="A's tabla binary (a throw-away build) instead of $TABLA")
ap.add_argument("--b-exe", default=None, help="B's tabla binary instead of $TABLA")
ap.add_argument("--b-level", default=None,
                help="B's level if not the same as A's; gnubg0, gnubg1 or gnubg2: GNU Backgammon's own play at that ply")
ap.add_argument("--ply", type=int, default=2, help="gnubg's evaluation ply for the judged plays")
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--part", type=int, default=0)
ap.add_argument("--parts", type=int, default=1)
ap.add_argument("--merge", nargs="*", default=None, help="add up the parts' logs and exit")
args = ap.parse_args()


def report(n, s, sq, differ):
    mean = s / n
    var = (sq - n * mean * mean) / max(1, n - 1)
    return (f"decisions {n} differ {differ} sum {s:.6f} sumsq {sq:.6f}: A - B "
            f"{mean * 1000:+.2f} ± {math.sqrt(var / n) * 1000:.2f} millipoints per decision")


if args.merge is not None:
    n = s = sq = differ = 0
    for path in args.merge:
        last = [line for line in open(path) if line.startswith("decisions ")][-1].split()
        n, differ = n + int(last[1]), differ + int(last[3])
        s, sq = s + float(last[5]), sq + float(last[7].rstrip(":"))
    print(report(n, s, sq, differ))
    sys.exit()


def equity(probs):
    win, wg, wbg, lg, lbg = probs
    return 2 * win - 1 + wg - lg + wbg - lbg


def mover_equity(after):
    """Cubeless equity of a play for the side that made it (board from his view)."""
    pts = game_over(after)
    if pts:
        return float(pts)
    return -equity(g.probabilities(flip(after), args.ply))


a = Tabla(weights=args.a_weights, exe=args.a_exe)
b_level = args.b_level or args.level
b = None if b_level.startswith("gnubg") else Tabla(weights=args.b_weights, exe=args.b_exe)


def play_b(board, pid, d1, d2):
    if b is None:
        return g.position_id(gnubg_after(board, d1, d2, int(b_level[5:])))
    return b.play(pid, d1, d2, b_level)

n = differ = 0
s = sq = 0.0
start = time.time()
game = 0
while n < args.decisions:
    rng = random.Random(args.seed * 1_000_003 + game)
    mine = game % args.parts == args.part
    game += 1
    if not mine:
        continue
    board = g.board_from_position_id(START)
    first = True
    while n < args.decisions:
        d1, d2 = roll(rng, first)
        first = False
        if len(g.moves(board, d1, d2)) > 1:
            pid = g.position_id(board)
            pa, pb = a.play(pid, d1, d2, args.level), play_b(board, pid, d1, d2)
            d = 0.0
            if pa != pb:
                differ += 1
                d = mover_equity(g.board_from_position_id(pa)) - mover_equity(g.board_from_position_id(pb))
            n += 1
            s += d
            sq += d * d
            if n % 1000 == 0 or n == args.decisions:
                print(report(n, s, sq, differ) + f" ({time.time() - start:.0f} s)", flush=True)
        after = gnubg_after(board, d1, d2, 0)
        if game_over(after):
            break
        board = flip(after)
