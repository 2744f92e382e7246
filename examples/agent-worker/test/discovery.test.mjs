// Discovery in workerd: servers configured through the admin routes (checked by the package
// first), listed over Streamable HTTP all in parallel within the deadline, a failing or hanging
// server left out and reported, then retried by the object's alarm; each list cached for its
// server's ttlMs; an upstream's list_changed re-listing that server only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  client, connectAgent, freePort, serverConfig, startEverything, startHangingServer, startMemoryServer, startWorker, until,
} from './helpers.mjs';

const AGENT = 'discovery';
let w;
let call;
let memory;
let notes;
let everything;
let hanging;
let deadPort;

before(async () => {
  [memory, notes, everything, hanging, deadPort] = await Promise.all([
    startMemoryServer({ ttl: 60_000 }),
    startMemoryServer({ name: 'notes' }),
    startEverything(),
    startHangingServer(),
    freePort(),
  ]);
  w = await startWorker();
  call = client(w.url);
});

after(async () => {
  await w?.dispose();
  await Promise.all([memory?.stop(), notes?.stop(), everything?.stop(), hanging?.stop()]);
});

const put = (name, body, as = 'admin') => call('PUT', `/agents/${AGENT}/servers/${name}`, { as, body });
const servers = async () => (await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.servers;

test('a server name the agent convention refuses is refused with the package\'s diagnostic and suggestion; nothing is stored', async () => {
  const cases = [
    ['My_Server', 'myserver', ['uppercase_letter', 'underscore_not_allowed']],
    ['my-server', 'myserver', ['hyphen_not_allowed']],
    ['duyet_info', 'duyetinfo', ['underscore_not_allowed']],
    ['1memory', null, ['invalid_start']],
  ];
  for (const [name, suggestion, codes] of cases) {
    const r = await put(encodeURIComponent(name), serverConfig('memory', memory.url));
    assert.equal(r.status, 422, name);
    assert.equal(r.body.error.code, 'invalid_server');
    const [d] = r.body.error.diagnostics;
    assert.equal(d.path, 'name');
    assert.match(d.message, /is not an agent MCP name: use lowercase letters and digits, starting with a letter, no "_"/);
    assert.deepEqual(d.codes, codes, name);
    if (suggestion) assert.deepEqual(r.body.error.suggestion, { name: suggestion }, name);
    else assert.equal(r.body.error.suggestion, undefined, name);
  }
  // A name so long that no tool of it fits the convention's 64 characters.
  const long = await put('m'.repeat(62), serverConfig('memory', memory.url));
  assert.equal(long.status, 422);
  assert.deepEqual(long.body.error.diagnostics[0].codes, ['too_long']);

  const fields = [
    [{ ...serverConfig('memory', memory.url), url: 'ftp://127.0.0.1/mcp' }, 'url', 'invalid_url'],
    [{ ...serverConfig('memory', memory.url), url: 'http://user:pw@127.0.0.1/mcp' }, 'url', 'invalid_url'],
    [{ ...serverConfig('memory', memory.url), url: 'not a url' }, 'url', 'invalid_url'],
    [{ url: memory.url }, 'displayName', 'missing_field'],
    [{ ...serverConfig('memory', memory.url), enabled: 'yes' }, 'enabled', 'wrong_type'],
    [{ ...serverConfig('memory', memory.url), requiresAuth: 1 }, 'requiresAuth', 'wrong_type'],
    [{ ...serverConfig('memory', memory.url), priority: 1 }, 'priority', 'unknown_field'],
  ];
  for (const [body, path, code] of fields) {
    const r = await put('memory', body);
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_server');
    assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), [[path, code]]);
  }
  const mismatch = await put('memory', { ...serverConfig('memory', memory.url), name: 'notes' });
  assert.equal(mismatch.status, 422);
  assert.equal(mismatch.body.error.code, 'id_mismatch');
  assert.deepEqual(await servers(), []);
});

