// When things fail where the agent runs: an upstream killed in the middle of a session (with
// calls in flight), left out and reported, then back once it answers again; the Durable Object
// restarted (workerd stopped and started on the same storage), answering from storage without
// listing again until its cached lists expire, and listing again once they have.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  client, connectAgent, serverConfig, startEverything, startMemoryServer, startWorker, tryCall, until,
} from './helpers.mjs';

const AGENT = 'resilience';
let w;
let call;
let memory;
let everything;

before(async () => {
  [memory, everything] = await Promise.all([startMemoryServer({ ttl: 600_000 }), startEverything()]);
  w = await startWorker();
  call = client(w.url);
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

const mcps = async (agent) => Object.fromEntries((await agent.callTool({ name: 'list_mcps', arguments: {} })).structuredContent.mcps.map((m) => [m.name, m]));

test('an upstream killed mid-session: the calls it held are all answered, the server is left out and reported, and it comes back', async () => {
  let told = 0;
  const agent = await connectAgent(w.url, AGENT, { onToolsChanged: () => { told++; } });
  try {
    assert.equal((await agent.callTool({ name: 'memory__save', arguments: { key: 'before', value: '1' } })).structuredContent.saved, true);

    // 40 saves in flight: the server holds them (unanswered) and is killed once it has them all.
    await memory.control({ hang: true });
    const inFlight = Array.from({ length: 40 }, (_, i) => tryCall(agent, 'memory__save', { key: `flight-${i}`, value: String(i) }));
    await until(async () => (await memory.control()).held === 40, 'the 40 calls held by the server');
    await memory.kill();
    const outcomes = await Promise.all(inFlight);
    assert.equal(outcomes.length, 40, 'every call answered');
    for (const o of outcomes) {
      assert.ok(o.error, JSON.stringify(o.result));
      assert.equal(o.error.code, -32603, JSON.stringify(o.error));
      assert.equal(o.error.data.code, 'upstream_unavailable', JSON.stringify(o.error));
      assert.equal(o.error.data.server, 'memory');
    }

    const after = await tryCall(agent, 'memory__save', { key: 'after', value: '1' });
    assert.equal(after.error.code, -32603);
    assert.equal(after.error.data.code, 'upstream_unavailable');
    assert.equal(after.error.data.error.code, 'upstream_unreachable');
    assert.ok(after.error.data.retryAfterMs >= 0);
    assert.match(after.error.message, /server "memory" is unavailable \(upstream_unreachable: .*\); it is tried again in \d+ s/);
    const legacy = await tryCall(agent, 'memory_save', { key: 'after', value: '1' });
    assert.equal(legacy.error.data.code, 'upstream_unavailable', 'the legacy name says so too');

    await until(() => told > 0, 'list_changed when memory left');
    const names = (await agent.listTools()).tools.map((t) => t.name);
    assert.ok(!names.some((n) => n.startsWith('memory__')), 'memory\'s tools are left out');
    assert.ok(names.includes('everything__echo'));
    const down = (await mcps(agent)).memory;
    assert.equal(down.status, 'down');
    assert.equal(down.error.code, 'upstream_unreachable');
    assert.equal((await agent.callTool({ name: 'everything__echo', arguments: { message: 'still here' } })).content[0].text, 'Echo: still here');

    // Back on the same port: the object's retries find it without anyone asking.
    await memory.restart();
    await until(async () => (await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.servers[0].status === 'up', 'memory up again');
    const saved = await agent.callTool({ name: 'memory__save', arguments: { key: 'back', value: '1' } });
    assert.equal(saved.structuredContent.saved, true);
    assert.deepEqual((await memory.control()).saves, { back: 1 });
    assert.ok((await agent.listTools()).tools.some((t) => t.name === 'memory__save'));
  } finally {
    await agent.close().catch(() => {});
  }
});

test('an upstream that forgot our session gets a new one, and each call is made once', async () => {
  const agent = await connectAgent(w.url, AGENT);
  try {
    await agent.callTool({ name: 'memory__save', arguments: { key: 'first-session', value: '1' } });
    const before = await memory.control();
    await memory.control({ forgetSessions: true });
    const saved = await agent.callTool({ name: 'memory__save', arguments: { key: 'second-session', value: '1' } });
    assert.equal(saved.structuredContent.saved, true);
    const after = await memory.control();
    assert.equal(after.saves['second-session'], 1, 'made once');
    assert.equal(after.initializes, before.initializes + 1, 'one new session');
    assert.equal(after.lists, before.lists, 'no new listing');
    assert.equal((await mcps(agent)).memory.status, 'up');
  } finally {
    await agent.close().catch(() => {});
  }
});

test('the Durable Object restarted: its state survives, and it answers from storage without listing again', async () => {
  const agent = await connectAgent(w.url, AGENT);
  await agent.callTool({ name: 'memory__save', arguments: { key: 'kept', value: 'across restarts' } });
  const before = await memory.control();
  const listedBefore = (await mcps(agent)).memory.listedAt;
  const serversBefore = (await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body;

  await w.restart();

  // The old session died with the object: 404, and the client starts a new one (as the spec has it).
  const stale = await tryCall(agent, 'memory__recall', { key: 'kept' });
  assert.ok(stale.error, 'the old session is gone');
  assert.match(String(stale.error.message), /404|Session not found/);
  await agent.close().catch(() => {});

  const again = await connectAgent(w.url, AGENT);
  try {
    const names = (await again.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('memory__save') && names.includes('everything__get_sum'), names.join());
    const m = (await mcps(again)).memory;
    assert.equal(m.status, 'up');
    assert.equal(m.listedAt, listedBefore, 'the list is the one stored before the restart');
    assert.equal((await memory.control()).lists, before.lists, 'memory was not listed again');
    assert.deepEqual((await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body, serversBefore, 'config, aliases, caches and status survive');

    // Calls work at once (a new upstream session, no new listing), the legacy name too.
    assert.equal((await again.callTool({ name: 'memory__recall', arguments: { key: 'kept' } })).content[0].text, 'across restarts');
    const legacy = await again.callTool({ name: 'memory_save', arguments: { key: 'legacy', value: '1' } });
    assert.deepEqual(legacy._meta['io.github.mcp-naming/deprecated'], { name: 'memory_save', use: 'memory__save' });
    const afterCalls = await memory.control();
    assert.equal(afterCalls.lists, before.lists);
    assert.equal(afterCalls.initializes, before.initializes + 1, 'one new session upstream');
  } finally {
    await again.close().catch(() => {});
  }
});

test('a cached list expires at its server\'s ttlMs, across a restart, and is listed again then', async () => {
  await memory.control({ ttlMs: 1_500 });
  const forced = await call('POST', `/agents/${AGENT}/discover`, { as: 'admin', body: { servers: ['memory'] } });
  assert.deepEqual(forced.body.discovery.map((d) => [d.server, d.ok, d.ttlMs, d.ttlFrom]), [['memory', true, 1_500, 'upstream']], JSON.stringify(forced.body));
  const { cache } = (await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.servers[0];
  const lists = (await memory.control()).lists;

  await w.restart();
  const wait = Date.parse(cache.expiresAt) - Date.now() + 100;
  if (wait > 0) await sleep(wait);
  const agent = await connectAgent(w.url, AGENT);
  try {
    await agent.listTools();
    assert.equal((await memory.control()).lists, lists + 1, 'listed again once expired');
    const m = (await mcps(agent)).memory;
    assert.ok(Date.parse(m.listedAt) > Date.parse(cache.listedAt));
  } finally {
    await agent.close().catch(() => {});
    await memory.control({ ttlMs: 600_000 });
  }
});
