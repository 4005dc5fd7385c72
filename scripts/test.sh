#!/usr/bin/env bash
# Runs every test of tabla after doing all set-up itself (the README's test command).
# Each runner prints its own summary line, so a run that tested nothing is visible.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== Rust: unit, rules, property and perft tests (native)"
cargo test --release --all-targets 2>&1 | tee /tmp/tabla-cargo-test.log | grep -E '^(test result|error|warning: unused)|panicked|FAILED|failures:' || true
if grep -qE '^test result: FAILED|^error' /tmp/tabla-cargo-test.log || ! grep -q '^test result' /tmp/tabla-cargo-test.log; then
  tail -n 60 /tmp/tabla-cargo-test.log
  echo "Rust tests failed"; exit 1
fi
passed=$(grep -oE '^test result: ok\. [0-9]+ passed' /tmp/tabla-cargo-test.log | awk '{s+=$4} END {print s+0}')
echo "Rust: $passed passed, 0 failed"
