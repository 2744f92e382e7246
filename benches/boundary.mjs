// The boundary's output conversion (issue 24), per package build: what the calls that return
// structured values cost, and the .wasm they ship in.
//   node benches/boundary.mjs [pkgDir ...]   (default: pkg/, after `bash scripts/build.sh`)
// Each row: the median ns per call over warm rounds. Run it on several builds of the package
// (a hand-written conversion, serde-wasm-bindgen, JSON text) to compare them in one process.
import { statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpus } from 'node:os';

const ROUNDS = 11;
const WARMUP = 3;
let sink = 0;

function measure(fn) {
  let reps = 1;
  for (;;) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) sink ^= fn() ? 1 : 0;
    if (Number(process.hrtime.bigint() - t) > 20e6 || reps > 1e7) break;
    reps *= 2;
  }
  const samples = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) sink ^= fn() ? 1 : 0;
    if (round >= WARMUP) samples.push(Number(process.hrtime.bigint() - t) / reps);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

function caught(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

async function run(dir) {
  const naming = await import(pathToFileURL(join(dir, 'node.mjs')).href);
  const router = new naming.Router({ style: 'claude', gateway: 'hub', servers: [{ name: 'github' }, { name: 'memory' }] });
  router.exposeTools('github', { tools: Array.from({ length: 50 }, (_, i) => ({ name: `tool_${i}` })) });
  const tools = Array.from({ length: 20 }, (_, i) => `search_issue_number_${i}`);
  const rows = {
    'route (table miss: a route from the core)': () => router.tryRoute('mcp__hub__github__tool_7x') === null,
    'error object (unknown tool, 1 suggestion)': () => caught(() => router.route('mcp__hub__github__tool_7x')).suggestions.length,
    'clientView (20 tools, codex)': () => naming.clientView('codex', 'github', tools).tools.length,
    'validateResourceUri (invalid, 2 diagnostics)': () => naming.validateResourceUri('MyProject://Templates/x').errors.length,
    'syntropyLayers': () => naming.syntropyLayers('mcp__syntropy__serena_find_symbol').pool,
    'parseResourceUri (query of 2)': () => naming.parseResourceUri('coda://docs/abc/t?limit=100&b=%20').id,
  };
  const out = {};
  for (const [label, fn] of Object.entries(rows)) out[label] = measure(fn);
  const wasm = readFileSync(join(dir, 'mcp_naming_bg.wasm'));
  return { out, raw: wasm.length, gzip: gzipSync(wasm, { level: 9 }).length };
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['pkg'];
const results = [];
for (const d of dirs) results.push([d, await run(resolve(d))]);
console.log(`machine: ${cpus()[0].model}, ${cpus().length} cores; node ${process.version}`);
const labels = Object.keys(results[0][1].out);
console.log(['call'.padEnd(46), ...results.map(([d]) => d.slice(-18).padStart(18))].join(' '));
for (const l of labels) console.log([l.padEnd(46), ...results.map(([, r]) => `${r.out[l].toFixed(0)} ns`.padStart(18))].join(' '));
console.log([`mcp_naming_bg.wasm raw / gzip`.padEnd(46), ...results.map(([, r]) => `${r.raw} / ${r.gzip}`.padStart(18))].join(' '));
if (sink === 0.5) console.log(sink);
