// Two builds of the package at gateway scale, in one process, run by run in turn (minimum and
// median of each): what `benches/scale.mjs` measures, for a machine too loaded for two separate
// runs to compare. Not a test: it prints a table.
//   node --expose-gc benches/scale-ab.mjs <pkg-before> <pkg-after>     (directories like pkg/)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node --expose-gc benches/scale-ab.mjs <pkg-before> <pkg-after>');
const load = async (dir) => (await import(pathToFileURL(resolve(dir, 'node.mjs')).href)).Router;
const [A, B] = [await load(dirA), await load(dirB)];
const gc = globalThis.gc ?? (() => { throw new Error('run with node --expose-gc'); });

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'read', 'write', 'run', 'find', 'sync', 'watch'];
const NOUNS = ['issue', 'pull_request', 'file', 'user_profile', 'repository', 'branch', 'comment', 'graph', 'entity',
  'document', 'page', 'library_docs', 'symbol', 'commit', 'status', 'task', 'project', 'workflow', 'secret', 'label'];
/** Server `s`'s `n` tools, shaped as benches/scale.mjs shapes them. */
function tools(s, n) {
  return Array.from({ length: n }, (_, i) => {
    const verb = VERBS[(i * 7 + s) % VERBS.length];
    const noun = NOUNS[(i * 3 + s * 5) % NOUNS.length];
    return {
      name: `${verb}_${noun}_${i}`,
      description: `${verb} a ${noun.replace('_', ' ')} of server ${s}: `.padEnd(150, 'lorem ipsum dolor sit amet '),
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'The id' }, limit: { type: 'number', description: 'At most this many', default: 10 } },
        required: ['id'],
      },
      annotations: { readOnlyHint: verb === 'get' || verb === 'list' },
    };
  });
}
const config = (n) => ({ style: 'claude', provider: 'anthropic', servers: Array.from({ length: n }, (_, s) => ({ name: `srv${s}` })) });
const ms = (fn) => {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[0], s[s.length >> 1]];
};
const fmt = (x) => (x < 0.01 ? `${(x * 1e6).toFixed(0)} ns` : x < 0.1 ? `${(x * 1000).toFixed(1)} µs` : `${x.toFixed(2)} ms`);
/** Times `a()` and `b()` in turn `runs` times; prints their minimum and median. */
function row(label, runs, a, b) {
  const ta = [];
  const tb = [];
  for (let r = 0; r < runs; r++) {
    gc();
    ta.push(a());
    gc();
    tb.push(b());
  }
  const [minA, medA] = stats(ta);
  const [minB, medB] = stats(tb);
  console.log(`| ${label} | ${fmt(minA)} / ${fmt(medA)} | ${fmt(minB)} / ${fmt(medB)} |`);
}

console.log('| work | before: min / median | after: min / median |\n| --- | ---: | ---: |');
for (const [n, per, runs] of [[10, 100, 25], [100, 100, 11], [100, 1000, 5]]) {
  const lists = Array.from({ length: n }, (_, s) => tools(s, per));
  const built = {};
  const expose = (R, key) => () => ms(() => {
    const r = new R(config(n));
    for (let s = 0; s < n; s++) r.exposeTools(`srv${s}`, { tools: lists[s] });
    built[key] = r;
  });
  row(`expose every server, ${n} × ${per.toLocaleString('en')}`, runs, expose(A, 'a'), expose(B, 'b'));
  const all = (r) => () => ms(() => r.listTools({ pageSize: n * per }));
  row(`listTools() in one page, ${n} × ${per.toLocaleString('en')}`, runs * 4, all(built.a), all(built.b));
  const pages = (r) => () => ms(() => {
    let cursor;
    do cursor = r.listTools({ cursor, pageSize: 1000 }).nextCursor; while (cursor);
  });
  row(`listTools() every page of 1,000, ${n} × ${per.toLocaleString('en')}`, runs * 4, pages(built.a), pages(built.b));
  if (n * per < 100_000) continue;
  const params = Array.from({ length: 1024 }, (_, i) => ({ name: `srv${(i * 37) % n}__${lists[(i * 37) % n][(i * 101) % per].name}`, arguments: { id: `x${i}` } }));
  const hits = (r) => () => ms(() => { for (let i = 0; i < 1_000_000; i++) r.mapCallTool(params[i & 1023]); }) / 1_000_000;
  row('mapCallTool hit with arguments, 100 × 1,000', 15, hits(built.a), hits(built.b));
  const names = Array.from({ length: 64 }, (_, i) => {
    const t = lists[(i * 7) % n][(i * 13) % per].name;
    return `srv${(i * 7) % n}__${t.slice(0, 3)}${t.slice(4)}`; // one letter dropped
  });
  const misses = (r) => () => ms(() => { for (const name of names) try { r.mapCallTool({ name }); } catch { /* unknown_tool */ } }) / names.length;
  row('a miss with suggestions, 100,000 tools', 9, misses(built.a), misses(built.b));
}
const [ra, rb] = [new A(config(2)), new B(config(2))];
for (const r of [ra, rb]) r.exposeResources('srv1', { resources: [{ uri: 'mem://notes' }] });
// One message each, at small scale: what crosses per message, and back.
const per = (fn) => () => ms(() => { for (let i = 0; i < 10_000; i++) fn(); }) / 10_000;
const plain = { content: [{ type: 'text', text: 'hello' }] };
row('rewriteResult of a result with no URI', 15, per(() => ra.rewriteResult('srv0', plain)), per(() => rb.rewriteResult('srv0', plain)));
const progress = { method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
row('rewriteNotification of a progress notification', 15, per(() => ra.rewriteNotification('srv0', progress)), per(() => rb.rewriteNotification('srv0', progress)));
for (const r of [ra, rb]) r.exposeTools('srv0', { tools: tools(0, 100) });
const call = { name: 'srv0__get_issue_0', arguments: { id: 'x' } };
row('mapCallTool with an Mcp-Name header to check', 15, per(() => ra.mapCallTool(call, { header: call.name })), per(() => rb.mapCallTool(call, { header: call.name })));
row('listTools() of 100 tools', 15, per(() => ra.listTools()), per(() => rb.listTools()));
for (const [label, bytes] of [['1 KB', 1024], ['10 MB', 10 * 1024 * 1024]]) {
  const result = { content: [{ type: 'text', text: 'x'.repeat(bytes) }, { type: 'resource_link', uri: 'mem://notes', name: 'notes' }] };
  const rewrite = (r) => () => ms(() => { for (let i = 0; i < 10_000; i++) r.rewriteResult('srv0', result); }) / 10_000;
  row(`rewriteResult, ${label} of text and a link`, 15, rewrite(ra), rewrite(rb));
}
