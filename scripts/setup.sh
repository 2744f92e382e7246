#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently; fast when everything is there.
#   scripts/setup.sh            the wasm32 target, the pinned wasm-bindgen CLI, npm packages
#   scripts/setup.sh --browser  the same, plus Debian's chromium and chromium-driver
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  log "installing wasm-bindgen-cli $want (found: ${have:-none})"
  # With --locked the install fails on this registry (a pinned dependency is missing).
  cargo install wasm-bindgen-cli --version "$want" --locked 2>/dev/null \
    || cargo install wasm-bindgen-cli --version "$want"
fi

# npm packages from the committed lockfile; skipped when node_modules matches it.
bash scripts/npm-ci.sh . | sed 's/^/[setup] /' >&2

if [ "${1:-}" = "--browser" ]; then
  if [ ! -x /usr/lib/chromium/chromium ] || ! command -v chromedriver >/dev/null; then
    log "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
