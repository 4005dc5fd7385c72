"""Writes the cube-decision fixture: positions from GNU Backgammon self-play with gnubg's
money cube decisions by its 0-ply method (not run by tests; the fixtures it wrote are
committed, and tests/backgammon_cube.rs reads them).

    /work/ref-venv/bin/python scripts/gnubg/cube_fixture.py > tests/data/backgammon/gnubg-cube.tsv
    /work/ref-venv/bin/python scripts/gnubg/cube_fixture.py --ply 2 > tests/data/backgammon/gnubg-cube-2ply.tsv

The same seed gives the same positions; --ply only changes the probabilities behind gnubg's
decisions (the positions are drawn by its 0-ply probabilities either way).

gnubg-nn has no cubeful decision for money play (`evaluate_cube_decision` says "Not
implemented for money"), so this applies GNU Backgammon's own 0-ply money method to gnubg's
cubeless probabilities (`probabilities(board, PLY)`, 0 ply by default), as its eval.c does:

- cubeful equity = x * live + (1 - x) * dead (Janowski), with W and L the average win and
  loss, the live cube's take point (L - 1/2) / (W + L + 1/2) and cash point
  (L + 1) / (W + L + 1/2); with the Jacoby rule and a centred cube, gammons do not count in the
  dead equity and the live equity is -1 below the take point and +1 above the cash point;
- x, gnubg's cube efficiency by position class: contact and crashed 0.68, one-sided bear-off
  0.6, race 0.55 + 0.00125 * (pips of the side on roll), kept within 0.6-0.7;
- no double = that equity with the cube where it is; double/take = 2 x the equity with the
  cube at 2 owned by the opponent; double/pass = 1;
- its decision rule (FindBestCubeDecision): a double if DT >= ND and DP >= ND, take if
  DT < DP; too good if ND > min(DT, DP) and the side on roll can win a gammon and passing is
  right (DT > DP), or ND > DP >= DT (too good, take).

These gnubg numbers live only here, for measurement: the engine never reads them.

Positions: the side on roll before his roll, in self-play games of gnubg 0-ply with 10% random
plays for variety; drawn where gnubg gives the side on roll 45-98% to win, spread over that
range and over contact, crashed, race and bear-off, each with one cube state: centred
(no Jacoby), centred with the Jacoby rule, or at 2 owned by the side on roll.
Columns: position ID, cube (centred, jacoby, owned), class, gnubg's win and win-gammon
chances, its doubler action (double, no-double, too-good), the taker's (take, pass), and its
ND, DT, DP equities (points per cube unit).
"""
import argparse
import random
import sys

import gnubg_nn as g

from common import apply_moves, flip

CLASS = {g.c_contact: "contact", g.c_crashed: "crashed", g.c_race: "race", g.c_bearoff: "bearoff"}


def efficiency(board, cls):
    if cls in ("contact", "crashed"):
        return 0.68
    if cls == "bearoff":
        return 0.6
    pips = sum((i + 1) * n for i, n in enumerate(board[1]))
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))


def utility(p, gammons):
    win, wg, wbg, lg, lbg = p
    e = 2 * win - 1
    if gammons:
        e += wg - lg + wbg - lbg
    return e


def cubeful(p, owner, jacoby, x):
    """gnubg's Cl2CfMoney: owner 'centred', 'mover' or 'opponent'."""
    win, wg, wbg, lg, lbg = p
    centred_jacoby = jacoby and owner == "centred"
    dead = utility(p, not centred_jacoby)
    if win <= 1e-7 or win >= 0.9999999:
        return dead
    w = 1 + (wg + wbg) / win
    lo = 1 + (lg + lbg) / (1 - win)
    tp = (lo - 0.5) / (w + lo + 0.5)
    cp = (lo + 1) / (w + lo + 0.5)
    if owner == "centred":
        if win < tp:
            live = -1 if jacoby else -lo + (lo - 1) * win / tp
        elif win < cp:
            live = -1 + 2 * (win - tp) / (cp - tp)
        else:
            live = 1 if jacoby else 1 + (w - 1) * (win - cp) / (1 - cp)
    elif owner == "mover":
        live = -lo + (1 + lo) * win / cp if win < cp else 1 + (w - 1) * (win - cp) / (1 - cp)
    else:
        live = -lo + (lo - 1) * win / tp if win < tp else -1 + (w + 1) * (win - tp) / (1 - tp)
    return x * live + (1 - x) * dead


