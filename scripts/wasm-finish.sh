#!/usr/bin/env bash
# The steps after cargo, shared by scripts/build.sh and scripts/wasm-size.mjs --rules-only:
# wasm-bindgen (--target web: one build for browsers, bundlers and Node) writes the glue and
# tabla_bg.wasm into OUT_DIR, then wasm-opt -Oz (binaryen from npm; Debian's binaryen emits
# broken modules) shrinks the module in place.
# Usage: bash scripts/wasm-finish.sh CARGO_OUTPUT.wasm OUT_DIR [--enable-simd]
set -euo pipefail
cd "$(dirname "$0")/.."
wasm-bindgen --target web --out-name tabla --remove-name-section --remove-producers-section \
  --out-dir "$2" "$1"
node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue ${3:-} \
  "$2/tabla_bg.wasm" -o "$2/tabla_bg.wasm"
