#!/usr/bin/env bash
# Runs every test of tabla after doing all set-up itself (the README's test command).
# Each runner prints its own summary line, so a run that tested nothing is visible.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
log=$(mktemp -d)

step() { printf '\n== %s\n' "$*"; }

step "House style: rustfmt, clippy (warnings are errors), rustdoc, biome"
cargo fmt --check || { echo "cargo fmt --check failed: run cargo fmt"; exit 1; }
npx --no-install biome ci . || { echo "biome failed: run npx biome check --write ."; exit 1; }
cargo clippy --quiet --all-targets --all-features -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown --lib --no-default-features --features ai,formats,link,duel -- -D warnings
# the rules module (scripts/build.sh: tabla_rules_bg.wasm) is built without any feature
cargo clippy --quiet --target wasm32-unknown-unknown --lib --no-default-features -- -D warnings
# the web app's per-family rules modules (scripts/build.sh: --cfg tabla_family), each in its own target dir
for family in backgammon draughts; do
  RUSTFLAGS="--cfg tabla_family=\"$family\"" cargo clippy --quiet --target wasm32-unknown-unknown --lib \
    --no-default-features --target-dir "target/clippy-$family" -- -D warnings
done
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps --all-features
echo "style: 7 passed, 0 failed"

step "Rust: unit, rules, property and perft tests (native, release)"
if ! cargo test --release --all-targets >"$log/cargo.log" 2>&1; then
  tail -n 80 "$log/cargo.log"; echo "Rust tests failed"; exit 1
fi
grep -E '^test result' "$log/cargo.log"
passed=$(grep -oE '^test result: ok\. [0-9]+ passed' "$log/cargo.log" | awk '{s+=$4} END {print s+0}')
echo "Rust native: $passed passed, 0 failed"

step "CLI fuzz: every subcommand with malformed arguments, stdin and files" && node scripts/cli-fuzz.mjs

step "Rust doctests"
cargo test --release --doc --all-features 2>&1 | tee "$log/doc.log" | grep -E '^test result' || { tail -n 60 "$log/doc.log"; exit 1; }
grep -q '^test result: ok' "$log/doc.log" || { tail -n 60 "$log/doc.log"; echo "doctests failed"; exit 1; }

step "Build the wasm package (pkg/, www/pkg/) and the served site (site/)"
bash scripts/build.sh

step "Rust bindings as wasm in Node and in headless Chromium (wasm-bindgen-test)"
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-180}
cargo test --target wasm32-unknown-unknown --no-default-features --features link --test wasm_node --test wasm_browser \
  >"$log/wasm.log" 2>&1 || { cat "$log/wasm.log"; echo "wasm tests failed"; exit 1; }
grep -E '^test result' "$log/wasm.log"
if grep -qE '^test result: FAILED|^error(\[|:)| FAILED$|panicked' "$log/wasm.log" || [ "$(grep -c '^test result: ok' "$log/wasm.log")" -lt 2 ]; then
  cat "$log/wasm.log"; echo "wasm tests failed"; exit 1
fi

step "The npm package from Node (node --test), checked against the native engine"
cargo build --quiet --release
mkdir -p node_modules
ln -sfn ../pkg node_modules/tabla
node --test tests/js/

step "The npm package in consumer projects: npm pack, then Vite, webpack, Rollup, esbuild, a worker, Node, TypeScript"
node scripts/test-consumers.mjs

if [ -f playwright.config.js ]; then
  step "Browser end-to-end tests (Playwright, Debian chromium)"
  npx --no-install playwright test
fi
