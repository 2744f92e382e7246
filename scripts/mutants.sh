#!/usr/bin/env bash
# Mutation testing of the core crate (mcp-naming) with cargo-mutants: each mutant is a small
# wrong change to the code (an operator flipped, a function body replaced by a default); the tests
# must fail on every one. Prints caught / missed / unviable / timeout and the missed mutants.
#
#   bash scripts/mutants.sh --file 'src/router/*.rs'    these files (the option repeats; globs)
#   bash scripts/mutants.sh --in-diff main              only code changed since revision `main`
#   bash scripts/mutants.sh --smoke                     the test command's run: a few minutes
#   bash scripts/mutants.sh --named                     only the named mutants (below)
#   bash scripts/mutants.sh --re 'Glob::matches'        only mutants whose name matches
#   bash scripts/mutants.sh --names missed.txt          only these mutants (names as listed,
#                                                       one a line: a previous run's missed.txt)
#   bash scripts/mutants.sh ... --timeout 60            seconds a mutant's tests may take
#   bash scripts/mutants.sh ... --out DIR               where mutants.out goes (target/mutants)
#   bash scripts/mutants.sh ... --fast-only             no second pass: missed is what the fast
#                                                       tests miss (a census, at 6 s a mutant)
#   bash scripts/mutants.sh ... -- ARGS                 more arguments for cargo mutants
#
# Where: a scratch copy of the tree (tracked and untracked files, not ignored ones) at
# target/mutants-work/tree, mutated in place, building without debug information into
# target/mutants-work/target. Both paths stay the same from run to run, so the dependencies are
# built once and a mutant costs only the rebuild of the core crate and its tests; the tree you
# edit is never touched, and edits made during a run do not reach it.
#
# Two passes. The first runs each mutant against the fast tests under cargo-nextest: everything
# but two slow generators (`properties::fitted_names_pass_and_stay_distinct`, 16 s, which checks
# provider::fit_all, and `suggest_index::the_index_suggests_what_an_exhaustive_search_suggests`,
# 10 s, which checks the router's index against suggest::closest); nextest runs no doctests. The
# second takes only the mutants the first missed and runs them against the whole of `cargo test
# -p mcp-naming` (every test, the slow ones and the doctests): a mutant is missed only if that
# misses it too. So a run costs about 6 s a mutant here (2 cores), and the verdict is that of
# the full suite.
#
# Named mutants: wrong changes that cargo-mutants does not generate (it swaps operators and
# bodies, not method names, literals or match patterns), here because each once survived the
# whole of `cargo test` (issue 24). Each is applied by sed to a scratch copy of the tree, and the
# fast tests must fail on it. --smoke runs them too.
#
# Mutants that no test can kill because they change nothing observable are excluded by name in
# .cargo/mutants.toml, each with its reason (scripts/mutants-equivalent.md lists them), so a
# missed mutant always fails the run (exit 2; a timeout alone exits 3).
set -euo pipefail
cd "$(dirname "$0")/.."

version=27.1.0
nextest_version=0.9.143
files=()
re=()
in_diff=""
timeout=""
out=target/mutants
smoke=0
named_only=0
fast_only=0
extra=()
log() { printf '[mutants] %s\n' "$*" >&2; }
# exact NAME: a regex that matches exactly that mutant name.
exact() { printf '^%s$' "$(printf '%s' "$1" | sed 's/[][\\.^$*+?(){}|]/\\&/g')"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --file | -f) files+=(-f "$2"); shift 2 ;;
    --re | -F) re+=(-F "$2"); shift 2 ;;
    --names) while IFS= read -r m; do [ -n "$m" ] && re+=(-F "$(exact "$m")"); done < "$2"; shift 2 ;;
    --in-diff) in_diff=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --smoke) smoke=1; shift ;;
    --named) named_only=1; shift ;;
    --fast-only) fast_only=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "mutants.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
  esac
done


