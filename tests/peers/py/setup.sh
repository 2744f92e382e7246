#!/usr/bin/env bash
# Create tests/peers/py/.venv from requirements.txt, idempotently.
# Skips when the venv exists and was built from the same requirements (sha256 stamp).
# Exit codes: 0 ok, 2 no python, 3 registry refused / install failed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
REQ="$HERE/requirements.txt"
STAMP="$VENV/.requirements.sha256"
PY="${PYTHON:-python3}"

if ! command -v "$PY" >/dev/null 2>&1; then
  echo "setup.sh: $PY not found (need Python >= 3.10)" >&2
  exit 2
fi

want="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  echo "setup.sh: $VENV up to date (requirements $want)"
  exit 0
fi

rm -rf "$VENV"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
log="$(mktemp)"
if ! "$VENV/bin/python" -m pip install --disable-pip-version-check -r "$REQ" >"$log" 2>&1; then
  echo "setup.sh: ERROR: 'pip install -r $REQ' failed; the package registry refused or could not resolve a package." >&2
  echo "setup.sh: last lines of pip output:" >&2
  tail -n 25 "$log" >&2
  rm -f "$log"
  rm -rf "$VENV"   # never leave a half-built venv that a later run would trust
  exit 3
fi
rm -f "$log"
echo "$want" >"$STAMP"
"$VENV/bin/python" - <<'PY'
import importlib.metadata as m
for p in ("openai-agents", "fastmcp", "mcp"):
    print(f"setup.sh: {p}=={m.version(p)}")
PY
