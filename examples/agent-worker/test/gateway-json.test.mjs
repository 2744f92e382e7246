// The same gateway.json the Node gateway (mcp-naming-gateway) reads, as an agent's configuration:
// PUT /agents/{agent}/gateway. Its mcpServers become the agent's servers (HTTP upstreams only: a
// Worker starts no process), its router's aliases and patterns the agent's; ${VAR} in a URL or a
// header comes from the Worker's vars and secrets. Refusals name every problem with its path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { client, connectAgent, startMemoryServer, startWorker, tryCall, UPSTREAM_TOKEN } from './helpers.mjs';

const AGENT = 'gateway-json';
const GATEWAY_JSON = JSON.parse(readFileSync(new URL('./fixtures/gateway.json', import.meta.url), 'utf8'));
let w, call, memory, secured, agent;

before(async () => {
  [memory, secured] = await Promise.all([startMemoryServer(), startMemoryServer({ name: 'secured', token: UPSTREAM_TOKEN })]);
  w = await startWorker({ vars: { MEMORY_URL: memory.url, SECURED_URL: secured.url, SECURED_TOKEN: UPSTREAM_TOKEN } });
  call = client(w.url);
});
after(async () => {
  await agent?.close();
  await w?.dispose();
  await Promise.all([memory?.stop(), secured?.stop()]);
});

test('PUT /gateway with a gateway.json: its servers listed, its router applied, the Node-only sections reported', async () => {
  const r = await call('PUT', `/agents/${AGENT}/gateway`, { as: 'admin', body: GATEWAY_JSON });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.servers.map((s) => [s.name, s.url, s.status, s.headers ?? null]), [
    ['memory', memory.url, 'up', null],
    ['secured', secured.url, 'up', ['Authorization']],
  ]);
  assert.deepEqual(r.body.warnings.map((w) => w.path), ['http', 'log']);
  assert.ok(r.body.warnings.every((w) => w.code === 'not_used_on_workers'));
  assert.ok(!JSON.stringify(r.body).includes(UPSTREAM_TOKEN), 'the secret is never in an answer');
  agent = await connectAgent(w.url, AGENT);
  const names = (await agent.listTools()).tools.map((t) => t.name);
  assert.deepEqual(names, ['list_mcps', 'list_tools', 'memory__save', 'memory__recall', 'memory__search', 'secured__save', 'secured__recall', 'secured__search', 'secured__grow']);
  // The header's ${SECURED_TOKEN} reached the secured server (it refuses calls without it).
  const saved = await agent.callTool({ name: 'secured__save', arguments: { key: 'k', value: 'v' } });
  assert.ok(!saved.isError, JSON.stringify(saved));
  assert.equal((await secured.control()).unauthorized, 0);
  // The router's alias and disabled pattern.
  const aliased = await agent.callTool({ name: 'memory_save', arguments: { key: 'a', value: 'b' } });
  assert.ok(!aliased.isError, JSON.stringify(aliased));
  const disabled = await tryCall(agent, 'memory__grow', { name: 'x' });
  assert.equal(disabled.error?.code, -32602);
  assert.equal(disabled.error?.data?.code, 'tool_disabled');
});

test('a gateway.json the registry cannot run: 422 invalid_config, every problem with its path, nothing changed', async () => {
  const r = await call('PUT', `/agents/${AGENT}/gateway`, { as: 'admin', body: {
    mcpServers: {
      memory: { url: memory.url },
      local: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      legacy: { type: 'sse', url: 'https://old.example.com/sse' },
      vault: { url: 'https://vault.example.com/mcp', headers: { Authorization: 'Bearer ${VAULT_TOKEN}' } },
    },
    router: { style: 'claude', prefixMode: 'conditional' },
    metrcs: {},
  } });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.error.code, 'invalid_config');
  assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), [
    ['metrcs', 'unknown_field'],
    ['router.prefixMode', 'unknown_field'],
    ['router.style', 'invalid_value'],
    ['mcpServers.local.command', 'stdio_upstream'],
    ['mcpServers.legacy.type', 'invalid_value'],
    ['mcpServers.vault.headers.Authorization', 'missing_secret'],
  ]);
  assert.match(r.body.error.message, /mcpServers\.local\.command: starts a process \(stdio\): a Worker reaches MCP servers over HTTP only/);
  const still = await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' });
  assert.deepEqual(still.body.servers.map((s) => s.name), ['memory', 'secured']);
});

test('PUT /gateway again replaces the whole configuration: a server left out is removed', async () => {
  const r = await call('PUT', `/agents/${AGENT}/gateway`, { as: 'admin', body: { mcpServers: { memory: { url: memory.url } } } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const names = (await agent.listTools()).tools.map((t) => t.name);
  assert.deepEqual(names, ['list_mcps', 'list_tools', 'memory__save', 'memory__recall', 'memory__search', 'memory__grow']);
  assert.equal((await call('PUT', `/agents/${AGENT}/gateway`, { as: 'user', body: { mcpServers: {} } })).status, 403);
});
