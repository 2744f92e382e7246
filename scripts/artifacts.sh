#!/usr/bin/env bash
# The artifacts a user installs without a Rust toolchain, in target/artifacts:
#   mcp-naming-<v>.tgz           the npm package (npm pack of pkg/)
#   mcp-naming-gateway-<v>.tgz   the gateway package (npm pack of gateway/, its mcp-naming
#                                dependency pinned to the same version instead of file:../pkg)
#   mcp_naming-<v>-cp310-abi3-<platform>.whl   the Python package, one abi3 wheel for CPython >= 3.10
# Install them with `npm install ./mcp-naming-<v>.tgz ./mcp-naming-gateway-<v>.tgz` and
# `pip install ./mcp_naming-<v>-…whl` (tests/install does, with no cargo on PATH).
# Needs pkg/ (bash scripts/build.sh); builds the gateway and the wheel.
#   bash scripts/artifacts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/artifacts
rm -rf "$out"
mkdir -p "$out/stage"

version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)

# npm: the library.
(cd pkg && npm pack --silent --pack-destination "../$out" >/dev/null)

# npm: the gateway, staged so that its dependency on the library is the published version.
bash scripts/build-gateway.sh
stage=$out/stage/gateway
mkdir -p "$stage"
cp -r gateway/dist gateway/README.md gateway/LICENSE "$stage/"
node -e '
  const fs = require("fs");
  const [src, dst, version] = process.argv.slice(1);
  const p = JSON.parse(fs.readFileSync(src, "utf8"));
  p.dependencies["mcp-naming"] = version;
  delete p.devDependencies;
  delete p.scripts;
  fs.writeFileSync(dst, JSON.stringify(p, null, 2) + "\n");
' gateway/package.json "$stage/package.json" "$version"
# As the registry would take it (nothing is uploaded), then packed.
(cd "$stage" && npm publish --dry-run --ignore-scripts --loglevel=error >/dev/null)
(cd "$stage" && npm pack --silent --pack-destination .. >/dev/null && mv ../mcp-naming-gateway-*.tgz ../../)

# Python: the abi3 wheel, by the pinned maturin (python/pyproject.toml), in a tools environment
# of its own.
tools=target/artifacts-tools
maturin=$(awk -F'"' '/maturin==/ { print $2; exit }' python/pyproject.toml)
if [ ! -x "$tools/bin/maturin" ] || [ "$("$tools/bin/maturin" --version | awk '{print $2}')" != "${maturin#maturin==}" ]; then
  rm -rf "$tools"
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check "$maturin"
fi
(cd python && "../$tools/bin/maturin" build --release --quiet -o "../$out" 2>&1 | grep -v "^[🍹🐍🔗📡📦]" || true)
rm -rf "$out/stage"
ls "$out"/mcp-naming-"$version".tgz "$out"/mcp-naming-gateway-"$version".tgz "$out"/mcp_naming-"$version"-*abi3*.whl >/dev/null
for f in "$out"/*; do printf '[artifacts] %s %s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
