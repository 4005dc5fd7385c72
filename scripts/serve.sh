#!/usr/bin/env bash
# Serves the game on http://127.0.0.1:${PORT:-8080} after doing all set-up and the build itself
# (scripts/build.sh ends with the site build: www/ minified into site/, which is what is served).
set -euo pipefail
cd "$(dirname "$0")/.."
TABLA_NEED_BROWSER=0 bash scripts/setup.sh
bash scripts/build.sh
port=${PORT:-8080}
echo "== tabla: open http://127.0.0.1:$port/"
exec python3 -m http.server --directory site --bind 127.0.0.1 "$port"