test('each server is listed when added; a dead one and a hanging one are left out and reported', async () => {
  const added = await put('memory', serverConfig('memory', memory.url));
  assert.equal(added.status, 201);
  assert.equal(added.body.created, true);
  assert.deepEqual(added.body.discovery.map((d) => [d.server, d.ok, d.tools, d.ttlMs, d.ttlFrom]), [['memory', true, 4, 60_000, 'upstream']]);
  assert.equal(added.body.server.status, 'up');
  // No ttlMs from the server: the registry's DEFAULT_TTL_MS.
  const n = await put('notes', serverConfig('notes', notes.url));
  assert.deepEqual(n.body.discovery.map((d) => [d.server, d.ok, d.ttlMs, d.ttlFrom]), [['notes', true, 300_000, 'default']]);
  const e = await put('everything', serverConfig('everything', everything.url));
  assert.equal(e.body.discovery[0].ok, true);
  assert.ok(e.body.discovery[0].tools >= 10, 'server-everything lists its tools');

  const dead = await put('dead', serverConfig('dead', `http://127.0.0.1:${deadPort}/mcp`));
  assert.equal(dead.status, 201);
  assert.equal(dead.body.discovery[0].ok, false);
  assert.equal(dead.body.discovery[0].error.code, 'upstream_unreachable');
  assert.equal(dead.body.server.status, 'down');
  const hung = await put('hanging', serverConfig('hanging', hanging.url));
  assert.equal(hung.body.discovery[0].ok, false);
  assert.equal(hung.body.discovery[0].error.code, 'upstream_timeout');
  assert.match(hung.body.discovery[0].error.message, /within 2000 ms/);

  const list = await servers();
  assert.deepEqual(list.map((s) => [s.name, s.status]), [['memory', 'up'], ['notes', 'up'], ['everything', 'up'], ['dead', 'down'], ['hanging', 'down']]);
  const mem = list[0];
  assert.equal(Date.parse(mem.cache.expiresAt) - Date.parse(mem.cache.listedAt), 60_000, 'the list is kept for the server\'s ttlMs');
  assert.deepEqual(mem.cache.serverInfo, { name: 'memory', version: '1.0.0' });
  assert.equal(mem.cache.cacheScope, 'private');
  assert.equal(list[1].cache.cacheScope, null);
});

test('discovery lists every server in parallel, each within the deadline', async () => {
  // memory and notes each hold their tools/list until the other one has been asked too: listed
  // one after the other, the first would wait past the 2 s deadline; listed together, both pass.
  const [m, n] = await Promise.all([memory.control(), notes.control()]);
  await memory.control({ barrier: { url: `http://127.0.0.1:${notes.port}/control`, after: n.listsStarted } });
  await notes.control({ barrier: { url: `http://127.0.0.1:${memory.port}/control`, after: m.listsStarted } });
  try {
    const r = await call('POST', `/agents/${AGENT}/discover`, { as: 'admin', body: {} });
    assert.equal(r.status, 200);
    const byServer = Object.fromEntries(r.body.discovery.map((d) => [d.server, d]));
    assert.deepEqual(Object.keys(byServer).sort(), ['dead', 'everything', 'hanging', 'memory', 'notes']);
    assert.equal(byServer.memory.ok, true, JSON.stringify(byServer.memory));
    assert.equal(byServer.notes.ok, true, JSON.stringify(byServer.notes));
    assert.equal(byServer.everything.ok, true);
    assert.equal(byServer.dead.error.code, 'upstream_unreachable');
    assert.equal(byServer.hanging.error.code, 'upstream_timeout');
    for (const d of Object.values(byServer)) assert.ok(d.ms >= 0);
  } finally {
    await memory.control({ barrier: null });
    await notes.control({ barrier: null });
  }
});

