#!/usr/bin/env python3
"""Perft counts for Russian draughts from an independent generator (the test oracle).

NEEDS THE ORACLE, NOT RUN BY THE TEST SUITE. The two PyPI packages both install a module named
`draughts`, so give each its own venv outside the repository:

    python3 -m venv /work/ru-venv     && /work/ru-venv/bin/pip install py-draughts
    python3 -m venv /work/ru-venv-pyd && /work/ru-venv-pyd/bin/pip install pydraughts

Usage:
    /work/ru-venv/bin/python     oracle_perft.py py-draughts FEN DEPTH   # one per (from, to, captured set)
    /work/ru-venv-pyd/bin/python oracle_perft.py pydraughts  FEN DEPTH   # every capture path
    ... --timing: also print nodes per second

FEN is algebraic PDN FEN (`W:Wa1,c1:Bb8`); the script converts it for each library.
Prints `FEN DEPTH COUNT` on stdout.
"""
import sys
import time

ALG = ['b8', 'd8', 'f8', 'h8', 'a7', 'c7', 'e7', 'g7',
       'b6', 'd6', 'f6', 'h6', 'a5', 'c5', 'e5', 'g5',
       'b4', 'd4', 'f4', 'h4', 'a3', 'c3', 'e3', 'g3',
       'b2', 'd2', 'f2', 'h2', 'a1', 'c1', 'e1', 'g1']
NUM = {name: i + 1 for i, name in enumerate(ALG)}


def numeric_fen(fen):
    """Algebraic PDN FEN -> numeric PDN FEN (1 = b8 ... 32 = g1)."""
    fields = fen.strip().split(':')
    out = [fields[0]]
    for f in fields[1:]:
        color, rest = f[0], f[1:]
        items = []
        for tok in filter(None, rest.split(',')):
            king = tok.startswith('K')
            sq = tok[1:] if king else tok
            n = NUM.get(sq.lower(), sq)
            items.append(('K' if king else '') + str(n))
        out.append(color + ','.join(items))
    return ':'.join(out)


def perft_py_draughts(fen, depth):
    from draughts import RussianBoard
    board = RussianBoard.from_fen(numeric_fen(fen))
    started[:] = [time.perf_counter(), time.process_time()]

    def go(d):
        moves = board.legal_moves
        if d == 1:
            return len(moves)
        n = 0
        for m in moves:
            board.push(m)
            n += go(d - 1)
            board.pop()
        return n
    return go(depth) if depth > 0 else 1


def perft_pydraughts(fen, depth):
    from draughts import Board
    board = Board("russian", fen=fen)
    game = board._game  # the internal game: push/pop without re-rendering FEN strings
    started[:] = [time.perf_counter(), time.process_time()]

    def go(d):
        moves, _caps = game.legal_moves()
        if d == 1:
            return len(moves)
        n = 0
        for m in moves:
            game.push(m)
            n += go(d - 1)
            game.pop()
        return n
    return go(depth) if depth > 0 else 1


started = [0.0, 0.0]  # wall and CPU time once the library is loaded: timing excludes imports


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    lib, fen, depth = args[0], args[1], int(args[2])
    t = time.perf_counter()
    n = {'py-draughts': perft_py_draughts, 'pydraughts': perft_pydraughts}[lib](fen, depth)
    dt = time.perf_counter() - max(t, started[0])
    cpu = time.process_time() - started[1]
    print(f"{fen} {depth} {n}")
    if '--timing' in sys.argv:
        print(f"# {lib}: {n} nodes in {dt:.2f} s = {n / dt:.0f} nodes/s; "
              f"CPU {cpu:.2f} s = {n / cpu:.0f} nodes per CPU second", file=sys.stderr)


if __name__ == '__main__':
    main()
