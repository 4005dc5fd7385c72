"""Cross-checks tactics.txt with py-draughts' Russian move generator (independent of ours).

For each line: the position has no capture for the side to move, the given first move is legal
there, and after it the opponent must capture (the move gives material away first: a shot).
Usage: python verify_tactics.py tactics.txt   (needs `pip install py-draughts`)
"""
import sys
from draughts import RussianBoard


def num(sq: str) -> int:
    f, r = ord(sq[0]) - ord("a"), int(sq[1]) - 1
    return (7 - r) * 4 + (r * 4 + f // 2) % 4 + 1


def to_numeric(fen: str) -> str:
    turn, w, b = fen.split(":")
    def side(part):
        out = []
        for p in part[1:].split(","):
            if not p:
                continue
            k = p.startswith("K")
            out.append(("K" if k else "") + str(num(p[1:] if k else p)))
        return part[0] + ",".join(out)
    return f"{turn}:{side(w)}:{side(b)}"


def main(path):
    bad = 0
    n = 0
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        n += 1
        fen, mv = line.split()[:2]
        board = RussianBoard.from_fen(to_numeric(fen))
        moves = board.legal_moves
        sep = ":" if ":" in mv.replace(fen, "") and ":" in mv else "-"
        squares = [num(s) - 1 for s in mv.replace("x", ":").replace("-", ":").split(":")]
        cands = [m for m in moves if m.square_list[0] == squares[0] and m.square_list[-1] == squares[-1]]
        ok = len(cands) >= 1
        quiet_start = not any(m.captured_list for m in moves)
        after_capture = False
        if ok:
            board.push(cands[0])
            after_capture = any(m.captured_list for m in board.legal_moves)
        status = ok and quiet_start and after_capture
        bad += not status
        print(("ok  " if status else "BAD ") + f"{fen} {mv} legal={ok} quiet={quiet_start} forces_capture={after_capture}")
    print(f"{n - bad}/{n} verified")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