test('the agent sees the tools as <mcp>__<tool>, the built-ins unprefixed, and the servers that failed reported', async () => {
  const agent = await connectAgent(w.url, AGENT);
  try {
    const { tools } = await agent.listTools();
    const names = tools.map((t) => t.name);
    assert.deepEqual(names.slice(0, 2), ['list_mcps', 'list_tools']);
    assert.deepEqual(names.filter((x) => x.startsWith('memory__')), ['memory__save', 'memory__recall', 'memory__search', 'memory__grow']);
    assert.deepEqual(names.filter((x) => x.startsWith('notes__')), ['notes__save', 'notes__recall', 'notes__search', 'notes__grow']);
    // server-everything names its tools with hyphens; the agent convention is snake_case.
    assert.ok(names.includes('everything__get_sum'), names.join());
    assert.ok(!names.some((x) => x.includes('-')));
    assert.ok(!names.some((x) => x.startsWith('dead__') || x.startsWith('hanging__')));
    const save = tools.find((t) => t.name === 'memory__save');
    assert.equal(save.description, 'Saves a value under a key');
    assert.deepEqual(save.inputSchema.required, ['key', 'value']);

    const mcps = (await agent.callTool({ name: 'list_mcps', arguments: {} })).structuredContent.mcps;
    assert.deepEqual(mcps.map((m) => [m.name, m.status]), [['memory', 'up'], ['notes', 'up'], ['everything', 'up'], ['dead', 'down'], ['hanging', 'down']]);
    assert.equal(mcps.find((m) => m.name === 'dead').error.code, 'upstream_unreachable');
    assert.equal(mcps.find((m) => m.name === 'memory').tools, 4);
    assert.ok(!mcps.some((m) => 'url' in m), 'the agent is not shown the URLs');
  } finally {
    await agent.close();
  }
});

test('an upstream\'s list_changed re-lists that server only, and the agent is told', async () => {
  let told = 0;
  const agent = await connectAgent(w.url, AGENT, { onToolsChanged: () => { told++; } });
  try {
    const before = { memory: (await memory.control()).lists, notes: (await notes.control()).lists };
    const grew = await agent.callTool({ name: 'memory__grow', arguments: { name: 'forget' } });
    assert.equal(grew.content[0].text, 'grew forget');
    await until(async () => (await agent.listTools()).tools.some((t) => t.name === 'memory__forget'), 'memory__forget in tools/list');
    await until(() => told > 0, 'notifications/tools/list_changed to the agent');
    assert.equal((await memory.control()).lists, before.memory + 1, 'memory listed once more');
    assert.equal((await notes.control()).lists, before.notes, 'notes not listed again');
    const forget = await agent.callTool({ name: 'memory__forget', arguments: {} });
    assert.equal(forget.content[0].text, 'forget ran');

    // The same names with another description: a change too.
    const toldBefore = told;
    await memory.control({ describe: { name: 'recall', description: 'Recalls a value (v2)' } });
    await until(() => told > toldBefore, 'list_changed for a new description');
    const recall = (await agent.listTools()).tools.find((t) => t.name === 'memory__recall');
    assert.equal(recall.description, 'Recalls a value (v2)');
    assert.equal((await notes.control()).lists, before.notes, 'notes still not listed again');
  } finally {
    await agent.close();
  }
});

test('a tool the package cannot expose is left out and reported; the rest of its server stays', async () => {
  await notes.control({ add: 'über' });
  await until(async () => (await servers()).find((s) => s.name === 'notes').cache.skipped.length === 1, 'notes re-listed with über skipped');
  const { cache } = (await servers()).find((s) => s.name === 'notes');
  assert.equal(cache.tools, 5);
  assert.equal(cache.skipped[0].name, 'über');
  assert.equal(cache.skipped[0].code, 'invalid_tool_name');
  assert.match(cache.skipped[0].message, /not ASCII/);
  const agent = await connectAgent(w.url, AGENT);
  try {
    const names = (await agent.listTools()).tools.map((t) => t.name);
    assert.equal(names.filter((n) => n.startsWith('notes__')).length, 4);
  } finally {
    await agent.close();
    await notes.control({ remove: 'über' });
  }
});

test('a server that was down is retried by the object itself (its alarm) and comes back', async () => {
  // Nothing asks the registry in between: the admin view reads state without listing.
  const revived = await startMemoryServer({ port: deadPort, name: 'dead' });
  try {
    await until(async () => (await servers()).find((s) => s.name === 'dead').status === 'up', 'the dead server retried and up', 30_000);
    const dead = (await servers()).find((s) => s.name === 'dead');
    assert.equal(dead.cache.tools, 4);
    assert.ok((await revived.control()).lists >= 1);
  } finally {
    await revived.stop();
  }
});
