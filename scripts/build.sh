#!/usr/bin/env bash
# Builds the npm package `tabla` into pkg/, copies it to www/pkg/ for the front end and builds the
# served site from www/ into site/ (scripts/site.mjs):
# cargo (wasm32, profile wasm) -> scripts/wasm-finish.sh (wasm-bindgen --target web, one build for
# browsers, bundlers and Node, then wasm-opt).
# Prints the .wasm size raw and gzipped. Run scripts/setup.sh first (serve.sh and test.sh do).
set -euo pipefail
cd "$(dirname "$0")/.."

out=pkg
plain=target/wasm32-unknown-unknown/wasm/tabla.wasm
simd=target/simd/wasm32-unknown-unknown/wasm/tabla.wasm
rules=target/rules/wasm32-unknown-unknown/wasm/tabla.wasm

# Profile `wasm` (Cargo.toml): release at opt-level 2, as fast here and smaller. Built twice:
# with WebAssembly SIMD (tabla_bg.wasm, the default) and without (tabla_plain_bg.wasm, for
# browsers without SIMD; js/index.js picks). The SIMD build has its own target dir, so that the
# two RUSTFLAGS do not rebuild each other.
features=(--target wasm32-unknown-unknown --profile wasm --lib --no-default-features --features ai,formats,link)
cargo build --quiet "${features[@]}"
RUSTFLAGS="-C target-feature=+simd128" cargo build --quiet "${features[@]}" --target-dir target/simd
# The rules module (tabla_rules_bg.wasm with its glue tabla_rules.js, entry rules.js): no Cargo
# feature, so neither the computer opponents and their weights nor the backgammon file formats
# nor games by link (LinkSession); the page (<tabla-board>) becomes playable on it, the worker
# loads the full module, and so does a game by link (www/js/link.js). Plain only; its own target
# dir (a cdylib's file name does not depend on its features, so two feature sets in one dir
# would rebuild each other). The crate at opt-level z (its dependencies are anyway): 16 KB
# smaller gzipped than at opt-level 2 (issue 15), the rules 1.2-1.8x slower, which a page making
# one move at a time does not see (a draughts ply 0.05 ms, a backgammon turn 0.3 ms).
CARGO_PROFILE_WASM_OPT_LEVEL=z cargo build --quiet --target wasm32-unknown-unknown --profile wasm --lib \
  --no-default-features --target-dir target/rules
# The web app's rules modules, one per game family (tabla_rules_backgammon_bg.wasm and
# tabla_rules_draughts_bg.wasm, entries rules-backgammon.js and rules-draughts.js): the rules
# module's build with one family's bindings (`--cfg tabla_family`, Cargo.toml), so that a page
# becomes playable on its own game's code (issue 15: the backgammon one is ~42 KB gzipped
# smaller than the rules module); www/js/engine.js loads the other once the board takes input.
# Each its own target dir (RUSTFLAGS differ). Only in www/pkg: the npm package's board plays on
# rules.js (its board/engine.js is rewritten below).
for family in backgammon draughts; do
  RUSTFLAGS="--cfg tabla_family=\"$family\"" CARGO_PROFILE_WASM_OPT_LEVEL=z cargo build --quiet \
    --target wasm32-unknown-unknown --profile wasm --lib --no-default-features --target-dir "target/rules-$family"
done
rm -rf "$out" target/pkg-plain target/pkg-rules target/pkg-rules-backgammon target/pkg-rules-draughts
bash scripts/wasm-finish.sh "$simd" "$out" --enable-simd
bash scripts/wasm-finish.sh "$plain" target/pkg-plain
# One glue serves both modules: their imports and exports are the same.
cmp -s target/pkg-plain/tabla.js "$out/tabla.js" || { echo "the SIMD and plain glue differ"; exit 1; }
cp target/pkg-plain/tabla_bg.wasm "$out/tabla_plain_bg.wasm"
OUT_NAME=tabla_rules bash scripts/wasm-finish.sh "$rules" target/pkg-rules
cp target/pkg-rules/tabla_rules.js target/pkg-rules/tabla_rules_bg.wasm "$out/"
for family in backgammon draughts; do
  OUT_NAME="tabla_rules_$family" bash scripts/wasm-finish.sh \
    "target/rules-$family/wasm32-unknown-unknown/wasm/tabla.wasm" "target/pkg-rules-$family"
done

# The package around the generated glue: a Node entry that initialises itself, the README for
# npm users (js/README.md; the repository's README is for tabla's developers), the licences,
# the manifest.
cp js/index.js js/simd.js js/unpack.js js/rules.js js/index.d.ts js/node.js js/node.d.ts LICENSE-MIT LICENSE-APACHE "$out/"
cp js/README.md "$out/README.md"
# The board, <tabla-board> (`import 'tabla/board'`): the web app's modules in board/, all but the
# app's page script (so a module the element starts to need cannot be missed); its engine is the
# package itself (engine.js names ../rules.js, ../index.js, ../tabla.js and the rules module's
# ../tabla_rules_bg.wasm, not the web app's ../pkg/...).
mkdir -p "$out/board"
cp -r www/js/. "$out/board/"
rm "$out/board/app.js"
# the web app's per-family rules modules are the package's one rules module
perl -pi -e "s{'\.\./pkg/rules-(backgammon|draughts)\.js'}{'../pkg/rules.js'}g; s{'\.\./pkg/tabla_rules_(backgammon|draughts)_bg\.wasm'}{'../pkg/tabla_rules_bg.wasm'}g" "$out/board/engine.js"
perl -pi -e "s{(import\(|new URL\()'\.\./pkg/}{\$1'../}g" "$out/board/engine.js"
grep -q "new URL('../tabla_rules_bg.wasm'" "$out/board/engine.js" || { echo "board/engine.js: the path of the rules .wasm not rewritten"; exit 1; }
for f in rules index tabla; do
  grep -q "import('../$f.js')" "$out/board/engine.js" || { echo "board/engine.js: the path of $f.js not rewritten"; exit 1; }
done
! grep -q "\.\./pkg/" "$out/board/engine.js" || { echo "board/engine.js: a path into ../pkg/ is left"; exit 1; }
cp js/board.js js/board.d.ts "$out/"
node scripts/package-json.mjs > "$out/package.json"
rm -f "$out/.gitignore"

rm -rf www/pkg
mkdir -p www/pkg
cp "$out"/index.js "$out"/simd.js "$out"/unpack.js "$out"/tabla.js "$out"/tabla.d.ts "$out"/tabla_bg.wasm "$out"/tabla_plain_bg.wasm \
  www/pkg/
for family in backgammon draughts; do
  cp "js/rules-$family.js" "target/pkg-rules-$family/tabla_rules_$family.js" \
    "target/pkg-rules-$family/tabla_rules_${family}_bg.wasm" www/pkg/
done

# The served site (site/, what scripts/serve.sh and the browser tests serve): www/ with its
# scripts, the glue and the stylesheet minified, and the service worker's versioned set: every
# file the pages load, with its SHA-256 (www/sw.js promotes a generation only when each file it
# fetched has the hash listed here).
node scripts/site.mjs

node scripts/wasm-size.mjs "$out/tabla_bg.wasm"
node scripts/wasm-size.mjs "$out/tabla_plain_bg.wasm"
node scripts/wasm-size.mjs "$out/tabla_rules_bg.wasm"
node scripts/wasm-size.mjs www/pkg/tabla_rules_backgammon_bg.wasm
node scripts/wasm-size.mjs www/pkg/tabla_rules_draughts_bg.wasm
