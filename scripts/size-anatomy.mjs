// The tables of scripts/size-anatomy.sh, from twiggy's JSON (see there).
//   node scripts/size-anatomy.mjs <dir> <top>
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const [dir, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const read = (f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
const size = (f) => {
  const bytes = readFileSync(`${dir}/${f}`);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const n = (x) => x.toLocaleString('en-US');
const pct = (x, of) => `${((100 * x) / of).toFixed(1)}%`;
const row = (cells) => console.log(`| ${cells.join(' | ')} |`);
const table = (head, rows) => {
  row(head);
  row(head.map((_, i) => (i === 0 ? '---' : '---:')));
  for (const r of rows) row(r);
  console.log();
};

// The name section (kept only for twiggy) is not shipped; every share is of the rest.
const isNames = (name) => /"function names" subsection|custom section 'name'|^name$|names" subsection/.test(name);

// The module that owns a symbol: the first path into this repository's crates it names, followed
// through src/ (or bindings/src/) as long as each segment is a module file or directory there;
// else the crate that defines it, or the kind of wasm item.
function owner(name) {
  const hits = [];
  for (const [crate, root, label] of [
    ['mcp_naming', 'src', 'mcp_naming'],
    ['mcp_naming_wasm', 'bindings/src', 'bindings'],
  ]) {
    const m = name.match(new RegExp(`(?:^|[^A-Za-z0-9_])${crate}(?![A-Za-z0-9_])((?:::[A-Za-z0-9_]+)*)`));
    if (!m) continue;
    const segs = m[1].split('::').filter(Boolean);
    const path = [];
    for (const s of segs) {
      const p = `${root}/${[...path, s].join('/')}`;
      if (existsSync(`${p}.rs`) || (existsSync(p) && statSync(p).isDirectory())) path.push(s);
      else break;
    }
    hits.push({ at: m.index, owner: [label, ...path].join('::') });
  }
  if (hits.length) return hits.sort((a, b) => a.at - b.at)[0].owner;
  return definer(name);
}

// The crate that defines a symbol (its first path segment, or for `<T as Trait>` the trait's),
// or the kind of wasm item.
function definer(raw) {
  const name = raw.replace(/\[[0-9a-f]{16}\]/g, '');
  if (/^data segment|^data\[/.test(name)) return '(data segments)';
  if (/ shim\b/.test(name)) return '(export shims: wasm-bindgen, with what wasm-opt inlined into them)';
  if (/^code\[/.test(name)) return '(unnamed code)';
  if (/^(type|import|export|table|elem|global|memory)\b|section|magic bytes/.test(name)) return '(wasm sections: types, imports, exports, tables)';
  if (/^__(wbindgen|externref|wbg)/.test(name)) return 'wasm_bindgen';
  if (/^(__rustc|__rdl|__rg|fmax|fmin|memcpy|memmove|memset|memcmp)/.test(name)) return '(runtime: allocator shims, libm, mem*)';
  if (/^<(str|char|u8|u16|u32|u64|usize|i32|i64|f64|bool|\[[^\]]*\])>::|^<\[core::/.test(name)) return 'core';
  const generic = name.match(/^<&?(?:mut )?(?:[A-Z]|\[[^\]]*\]|\([^)]*\)|[a-z0-9]+|&?str|dyn [^ ]+) as ([A-Za-z_][A-Za-z0-9_]*)::/);
  if (generic) return generic[1];
  const m = name.replace(/^[<&*\s]+|^(dyn|impl|mut|const) /g, '').match(/^([A-Za-z_][A-Za-z0-9_]*)::/);
  if (m) return m[1];
  if (/^[a-z_][a-z0-9_]*$/.test(name)) return 'bindings (exports without a shim)';
  return `(other: ${name.length > 40 ? `${name.slice(0, 40)}…` : name})`;
}

// The coarse areas a split would separate, from an owner.
function area(owner) {
  const o = owner.replace(/^mcp_naming::/, '');
  if (/^(search\b|router::search|router::discovery|router::decide::discover)/.test(o)) return 'search and discovery (search::*, router::search, router::discovery, decide::discover)';
  if (/^(router::peers|client\b)/.test(o)) return 'peer and client styles (router::peers::*, client::*)';
  if (/^(codemode\b|router::code_mode)/.test(o)) return 'code mode (codemode::*, router::code_mode)';
  if (/^router::decide/.test(o)) return 'router::decide::* (host decisions)';
  if (/^router::(style|naming)\b/.test(o)) return 'router::style, router::naming (its own naming style)';
  if (/^router\b/.test(o)) return 'router, the rest (mod, route, resources, table, expose, config, …)';
  if (/^(registry|registry_name|openproject)\b/.test(o)) return 'registry, registry_name, openproject';
  if (o.startsWith('mcp_naming') || /^[a-z_0-9]+(::|$)/.test(o) && o !== owner) return 'names (convention::*, uri, diagnostic, read, suggest, provider, chars, …)';
  if (owner.startsWith('bindings')) return 'bindings (the wasm-bindgen layer)';
  if (/^(core|alloc|std|hashbrown|dlmalloc|\(runtime)/.test(owner)) return 'std generics (core, alloc, std, hashbrown, dlmalloc)';
  if (/^(serde|serde_core|serde_json|serde_wasm_bindgen|wasm_bindgen|js_sys)$/.test(owner)) return 'serde, serde_wasm_bindgen, wasm_bindgen, js_sys';
  return owner;
}

function aggregate(items, key) {
  const by = new Map();
  for (const { name, shallow_size } of items) {
    const k = key(name);
    const e = by.get(k) ?? { bytes: 0, count: 0 };
    e.bytes += shallow_size;
    e.count += 1;
    by.set(k, e);
  }
  return [...by.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
}

const shortName = (name) => {
  const s = name.replace(/::h[0-9a-f]{16}$/, '');
  return (s.length > 110 ? `${s.slice(0, 110)}…` : s).replace(/\|/g, '\\|');
};

const DCE = {
  validate: "The names-core .wasm less every export but validateToolName's, isValidToolName's and NamingError's (wasm-metadce, then wasm-opt -Oz).",
  'no-search': 'The names .wasm less the exports of search, discovery, client views and code mode (wasm-metadce, then wasm-opt -Oz).',
};
for (const feature of ['names', 'names-core', 'validate', 'no-search']) {
  const items = read(`${feature}.top.json`).filter((i) => !isNames(i.name));
  const total = items.reduce((t, i) => t + i.shallow_size, 0);
  const wasm = size(`${feature}.wasm`);
  console.log(`## The ${feature} .wasm\n`);
  if (DCE[feature]) {
    console.log(`${DCE[feature]}\n`);
    table(['file', 'raw', 'gzip'], [[`${feature}.wasm`, n(wasm.raw), n(wasm.gzip)]]);
  }
  const js = DCE[feature] ? null : size(`${feature}.js`);
  const glue = DCE[feature] ? null : size(`${feature}.glue.mjs`);
  if (js) table(
    ['file', 'raw', 'gzip'],
    [
      [`${feature}.wasm (wasm-opt -Oz, stripped: as shipped)`, n(wasm.raw), n(wasm.gzip)],
      [`wasm-bindgen's JS glue (--target web)`, n(js.raw), n(js.gzip)],
      [`its synchronous half (scripts/glue.mjs, as the package ships it)`, n(glue.raw), n(glue.gzip)],
      [`.wasm + synchronous glue`, n(wasm.raw + glue.raw), n(wasm.gzip + glue.gzip)],
    ],
  );
  console.log(`twiggy: ${n(total)} B attributed (the -g build less its name section; the shipped .wasm is ${n(wasm.raw)} B).\n`);
  if (feature !== 'names') {
    console.log(`### By owner (${feature})\n`);
    table(
      ['owner', 'bytes', 'share', 'items'],
      aggregate(items, owner).slice(0, 25).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total), e.count]),
    );
    console.log(`### By area (${feature})\n`);
    table(
      ['area', 'bytes', 'share'],
      aggregate(items, (name) => area(owner(name))).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total)]),
    );
    preTable(feature);
    retainedTable(feature, total, 15);
    continue;
  }
  console.log(`### Top ${top} items by shallow size\n`);
  table(
    ['item', 'bytes', 'share'],
    items.slice(0, top).map((i) => [shortName(i.name), n(i.shallow_size), pct(i.shallow_size, total)]),
  );
  console.log('### By owner (the first module of this repository a symbol names, else its crate)\n');
  table(
    ['owner', 'bytes', 'share', 'items'],
    aggregate(items, owner).slice(0, 45).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total), e.count]),
  );
  console.log('### By area (owners grouped as a split would separate them)\n');
  table(
    ['area', 'bytes', 'share'],
    aggregate(items, (name) => area(owner(name))).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total)]),
  );
  preTable(feature);
  console.log('### By defining crate (generic code counted where it is defined)\n');
  table(
    ['crate', 'bytes', 'share', 'items'],
    aggregate(items, definer).slice(0, 20).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total), e.count]),
  );
  retainedTable(feature, total, top);
}

// The same areas in wasm-bindgen's output before wasm-opt: rustc's functions, before wasm-opt
// inlines them into the export shims (larger in total, but each byte where rustc put it).
function preTable(feature) {
  const items = read(`${feature}.pre.top.json`).filter((i) => !isNames(i.name) && !/^custom section/.test(i.name));
  const total = items.reduce((t, i) => t + i.shallow_size, 0);
  console.log(`### By area before wasm-opt (${n(total)} B: wasm-bindgen's output less its name and custom sections)\n`);
  table(
    ['area', 'bytes', 'share'],
    aggregate(items, (name) => area(owner(name))).map(([k, e]) => [k, n(e.bytes), pct(e.bytes, total)]),
  );
}

function retainedTable(feature, total, rows) {
  const retained = read(`${feature}.retained.json`).filter((i) => /^export /.test(i.name));
  console.log(`### Retained by each export alone (twiggy: what removing only that export would free), top ${rows}\n`);
  table(
    ['export', 'retained bytes', 'share'],
    retained.slice(0, rows).map((i) => [shortName(i.name), n(i.retained_size), pct(i.retained_size, total)]),
  );
}
