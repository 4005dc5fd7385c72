"""Paired difference of two players' duels on the same dice (`duel.py --pairs-out`).

Usage: python3 scripts/gnubg/paired.py A B
A and B are prefixes: every file A-<seed>.txt that has a B-<seed>.txt is read, and each pair of
games (one dice sequence played with both colours) is matched by seed and index. Prints each
player's points per game and the mean of A - B per game with its standard error: the games the
two play alike cancel, so the difference is measured far closer than either result alone.
"""
import glob
import math
import sys


def load(prefix):
    out = {}
    for path in glob.glob(f"{prefix}-*.txt"):
        seed = path[len(prefix) + 1 : -len(".txt")]
        with open(path) as f:
            for line in f:
                i, points = line.split()
                out[(seed, int(i))] = float(points)
    return out


a, b = load(sys.argv[1]), load(sys.argv[2])
keys = sorted(set(a) & set(b))
if len(keys) < 2:
    sys.exit("fewer than two pairs of games in common")
n = len(keys)


def mean_se(xs):
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


(ma, sa), (mb, sb) = mean_se([a[k] / 2 for k in keys]), mean_se([b[k] / 2 for k in keys])
md, sd = mean_se([(a[k] - b[k]) / 2 for k in keys])
print(f"{2 * n} games: A {ma:+.4f} ± {sa:.4f}, B {mb:+.4f} ± {sb:.4f}; A - B {md:+.4f} ± {sd:.4f} per game")
