// 10,000 requests against the Worker in workerd (Miniflare, local KV and D1) over HTTP, 32 at a
// time: valid executions, invalid ones of every kind, bursts of concurrent requests for one
// request id, concurrent descriptor writes to one tool, and reads. Every answer must be the
// expected one, and afterwards the stores must hold each accepted request exactly once, no
// refused one, and one version per descriptor write. Reports throughput and latency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useWorker, resent, seededRandom, writeRequest, REFACTOR_TOOL, WRITE_TOOL } from './helpers.mjs';

const TOTAL = 10_000;
const CONCURRENCY = 32;
const VALID = 4000;
const DUP_IDS = 150;
const DUP_BURST = 10; // 6 of one body, 4 of another
const TOOL_WRITES = 200;
const INVALID = 2000;
const READS = TOTAL - VALID - DUP_IDS * DUP_BURST - TOOL_WRITES - INVALID;

const w = useWorker({
  seeded: true,
  setup: async (call) => {
    await call('PUT', '/v1/names/routers/gw', { as: 'admin', body: { config: { style: 'claude', servers: [{ name: 'memory' }] }, tools: { memory: ['save', 'load'] } } });
    for (let i = 0; i < 10; i++) await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: writeRequest('writer', { request_id: `seed-${i}` }) });
  },
});
const call = (...args) => w.call(...args);

