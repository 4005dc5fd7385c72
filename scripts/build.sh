#!/usr/bin/env bash
# Builds the npm package `tabla` into pkg/ and copies it to www/pkg/ for the front end:
# cargo (wasm32, profile wasm) -> scripts/wasm-finish.sh (wasm-bindgen --target web, one build for
# browsers, bundlers and Node, then wasm-opt -Oz).
# Prints the .wasm size raw and gzipped. Run scripts/setup.sh first (serve.sh and test.sh do).
set -euo pipefail
cd "$(dirname "$0")/.."

out=pkg
target=target/wasm32-unknown-unknown/wasm/tabla.wasm

# Profile `wasm` (Cargo.toml): release at opt-level 2, as fast here and smaller.
cargo build --quiet --target wasm32-unknown-unknown --profile wasm --lib --no-default-features --features ai
rm -rf "$out"
bash scripts/wasm-finish.sh "$target" "$out"

# The package around the generated glue: a Node entry that initialises itself, README, manifest.
cp js/node.js js/node.d.ts "$out/"
node scripts/package-json.mjs > "$out/package.json"
cp README.md "$out/README.md"
rm -f "$out/.gitignore"

rm -rf www/pkg
mkdir -p www/pkg
cp "$out"/tabla.js "$out"/tabla.d.ts "$out"/tabla_bg.wasm www/pkg/

node scripts/wasm-size.mjs "$out/tabla_bg.wasm"
