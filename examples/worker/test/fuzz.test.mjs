// Mutated bodies for every route that takes one (fields dropped, retyped, added; whole bodies
// replaced; hostile strings and deep nesting), from a seeded generator: every answer is a 2xx or
// a 4xx JSON error with a documented code, never a 5xx, and the stores grow by exactly what the
// 2xx answers say was created.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STATUS } from '../src/errors.js';
import { useWorker, seededRandom, writeRequest, PROFILE, REFACTOR_TOOL, WRITE_TOOL } from './helpers.mjs';

const PER_ROUTE = Number(process.env.WORKER_FUZZ_CASES ?? 250);

const w = useWorker({
  seeded: true,
  setup: async (call) => {
    await call('PUT', '/v1/names/routers/main', { as: 'admin', body: { config: { style: 'claude', servers: [{ name: 'm' }] }, tools: { m: ['t'] } } });
  },
});
const call = (...args) => w.call(...args);

function generator(seed) {
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const strings = ['', ' ', 'fs.write', '../../etc/passwd', '/abs', 'a\u0000b', 'a\\b', '\u{1F4A5}', '\ud800', 'x'.repeat(5000),
    'workspace:write', 'registry:write', 'python', 'UPPER', 'mcp__m__t', 'm__t', '__proto__', 'constructor', '%00', 'null'];
  const value = (depth = 0) => {
    const k = random();
    if (k < 0.12) return null;
    if (k < 0.22) return random() < 0.5;
    if (k < 0.34) return pick([0, -1, 1, 1.5, 2 ** 53, -(2 ** 60), 1e308, Number.MIN_VALUE]);
    if (k < 0.62 || depth > 3) return pick(strings);
    if (k < 0.8) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(strings.slice(0, 18)), value(depth + 1)]));
  };
  const deep = () => {
    let v = {};
    for (let i = 0; i < 40 + Math.floor(random() * 200); i++) v = random() < 0.5 ? { a: v } : [v];
    return v;
  };
  /** One to three mutations of `body`, or a value in its place. */
  const mutate = (body) => {
    if (random() < 0.1) return random() < 0.5 ? value() : deep();
    const out = structuredClone(body);
    for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
      const keys = Object.keys(out);
      const r = random();
      if (r < 0.3 && keys.length) delete out[pick(keys)];
      else if (r < 0.75 && keys.length) out[pick(keys)] = random() < 0.9 ? value() : deep();
      else out[pick(['extra', 'input', 'request_id', 'options', 'taken', 'tools', 'names', 'output', 'error'])] = value();
    }
    return out;
  };
  return { mutate };
}

const ROUTES = [
  ['PUT', '/v1/mcp/languages/python', 'admin', PROFILE],
  ['PUT', '/v1/mcp/tools/edit.ast.rename', 'admin', REFACTOR_TOOL],
  ['POST', '/v1/mcp/tools/execute', 'writer', writeRequest('writer')],
  ['POST', '/v1/mcp/tools/execute', 'refactorer', {
    tool_id: 'edit.ast.rename', workspace_id: 'w', task_id: 't', caller_id: 'agent-refactor', dry_run: true, input: { symbol: 'a', to: 'b' },
  }],
  ['POST', '/v1/mcp/tools/result/{id}', 'executor', { status: 'succeeded', output: { path: 'src/a.py', written_bytes: 3 } }],
  ['POST', '/v1/names/validate', 'reader', { convention: 'agent', name: 'memory__save', options: { servers: ['memory'] } }],
  ['POST', '/v1/names/fit', 'reader', { provider: 'gemini', name: 'a.b', taken: ['a_b'] }],
  ['POST', '/v1/names/route', 'reader', { router: 'main', name: 'm__t' }],
  ['PUT', '/v1/names/routers/main', 'admin', { config: { style: 'claude', servers: [{ name: 'm' }] }, tools: { m: ['t'] } }],
];

const count = async (table) => (await w.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first()).n;

test(`${PER_ROUTE} mutated bodies per route: 2xx or a documented 4xx, and the stores grow only by what was created`, async (t) => {
  const before = { documents: await count('documents'), executions: await count('executions') };
  const created = { documents: 0, executions: 0 };
  const statuses = {};
  let seed = 1;
  for (const [method, pattern, as, body] of ROUTES) {
    const { mutate } = generator(seed++);
    for (let i = 0; i < PER_ROUTE; i++) {
      let path = pattern;
      if (pattern.includes('{id}')) {
        // A fresh queued request for each outcome, so that a valid outcome can be recorded.
        const queued = await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: writeRequest('writer') });
        assert.equal(queued.status, 202);
        created.executions++;
        path = pattern.replace('{id}', queued.body.request_id);
      }
      const sent = mutate(body);
      const r = await call(method, path, { as, body: sent });
      const what = `${method} ${path} ${JSON.stringify(sent)?.slice(0, 300)}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
      assert.ok(r.status >= 200 && r.status < 500, what);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status >= 400) {
        assert.equal(STATUS[r.body.error?.code], r.status, what);
      } else if (r.status === 201) {
        created.documents++;
      } else if (r.status === 202 && r.body.replayed === false) {
        created.executions++;
      }
    }
  }
  assert.equal(await count('documents') - before.documents, created.documents);
  assert.equal(await count('executions') - before.executions, created.executions);
  t.diagnostic(`answers by status: ${JSON.stringify(statuses)}`);
});
