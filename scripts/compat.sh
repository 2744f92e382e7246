#!/usr/bin/env bash
# The compatibility matrix: the built package packed with `npm pack`, installed as a user would
# into one fixture project per tool (tests/compat/*, each from its committed lockfile), and
# exercised by Vite, webpack, esbuild, rollup, wrangler/workerd, a plain module page, Node 20 and
# 22, Bun, Deno, tsc, attw and publint. Prints the table, writes target/compat.json, and exits 1
# if any cell FAILS. Idempotent: npm ci runs only where a lockfile changed (scripts/npm-ci.sh).
#   scripts/compat.sh [PKG_DIR]          PKG_DIR: the package directory (default: $COMPAT_PKG, else pkg/)
#   COMPAT_ONLY=vite,node22 scripts/compat.sh   a subset: cell ids or their prefixes
set -uo pipefail
cd "$(dirname "$0")/.."
pkg=${1:-${COMPAT_PKG:-pkg}}

# The browser cells drive Debian's Chromium with the repository's playwright-core.
if [ ! -x /usr/bin/chromium ] || [ ! -d node_modules/playwright-core ]; then
  bash scripts/setup.sh --browser || exit 2
fi

node tests/compat/run.mjs "$pkg" &
runner=$!
# Ctrl-C or a kill reaches the runner, which stops the servers and processes it started.
trap 'kill -TERM "$runner" 2>/dev/null; wait "$runner"; exit 130' INT TERM HUP
wait "$runner"
