#!/usr/bin/env bash
# The one lockfile-keyed install of the repository: `npm ci` in each DIR from its committed
# package-lock.json, unless DIR/node_modules already matches it (a copy of the lockfile kept as
# node_modules/.package-lock.json after the install, where npm keeps its own). Prints
# "npm ci DIR" when it installs, nothing when it need not. Used by scripts/setup.sh (the root),
# scripts/test.sh (each suite's project) and tests/compat/run.mjs (each fixture).
#   bash scripts/npm-ci.sh DIR...
set -euo pipefail
for dir in "$@"; do
  if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.package-lock.json" 2>/dev/null; then
    echo "npm ci $dir"
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
    # A project without dependencies gets no node_modules from npm ci.
    mkdir -p "$dir/node_modules"
    cp "$dir/package-lock.json" "$dir/node_modules/.package-lock.json"
  fi
done
