#!/usr/bin/env python3
"""Legal move lists of random Russian draughts positions from an independent generator.

NEEDS THE ORACLE, NOT RUN BY THE TEST SUITE (see oracle_perft.py for the two venvs).

    /work/ru-venv/bin/python oracle_moves.py moves N SEED > /tmp/moves.txt
    /work/ru-venv-pyd/bin/python oracle_moves.py paths < /tmp/moves.txt > movegen_oracle.txt

The first step makes N random legal positions (each square empty or holding a random man or
king, at most 12 pieces a side, no man on its promotion rank, both sides to move) and lists
py-draughts' legal moves, one per (from, to, captured set), as `from-to` or
`from:to:captured,...` (algebraic, captured squares in any order). The second step appends
pydraughts' count of capture paths. Output lines: `FEN|PATHS|MOVE MOVE ...`.
"""
import random
import sys

from oracle_perft import ALG, numeric_fen  # noqa: E402  (same folder)


def random_fen(rng):
    white, black = [], []
    for i, name in enumerate(ALG):
        rank = int(name[1])
        r = rng.random()
        if r < 0.10 and rank != 8 and len(white) < 12:
            white.append(name)
        elif r < 0.20 and rank != 1 and len(black) < 12:
            black.append(name)
        elif r < 0.26 and len(white) < 12:
            white.append('K' + name)
        elif r < 0.32 and len(black) < 12:
            black.append('K' + name)
    turn = rng.choice('WB')
    return f"{turn}:W{','.join(white)}:B{','.join(black)}"


def moves_step(n, seed):
    from draughts import RussianBoard
    rng = random.Random(seed)
    for _ in range(n):
        fen = random_fen(rng)
        board = RussianBoard.from_fen(numeric_fen(fen))
        out = []
        for m in board.legal_moves:
            a, b = ALG[m.square_list[0]], ALG[m.square_list[-1]]
            if m.captured_list:
                out.append(f"{a}:{b}:" + ",".join(ALG[c] for c in m.captured_list))
            else:
                out.append(f"{a}-{b}")
        print(f"{fen}|-|{' '.join(sorted(out))}")


def paths_step():
    from draughts import Board
    for line in sys.stdin:
        fen, _, moves = line.rstrip('\n').split('|')
        board = Board("russian", fen=fen)
        paths = len(board._game.legal_moves()[0])
        print(f"{fen}|{paths}|{moves}")


if __name__ == '__main__':
    if sys.argv[1] == 'moves':
        moves_step(int(sys.argv[2]), int(sys.argv[3]))
    else:
        paths_step()
