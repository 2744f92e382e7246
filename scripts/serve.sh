#!/usr/bin/env bash
# Builds pkg/ and serves the playground on http://127.0.0.1:8080/ (Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec node scripts/serve.mjs "${PORT:-8080}"
