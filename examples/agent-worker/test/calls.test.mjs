// What the agent does with the registry, through the official SDK Client: list_mcps and
// list_tools (and the same over HTTP for its user), calls routed by prefix to the servers' own
// names, the package's -32602 with suggestions for a misspelled or dropped prefix, the legacy
// names of the migration as deprecated aliases, disabled servers (tool_disabled), a removed tool
// (tool_removed), a server that needs credentials, and errors of the upstreams passed through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  client, connectAgent, serverConfig, startEverything, startMemoryServer, startWorker, tryCall, until, UPSTREAM_TOKEN,
} from './helpers.mjs';

const AGENT = 'calls';
let w;
let call;
let memory;
let secured;
let everything;
let agent;
let told = 0;

before(async () => {
  [memory, secured, everything] = await Promise.all([
    startMemoryServer(),
    startMemoryServer({ name: 'secured', token: UPSTREAM_TOKEN }),
    startEverything(),
  ]);
  w = await startWorker();
  call = client(w.url);
  for (const [name, url, more] of [
    ['memory', memory.url, {}],
    ['everything', everything.url, {}],
    ['secured', secured.url, { requiresAuth: true }], // its token is in UPSTREAM_CREDENTIALS
    ['vault', secured.url, { requiresAuth: true }], // no token for it: never contacted
  ]) {
    const r = await call('PUT', `/agents/${AGENT}/servers/${name}`, { as: 'admin', body: serverConfig(name, url, more) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  agent = await connectAgent(w.url, AGENT, { onToolsChanged: () => { told++; } });
});

after(async () => {
  await agent?.close();
  await w?.dispose();
  await Promise.all([memory?.stop(), secured?.stop(), everything?.stop()]);
});

const rpc = async (name, args) => {
  const r = await tryCall(agent, name, args);
  assert.ok(r.error, `${name} should be refused, got ${JSON.stringify(r.result)}`);
  return r.error;
};
const names = async () => (await agent.listTools()).tools.map((t) => t.name);

test('list_mcps and list_tools [mcp]: the servers, and the tools grouped by server', async () => {
  const mcps = (await agent.callTool({ name: 'list_mcps', arguments: {} }));
  assert.deepEqual(mcps.structuredContent.mcps.map((m) => [m.name, m.displayName, m.status, m.enabled, m.requiresAuth]), [
    ['memory', 'Memory Service', 'up', true, false],
    ['everything', 'Everything Service', 'up', true, false],
    ['secured', 'Secured Service', 'up', true, true],
    ['vault', 'Vault Service', 'down', true, true],
  ]);
  const vault = mcps.structuredContent.mcps[3];
  assert.equal(vault.error.code, 'credentials_missing');
  assert.match(mcps.content[0].text, /^4 MCP servers:\n- memory \(Memory Service\): up, 4 tools — the memory MCP/);

  const all = (await agent.callTool({ name: 'list_tools', arguments: {} })).structuredContent;
  assert.deepEqual(Object.keys(all.tools), ['memory', 'everything', 'secured', 'vault']);
  assert.deepEqual(all.tools.memory, [
    { prefixedName: 'memory__save', mcpName: 'memory', originalName: 'save', description: 'Saves a value under a key' },
    { prefixedName: 'memory__recall', mcpName: 'memory', originalName: 'recall', description: 'Recalls the value saved under a key' },
    { prefixedName: 'memory__search', mcpName: 'memory', originalName: 'search', description: 'Lists the keys that contain a text' },
    { prefixedName: 'memory__grow', mcpName: 'memory', originalName: 'grow', description: 'Adds a tool to this server and announces it' },
  ]);
  const sum = all.tools.everything.find((t) => t.prefixedName === 'everything__get_sum');
  assert.equal(sum.originalName, 'get-sum');
  assert.deepEqual(all.tools.vault, []);
  assert.deepEqual(all.builtins.map((b) => b.name), ['list_mcps', 'list_tools']);
  // The grouping holds exactly what tools/list lists.
  const listed = (await names()).filter((n) => n.includes('__'));
  assert.deepEqual(Object.values(all.tools).flat().map((t) => t.prefixedName).sort(), listed.sort());

  const one = (await agent.callTool({ name: 'list_tools', arguments: { mcp: 'everything' } })).structuredContent;
  assert.deepEqual(Object.keys(one.tools), ['everything']);
  assert.equal(one.builtins, undefined);

  for (const [args, pattern] of [
    [{ mcp: 'nope' }, /unknown MCP "nope": the servers are memory, everything, secured, vault/],
    [{ mcp: 3 }, /"mcp" must be the name of an MCP server/],
    [{ server: 'memory' }, /list_tools takes only "mcp"/],
  ]) {
    const r = await agent.callTool({ name: 'list_tools', arguments: args });
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, pattern);
  }
  const extra = await agent.callTool({ name: 'list_mcps', arguments: { all: true } });
  assert.equal(extra.isError, true);

  // The same for the agent's user, over HTTP.
  const http = await call('GET', `/agents/${AGENT}/mcps`, { as: 'user' });
  assert.equal(http.status, 200);
  assert.deepEqual(http.body.mcps.map((m) => m.name), ['memory', 'everything', 'secured', 'vault']);
  const httpTools = await call('GET', `/agents/${AGENT}/tools?mcp=memory`, { as: 'user' });
  assert.deepEqual(httpTools.body.tools.memory.map((t) => t.prefixedName), ['memory__save', 'memory__recall', 'memory__search', 'memory__grow']);
  const unknown = await call('GET', `/agents/${AGENT}/tools?mcp=nope`, { as: 'user' });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.code, 'server_not_found');
});

test('calls are routed by prefix to each server\'s own name (hyphens too), with its credentials where it needs them', async () => {
  const saved = await agent.callTool({ name: 'memory__save', arguments: { key: 'cv', value: 'Duyet' } });
  assert.deepEqual(saved.structuredContent, { key: 'cv', saved: true });
  assert.equal((await agent.callTool({ name: 'memory__recall', arguments: { key: 'cv' } })).content[0].text, 'Duyet');
  assert.equal((await agent.callTool({ name: 'everything__get_sum', arguments: { a: 2, b: 3 } })).content[0].text, 'The sum of 2 and 3 is 5.');
  assert.equal((await agent.callTool({ name: 'everything__echo', arguments: { message: 'hello' } })).content[0].text, 'Echo: hello');
  assert.deepEqual((await memory.control()).saves, { cv: 1 });

  await agent.callTool({ name: 'secured__save', arguments: { key: 's', value: '1' } });
  const s = await secured.control();
  assert.deepEqual(s.saves, { s: 1 });
  assert.equal(s.unauthorized, 0, 'every request to the secured server carried its token');
});

test('a misspelled or dropped prefix is the package\'s -32602 with suggestions', async () => {
  for (const [name, suggestions] of [
    ['memory__sav', ['memory__save']],
    ['save', ['memory__save', 'secured__save']],
    ['recall', ['memory__recall', 'secured__recall']],
    ['get_sum', ['everything__get_sum']],
    ['everything__ech', ['everything__echo']],
  ]) {
    const e = await rpc(name, {});
    assert.equal(e.code, -32602, name);
    assert.equal(e.data.code, 'unknown_tool', name);
    assert.deepEqual(e.data.suggestions, suggestions, name);
    assert.match(e.message, new RegExp(`Unknown tool: ${name}; did you mean ${suggestions.join(', ')}\\?`));
  }
  const none = await rpc('frobnicate', {});
  assert.equal(none.code, -32602);
  assert.deepEqual(none.data.suggestions, []);
  // A server that is down: the agent is told so, and when it is tried again.
  const vault = await rpc('vault__save', { key: 'k', value: 'v' });
  assert.equal(vault.code, -32603);
  assert.equal(vault.data.code, 'upstream_unavailable');
  assert.equal(vault.data.server, 'vault');
  assert.equal(vault.data.error.code, 'credentials_missing');
});

test('the legacy names of the migration route as deprecated aliases; the package checks each one', async () => {
  const put = (aliases) => call('PUT', `/agents/${AGENT}/aliases`, { as: 'admin', body: { aliases } });
  const bad = [
    [{ memory_save: 'nothere__save' }, 'aliases["memory_save"]', /which no server or built-in provides/],
    [{ list_mcps: 'memory__save' }, 'aliases["list_mcps"]', /is a built-in's name/],
    [{ memory_save: 'Memory__Save' }, 'aliases["memory_save"]', /uppercase/],
    [{ memory_save: 'plan' }, 'aliases["memory_save"]', /is not an MCP tool/],
  ];
  for (const [aliases, path, message] of bad) {
    const r = await put(aliases);
    assert.equal(r.status, 422, JSON.stringify(aliases));
    assert.equal(r.body.error.code, 'invalid_config');
    assert.equal(r.body.error.diagnostics[0].path, path);
    assert.match(r.body.error.diagnostics[0].message, message);
  }
  assert.deepEqual((await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.aliases, {}, 'nothing refused was stored');

  const odd = await put({ remember: 'memory__save' });
  assert.equal(odd.status, 200);
  assert.deepEqual(odd.body.warnings.map((d) => d.code), ['not_a_legacy_name']);

  const ok = await put({ memory_save: 'memory__save', memory_recall: 'memory__recall' });
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.body.warnings, []);

  const saved = await agent.callTool({ name: 'memory_save', arguments: { key: 'old', value: 'still works' } });
  assert.deepEqual(saved.structuredContent, { key: 'old', saved: true });
  assert.deepEqual(saved._meta['io.github.mcp-naming/deprecated'], { name: 'memory_save', use: 'memory__save' });
  const recalled = await agent.callTool({ name: 'memory_recall', arguments: { key: 'old' } });
  assert.equal(recalled.content[0].text, 'still works');
  const current = await agent.callTool({ name: 'memory__recall', arguments: { key: 'old' } });
  assert.equal(current._meta, undefined, 'the current name is not marked');
  assert.match(w.logs, /deprecated tool name memory_save called: use memory__save/);

  assert.ok(!(await names()).includes('memory_save'), 'tools/list shows the current names only');
  const listed = (await agent.callTool({ name: 'list_tools', arguments: {} })).structuredContent.deprecated;
  assert.deepEqual(listed, [{ name: 'memory_save', use: 'memory__save' }, { name: 'memory_recall', use: 'memory__recall' }]);

  // A server the aliases still point at cannot be removed.
  const removal = await call('DELETE', `/agents/${AGENT}/servers/memory`, { as: 'admin' });
  assert.equal(removal.status, 422);
  assert.equal(removal.body.error.code, 'invalid_config');
  assert.match(removal.body.error.diagnostics[0].path, /^aliases\["memory_(save|recall)"\]$/);
});

test('a disabled server is not contacted; its tools leave the list and answer tool_disabled', async () => {
  const toldBefore = told;
  const callsBefore = (await memory.control()).calls;
  const off = await call('POST', `/agents/${AGENT}/servers/memory/disable`, { as: 'admin' });
  assert.equal(off.status, 200);
  assert.equal(off.body.server.status, 'disabled');
  await until(() => told > toldBefore, 'list_changed after disabling');
  assert.ok(!(await names()).some((n) => n.startsWith('memory__')));

  for (const name of ['memory__save', 'memory_save']) {
    const e = await rpc(name, { key: 'k', value: 'v' });
    assert.equal(e.code, -32602, name);
    assert.equal(e.data.code, 'tool_disabled', name);
    assert.equal(e.data.server, 'memory');
  }
  const mcps = (await agent.callTool({ name: 'list_mcps', arguments: {} })).structuredContent.mcps;
  assert.equal(mcps.find((m) => m.name === 'memory').status, 'disabled');
  assert.equal((await memory.control()).calls, callsBefore, 'no call reached the disabled server');

  const on = await call('POST', `/agents/${AGENT}/servers/memory/enable`, { as: 'admin' });
  assert.equal(on.status, 200);
  assert.equal(on.body.server.status, 'up');
  const saved = await agent.callTool({ name: 'memory__save', arguments: { key: 'back', value: '1' } });
  assert.equal(saved.structuredContent.saved, true);

  const missing = await call('POST', `/agents/${AGENT}/servers/nope/disable`, { as: 'admin' });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'server_not_found');
});

test('a tool its server no longer lists is tool_removed; errors the upstream answers pass through', async () => {
  await memory.control({ remove: 'search' });
  await until(async () => !(await names()).includes('memory__search'), 'memory__search gone after list_changed');
  const e = await rpc('memory__search', { query: 'x' });
  assert.equal(e.code, -32602);
  assert.equal(e.data.code, 'tool_removed');
  assert.equal(e.data.server, 'memory');

  // A tool's own failure is its result (isError), as the server gave it.
  const miss = await agent.callTool({ name: 'memory__recall', arguments: { key: 'never-saved' } });
  assert.equal(miss.isError, true);
  assert.equal(miss.content[0].text, 'nothing saved under never-saved');
  // A JSON-RPC error of the server keeps its code and names the server.
  const refused = await rpc('memory__save', { key: 42, value: 'v' });
  assert.equal(refused.code, -32602);
  assert.equal(refused.message, 'MCP error -32602: server "memory": save: key and value must be strings');
  const bad = await tryCall(agent, 'everything__get_sum', { a: 'x' });
  if (bad.error) assert.match(bad.error.message, /server "everything"/);
  else assert.equal(bad.result.isError, true);
});
