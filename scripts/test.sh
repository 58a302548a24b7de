#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (native and wasm32), the native
# core tests, the release build, then the mock server tests and the end-to-end
# tests in headless Chromium. Installs what it needs first.
set -euo pipefail
START=$(date +%s)
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$HEARTH_ROOT"

log "cargo fmt --check"
cargo fmt --all --check

log "cargo clippy (native)"
cargo clippy --quiet --workspace --all-targets -- -D warnings

log "cargo clippy (wasm32)"
with_wasm_env cargo clippy --quiet --workspace --target wasm32-unknown-unknown -- -D warnings

log "hearth-core has no web dependencies"
if cargo tree -p hearth-core -e normal --target all --prefix none | grep -E '^(leptos|web-sys|js-sys|wasm-bindgen|gloo)' ; then
  echo "hearth-core must not depend on the crates above" >&2
  exit 1
fi

log "the shell's rules: no import cycle, no IO outside src/io/"
node "$HEARTH_ROOT/scripts/shell-rules.mjs"

log "cargo test (native)"
cargo test --quiet --workspace

"$HEARTH_ROOT/scripts/build.sh"
node "$HEARTH_ROOT/scripts/size-budget.mjs" "$HEARTH_ROOT/dist"

log "browser and mock server tests"
(cd tests && npm test)

log "all tests passed in $(( $(date +%s) - START )) s"