# cargo-mutants and cargo-nextest from crates.io at the pinned versions, once.
have=$(cargo mutants --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$version" ]; then
  log "installing cargo-mutants $version (found: ${have:-none})"
  cargo install cargo-mutants --version "$version" --locked
fi
have=$(cargo nextest --version 2>/dev/null | awk 'NR == 1 {print $2}' || true)
if [ "$have" != "$nextest_version" ]; then
  log "installing cargo-nextest $nextest_version (found: ${have:-none})"
  cargo install cargo-nextest --version "$nextest_version" --locked
fi

# The scratch tree and its target directory (see above). Extracted without the files' times
# (tar -m): every file is newer than what the last run built, so nothing stale is reused.
here=$PWD
work=$here/target/mutants-work
tree=$work/tree
export CARGO_TARGET_DIR=$work/target CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
# One run at a time: two would mutate the same scratch tree.
mkdir -p "$work"
exec 9> "$work/lock"
if ! flock -n 9; then
  echo "mutants.sh: another run is using $work; wait for it to finish" >&2
  exit 75
fi
fresh_tree() {
  [ "${tree_made:-0}" = 1 ] && return
  tree_made=1
  rm -rf "$tree"
  mkdir -p "$tree"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -m -xf - -C "$tree"
}
case "$out" in /*) ;; *) out=$here/$out ;; esac

if [ "$smoke" = 1 ]; then
  # The three mutants of issue 24 live here (the glob's end check, the fatal codes of
  # check_upstream, the suggestion bound): every mutant of the glob matcher, of check_upstream
  # and of suggest::limit, about 30, a minute and a half on 2 cores with a built target/.
  files=(-f src/router/pattern.rs -f src/router/expose.rs -f src/suggest.rs)
  re=(-F 'Glob::|check_upstream|suggest\.rs:.*(limit ->| in limit$)')
fi

args=(-p mcp-naming -d "$tree" --in-place --no-times --colors=never "${files[@]}")
if [ -n "$in_diff" ]; then
  mkdir -p "$out"
  git diff "$in_diff" -- src/ > "$out/in.diff"
  if [ ! -s "$out/in.diff" ]; then
    echo "mutants: no change under src/ since $in_diff"
    exit 0
  fi
  args+=(--in-diff "$out/in.diff")
fi

# A failing property under a mutant needs no shrinking and no regression file (the run may be
# in place).
export PROPTEST_MAX_SHRINK_ITERS=0 PROPTEST_DISABLE_FAILURE_PERSISTENCE=1

# The fast selection (see above), under nextest.
slow=(fitted_names_pass_and_stay_distinct the_index_suggests_what_an_exhaustive_search_suggests)
fast_args=(-E "not (test(=${slow[0]}) | test(=${slow[1]}))")

# The named mutants: FILE, then a sed script that turns the code into the wrong code.
named=(
  # The end check of a glob: `a*c` matched `acb` (`enabled` / `disabled` are access control).
  src/router/pattern.rs 's/rest\.ends_with(piece\.as_str())/rest.contains(piece.as_str())/'
  # Names over 128 characters no longer fatal upstream: exposed, fitted.
  src/router/expose.rs '/^ *| Code::TooLong$/d'
  # The suggestion bound: at most 5 edits instead of 6.
  src/suggest.rs 's/clamp(1, 6)/clamp(1, 5)/'
)

# run_named: applies each named mutant in the scratch tree, runs the fast tests on it, and fails
# unless every one is caught.
run_named() {
  local scratch="$tree" n=0 caught_named=0 i f
  rm -rf "$out/named"
  mkdir -p "$out/named"
  fresh_tree
  for ((i = 0; i < ${#named[@]}; i += 2)); do
    f=${named[i]}
    n=$((n + 1))
    cp "$scratch/$f" "$out/named/original"
    sed -i "${named[i + 1]}" "$scratch/$f"
    if cmp -s "$scratch/$f" "$out/named/original"; then
      echo "named mutant $n ($f: ${named[i + 1]}) no longer applies: the code moved; update it here"
      return 1
    fi
    local rc=0
    (cd "$scratch" && cargo nextest run -p mcp-naming --no-fail-fast "${fast_args[@]}") > "$out/named/$n.log" 2>&1 || rc=$?
    cp "$out/named/original" "$scratch/$f"
    if [ "$rc" -eq 0 ]; then
      echo "named mutant $n MISSED: $f: ${named[i + 1]} (log: $out/named/$n.log)"
    elif grep -q "error\[E[0-9]*\]\|could not compile" "$out/named/$n.log"; then
      echo "named mutant $n does not build: $f: ${named[i + 1]} (log: $out/named/$n.log)"
      return 1
    else
      caught_named=$((caught_named + 1))
      echo "named mutant $n caught: $f: ${named[i + 1]}"
    fi
  done
  echo "named mutants: $n tested: $caught_named caught, $((n - caught_named)) missed"
  [ "$caught_named" -eq "$n" ]
}

if [ "$named_only" = 1 ]; then
  run_named
  exit
fi
named_rc=0
if [ "$smoke" = 1 ]; then
  run_named || named_rc=1
fi
fast=(--test-tool nextest -- "${fast_args[@]}")

# count DIR KIND: lines of DIR/mutants.out/KIND.txt.
count() { if [ -f "$1/mutants.out/$2.txt" ]; then grep -c . "$1/mutants.out/$2.txt" || true; else echo 0; fi; }

rm -rf "$out/fast" "$out/full"
mkdir -p "$out"
log "pass 1: every mutant against the fast tests (log: $out/fast/mutants.out)"
fresh_tree
rc=0
cargo mutants "${args[@]}" "${re[@]}" ${timeout:+--timeout "$timeout"} -o "$out/fast" "${extra[@]}" "${fast[@]}" || rc=$?
# 0: all caught; 2: some missed; 3: some timed out; 4: the unmutated tree fails its tests.
if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ] && [ "$rc" -ne 3 ]; then
  log "cargo mutants exited $rc (see $out/fast/mutants.out/log/)"
  exit "$rc"
fi
if [ ! -f "$out/fast/mutants.out/outcomes.json" ]; then
  echo "mutants: no mutant in this selection"
  exit 0
fi

caught=$(count "$out/fast" caught)
unviable=$(count "$out/fast" unviable)
timeouts=$(count "$out/fast" timeout)
missed=0
missed_list=""
# cargo-mutants applies neither its name filters nor exclude_re to its "delete field" mutants:
# those listed as equivalent in .cargo/mutants.toml are dropped here.
missed_file=$out/fast/missed-kept.txt
: > "$missed_file"
if [ -f "$out/fast/mutants.out/missed.txt" ]; then
  listed=$(sed -n "s/^ *'\(.*\)',\{0,1\}\$/\1/p" .cargo/mutants.toml | paste -sd '|')
  if [ -n "$listed" ]; then
    grep -vP "$listed" "$out/fast/mutants.out/missed.txt" > "$missed_file" || true
  else
    cp "$out/fast/mutants.out/missed.txt" "$missed_file"
  fi
fi
first=$(grep -c . "$missed_file" || true)
if [ "$first" -gt 0 ] && [ "$fast_only" = 1 ]; then
  missed=$first
  missed_list=$(cat "$missed_file")
elif [ "$first" -gt 0 ]; then
  # Exact names as regexes: every character that means something to a regex escaped.
  names=()
  while IFS= read -r m; do
    names+=(-F "$(exact "$m")")
  done < "$missed_file"
  log "pass 2: the $first missed against all of cargo test (log: $out/full/mutants.out)"
  rc=0
  # No second baseline (pass 1 ran one); cargo test builds the doctests too, hence the time.
  cargo mutants "${args[@]}" "${names[@]}" --baseline skip --timeout "${timeout:-180}" --test-tool cargo \
    -o "$out/full" "${extra[@]}" || rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ] && [ "$rc" -ne 3 ]; then
    log "cargo mutants exited $rc (see $out/full/mutants.out/log/)"
    exit "$rc"
  fi
  # cargo-mutants applies no name filter to its "delete field" mutants: pass 2 may run more than
  # asked, and only the verdicts on pass 1's missed count.
  verdicts() { grep -Fxf "$missed_file" "$out/full/mutants.out/$1.txt" 2>/dev/null || true; }
  missed_list=$(verdicts missed)
  late_timeouts=$(verdicts timeout | grep -c . || true)
  missed=$(printf '%s' "$missed_list" | grep -c . || true)
  timeouts=$((timeouts + late_timeouts))
  caught=$((caught + first - missed - late_timeouts))
fi

total=$((caught + missed + unviable + timeouts))
echo
echo "mutants: $total tested: $caught caught, $missed missed, $unviable unviable, $timeouts timeout"
if [ "$first" -gt 0 ] && [ "$fast_only" = 0 ]; then
  echo "  (the fast tests missed $first; the whole cargo test caught $((first - missed)) of those)"
fi
if [ "$timeouts" -gt 0 ]; then
  echo "timeouts (an endless loop is caught too, but slowly):"
  cat "$out/fast/mutants.out/timeout.txt" 2>/dev/null | sed 's/^/  /' || true
  if [ "$first" -gt 0 ] && [ "$fast_only" = 0 ]; then verdicts timeout | sed 's/^/  /'; fi
fi
if [ "$missed" -gt 0 ]; then
  echo "missed (no test fails on these):"
  printf '%s\n' "$missed_list" | sed 's/^/  /'
fi
[ "$missed" -eq 0 ] && [ "$named_rc" -eq 0 ]
