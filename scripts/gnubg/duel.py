"""tabla against GNU Backgammon's evaluator (gnubg-nn), cubeless money games, mirrored dice.

Each dice sequence is played twice, tabla moving first in one game and gnubg in the other.
GNU Backgammon is only an opponent here, never a teacher. Usage (after `cargo build --release`):
  /work/ref-venv/bin/python scripts/gnubg/duel.py --games 5000 --level advanced --gnubg-ply 0
"""
import argparse
import math
import random
import sys
import time

import gnubg_nn as g

from common import START, Tabla, flip, game_over, gnubg_after, roll

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=1000)
ap.add_argument("--level", default="advanced")
ap.add_argument("--gnubg-ply", type=int, default=0)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--weights", default=None)
ap.add_argument("--pairs-out", default=None, help="also write each pair's points (index, sum) to this file")
ap.add_argument("--part", type=int, default=0, help="with --parts N: play only pairs i with i %% N == part")
ap.add_argument("--parts", type=int, default=1, help="split one duel over N processes (same dice)")
args = ap.parse_args()

tabla = Tabla(weights=args.weights)
pairs_out = open(args.pairs_out, "w") if args.pairs_out else None


def play(seed, tabla_first):
    """Points won by tabla in one game."""
    rng = random.Random(seed)
    board = g.board_from_position_id(START)
    tabla_on_roll = tabla_first
    first = True
    while True:
        d1, d2 = roll(rng, first)
        first = False
        if tabla_on_roll:
            after = g.board_from_position_id(tabla.play(g.position_id(board), d1, d2, args.level))
        else:
            after = gnubg_after(board, d1, d2, args.gnubg_ply)
        pts = game_over(after)
        if pts:
            return pts if tabla_on_roll else -pts
        board = flip(after)
        tabla_on_roll = not tabla_on_roll


pairs = (args.games + 1) // 2
total = 0.0
sums = []
start = time.time()
mine = [i for i in range(pairs) if i % args.parts == args.part]
for k, i in enumerate(mine):
    s = args.seed * 1_000_003 + i
    pair = play(s, True) + play(s, False)
    sums.append(pair)
    if pairs_out:
        print(i, pair, file=pairs_out, flush=True)
    total += pair
    if (k + 1) % 250 == 0 or k + 1 == len(mine):
        n = len(sums)
        mean = sum(sums) / n
        var = sum((x - mean) ** 2 for x in sums) / max(1, n - 1)
        print(f"{2 * n} games: tabla {args.level} vs gnubg {args.gnubg_ply}-ply "
              f"{mean / 2:+.3f} ± {math.sqrt(var / n) / 2:.3f} ppg ({time.time() - start:.0f} s)", flush=True)
if args.parts > 1:
    # `tabla duel-merge part*.log` joins the parts (same line format as `tabla duel --part`).
    print(f"part {args.part}/{args.parts}: pairs {len(sums)} sum {sum(sums)} sumsq {sum(x * x for x in sums)}", flush=True)
