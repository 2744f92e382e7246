#!/usr/bin/env bash
# Where the .wasm's bytes go, by crate and module (needs `cargo install twiggy`): an optimized copy
# that keeps function names is analysed; pkg/ is not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v twiggy >/dev/null || cargo install twiggy
node_modules/.bin/wasm-opt -Oz -g target/bindgen/names/mcp_naming_bg.wasm -o target/named.wasm
twiggy top -n 100000 --format csv target/named.wasm > target/twiggy.csv
python3 - <<'PY'
import csv, re, collections
agg = collections.Counter()
for r in csv.DictReader(open('target/twiggy.csv')):
    name, size = r['Name'], int(r['ShallowSize'])
    if name.startswith('"'):
        continue  # the name section itself, stripped in pkg/
    m = re.search(r'(regex_lite|mcp_naming(?:_wasm)?::[a-z_]+(?:::[a-z_]+)?|wasm_bindgen|js_sys|hashbrown|dlmalloc|core\[[0-9a-f]+\]::[a-z_]+(?:::[a-z_]+)?|alloc\[[0-9a-f]+\]::[a-z_]+|std\[[0-9a-f]+\]::[a-z_]+)', name)
    key = 'data' if name.startswith('data') else (re.sub(r'\[[0-9a-f]+\]', '', m.group(1)) if m else 'other: ' + name[:50])
    agg[key] += size
for k, v in agg.most_common(45):
    print(f"{v:8d}  {k}")
PY
