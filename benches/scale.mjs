// The Router at gateway scale, against the Map that gateways write by hand (`server__tool` ->
// { server, tool }), in one process and one run, on generated servers of full MCP tool objects
// (a 150-character description and a small input schema each), style claude, provider
// anthropic: the budgets of issue 23. Not a test: it prints a table (and with --write records
// benches/RESULTS-scale.latest.md).
//   node --expose-gc benches/scale.mjs [--write] [--quick] [--misses]
// (--misses: only the misses, section 5.)
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { Router } from '../pkg/node.mjs'; // what Node resolves mcp-naming to

const QUICK = process.argv.includes('--quick');
const MISSES = process.argv.includes('--misses');
const gc = globalThis.gc ?? (() => { throw new Error('run with node --expose-gc'); });
let sink = 0;

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'read', 'write', 'run', 'find', 'sync', 'watch'];
const NOUNS = ['issue', 'pull_request', 'file', 'user_profile', 'repository', 'branch', 'comment', 'graph', 'entity',
  'document', 'page', 'library_docs', 'symbol', 'commit', 'status', 'task', 'project', 'workflow', 'secret', 'label'];

/** Server `s`'s `n` tools, as a tools/list result would carry them (fresh objects each call). */
function tools(s, n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const verb = VERBS[(i * 7 + s) % VERBS.length];
    const noun = NOUNS[(i * 3 + s * 5) % NOUNS.length];
    const name = `${verb}_${noun}_${i}`;
    // Shaped like server-everything's tools (754 B of heap each on Node 20): a description, an
    // input schema of a few described properties, annotations.
    out[i] = {
      name,
      description: `${verb} a ${noun.replace('_', ' ')} of server ${s}: `.padEnd(150, 'lorem ipsum dolor sit amet '),
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'The id' }, limit: { type: 'number', description: 'At most this many', default: 10 } },
        required: ['id'],
      },
      annotations: { readOnlyHint: verb === 'get' || verb === 'list' },
    };
  }
  return out;
}

const server = (s) => `srv${s}`;

/** The gateway of issue 23's comparison: one Map, rebuilt per server. */
class MapGateway {
  constructor() {
    this.map = new Map();
    this.lists = new Map();
  }

  expose(s, list) {
    for (const t of this.lists.get(s) ?? []) this.map.delete(`${s}__${t.name}`);
    this.lists.set(s, list);
    for (const t of list) this.map.set(`${s}__${t.name}`, { server: s, tool: t.name, def: t });
  }

  list() {
    const tools = [];
    for (const [name, e] of this.map) tools.push({ ...e.def, name });
    return { tools };
  }

  call(params) {
    const t = this.map.get(params.name);
    if (t === undefined) throw new Error(`Unknown tool: ${params.name}`);
    return { server: t.server, params: { ...params, name: t.tool } };
  }
}

const config = (n) => ({ style: 'claude', provider: 'anthropic', servers: Array.from({ length: n }, (_, s) => ({ name: server(s) })) });

