#!/usr/bin/env bash
# Duels of one tabla player against GNU Backgammon on several seeds, two at a time, each writing
# its pairs of games for `paired.py`. GNU Backgammon is only the opponent (see duel.py).
#
# Usage: scripts/gnubg/seeds.sh NAME "SEEDS" [duel.py options...]
#   NAME  output prefix: files $OUT/NAME-<seed>.txt (OUT defaults to /work/z0)
#   SEEDS e.g. "101 102 103"; fresh seeds only for choosing between candidates (docs/bg-ai.md)
# Environment: PY (python with gnubg-nn, default /work/ref-venv/bin/python), TABLA (a release
# `tabla` binary, as for duel.py; --weights takes an absolute path), JOBS (default 2), GAMES (default 10000 per seed).
# Example: TABLA=/work/native/release/tabla scripts/gnubg/seeds.sh cr1 "101 102" --level advanced
set -euo pipefail
name=$1 seeds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/work/z0}
mkdir -p "$out"
printf '%s\n' $seeds | xargs -P "${JOBS:-2}" -I{} sh -c \
  'd=$0 py=$1 g=$2 o=$3 n=$4; shift 4
   cd "$d" && "$py" duel.py --games "$g" --seed {} --pairs-out "$o/$n-{}.txt" "$@" > "$o/$n-{}.log" 2>&1' \
  "$here" "${PY:-/work/ref-venv/bin/python}" "${GAMES:-10000}" "$out" "$name" "$@"
for s in $seeds; do tail -n 1 "$out/$name-$s.log"; done
