#!/usr/bin/env bash
# Installs, idempotently, everything Hearth's build and tests need, and sets up the
# environment for the WebAssembly build. Source it (`. scripts/setup.sh`) from the
# other scripts; running it directly just installs.
#
# Two routes to a wasm32 standard library:
#   - rustup has the `wasm32-unknown-unknown` target: plain `cargo` builds it.
#   - it does not (rustup cannot download it on machines without its servers):
#     Debian's rustc-web 1.96 builds std from source (`-Z build-std`) and lld-22
#     links. Only the wasm build sees these settings.
set -euo pipefail

HEARTH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
log() { printf '\033[1;33m[setup]\033[0m %s\n' "$*" >&2; }

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
APT_UPDATED=""
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

if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  HEARTH_WASM_ROUTE="rustup"
else
  HEARTH_WASM_ROUTE="debian"
  apt_install rustc-web cargo-web rust-web-src rust-web-clippy lld-22
  # -Z build-std resolves std's own dependencies (dlmalloc, …) while the build
  # runs offline: fetch them into cargo's cache (a no-op once they are there).
  PATH="/usr/bin:$PATH" RUSTC_BOOTSTRAP=1 cargo fetch --quiet \
    --manifest-path "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"
fi
export HEARTH_WASM_ROUTE

# Runs a command with the environment of the wasm build (trunk, wasm clippy).
# On the Debian route std is built here, so it can be built for size: std's
# `optimize_for_size` feature and `panic=immediate-abort` (a panic is a bare trap,
# no message, no formatting code) take 74 KB off the gzipped wasm (1,114,166 →
# 1,039,752 bytes, gzip -9). Clippy gets the same flags, so std and the
# dependencies are never also compiled for the plain ones. The rustup route links
# the prebuilt std and cannot do either (its wasm is that much larger).
with_wasm_env() {
  if [ "$HEARTH_WASM_ROUTE" = "debian" ]; then
    PATH="/usr/bin:$PATH" \
    RUSTC_BOOTSTRAP=1 \
    CARGO_UNSTABLE_BUILD_STD="std,panic_abort" \
    CARGO_UNSTABLE_BUILD_STD_FEATURES="optimize_for_size" \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort" \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-22/bin/wasm-ld \
      "$@"
  else
    "$@"
  fi
}

if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
  log "cargo install trunk $TRUNK_VERSION (a few minutes, once)"
  # --locked: without it a newer lightningcss fails to compile.
  cargo install --quiet --locked trunk --version "$TRUNK_VERSION"
fi

WBG_VERSION="$(wasm_bindgen_version)"
if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WBG_VERSION"; then
  log "cargo install wasm-bindgen-cli $WBG_VERSION (a few minutes, once)"
  # Not --locked: its lock file pins a crate version the registry mirror lacks.
  cargo install --quiet --force wasm-bindgen-cli --version "$WBG_VERSION"
fi
if ! grep -q "wasm_bindgen = \"$WBG_VERSION\"" "$HEARTH_ROOT/Trunk.toml"; then
  echo "Trunk.toml pins another wasm-bindgen than Cargo.lock ($WBG_VERSION); update [tools] wasm_bindgen." >&2
  exit 1
fi

if [ "${HEARTH_SETUP_BROWSER:-1}" = "1" ]; then
  # Debian's Chromium for the browser tests, and an emoji font so screenshots show emoji.
  apt_install chromium chromium-driver fonts-noto-color-emoji
  if ! command -v node >/dev/null; then apt_install nodejs npm; fi
  if [ ! -f "$HEARTH_ROOT/tests/node_modules/playwright-core/index.js" ] \
     || [ "$HEARTH_ROOT/tests/package-lock.json" -nt "$HEARTH_ROOT/tests/node_modules/.package-lock.json" ]; then
    log "npm ci (browser test packages)"
    (cd "$HEARTH_ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