def decision(p, cube, x):
    owner = "mover" if cube == "owned" else "centred"
    nd = cubeful(p, owner, cube == "jacoby", x)
    dt = 2 * cubeful(p, "opponent", False, x)
    dp = 1.0
    can_gammon = p[1] > 0
    if dt >= nd and dp >= nd:
        doubler, taker = "double", ("take" if dp > dt else "pass")
    elif nd > dt:
        if dt > dp:
            doubler, taker = ("too-good" if can_gammon else "double"), "pass"
        elif nd > dp:
            doubler, taker = ("too-good" if can_gammon else "no-double"), "take"
        else:
            doubler, taker = "no-double", "take"
    else:
        doubler, taker = ("too-good" if can_gammon else "double"), "pass"
    return doubler, taker, nd, dt, dp


def candidates(rng, games):
    """(board, class, probabilities) of positions before the roll, from noisy gnubg self-play."""
    for _ in range(games):
        board = g.board_from_position_id("4HPwATDgc/ABMA")
        for _turn in range(400):
            cls = CLASS.get(g.classify(board))
            if cls is None:
                break
            p = g.probabilities(board, 0)
            yield board, cls, p
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            if rng.random() < 0.1:
                plays = g.moves(board, d1, d2, 1)
                moves = rng.choice(plays)[1] if plays else ()
            else:
                moves = g.best_move(board, d1, d2, 0)
            board = apply_moves(board, moves)
            if sum(board[1]) == 0:
                break
            board = flip(board)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--ply", type=int, default=0, help="gnubg's depth for the probabilities behind the decision")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # Buckets: class x win band (45-55, 55-65, ..., 85-98); each takes an equal share.
    bands = [0.45, 0.55, 0.65, 0.72, 0.80, 0.87, 0.98]
    classes = ["contact", "crashed", "race", "bearoff"]
    share = {"contact": 0.45, "crashed": 0.1, "race": 0.3, "bearoff": 0.15}
    want = {}
    for c in classes:
        per = args.count * share[c] / (len(bands) - 1)
        for b in range(len(bands) - 1):
            want[(c, b)] = per
    got = {k: [] for k in want}
    seen = set()
    for board, cls, p in candidates(rng, args.games):
        band = next((b for b in range(len(bands) - 1) if bands[b] <= p[0] < bands[b + 1]), None)
        if band is None:
            continue
        key = (cls, band)
        pid = g.position_id(board)
        if pid in seen or len(got[key]) >= want[key] or rng.random() < 0.7:
            continue
        seen.add(pid)
        got[key].append((pid, board, cls, p))
        if sum(len(v) for v in got.values()) >= args.count:
            break
    for k in sorted(got):
        print(f"{k[0]} {bands[k[1]]:.2f}: {len(got[k])}", file=sys.stderr)
    rows = [r for k in sorted(got) for r in got[k]]
    rng.shuffle(rows)
    rows = rows[: args.count]
    print("# position\tcube\tclass\twin\twin_gammon\tdoubler\ttaker\tnd\tdt\tdp")
    print(f"# gnubg-nn {args.ply}-ply probabilities, GNU Backgammon's 0-ply money cube method; "
          f"scripts/gnubg/cube_fixture.py --count {args.count} --seed {args.seed} --games {args.games} --ply {args.ply}")
    for i, (pid, board, cls, p) in enumerate(rows):
        if args.ply:
            p = g.probabilities(board, args.ply)
        cube = ("centred", "jacoby", "owned", "centred", "owned")[i % 5]
        x = efficiency(board, cls)
        doubler, taker, nd, dt, dp = decision(p, cube, x)
        print(f"{pid}\t{cube}\t{cls}\t{p[0]:.4f}\t{p[1]:.4f}\t{doubler}\t{taker}\t{nd:.4f}\t{dt:.4f}\t{dp:.4f}")
    print(f"{len(rows)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
