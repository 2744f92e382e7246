#!/usr/bin/env bash
# Where the bytes of the npm package's .wasm go (issue 35 groundwork): builds the names .wasm the
# way scripts/build.sh does (same profile, feature, wasm-bindgen and wasm-opt -Oz), once more
# with function names kept (wasm-opt -g) for twiggy to attribute the bytes, and prints
#   - the top functions by shallow size,
#   - the bytes aggregated by owner: the first `mcp_naming::…` module path a symbol names
#     (so a generic of serde or alloc instantiated for the router's config counts for
#     `router::config`), else its crate (serde, alloc, core, wasm_bindgen, …) or section,
#   - what each export retains alone (twiggy's dominator tree, first level),
# then builds the names-only .wasm (the bindings' `names-core` feature: conventions, validation,
# parsing, fitting, URIs, no router) through the same pipeline and prints its size, raw and gzip,
# with its JavaScript glue's.
#
#   bash scripts/size-anatomy.sh            the report (builds what changed, reuses the rest)
#   bash scripts/size-anatomy.sh --top 40   more rows in the top-functions table (default 25)
#
# Output files in target/size-anatomy/: FEATURE.wasm (as shipped), FEATURE.named.wasm (the same
# with its name section), FEATURE.js (wasm-bindgen's glue), FEATURE.glue.mjs (its synchronous
# half, as the package ships it), twiggy's JSON.
set -euo pipefail
cd "$(dirname "$0")/.."

twiggy_version=0.8.0
top=25
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "size-anatomy.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
  esac
done
log() { printf '[size-anatomy] %s\n' "$*" >&2; }

bash scripts/setup.sh
# twiggy from crates.io at the pinned version, once (it prints itself as `twiggy-opt X.Y.Z`).
have=$(twiggy --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$twiggy_version" ]; then
  log "installing twiggy $twiggy_version (found: ${have:-none})"
  cargo install twiggy --version "$twiggy_version" --locked
fi

out=target/size-anatomy
mkdir -p "$out"
# build FEATURE BASE: the .wasm of the bindings built with that one feature, as scripts/build.sh does.
build() {
  local feature=$1 base=$2
  log "building the $feature .wasm"
  cargo build -q -p mcp-naming-wasm --lib --profile wasm --target wasm32-unknown-unknown \
    --no-default-features --features "$feature"
  cp target/wasm32-unknown-unknown/wasm/mcp_naming_wasm.wasm "$out/$feature.raw.wasm"
  wasm-bindgen --target web --out-name "$base" --out-dir "$out/$feature" "$out/$feature.raw.wasm"
  node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers "$out/$feature/${base}_bg.wasm" -o "$out/$feature.wasm"
  # The same optimisation keeping the name section (-g): what twiggy reads.
  node_modules/.bin/wasm-opt -Oz -g --strip-producers "$out/$feature/${base}_bg.wasm" -o "$out/$feature.named.wasm"
  cp "$out/$feature/$base.js" "$out/$feature.js"
  node scripts/glue.mjs "$out/$feature/$base.js" "$out/$feature.glue.mjs" "$out/$feature.glue.d.mts"
  twiggy top -f json "$out/$feature/${base}_bg.wasm" > "$out/$feature.pre.top.json"
}

build names mcp_naming
twiggy top -f json "$out/names.named.wasm" > "$out/names.top.json"
twiggy top --retained -f json "$out/names.named.wasm" > "$out/names.retained.json"
twiggy dominators -d 1 -f json "$out/names.named.wasm" > "$out/names.dominators.json"
build names-core mcp_naming
twiggy top -f json "$out/names-core.named.wasm" > "$out/names-core.top.json"
twiggy top --retained -f json "$out/names-core.named.wasm" > "$out/names-core.retained.json"

# dce NAME SOURCE keep|drop EXPORT...: SOURCE (a wasm-bindgen output) with binaryen's wasm-metadce
# keeping only the exports named (keep; wasm-bindgen's runtime exports, `__…` and memory, always
# stay) or every export but those (drop), then the same wasm-opt -Oz, into $out/NAME.wasm (and a
# copy with names for twiggy). A measurement of what code those exports reach, not a build the
# package could ship as it is (its glue still names the removed exports).
dce() {
  local name=$1 source=$2 mode=$3
  shift 3
  node -e '
    const fs = require("fs");
    const [input, graph, mode, ...listed] = process.argv.slice(1);
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(fs.readFileSync(input))).map((e) => e.name);
    const root = (e) => e.startsWith("__") || e === "memory" || (mode === "keep") === listed.includes(e);
    fs.writeFileSync(graph, JSON.stringify(exports.map((e) => ({ name: `export:${e}`, export: e, ...(root(e) ? { root: true } : {}) }))));
  ' "$source" "$out/$name.graph.json" "$mode" "$@"
  node_modules/.bin/wasm-metadce -g --graph-file "$out/$name.graph.json" "$source" -o "$out/$name.dce.wasm" > /dev/null
  node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers "$out/$name.dce.wasm" -o "$out/$name.wasm"
  node_modules/.bin/wasm-opt -Oz -g --strip-producers "$out/$name.dce.wasm" -o "$out/$name.named.wasm"
  twiggy top -f json "$out/$name.named.wasm" > "$out/$name.top.json"
  twiggy top --retained -f json "$out/$name.named.wasm" > "$out/$name.retained.json"
  twiggy top -f json "$out/$name.dce.wasm" > "$out/$name.pre.top.json"
}
# The validate-only floor: names-core with only what validateToolName, isValidToolName and
# NamingError call.
log "validate-only and router-without-search cuts (wasm-metadce)"
dce validate "$out/names-core/mcp_naming_bg.wasm" keep validate_in is_valid_in is_valid_in_with is_valid_many_in \
  input_buffer take_text read_options wasm_memory json_rpc_code http_status call_tool_text
# The names .wasm less the exports of search, discovery, client views and code mode: what cutting
# them at the boundary alone would save (the rest of their code is reached from the router's
# other exports).
dce no-search "$out/names/mcp_naming_bg.wasm" drop wasmrouter_search_tools wasmrouter_decide_discover \
  client_view wasmrouter_client_view wasmrouter_code_mode_catalog wasmrouter_code_mode_catalog_json

node scripts/size-anatomy.mjs "$out" "$top"
