#!/usr/bin/env bash
# Builds the release app into dist/, writes a pre-compressed .gz and .br copy beside
# each compressible file in dist/ and its subfolders (e.g. snippets/), for hosts that serve
# them and for tests/support/static-server.mjs, and prints the bundle sizes.
#
#   scripts/build.sh              the whole build
#   scripts/build.sh --compile    only cargo's build, which needs only Debian's toolchain (so
#                                 scripts/test.sh starts it while the other tools install)
#   scripts/build.sh --assemble   the rest, from that build's output
set -euo pipefail
STEP="${1:-all}"
case "$STEP" in all | --compile | --assemble) ;; *) echo "usage: scripts/build.sh [--compile | --assemble]" >&2; exit 2 ;; esac
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$HEARTH_ROOT"

# The wasm, in three steps (what Trunk did, plus the split it cannot do):
# 1. cargo builds the release wasm (with_wasm_env: std built for size, and the
#    relocations the splitter reads);
# 2. the splitter (wasm_split_cli_support) moves the code reachable only from a
#    split point (`#[wasm_split(…)]`, see src/ui/lazy.rs) into chunks, with a loader;
# 3. wasm-bindgen writes the JavaScript glue for the main wasm, keeping the linker's
#    exports the chunks link against.
# Then scripts/assemble.mjs puts the build together into dist/.
OUT="$HEARTH_ROOT/target/hearth-app"
# One cargo run for the app and the knowledge-base worker (knowledge-worker/), so that their
# shared crates are built once, with one set of features. It is also clippy for wasm32, warnings
# denied: the workspace's own crates (the app, the worker, hearth-core) are compiled by Debian's
# clippy-driver (rustc-web's own, which lints and then compiles as rustc does), the dependencies
# by rustc as always, so the lints need no second compilation of std and every dependency
# (scripts/test.sh has no separate wasm32 clippy), and a lint fails the build.
if [ "$STEP" != "--assemble" ]; then
  log "cargo build --release (wasm32: the app and the knowledge worker), linted by clippy"
  with_wasm_env env RUSTC_WORKSPACE_WRAPPER=/usr/bin/clippy-driver CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
    cargo build --release --offline --quiet --target wasm32-unknown-unknown \
    -p hearth --bin hearth -p hearth-knowledge-worker --lib
fi
[ "$STEP" = "--compile" ] && exit 0
rm -rf "$OUT" && mkdir -p "$OUT"
log "split the wasm into chunks"
wasm-split-cli "$HEARTH_ROOT/target/wasm32-unknown-unknown/release/hearth.wasm" "$OUT" --out-name hearth >/dev/null
log "wasm-bindgen"
wasm-bindgen --target web --keep-lld-exports --no-typescript --out-name hearth --out-dir "$OUT" "$OUT/hearth.wasm"
rm "$OUT/hearth.wasm"
# The knowledge-base worker's wasm (knowledge-worker/): its own small module, fetched by
# src/io/knowledge/knowledge-worker.js the first time a knowledge base is used.
log "wasm-bindgen (the knowledge worker)"
wasm-bindgen --target web --no-typescript --out-name hearth_knowledge --out-dir "$OUT" \
  "$HEARTH_ROOT/target/wasm32-unknown-unknown/release/hearth_knowledge_worker.wasm"
cp "$HEARTH_ROOT/src/io/knowledge/knowledge-worker.js" "$OUT/"
node "$HEARTH_ROOT/scripts/assemble.mjs" "$OUT" "$HEARTH_ROOT/dist"

# Pre-compressed copies: gzip level 9 and brotli quality 11 (node's zlib), each kept
# only where smaller than the file, so a host never sends more than the file itself. The
# files are compressed at once, the largest first, on zlib's thread pool (brotli at quality 11
# takes about 30 s of CPU for the whole build: on one thread it was the longest step after cargo's).
node --input-type=module - dist <<'EOF'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { brotliOptions } from './scripts/size-budget.mjs';
const dir = process.argv[2];
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(wasm|js|mjs|css|html|json|svg|txt|webmanifest)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
  .sort((a, b) => statSync(b).size - statSync(a).size);
await Promise.all(
  files.map(async (file) => {
    const data = readFileSync(file);
    const copies = { '.gz': await gzip(data, { level: 9 }), '.br': await brotli(data, brotliOptions(data, file)) };
    for (const [suffix, bytes] of Object.entries(copies)) if (bytes.length < data.length) writeFileSync(file + suffix, bytes);
  }),
);
EOF

# Bundle report: raw and brotli bytes of the top-level scripts, wasm and styles, then the
# first load's files and gzip total as scripts/size-budget.mjs counts them (the one total,
# the same the budget check uses; report only here, scripts/test.sh enforces it).
for file in dist/*.wasm dist/*.js dist/*.css; do
  [ -e "$file" ] || continue
  brotli=-; [ -e "$file.br" ] && brotli=$(stat -c %s "$file.br")
  printf '%-40s %9d bytes raw %9s bytes brotli\n' "$(basename "$file")" "$(stat -c %s "$file")" "$brotli"
done
node scripts/size-budget.mjs --report-only dist
