#!/usr/bin/env bash
# Installs, idempotently, everything Hearth's build and tests need, and sets up the
# environment for the WebAssembly build. Source it (`. scripts/setup.sh`) from the
# other scripts; running it directly just installs.
#
# One route to the wasm32 standard library, on every machine: Debian's rustc-web
# 1.96 builds std from source for size (`-Z build-std`, see with_wasm_env) and
# lld-22 links. rustup's prebuilt `wasm32-unknown-unknown` std is never used, even
# where it is installed: it cannot be built for size, and its wasm is 96,885 B gzip
# larger, over the budget. Only the wasm build sees these settings; the native
# checks use whatever cargo is on PATH.
set -euo pipefail

HEARTH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The splitter's command-line build (scripts/build.sh); its output must suit the
# wasm_split_helpers in Cargo.lock (0.2.x).
WASM_SPLIT_VERSION="0.2.4"
log() { printf '\033[1;33m[setup]\033[0m %s\n' "$*" >&2; }

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
APT_UPDATED="${APT_UPDATED:-}" # (kept when this file is sourced again)
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ -z "$APT_UPDATED" ]; then log "apt-get update"; $sudo apt-get update -qq; APT_UPDATED=1; fi
  log "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The wasm-bindgen crate version in Cargo.lock; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$HEARTH_ROOT/Cargo.lock"
}

# Runs a command with the environment of the wasm build (cargo build, wasm clippy):
# Debian's cargo and rustc first on PATH, and std built here, for size: std's
# `optimize_for_size` feature and `panic=immediate-abort` (a panic is a bare trap,
# no message, no formatting code) take 74 KB off the gzipped wasm (1,114,166 →
# 1,039,752 bytes, gzip -9). Clippy gets the same flags, so std and the
# dependencies are never also compiled for the plain ones. `--emit-relocs` keeps
# the relocations the splitter needs (scripts/build.sh), and `erase_components`
# makes Leptos type-erase each component's view, which makes this app smaller
# (its many components would otherwise each be a deeply nested type).
with_wasm_env() {
  PATH="/usr/bin:$PATH" \
    RUSTC_BOOTSTRAP=1 \
    CARGO_UNSTABLE_BUILD_STD="std,panic_abort" \
    CARGO_UNSTABLE_BUILD_STD_FEATURES="optimize_for_size" \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Clink-arg=--emit-relocs --cfg erase_components" \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-22/bin/wasm-ld \
    "$@"
}

# scripts/dev.sh's rebuilds need only the environment above: everything below is
# installed already by then.
if [ "${HEARTH_SETUP_QUICK:-0}" = "1" ]; then return 0 2>/dev/null || exit 0; fi

apt_install rustc-web cargo-web rust-web-src rust-web-clippy lld-22
# -Z build-std resolves std's own dependencies (dlmalloc, …) while the build
# runs offline: fetch them into cargo's cache (a no-op once they are there).
PATH="/usr/bin:$PATH" RUSTC_BOOTSTRAP=1 cargo fetch --quiet \
  --manifest-path "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"
# The release build (scripts/build.sh) runs offline too, beside the checks that
# would otherwise fetch the app's dependencies: on a machine whose cargo cache is
# empty it must find them there already (a no-op once they are).
PATH="/usr/bin:$PATH" cargo fetch --quiet --manifest-path "$HEARTH_ROOT/Cargo.toml"

# Enough for `scripts/build.sh --compile` (scripts/test.sh starts it here, and sources this
# file again for the rest while it runs).
if [ "${HEARTH_SETUP_TOOLCHAIN_ONLY:-0}" = "1" ]; then return 0 2>/dev/null || exit 0; fi

# The browsers and the test packages (mostly downloading) install beside the two tools cargo
# compiles (mostly computing), in a subshell of their own.
install_browsers() {
  # Debian's Chromium for the browser tests, and an emoji font so screenshots show emoji;
  # espeak-ng writes the speech the voice tests feed Chromium's fake microphone. Firefox ESR
  # and WebKitGTK (its WebDriver and MiniBrowser, under Xvfb) run the cross-engine journeys.
  apt_install chromium chromium-driver fonts-noto-color-emoji espeak-ng firefox-esr webkit2gtk-driver xvfb xauth
  if ! command -v node >/dev/null; then apt_install nodejs npm; fi
  if [ ! -f "$HEARTH_ROOT/tests/node_modules/playwright-core/index.js" ] \
     || [ "$HEARTH_ROOT/tests/package-lock.json" -nt "$HEARTH_ROOT/tests/node_modules/.package-lock.json" ]; then
    log "npm ci (browser test packages)"
    (cd "$HEARTH_ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
  fi
  # The MCP conformance suite and the Node 22 it needs (from npm), kept apart.
  if [ ! -x "$HEARTH_ROOT/tests/conformance/node_modules/.bin/node" ] \
     || [ "$HEARTH_ROOT/tests/conformance/package-lock.json" -nt "$HEARTH_ROOT/tests/conformance/node_modules/.package-lock.json" ]; then
    log "npm ci (MCP conformance suite)"
    (cd "$HEARTH_ROOT/tests/conformance" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
BROWSERS_PID=""
if [ "${HEARTH_SETUP_BROWSER:-1}" = "1" ]; then
  install_browsers &
  BROWSERS_PID=$!
fi

# (The binary has no --version: cargo's list of installed crates tells.)
if ! cargo install --list 2>/dev/null | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  log "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (a minute, once)"
  cargo install --quiet --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
fi

WBG_VERSION="$(wasm_bindgen_version)"
if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WBG_VERSION"; then
  log "cargo install wasm-bindgen-cli $WBG_VERSION (a few minutes, once)"
  # Not --locked: its lock file pins a crate version the registry mirror lacks.
  cargo install --quiet --force wasm-bindgen-cli --version "$WBG_VERSION"
fi

if [ -n "$BROWSERS_PID" ] && ! wait "$BROWSERS_PID"; then
  log "installing the browsers and the test packages failed"
  return 1 2>/dev/null || exit 1
fi
