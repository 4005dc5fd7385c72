"""Checks that tabla's pubeval picks the same plays as gnubg-nn's pub_best_move.

Positions come from games played by gnubg 0-ply from random dice. Usage:
  /work/ref-venv/bin/python scripts/gnubg/check_pubeval.py [N]
"""
import random
import sys

import gnubg_nn as g

from common import Tabla, apply_moves, flip, game_over, gnubg_after

n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
rng = random.Random(7)
t = Tabla()
same = diff = 0
while same + diff < n:
    board = g.board_from_position_id("4HPwATDgc/ABMA")
    while True:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        pub = g.pub_best_move(board, d1, d2)
        moves = [(pub[i] + 1, 0 if pub[i + 1] < 0 else pub[i + 1] + 1) for i in range(0, len(pub), 2)]
        ref = g.position_id(apply_moves(board, moves))
        ours = t.play(g.position_id(board), d1, d2, "pubeval")
        if ours == ref:
            same += 1
        else:
            diff += 1
            print("differs:", g.position_id(board), d1, d2, "gnubg", ref, "tabla", ours)
        if same + diff >= n:
            break
        after = gnubg_after(board, d1, d2, 0)
        if game_over(after):
            break
        board = flip(after)
print(f"pubeval: {same} of {same + diff} positions give the same play")
