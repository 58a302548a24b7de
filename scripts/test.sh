#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (native here, wasm32 in the release build), the module
# rules, the native core tests and the mock server and script tests (all while the
# release build runs), the bundle budget and the documents' figures, then the end-to-end tests in headless
# Chromium, then the MCP conformance suite with Hearth as the client. Installs what
# it needs first.
set -euo pipefail
START=$(date +%s)
# Debian's toolchain first: all the release build's compilation needs.
HEARTH_SETUP_TOOLCHAIN_ONLY=1
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$HEARTH_ROOT"

# The release build is the longest step and ends in one long single-threaded compilation
# of the app's crate (fat LTO, one codegen unit), so its compilation starts first, in the
# background, and the rest of the set-up (the tools cargo compiles, the browsers), the checks
# and the native and node tests use the other core meanwhile (they build into other target
# folders, so neither waits for the other's lock). Its output is shown when it is done.
log "release build's compilation, in the background"
BUILD_LOG="$(mktemp)"
# Its log ends with the time it finished, so each run's output shows which of the two ends first.
(
  status=0
  HEARTH_SETUP_QUICK=1 "$HEARTH_ROOT/scripts/build.sh" --compile || status=$?
  log "the release build's compilation ended (at $(( $(date +%s) - START )) s)"
  exit $status
) >"$BUILD_LOG" 2>&1 &
BUILD_PID=$!
trap 'kill "$BUILD_PID" 2>/dev/null || true' EXIT
# Everything after this line (and not the build, started above) runs at the lowest priority: the
# build is the critical path, so its dependencies compile on both cores, and the set-up and
# the checks take what it leaves, most of all the core it leaves idle while the app's crate
# compiles alone. (Any user may lower their own priority, and nothing needs raising it again;
# where renice is missing, all runs as before.)
renice -n 19 -p $$ >/dev/null 2>&1 || true

HEARTH_SETUP_TOOLCHAIN_ONLY=0
. "$HEARTH_ROOT/scripts/setup.sh"
log "set up (at $(( $(date +%s) - START )) s)"

# The mock server and script tests mostly wait (on servers, timers and child processes: about
# a third of a core over their 100 s), so they run beside the checks below instead of after
# them: the checks were what the browser tests waited for, a minute after the build was done.
log "mock server and script tests, in the background"
NODE_LOG="$(mktemp)"
(cd tests && npm run --silent test:node) >"$NODE_LOG" 2>&1 &
NODE_PID=$!
trap 'kill "$BUILD_PID" "$NODE_PID" 2>/dev/null || true' EXIT

log "cargo fmt --check"
cargo fmt --all --check

log "cargo clippy (native) (at $(( $(date +%s) - START )) s)"
# The crates' own code; the core's tests are linted as they are compiled (below).
cargo clippy --quiet --workspace -- -D warnings

# Clippy for wasm32 (warnings denied) runs inside the release build: scripts/build.sh compiles
# the workspace's crates with clippy-driver, so std and every dependency are not compiled a
# second time for a separate `cargo clippy --target wasm32-unknown-unknown`.

log "hearth-core has no web dependencies"
if cargo tree -p hearth-core -e normal --target all --prefix none | grep -E '^(leptos|web-sys|js-sys|wasm-bindgen|gloo)' ; then
  echo "hearth-core must not depend on the crates above" >&2
  exit 1
fi

log "the shell's rules: no import cycle, no IO outside src/io/"
node "$HEARTH_ROOT/scripts/shell-rules.mjs"
log "the core's layers: no import cycle, nothing uses a layer above its own"
node "$HEARTH_ROOT/scripts/core-rules.mjs"
log "the documents' layers are the rule scripts' (lib.rs, ARCHITECTURE.md)"
node "$HEARTH_ROOT/scripts/doc-rules.mjs"
log "every text of the interface is in locales/en.ftl (every language has every message: the core's tests)"
node "$HEARTH_ROOT/scripts/i18n-check.mjs"

# Only the core has native tests (the shell's tests are the browser tests, and the knowledge
# worker has none): testing only the core spares compiling Leptos and web-sys into a native
# test binary. clippy-driver compiles them, warnings denied, so `cargo clippy --all-targets`
# above would add only a second check of the whole shell in test mode.
log "cargo test (native): hearth-core, its tests linted by clippy as they are compiled (at $(( $(date +%s) - START )) s)"
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
  cargo test --quiet -p hearth-core

log "waiting for the mock server and script tests (at $(( $(date +%s) - START )) s)"
node_status=0
wait "$NODE_PID" || node_status=$?
cat "$NODE_LOG"
rm -f "$NODE_LOG"
if [ "$node_status" -ne 0 ]; then
  echo "the mock server and script tests failed" >&2
  exit 1
fi

log "waiting for the release build (at $(( $(date +%s) - START )) s)"
if ! wait "$BUILD_PID"; then
  cat "$BUILD_LOG" >&2
  echo "the release build failed" >&2
  exit 1
fi
trap - EXIT
cat "$BUILD_LOG"
rm -f "$BUILD_LOG"
HEARTH_SETUP_QUICK=1 "$HEARTH_ROOT/scripts/build.sh" --assemble
node "$HEARTH_ROOT/scripts/size-budget.mjs" "$HEARTH_ROOT/dist"
# The figures docs/performance.md gives (sizes, test counts) must be the build's own.
node "$HEARTH_ROOT/scripts/figures.mjs" --check "$HEARTH_ROOT/dist"

# Four test files at a time, the slowest first (tests/support/run-e2e.mjs): each
# starts its own servers and browser. Four keep both cores busy (the stage is bound by the
# CPU, most of it Chromium's renderers and browser process); more only slow each other.
log "browser tests, four files at a time (at $(( $(date +%s) - START )) s)"
(cd tests && npm run --silent test:e2e)

log "the main journeys in Firefox and WebKit (at $(( $(date +%s) - START )) s)"
(cd tests && npm run --silent test:engines)

log "MCP conformance suite, Hearth as the client (at $(( $(date +%s) - START )) s)"
node tests/conformance/run.mjs

log "all tests passed in $(( $(date +%s) - START )) s"
