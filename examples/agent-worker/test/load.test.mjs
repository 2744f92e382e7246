// A bounded load run: LOAD_CLIENTS agents' users (default 20), each an official SDK Client with
// its own MCP session, make LOAD_CALLS calls each (default 500) through one agent's Durable
// Object to two real upstreams: saves to the memory fixture, echoes and sums to server-everything,
// the legacy name, and misspelled names. Every answer must be the one its call asked for; then
// the memory server must hold every save exactly once (none lost, none repeated). It reports the
// calls, the concurrency, throughput and latency percentiles, never asserting a time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { client, connectAgent, serverConfig, startEverything, startMemoryServer, startWorker, tryCall } from './helpers.mjs';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const CALLS = Number(process.env.LOAD_CALLS ?? 500);
const AGENT = 'load';
let w;
let memory;
let everything;

before(async () => {
  [memory, everything] = await Promise.all([startMemoryServer(), startEverything()]);
  w = await startWorker();
  const call = client(w.url);
  for (const [name, url] of [['memory', memory.url], ['everything', everything.url]]) {
    const r = await call('PUT', `/agents/${AGENT}/servers/${name}`, { as: 'admin', body: serverConfig(name, url) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  assert.equal((await call('PUT', `/agents/${AGENT}/aliases`, { as: 'admin', body: { aliases: { memory_save: 'memory__save' } } })).status, 200);
});

after(async () => {
  await w?.dispose();
  await Promise.all([memory?.stop(), everything?.stop()]);
});

/** The j-th call of client i, and a check of its answer (true when it is the expected one). */
function job(i, j) {
  const id = `c${i}-${j}`;
  switch (j % 10) {
    case 0: case 1: case 2: case 3:
      return { kind: 'save', name: 'memory__save', args: { key: id, value: id }, saved: id, ok: (r) => r.result?.structuredContent?.key === id && r.result.structuredContent.saved === true };
    case 4: case 5: case 6:
      return { kind: 'echo', name: 'everything__echo', args: { message: id }, ok: (r) => r.result?.content?.[0]?.text === `Echo: ${id}` };
    case 7: case 8:
      return { kind: 'sum', name: 'everything__get_sum', args: { a: i, b: j }, ok: (r) => r.result?.content?.[0]?.text === `The sum of ${i} and ${j} is ${i + j}.` };
    default:
      if ((j / 10) % 2 < 1) {
        return {
          kind: 'legacy', name: 'memory_save', args: { key: `legacy-${id}`, value: id }, saved: `legacy-${id}`,
          ok: (r) => r.result?.structuredContent?.key === `legacy-${id}` && r.result._meta?.['io.github.mcp-naming/deprecated']?.use === 'memory__save',
        };
      }
      return { kind: 'misspelled', name: 'memory__sav', args: { key: id, value: id }, ok: (r) => r.error?.code === -32602 && r.error.data?.suggestions?.[0] === 'memory__save' };
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

test(`${CLIENTS} concurrent clients x ${CALLS} calls: every call answered once, as asked; every save stored exactly once`, { timeout: 600_000 }, async (t) => {
  const agents = await Promise.all(Array.from({ length: CLIENTS }, () => connectAgent(w.url, AGENT)));
  const latencies = [];
  const wrong = [];
  const kinds = {};
  const answered = new Map();
  const expectedSaves = new Set();
  const started = performance.now();
  try {
    await Promise.all(agents.map(async (agent, i) => {
      for (let j = 0; j < CALLS; j++) {
        const c = job(i, j);
        if (c.saved) expectedSaves.add(c.saved);
        const t0 = performance.now();
        const r = await tryCall(agent, c.name, c.args);
        latencies.push(performance.now() - t0);
        const key = `${i}/${j}`;
        answered.set(key, (answered.get(key) ?? 0) + 1);
        kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
        if (!c.ok(r)) wrong.push({ client: i, call: j, kind: c.kind, answer: r });
      }
    }));
  } finally {
    await Promise.all(agents.map((a) => a.close().catch(() => {})));
  }
  const seconds = (performance.now() - started) / 1000;
  const total = CLIENTS * CALLS;

  assert.equal(answered.size, total, 'every call answered');
  assert.ok([...answered.values()].every((n) => n === 1), 'no call answered twice');
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} answers were not the expected ones`);

  const { saves } = await memory.control();
  const stored = Object.keys(saves);
  assert.equal(stored.length, expectedSaves.size, 'as many keys stored as saved');
  const missing = [...expectedSaves].filter((k) => saves[k] === undefined);
  const repeated = stored.filter((k) => saves[k] !== 1);
  assert.deepEqual(missing, [], 'no save lost');
  assert.deepEqual(repeated, [], 'no save delivered twice');

  latencies.sort((a, b) => a - b);
  const report = {
    calls: total,
    concurrency: CLIENTS,
    kinds,
    errors: wrong.length,
    expected_refusals: kinds.misspelled ?? 0,
    saves_stored: stored.length,
    seconds: Number(seconds.toFixed(2)),
    calls_per_second: Math.round(total / seconds),
    ms: Object.fromEntries([50, 90, 99].map((p) => [`p${p}`, Number(percentile(latencies, p).toFixed(2))]).concat([['max', Number(latencies.at(-1).toFixed(2))]])),
  };
  t.diagnostic(`load: ${report.calls} calls, ${report.concurrency} concurrent clients, ${report.seconds} s, ${report.calls_per_second} calls/s`);
  t.diagnostic(`load: latency p50 ${report.ms.p50} ms, p90 ${report.ms.p90} ms, p99 ${report.ms.p99} ms, max ${report.ms.max} ms`);
  t.diagnostic(`load: ${JSON.stringify(report.kinds)}; wrong answers ${report.errors}; saves stored once each: ${report.saves_stored}`);
  if (process.env.LOAD_REPORT) writeFileSync(process.env.LOAD_REPORT, `${JSON.stringify(report, null, 2)}\n`);
});