/** Median ms of `fn` over `runs` runs (`setup` before each, untimed). */
function ms(fn, runs, setup = () => undefined) {
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const arg = setup();
    gc();
    const t = process.hrtime.bigint();
    sink ^= fn(arg) ? 1 : 0;
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Mean ms of `fn` over `runs` runs: for work whose cost is amortized (merges every so often). */
function meanMs(fn, runs, setup = () => undefined) {
  let total = 0;
  for (let r = 0; r < runs; r++) {
    const arg = setup();
    const t = process.hrtime.bigint();
    sink ^= fn(arg) ? 1 : 0;
    total += Number(process.hrtime.bigint() - t) / 1e6;
  }
  return total / runs;
}

/** Median ns per call of `fn(i)`, rounds of `n` calls. */
function ns(fn, n, rounds = 15) {
  for (let i = 0; i < n; i++) fn(i);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink ^= fn(i) ? 1 : 0;
    samples.push(Number(process.hrtime.bigint() - t) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

const rows = [];
const row = (work, ours, theirs, budget, unit = 'ms') => {
  const ratio = ours / theirs;
  const met = budget === null ? '' : ratio <= budget ? '**met**' : 'missed';
  const fmt = (v) => (unit === 'ns' ? `${v.toFixed(0)} ns` : unit === 'µs' ? `${v.toFixed(1)} µs` : `${v.toFixed(2)} ms`);
  rows.push(`| ${work} | ${fmt(ours)} | ${fmt(theirs)} | ${ratio.toFixed(2)} | ${budget === null ? '—' : `≤ ${budget}`} ${met} |`);
  console.log(rows.at(-1));
};

if (process.argv.includes('--memory')) {
  const at = process.argv.indexOf('--memory');
  const [n, per] = [Number(process.argv[at + 1]), Number(process.argv[at + 2])];
  new Router(config(1)).exposeTools(server(0), { tools: tools(0, 1) }); // the core instantiated
  gc();
  const m0 = process.memoryUsage();
  const objects = Array.from({ length: n }, (_, s) => tools(s, per));
  gc();
  const m1 = process.memoryUsage();
  const r = new Router(config(n));
  for (let s = 0; s < n; s++) r.exposeTools(server(s), { tools: objects[s] });
  r.listTools();
  r.mapCallTool({ name: `${server(0)}__${objects[0][0].name}` });
  gc();
  const m2 = process.memoryUsage();
  try { r.mapCallTool({ name: `${server(0)}__${objects[0][0].name}x` }); } catch { /* the index is built */ }
  gc();
  const m3 = process.memoryUsage();
  const used = (m) => m.heapUsed + m.external;
  console.log(JSON.stringify({
    count: n * per,
    objectBytes: m1.heapUsed - m0.heapUsed,
    added: used(m2) - used(m1),
    after: used(m3) - used(m1),
    afterHeap: m3.heapUsed - m1.heapUsed,
    afterWasm: m3.external - m1.external,
    kept: objects.length + (r ? 1 : 0),
  }));
  process.exit(0);
}

const shapes = QUICK ? [[10, 100], [100, 100]] : MISSES ? [[100, 1000]] : [[10, 100], [100, 100], [100, 1000]];
const lists = new Map();
for (const [n, per] of shapes) for (let s = 0; s < n; s++) if (!lists.has(`${s}/${per}`)) lists.set(`${s}/${per}`, tools(s, per));

console.log(`| work | Router | hand-written Map | ratio | budget |\n| --- | ---: | ---: | ---: | --- |`);

// 1. Expose every server, from a fresh gateway.
const built = new Map();
for (const [n, per] of shapes) {
  const runs = n * per >= 100_000 ? 3 : 7;
  const router = ms(() => {
    const r = new Router(config(n));
    for (let s = 0; s < n; s++) r.exposeTools(server(s), { tools: lists.get(`${s}/${per}`) });
    built.set(`${n}x${per}`, r);
    return true;
  }, runs);
  const map = ms(() => {
    const g = new MapGateway();
    for (let s = 0; s < n; s++) g.expose(server(s), lists.get(`${s}/${per}`));
    built.set(`map ${n}x${per}`, g);
    return true;
  }, runs);
  row(`expose every server, ${n} × ${per.toLocaleString('en')}`, router, map, 10);
}

// 2. Re-expose one server of 1,000 tools (a list_changed: fresh objects) with 100 servers exposed
// against with 10.
if (!MISSES) {
  const per = QUICK ? 100 : 1000;
  const reexpose = (n) => {
    const r = n === 100 && built.has(`100x${per}`) ? built.get(`100x${per}`) : (() => {
      const r = new Router(config(n));
      for (let s = 0; s < n; s++) r.exposeTools(server(s), { tools: lists.get(`${s}/${per}`) ?? tools(s, per) });
      return r;
    })();
    return meanMs((fresh) => r.exposeTools(server(0), { tools: fresh }).changed === false, 40, () => tools(0, per));
  };
  const at10 = reexpose(10);
  const at100 = reexpose(100);
  row(`re-expose one server of ${per.toLocaleString('en')} tools: 100 servers exposed / 10 (mean of 40)`, at100, at10, 1.5);
}

// 3. listTools, every page.
for (const [n, per] of MISSES ? [] : shapes) {
  const r = built.get(`${n}x${per}`);
  const g = built.get(`map ${n}x${per}`);
  const runs = n * per >= 100_000 ? 5 : 25;
  // The whole catalog in one answer (without pageSize, lists come in pages of 1,000).
  const all = meanMs(() => r.listTools({ pageSize: n * per }).tools.length, runs * 4);
  const paged = meanMs(() => {
    let count = 0;
    let cursor;
    do {
      const page = r.listTools({ cursor, pageSize: 1000 });
      count += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    return count;
  }, runs * 4);
  const map = meanMs(() => g.list().tools.length, runs * 4);
  row(`listTools({ pageSize: all }), ${n} × ${per.toLocaleString('en')}`, all, map, 3);
  row(`listTools() every page of 1,000, ${n} × ${per.toLocaleString('en')}`, paged, map, 3);
}

// 4. mapCallTool hits, with arguments.
if (!MISSES) {
  const [n, per] = shapes.at(-1);
  const r = built.get(`${n}x${per}`);
  const g = built.get(`map ${n}x${per}`);
  const params = Array.from({ length: 1024 }, (_, i) => {
    const s = (i * 37) % n;
    const t = lists.get(`${s}/${per}`)[(i * 101) % per];
    return { name: `${server(s)}__${t.name}`, arguments: { id: `x${i}`, limit: 10 } };
  });
  const ours = ns((i) => r.mapCallTool(params[i & 1023]).server, 1_000_000);
  const theirs = ns((i) => g.call(params[i & 1023]).server, 1_000_000);
  row(`mapCallTool hit with arguments, ${n} × ${per.toLocaleString('en')}`, ours, theirs, 1.5, 'ns');
}

// 5. A misspelled call with suggestions: 100,000 tools against 1,000, for each kind of typo: a
// dropped letter, two neighbours swapped, and two letters changed near the end of the name (where
// the look-alike names of a large catalog differ: `srv12__get_issue_123`, `srv47__get_issue_188`).
{
  const TYPOS = [
    ['a dropped letter', (t) => `${t.slice(0, 3)}${t.slice(4)}`],
    ['a transposition', (t) => `${t[0]}${t[2]}${t[1]}${t.slice(3)}`],
    ['two letters changed near the end', (t) => `${t.slice(0, -2)}${t.at(-2) === 'x' ? 'y' : 'x'}${t.at(-1) === 'q' ? 'z' : 'q'}`],
  ];
  // The misses of both catalogs in turns (a round of one, then of the other), each round's time
  // the process's CPU time (process.cpuUsage): on a shared machine the two sides see the same
  // load, and time the process waits for a core is not counted. Medians of the rounds, per miss.
  const misses = (r, n, per, typo) => {
    const names = Array.from({ length: 64 }, (_, i) => {
      const s = (i * 7) % n;
      return `${server(s)}__${typo(lists.get(`${s}/${per}`)[(i * 13) % per].name)}`;
    });
    let suggested = 0;
    const round = (count) => {
      const cpu = process.cpuUsage();
      for (let i = 0; i < count; i++) {
        try {
          r.mapCallTool({ name: names[i & 63] });
        } catch (e) {
          suggested += e.suggestions.length > 0 ? 1 : 0;
          sink ^= e.code === 'unknown_tool' ? 1 : 0;
        }
      }
      const used = process.cpuUsage(cpu);
      if (suggested === 0) throw new Error('the misses got no suggestions');
      return (used.user + used.system) / count;
    };
    round(64);
    return round;
  };
  const inTurns = (a, b, count = QUICK ? 200 : 1000, rounds = 9) => {
    const [ta, tb] = [[], []];
    for (let i = 0; i < rounds; i++) {
      ta.push(a(count));
      tb.push(b(count));
    }
    const median = (t) => t.sort((x, y) => x - y)[t.length >> 1];
    return [median(ta), median(tb)];
  };
  const small = new Router(config(10));
  for (let s = 0; s < 10; s++) {
    if (!lists.has(`${s}/100`)) lists.set(`${s}/100`, tools(s, 100));
    small.exposeTools(server(s), { tools: lists.get(`${s}/100`) });
  }
  const [n, per] = shapes.at(-1);
  const big = built.get(`${n}x${per}`);
  for (const [kind, typo] of TYPOS) {
    const [atBig, atSmall] = inTurns(misses(big, n, per, typo), misses(small, 10, 100, typo));
    row(`a miss with suggestions, ${kind}: ${(n * per).toLocaleString('en')} tools / 1,000 tools (CPU time)`, atBig, atSmall, 3, 'µs');
  }
}

// 6. rewriteResult: 10 MB of text against 1 KB.
if (!MISSES) {
  const r = new Router(config(2));
  r.exposeResources(server(1), { resources: [{ uri: 'mem://notes' }] });
  const result = (bytes) => ({
    content: [{ type: 'text', text: 'x'.repeat(bytes) }, { type: 'resource_link', uri: 'mem://notes', name: 'notes' }],
  });
  const small = result(1024);
  const large = result(10 * 1024 * 1024);
  const t1 = ns(() => r.rewriteResult(server(0), small).content.length, 100_000);
  const t10 = ns(() => r.rewriteResult(server(0), large).content.length, 100_000);
  row('rewriteResult: 10 MB of text / 1 KB', t10, t1, 2, 'ns');
}

// 7. Memory the router adds (JS heap and wasm memory) against the tool objects it serves, each
// shape in a fresh process (wasm memory never shrinks, so an earlier row would hide growth):
// after exposing, listing and one hit, and again after a miss has built the suggestion index.
for (const [n, per] of MISSES ? [] : [[20, 200], ...(QUICK ? [] : [[100, 1000]])]) {
  const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--memory', String(n), String(per)], { encoding: 'utf8' });
  const m = JSON.parse(out);
  const per_ = (v) => (v / m.count).toFixed(0);
  const line = `| memory the router adds, ${n} × ${per.toLocaleString('en')}: after a miss (index built) / before | ${per_(m.after)} B a tool (heap ${per_(m.afterHeap)}, wasm ${per_(m.afterWasm)}) / ${per_(m.added)} B | the tool objects: ${per_(m.objectBytes)} B a tool | ${(m.after / m.objectBytes).toFixed(2)} / ${(m.added / m.objectBytes).toFixed(2)} | ≤ 0.5 ${m.after / m.objectBytes <= 0.5 ? '**met**' : 'missed'} |`;
  rows.push(line);
  console.log(line);
}

const machine = `${cpus()[0].model.trim()}, ${cpus().length} cores, Node ${process.version}`;
console.log(`\n${machine}`);
if (process.argv.includes('--write')) {
  const table = ['| work | Router | hand-written Map | ratio | budget |', '| --- | ---: | ---: | ---: | --- |', ...rows].join('\n');
  writeFileSync(new URL('./RESULTS-scale.latest.md', import.meta.url), `Recorded ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${table}\n`);
}
if (sink === 0.5) console.log(sink);
