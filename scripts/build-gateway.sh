#!/usr/bin/env bash
# Builds the gateway package (gateway/, npm package mcp-naming-gateway) into gateway/dist: its
# TypeScript compiled by the repository's pinned tsc, and the config file's JSON Schema generated
# from the config's types (gateway/src/config.mts `GatewayConfig`, which includes mcp-naming's
# `RouterConfig` from pkg/index.d.ts) by ts-json-schema-generator (pinned in gateway's lockfile).
# Needs pkg/ (bash scripts/build.sh).
#   bash scripts/build-gateway.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f pkg/package.json ] || { echo "build-gateway: pkg/ is missing: run bash scripts/build.sh first" >&2; exit 1; }
bash scripts/npm-ci.sh . gateway >&2
rm -rf gateway/dist
node_modules/.bin/tsc -p gateway/tsconfig.json
node gateway/scripts/schema.mjs gateway/dist/schema.json
chmod +x gateway/dist/main.mjs
# The package's version is the repository's (Cargo.toml), as for pkg/.
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
node -e '
  const fs = require("fs");
  const p = JSON.parse(fs.readFileSync("gateway/package.json", "utf8"));
  if (p.version !== process.argv[1]) { console.error(`gateway/package.json version ${p.version} is not the version in Cargo.toml, ${process.argv[1]}`); process.exit(1); }
' "$version"
echo "[gateway] built gateway/dist ($(find gateway/dist -type f | wc -l) files, schema $(wc -c < gateway/dist/schema.json) B)" >&2
