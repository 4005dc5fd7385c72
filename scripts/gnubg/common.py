"""Helpers shared by the GNU Backgammon comparison scripts (not run by tests).

Boards are gnubg's: [opponent[25], on_roll[25]], index i = point i+1 from that side, 24 = bar.
"""
import os
import subprocess

import gnubg_nn as g

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLA = os.environ.get("TABLA", os.path.join(ROOT, "target", "release", "tabla"))


START = "4HPwATDgc/ABMA"  # the starting position (gnubg position id)


def roll(rng, first):
    """One roll from `rng`; the game's first roll is never a double (it decides who starts)."""
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while first and d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return d1, d2


def apply_moves(board, moves):
    """Applies ((from, to), ...) moves, 1-based, 25 = bar, 0 = off, for the side on roll."""
    opp, me = list(board[0]), list(board[1])
    for f, t in moves:
        me[f - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            o = 24 - t  # opponent's index of my point t
            if opp[o] == 1:
                opp[o] = 0
                opp[24] += 1
    return [opp, me]


def gnubg_after(board, d1, d2, ply):
    """The board after GNU Backgammon's best play of d1-d2 at `ply`, still from the mover's view."""
    return apply_moves(board, g.best_move(board, d1, d2, ply))


def flip(board):
    return [list(board[1]), list(board[0])]


def game_over(board):
    """Points won by the side that just moved (board from his view: [opp, me]) or 0."""
    opp, me = board
    if sum(me) > 0:
        return 0
    if sum(opp) < 15:
        return 1
    if opp[24] > 0 or any(opp[i] > 0 for i in range(18, 24)):
        return 3
    return 2


class Tabla:
    """`tabla ai-serve`: one line per query."""

    def __init__(self, variant="backgammon", weights=None, exe=None):
        cmd = [exe or TABLA, "ai-serve", "--variant", variant]
        if weights:
            cmd += ["--weights", weights]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().strip()

    def play(self, pid, d1, d2, level):
        return self.ask(f"{pid} {d1} {d2} {level}")
