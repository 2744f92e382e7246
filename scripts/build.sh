#!/usr/bin/env bash
# Builds the npm package into pkg/ from the Rust crate and pkg-config/, and prints its size.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

# The bindings crate (bindings/) builds the .wasm; the core crate has no JavaScript in it.
cargo build -p mcp-naming-wasm --lib --profile wasm --target wasm32-unknown-unknown
raw=target/wasm32-unknown-unknown/wasm/mcp_naming_wasm.wasm
out=target/bindgen
rm -rf "$out" pkg
mkdir -p "$out" pkg
wasm-bindgen --target web --out-name mcp_naming --out-dir "$out/web" "$raw"
wasm-bindgen --target nodejs --out-name mcp_naming --out-dir "$out/node" "$raw"
# Both glues load the same module; the package ships it once.
cmp -s "$out/web/mcp_naming_bg.wasm" "$out/node/mcp_naming_bg.wasm"
node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers "$out/web/mcp_naming_bg.wasm" -o pkg/mcp_naming_bg.wasm

cp "$out/web/mcp_naming.js" pkg/mcp_naming.js
cp "$out/node/mcp_naming.js" pkg/mcp_naming.cjs
cp pkg-config/api.mjs pkg-config/node.mjs pkg-config/node.cjs pkg-config/browser.mjs pkg-config/workerd.mjs pkg/
node scripts/to-cjs.mjs pkg-config/api.mjs > pkg/api.cjs
cp pkg-config/index.d.ts pkg/index.d.ts
cp pkg-config/index.d.ts pkg/index.d.cts
cp pkg-config/README.md pkg/README.md
cp LICENSE pkg/LICENSE
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
node -e '
  const fs = require("fs");
  const p = JSON.parse(fs.readFileSync("pkg-config/package.json", "utf8"));
  p.version = process.argv[1];
  fs.writeFileSync("pkg/package.json", JSON.stringify(p, null, 2) + "\n");
' "$version"

node scripts/size.mjs
