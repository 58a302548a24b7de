#!/usr/bin/env bash
# The edit loop: builds a development copy of the app into dist-dev/ (the wasm-dev
# profile: incremental, no LTO; split and assembled as the release is, so lazy chunks,
# the CSP and the sandboxes work as shipped), serves it with the mock LLM server, and
# rebuilds and reloads the open page on every save in src/, style/, hearth-core/,
# locales/ or index.html. It prints how long each save took to reach the page.
# The release build (scripts/build.sh) is still what ships and what the tests run.
#   PORT=8080 MOCK_PORT=8787 scripts/dev.sh
set -euo pipefail
# A rebuild (the server runs `dev.sh --build-once` on each save) skips the installs.
[ "${1:-}" = "--build-once" ] && export HEARTH_SETUP_QUICK=1
HEARTH_SETUP_BROWSER=0 . "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$HEARTH_ROOT"

# One build of dist-dev/: cargo, the splitter, wasm-bindgen, then the assembly.
dev_build() {
  local out="$HEARTH_ROOT/target/hearth-dev-app"
  with_wasm_env cargo build --profile wasm-dev --offline --quiet --target wasm32-unknown-unknown \
    -p hearth --bin hearth -p hearth-knowledge-worker --lib
  rm -rf "$out" && mkdir -p "$out"
  wasm-split-cli "$HEARTH_ROOT/target/wasm32-unknown-unknown/wasm-dev/hearth.wasm" "$out" --out-name hearth >/dev/null
  wasm-bindgen --target web --keep-lld-exports --no-typescript --out-name hearth --out-dir "$out" "$out/hearth.wasm" 2>/dev/null
  rm "$out/hearth.wasm"
  # The knowledge-base worker, as scripts/build.sh adds it.
  wasm-bindgen --target web --no-typescript --out-name hearth_knowledge --out-dir "$out" \
    "$HEARTH_ROOT/target/wasm32-unknown-unknown/wasm-dev/hearth_knowledge_worker.wasm" 2>/dev/null
  cp "$HEARTH_ROOT/src/io/knowledge/knowledge-worker.js" "$out/"
  node "$HEARTH_ROOT/scripts/assemble.mjs" "$out" "$HEARTH_ROOT/dist-dev" >/dev/null
}

if [ "${1:-}" = "--build-once" ]; then dev_build; exit; fi

log "first development build (a few minutes on a fresh machine, seconds after)"
dev_build
node tests/mock/server.mjs --port "${MOCK_PORT:-8787}" &
MOCK_PID=$!
trap 'kill $MOCK_PID 2>/dev/null || true' EXIT INT TERM
echo "To try it without a key: Base URL http://127.0.0.1:${MOCK_PORT:-8787}/v1 (Gemini: /v1beta), any key, any model (try 'markdown' or 'slow')."
node scripts/dev-server.mjs --root dist-dev --port "${PORT:-8080}" --build "bash scripts/dev.sh --build-once"
