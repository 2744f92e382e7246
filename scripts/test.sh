#!/usr/bin/env bash
# Runs every suite: formatting and lints, native Rust tests, the package build and its size,
# wasm-bindgen-test in Node and headless Chromium, node --test (ESM, CommonJS, SDK agreement,
# workerd through Miniflare, Chromium through playwright-core, hostile input, size), a fuzz smoke
# run, and the TypeScript consumer.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=0
step() { steps=$((steps + 1)); printf '\n=== %s\n' "$*"; }

step "setup"
bash scripts/setup.sh --browser

step "cargo fmt --check, clippy (native and wasm32)"
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
cargo clippy -p mcp-naming-wasm --all-targets --target wasm32-unknown-unknown -- -D warnings

step "cargo test (native: unit, conformance tables, properties, doctests)"
cargo test

step "build pkg/"
bash scripts/build.sh

step "wasm-bindgen-test in Node"
cargo test -p mcp-naming-wasm --lib --target wasm32-unknown-unknown

step "wasm-bindgen-test in headless Chromium"
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver cargo test -p mcp-naming-wasm --lib --target wasm32-unknown-unknown

step "node --test against pkg/"
# The suites import the package by name, so that its exports map is what resolves them.
for dir in tests/js tests/ts examples; do
  mkdir -p "$dir/node_modules"
  ln -sfn "$PWD/pkg" "$dir/node_modules/mcp-naming"
done
node --test tests/js/

step "the gateway example on the official SDK, in front of real servers (examples/gateway)"
# Its own npm project from its committed lockfile; mcp-naming comes from pkg/ (file:../../pkg).
if ! cmp -s examples/gateway/package-lock.json examples/gateway/node_modules/.package-lock.json 2>/dev/null; then
  npm ci --prefix examples/gateway --no-audit --no-fund --loglevel=error
  cp examples/gateway/package-lock.json examples/gateway/node_modules/.package-lock.json
fi
node --test examples/gateway/test/

step "fuzz smoke (cargo fuzz, 10 seconds a target)"
bash scripts/fuzz.sh 10

step "TypeScript consumer (tsc --strict --noEmit)"
node_modules/.bin/tsc -p tests/ts/tsconfig.json
echo "tsc: the consumer type-checks"

# Every step above stops the script on failure (set -e): reaching here means all of them passed.
printf '\nsuites: %d passed, 0 failed\n' "$((steps - 1))"
