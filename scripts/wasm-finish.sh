#!/usr/bin/env bash
# The steps after cargo, shared by scripts/build.sh and scripts/wasm-size.mjs --rules-only:
# wasm-bindgen (--target web: one build for browsers, bundlers and Node) writes the glue and
# tabla_bg.wasm into OUT_DIR, then wasm-opt -Oz --converge (binaryen from npm; Debian's binaryen
# emits broken modules) shrinks the module in place. --converge repeats -Oz's passes until the
# size stops falling (0.6-0.9 KB gzipped off the full modules, at no cost in speed; docs/bg-ai.md,
# "Exact values in small bear-offs").
# Usage: [OUT_NAME=tabla_rules] bash scripts/wasm-finish.sh CARGO_OUTPUT.wasm OUT_DIR [--enable-simd]
# (OUT_NAME: the glue's name, OUT_NAME.js beside OUT_NAME_bg.wasm; tabla by default.)
set -euo pipefail
cd "$(dirname "$0")/.."
name=${OUT_NAME:-tabla}
wasm-bindgen --target web --out-name "$name" --remove-name-section --remove-producers-section \
  --out-dir "$2" "$1"
node_modules/.bin/wasm-opt -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue ${3:-} \
  "$2/${name}_bg.wasm" -o "$2/${name}_bg.wasm"
# A second free() (or a free() after Symbol.dispose) is harmless: the glue would pass a null
# pointer to Rust, which throws "null pointer passed to rust". Every class must be patched
# (Backgammon, RussianDraughts, and in the full module LinkSession; the web app's per-family
# rules modules have one class each).
c=$(grep -c '^export class ' "$2/$name.js" || true)
n=$(grep -c 'const ptr = this.__destroy_into_raw();$' "$2/$name.js" || true)
perl -0pi -e 's/(    free\(\) \{\n        const ptr = this\.__destroy_into_raw\(\);\n)/$1        if (ptr === 0) return;\n/g' "$2/$name.js"
m=$(grep -c 'if (ptr === 0) return;' "$2/$name.js" || true)
[ "$c" -ge 1 ] && [ "$n" = "$c" ] && [ "$m" = "$c" ] || { echo "wasm-finish.sh: free() not patched ($c classes; $n, $m)"; exit 1; }
