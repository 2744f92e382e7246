#!/usr/bin/env bash
# Benchmarks (not part of the test suite): builds pkg/, runs the Node comparison against the peer
# code, and the native criterion benches.   bash scripts/bench.sh [--write]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
node benches/js.mjs "$@"
cargo bench --bench core -- --warm-up-time 1 --measurement-time 3
