#!/usr/bin/env bash
# The Python package (python/, issue 28): builds the abi3 wheel and the sdist with the pinned
# maturin, installs the wheel into a fresh virtual environment and runs the pytest suites there
# (the shared conformance tables and scenarios, hostile input, the differential against the npm
# package in pkg/, the Python peers as oracles, the Python gateway example end to end), checks a
# consumer with mypy --strict against the installed stubs, and builds the sdist from source with
# pip (only the Rust toolchain and PyPI needed). Idempotent: the tools' environment is kept while
# python/requirements-test.txt is unchanged; the test environments are made afresh every run.
#
#   bash scripts/python.sh            everything (what scripts/test.sh runs)
#   bash scripts/python.sh --quick    no sdist build, no gateway example
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && quick=1
start=$SECONDS
PY=${PYTHON:-python3}
root=target/py
req=python/requirements-test.txt
tools=$root/tools
mkdir -p "$root"

"$PY" - <<'PYV'
import sys
if sys.version_info < (3, 10):
    sys.exit(f"scripts/python.sh: Python >= 3.10 needed, found {sys.version.split()[0]}")
PYV

# The tools (maturin, pytest, mypy, the peers), from the pinned requirements.
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ ! -x "$tools/bin/python" ] || [ "$(cat "$tools/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
  rm -rf "$tools"
  "$PY" -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  echo "$want" > "$tools/.requirements.sha256"
fi

# The wheel and the sdist.
rm -rf "$root/dist"
(cd python && "../$tools/bin/maturin" build --release --quiet -o "../$root/dist" 2>&1 | grep -v "^[🍹🐍🔗📡📦]" || true)
(cd python && "../$tools/bin/maturin" sdist -o "../$root/dist" >/dev/null 2>&1)
wheel=$(ls "$root"/dist/mcp_naming-*-abi3-*.whl)
sdist=$(ls "$root"/dist/mcp_naming-*.tar.gz)
echo "python.sh: $(basename "$wheel") $(stat -c %s "$wheel") bytes; $(basename "$sdist") $(stat -c %s "$sdist") bytes"

# A fresh environment: the built wheel and the test requirements, nothing from the source tree.
venv=$root/venv
rm -rf "$venv"
"$PY" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$wheel" -r "$req"
"$venv/bin/python" -c 'import mcp_naming, sys; assert "site-packages" in mcp_naming.__file__, mcp_naming.__file__; print("python.sh: mcp_naming", mcp_naming.__version__, "from", mcp_naming.__file__)'

# The stubs: a consumer passes mypy --strict; a consumer that misuses the API does not.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp python/tests/typing/consumer.py python/tests/typing/misuse.py "$work/"
(cd "$work" && "$OLDPWD/$venv/bin/mypy" --strict --no-incremental consumer.py)
if (cd "$work" && "$OLDPWD/$venv/bin/mypy" --strict --no-incremental misuse.py > misuse.out 2>&1); then
  echo "python.sh: mypy accepted python/tests/typing/misuse.py" >&2
  exit 1
fi
wrong=$(grep -c ': error:' "$work/misuse.out" || true)
expected=$(grep -c '# error' python/tests/typing/misuse.py)
if [ "$wrong" -ne "$expected" ]; then
  cat "$work/misuse.out" >&2
  echo "python.sh: mypy found $wrong errors in misuse.py, expected $expected (one per '# error' line)" >&2
  exit 1
fi
# The package itself, applier and all, against its stubs and the contract generated from the
# core's Rust types (mcp_naming/_contract.pyi).
(cd "$work" && "$OLDPWD/$venv/bin/mypy" --strict --no-incremental -p mcp_naming)
# The gateway example on the SDK, against the installed stubs and the SDK's own types.
cp examples/python-gateway/*.py "$work/"
(cd "$work" && "$OLDPWD/$venv/bin/mypy" --strict --no-incremental gateway.py desk_server.py notes_server.py test_gateway.py)
echo "python.sh: mypy --strict: consumer.py clean, misuse.py refused ($wrong errors, as marked), the package and examples/python-gateway clean"

# The gateway example's npm servers, from its committed lockfile.
[ "$quick" = 1 ] || bash scripts/npm-ci.sh examples/python-gateway

# The suites, from outside the source tree so that the installed package is the one imported.
export DIFF_REQUIRED=1 PY_INSTALLED=1
tests=(python/tests)
[ "$quick" = 1 ] || tests+=(examples/python-gateway)
"$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir="$PWD" "${tests[@]/#/$PWD/}" -o console_output_style=classic -rs -s 2>&1 \
  | grep -vE '^\s*$' | tail -n 25
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"

# pip install from the sdist: built from source by the pinned maturin (its build-system), in
# another fresh environment.
if [ "$quick" = 0 ]; then
  src=$root/from-sdist
  rm -rf "$src"
  "$PY" -m venv "$src"
  t0=$SECONDS
  # The sdist's files carry one fixed old mtime (maturin writes reproducible archives), so
  # cargo would take the kept build of this project's own crates as fresh: forget their
  # fingerprints (the dependencies' builds are kept).
  rm -rf "$root"/sdist-target/*/.fingerprint/mcp-naming-*
  CARGO_TARGET_DIR="$PWD/$root/sdist-target" "$src/bin/pip" install --quiet --disable-pip-version-check --no-binary mcp-naming "$sdist"
  "$src/bin/python" -c '
import mcp_naming as m
assert m.validate_tool_name("myproject:create_task", "chora", expected_namespace="myproject")["valid"]
assert m.Router(style="agent", servers=[{"name": "mem"}]).expose("mem", ["read_graph"])[0]["name"] == "mem__read_graph"
print("python.sh: pip install from the sdist built and answers", m.fit_tool_name("admin.tools.list", "openai"))'
  echo "python.sh: sdist build $((SECONDS - t0)) s"
fi
echo "python.sh: done in $((SECONDS - start)) s"