/** A deterministic shuffle, so a failing run can be replayed. */
function shuffle(items, seed = 16) {
  const random = seededRandom(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const req = (method, path, opts, expect) => ({ method, path, opts, expect });
const execute = (as, body, expect) => req('POST', '/v1/mcp/tools/execute', { as, body }, expect);

function validJobs() {
  return Array.from({ length: VALID }, (_, i) => {
    if (i % 10 === 0) {
      return [execute('refactorer', {
        request_id: `v-${i}`, tool_id: REFACTOR_TOOL.tool_id, workspace_id: 'ws', task_id: `t-${i}`, caller_id: 'agent-refactor', dry_run: true, input: { symbol: `f${i}`, to: `g${i}` },
      }, 202)];
    }
    const as = i % 2 ? 'writer' : 'refactorer';
    return [execute(as, writeRequest(as, { request_id: `v-${i}`, path: `src/f${i}.py` }), 202)];
  });
}

/** Bursts of requests for one id, sent together: expectations are settled after the race. */
function duplicateJobs() {
  return Array.from({ length: DUP_IDS }, (_, j) => shuffle(Array.from({ length: DUP_BURST }, (_, k) => {
    const variant = k < 6 ? 'a' : 'b';
    return { ...execute('writer', writeRequest('writer', { request_id: `dup-${j}`, path: `src/${variant}.py` }), null), variant, dup: `dup-${j}` };
  }), j + 1));
}

function toolWriteJobs() {
  const jobs = [];
  for (let b = 0; b < TOOL_WRITES / 10; b++) {
    jobs.push(Array.from({ length: 10 }, (_, k) => {
      const n = b * 10 + k;
      return { ...req('PUT', '/v1/mcp/tools/load.tool', { as: 'admin', body: { ...WRITE_TOOL, tool_id: 'load.tool', description: `variant ${n}` } }, 201), toolWrite: n };
    }));
  }
  return jobs;
}

function invalidJobs() {
  const kinds = [
    (i) => execute('writer', writeRequest('writer', { request_id: `bad-${i}`, path: `../../etc/p${i}` }), 422),
    (i) => execute('reader', writeRequest('reader', { request_id: `bad-${i}` }), 403),
    (i) => req('POST', '/v1/mcp/tools/execute', { as: 'writer', raw: `{"request_id":"bad-${i}",`, headers: { 'content-type': 'application/json' } }, 400),
    (i) => execute('writer', { ...writeRequest('writer', { request_id: `bad-${i}` }), priority: 1 }, 422),
    (i) => req('POST', '/v1/mcp/tools/execute', { as: 'writer', raw: JSON.stringify(writeRequest('writer', { request_id: `bad-${i}` })), headers: { 'content-type': 'text/plain' } }, 415),
    (i) => req('POST', '/v1/mcp/tools/execute', { body: writeRequest('writer', { request_id: `bad-${i}` }) }, 401),
    (i) => execute('writer', writeRequest('writer', { request_id: `bad-${i}`, dry_run: true }), 422),
    (i) => execute('writer', { ...writeRequest('writer', { request_id: `bad-${i}` }), caller_id: 'someone' }, 403),
    (i) => execute('writer', { ...writeRequest('writer', { request_id: `bad-${i}` }), tool_id: 'fs.nope' }, 404),
    (i) => req('PUT', `/v1/mcp/tools/bad.tool${i}`, { as: 'admin', body: { ...WRITE_TOOL, tool_id: `bad.tool${i}`, allowed_scopes: [] } }, 422),
  ];
  return Array.from({ length: INVALID }, (_, i) => [kinds[i % kinds.length](i)]);
}

function readJobs() {
  const kinds = [
    () => req('GET', '/v1/mcp/languages', { as: 'reader' }, 200),
    () => req('GET', '/v1/mcp/tools?language=python', { as: 'reader' }, 200),
    (i) => req('GET', `/v1/mcp/tools/result/seed-${i % 10}`, { as: 'writer' }, 200),
    (i) => req('GET', `/v1/mcp/tools/result/missing-${i}`, { as: 'writer' }, 404),
    (i) => req('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'registry', name: `fs.op${i}` } }, 200),
    (i) => req('POST', '/v1/names/fit', { as: 'reader', body: { provider: 'openai', name: `server.tool.${i}` } }, 200),
    () => req('POST', '/v1/names/route', { as: 'reader', body: { router: 'gw', name: 'memory__save' } }, 200),
  ];
  return Array.from({ length: READS }, (_, i) => [kinds[i % kinds.length](i)]);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

test(`${TOTAL} requests, ${CONCURRENCY} at a time: nothing lost, nothing duplicated, nothing refused stored`, async (t) => {
  const jobs = shuffle([...validJobs(), ...duplicateJobs(), ...toolWriteJobs(), ...invalidJobs(), ...readJobs()]);
  assert.equal(jobs.reduce((n, j) => n + j.length, 0), TOTAL);

  const latencies = [];
  const answered = []; // [request, response]
  // At most CONCURRENCY requests in flight; a burst waits for slots for all of its requests,
  // so that they really are sent together.
  let free = CONCURRENCY;
  const waiting = [];
  const acquire = (n) => new Promise((resolve) => { waiting.push([n, resolve]); wake(); });
  const wake = () => {
    while (waiting.length && waiting[0][0] <= free) {
      const [n, resolve] = waiting.shift();
      free -= n;
      resolve();
    }
  };
  const release = (n) => { free += n; wake(); };
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await acquire(job.length);
      await Promise.all(job.map(async (r) => {
        const t0 = performance.now();
        const res = await call(r.method, r.path, r.opts);
        latencies.push(performance.now() - t0);
        answered.push([r, res]);
        release(1);
      }));
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const report = `${TOTAL} requests in ${seconds.toFixed(2)} s: ${Math.round(TOTAL / seconds)} req/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms; ${resent.count} sent again after a keep-alive reset`;
  t.diagnostic(report);

  assert.equal(answered.length, TOTAL);
  const serverErrors = answered.filter(([, res]) => res.status >= 500);
  assert.deepEqual(serverErrors.map(([r, res]) => `${r.method} ${r.path} ${res.status}`), []);
  const wrong = answered.filter(([r, res]) => r.expect !== null && res.status !== r.expect);
  assert.deepEqual(wrong.slice(0, 5).map(([r, res]) => `${r.method} ${r.path}: ${res.status}, wanted ${r.expect}: ${JSON.stringify(res.body).slice(0, 200)}`), []);
  for (const [r, res] of answered) {
    if (res.status >= 400) assert.equal(typeof res.body.error?.code, 'string', `${r.method} ${r.path}`);
  }

  // Each burst for one id: one request queued it; the same body replays (202), the other conflicts (409).
  const bursts = new Map();
  for (const a of answered.filter(([r]) => r.dup)) bursts.set(a[0].dup, [...(bursts.get(a[0].dup) ?? []), a]);
  assert.equal(bursts.size, DUP_IDS);
  const winners = new Map();
  for (const [id, answers] of bursts) {
    const created = answers.filter(([, res]) => res.status === 202 && res.body.replayed === false);
    assert.equal(created.length, 1, `${id}: ${created.length} created`);
    const won = created[0][0].variant;
    winners.set(id, won);
    for (const [r, res] of answers) assert.equal(res.status, r.variant === won ? 202 : 409, `${id} ${r.variant}`);
  }

  // The stores: every accepted request once, with its caller; no refused one; the winners' bodies.
  const db = (sql) => w.db.prepare(sql).all().then((x) => x.results);
  const valid = await db("SELECT request_id, caller_id, descriptor_version, request FROM executions WHERE request_id LIKE 'v-%'");
  assert.equal(valid.length, VALID);
  const byId = new Map(valid.map((row) => [row.request_id, row]));
  for (const [r] of answered.filter(([x]) => x.path === '/v1/mcp/tools/execute' && x.expect === 202)) {
    const row = byId.get(r.opts.body.request_id);
    assert.equal(row.caller_id, r.opts.body.caller_id);
    assert.deepEqual(JSON.parse(row.request).input, r.opts.body.input);
  }
  assert.deepEqual(await db("SELECT request_id FROM executions WHERE request_id LIKE 'bad-%'"), []);
  const dups = await db("SELECT request_id, request FROM executions WHERE request_id LIKE 'dup-%'");
  assert.equal(dups.length, DUP_IDS);
  for (const row of dups) assert.equal(JSON.parse(row.request).input.path, `src/${winners.get(row.request_id)}.py`);

  // Concurrent writes of one descriptor: versions 1..N, one per write, each body kept.
  const versions = answered.filter(([r]) => r.toolWrite !== undefined).map(([, res]) => res.body.version).sort((a, b) => a - b);
  assert.deepEqual(versions, Array.from({ length: TOOL_WRITES }, (_, i) => i + 1));
  const rows = await db("SELECT version, digest FROM documents WHERE kind = 'tool' AND id = 'load.tool' ORDER BY version");
  assert.equal(rows.length, TOOL_WRITES);
  assert.equal(new Set(rows.map((x) => x.digest)).size, TOOL_WRITES);
  assert.equal((await w.kv.list({ prefix: 'doc:tool:load.tool:' })).keys.length, TOOL_WRITES);
  assert.deepEqual(await db("SELECT id FROM documents WHERE id LIKE 'bad.%'"), []);

});
