#!/usr/bin/env bash
# Builds the release app into dist/ and prints the bundle sizes.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$HEARTH_ROOT"

log "trunk build --release (wasm route: $HEARTH_WASM_ROUTE)"
with_wasm_env trunk build --release --offline

# Bundle report: raw and gzip bytes of each file the page loads.
for file in dist/*.wasm dist/*.js dist/*.css; do
  [ -e "$file" ] || continue
  printf '%-40s %9d bytes raw %9d bytes gzip\n' "$(basename "$file")" "$(stat -c %s "$file")" "$(gzip -9 -c "$file" | wc -c)"
done
printf '%-40s %9s           %9d bytes gzip\n' "total" "" "$(cat dist/*.wasm dist/*.js dist/*.css dist/index.html | gzip -9 -c | wc -c)"
