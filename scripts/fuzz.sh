#!/usr/bin/env bash
# Fuzzes every target with cargo fuzz (libFuzzer, nightly toolchain), seeded from the
# conformance tables, and prints the executions per target.
#   bash scripts/fuzz.sh          a smoke run: 10 seconds a target (part of scripts/test.sh)
#   bash scripts/fuzz.sh 600      a long run: 10 minutes a target
# A crash leaves its input under fuzz/artifacts/<target>/: turn it into a conformance case and
# keep the input under fuzz/regressions/<target>/ (every run starts from those).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "[fuzz] installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked 2>/dev/null || cargo install cargo-fuzz
fi
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
node scripts/fuzz-seed.mjs
targets=$(cd fuzz && cargo +nightly fuzz list)
# No sanitizer: the crate forbids unsafe code; what is fuzzed is panics and the invariants the
# targets assert (debug assertions on).
cargo +nightly fuzz build --sanitizer none
for t in $targets; do
  log="fuzz/last-$t.log"
  mkdir -p "fuzz/corpus/$t"
  cargo +nightly fuzz run --sanitizer none "$t" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 > "$log" 2>&1 || {
    tail -40 "$log"
    echo "[fuzz] $t FAILED (input under fuzz/artifacts/$t/)" >&2
    exit 1
  }
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  echo "[fuzz] $t: $runs executions in ${seconds}s, no crash"
done
