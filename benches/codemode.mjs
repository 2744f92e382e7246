// Code mode's projection (issue 37) through the npm package, for a catalog of 1,000 tools: 20
// servers of 50, named as in benches/codemode.rs (snake_case, kebab-case, camelCase, a reserved
// word now and then), each with a description and an input schema of 2–5 properties. The whole
// call as a host makes it: the tool objects into wasm, the answer (identifiers, diagnostics,
// declarations, files) back as JS objects. Then the router's codeMode over the same tools
// exposed, and mapCodeModeCall. Medians of 21 runs after 3 warm-ups. Not a test: it prints a table.
//   node benches/codemode.mjs
import { codeMode } from '../pkg/codemode.node.mjs';
import { Router } from '../pkg/node.mjs';

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'find', 'read', 'write', 'run', 'send', 'export'];
const NOUNS = ['issue', 'pull_request', 'file', 'user', 'repository', 'branch', 'comment', 'message', 'channel', 'page',
  'database', 'record', 'document', 'project', 'task', 'invoice', 'deployment', 'secret', 'alert', 'dashboard'];
const TYPES = ['string', 'number', 'integer', 'boolean', ['string', 'null']];

function name(s, t) {
  if (t % 23 === 7) return ['delete', 'class', 'import', 'eval'][t % 4];
  const words = `${VERBS[(s + t) % VERBS.length]}_${NOUNS[(t * 7 + s) % NOUNS.length]}_${t}`;
  const style = (s + Math.floor(t / 10)) % 3;
  if (style === 0) return words;
  if (style === 1) return words.replaceAll('_', '-');
  return words.split('_').map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

const servers = Array.from({ length: 20 }, (_, s) => ({
  server: `server-${s}`,
  tools: Array.from({ length: 50 }, (_, t) => {
    const properties = {};
    for (let p = 0; p < 2 + ((s + t) % 4); p++) {
      properties[`${NOUNS[(p + t) % NOUNS.length]}_${p}`] = { type: TYPES[(p + s) % TYPES.length], description: `The ${NOUNS[p]} it works on` };
    }
    return {
      name: name(s, t),
      description: `Does ${VERBS[t % VERBS.length]} on the server's ${NOUNS[s % NOUNS.length]}: a description of a few words`,
      inputSchema: { type: 'object', properties, required: [`${NOUNS[t % NOUNS.length]}_0`] },
    };
  }),
}));

function median(fn) {
  for (let i = 0; i < 3; i++) fn();
  const times = [];
  for (let i = 0; i < 21; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b)[10];
}

const rows = [];
for (const [label, options] of [
  ['mcp-naming, typescript, object', { language: 'typescript' }],
  ['mcp-naming, python, object', { language: 'python' }],
  ['mcp-naming, typescript, files', { language: 'typescript', layout: 'files' }],
  ['cloudflare-codemode', { view: 'cloudflare-codemode' }],
  ['codex', { view: 'codex' }],
  ['openclaw', { view: 'openclaw', language: 'javascript' }],
]) {
  const names = servers.map((s) => ({ server: s.server, tools: s.tools.map((t) => ({ name: t.name })) }));
  rows.push([label, median(() => codeMode(names, options)), median(() => codeMode(servers, options))]);
}

const router = new Router({ style: 'claude', servers: servers.map((s) => ({ name: s.server })) });
for (const s of servers) router.exposeTools(s.server, { tools: s.tools });
const routerMs = median(() => router.codeMode());
const cm = router.codeMode();
const calls = cm.namespaces.flatMap((ns) => ns.tools.map((t) => [ns.name, t.name]));
const mapMs = median(() => { for (const [ns, id] of calls.slice(0, 100)) router.mapCodeModeCall(ns, id, {}); }) / 100;

console.log(`code mode, 1,000 tools (20 servers of 50), Node ${process.version}, medians of 21 runs, ms`);
console.log('| view, language, layout | names only | with schemas and declarations |');
console.log('| --- | ---: | ---: |');
for (const [label, a, b] of rows) console.log(`| ${label} | ${a.toFixed(2)} | ${b.toFixed(2)} |`);
console.log(`| router.codeMode() over the same tools exposed (style claude) | | ${routerMs.toFixed(2)} |`);
console.log(`router.mapCodeModeCall: ${(mapMs * 1000).toFixed(1)} µs a call (the catalog read from the router's core as JSON text each call; its calls indexed once)`);
