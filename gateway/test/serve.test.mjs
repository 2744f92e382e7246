// The gateway serving over HTTP and stdio in front of real upstream processes (a stdio one and a
// Streamable HTTP one), driven by the official SDK's client: names, calls, errors, /healthz,
// /readyz, Host and Origin refusals.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { gateway, httpUpstream, stdioUpstream, scratch, stopAll, callsIn, BIN, raw } from './support/gateway.mjs';

after(stopAll);

test('over --http: both upstreams named, called, and an unknown tool answered with suggestions', async () => {
  const s = scratch();
  const calls = s.path('calls.jsonl');
  const remote = await httpUpstream('remote', calls);
  const g = await gateway(['--config', s.path('gateway.json'), '--http', '127.0.0.1:0'], {
    configFile: s.path('gateway.json'),
    config: { mcpServers: { local: stdioUpstream('local', calls), remote: { type: 'http', url: remote.url } } },
  });
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(g.url)));
  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(names, ['local__add', 'local__delete_all', 'local__echo', 'local__slow', 'remote__add', 'remote__delete_all', 'remote__echo', 'remote__slow']);
  const r = await client.callTool({ name: 'remote__echo', arguments: { text: 'hi' } });
  assert.equal(r.content[0].text, 'remote: hi');
  assert.equal((await client.callTool({ name: 'local__add', arguments: { a: 2, b: 3 } })).structuredContent.sum, 5);
  await assert.rejects(client.callTool({ name: 'remote__ech', arguments: {} }), (e) => e.code === -32602 && /remote__echo/.test(JSON.stringify(e.data ?? e.message)));
  assert.deepEqual(callsIn(calls).map((c) => `${c.server}/${c.tool}`), ['remote/echo', 'local/add']);
  await client.close();

  const health = await fetch(`${g.origin}/healthz`);
  assert.equal(health.status, 200);
  const ready = await fetch(`${g.origin}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual(Object.keys((await ready.json()).upstreams).sort(), ['local', 'remote']);
  // DNS rebinding: another Host, or a browser Origin not allowed, never reaches the core.
  const port = new URL(g.origin).port;
  const other = await raw(g.url, { headers: { host: `evil.example:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  assert.equal(other.status, 403);
  const origin = await fetch(g.url, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  assert.equal(origin.status, 403);
  // Its own origin (a page it served, a same-origin request) is not a rebinding.
  const own = await fetch(g.url, { method: 'POST', headers: { origin: g.origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  assert.equal(own.status, 200);
  assert.equal((await fetch(`${g.origin}/nope`)).status, 404);
  s.done();
});

test('over stdio (the default): the SDK client starts the gateway as Claude Desktop would', async () => {
  const s = scratch();
  const calls = s.path('calls.jsonl');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(s.path('gateway.json'), JSON.stringify({ mcpServers: { local: stdioUpstream('local', calls) } }));
  const client = new Client({ name: 'test', version: '1' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--config', s.path('gateway.json')], stderr: 'pipe' });
  await client.connect(transport);
  assert.ok((await client.listTools()).tools.some((t) => t.name === 'local__echo'));
  assert.equal((await client.callTool({ name: 'local__echo', arguments: { text: 'x' } })).content[0].text, 'local: x');
  await client.close();
  s.done();
});

test('the HTTP front: a body over http.maxBodyBytes is 413, a body that is not JSON 400 (-32700), /metrics only when asked', async () => {
  const s = scratch();
  const calls = s.path('calls.jsonl');
  const g = await gateway(['--config', s.path('gateway.json'), '--http', '127.0.0.1:0'], {
    configFile: s.path('gateway.json'),
    config: { mcpServers: { local: stdioUpstream('local', calls) }, http: { maxBodyBytes: 2048 } },
  });
  const post = (body) => fetch(g.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
  const big = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'local__echo', arguments: { text: 'x'.repeat(4096) } } }));
  assert.equal(big.status, 413);
  const bad = await post('{"jsonrpc":');
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, -32700);
  assert.equal((await fetch(`${g.origin}/metrics`)).status, 404);
  assert.deepEqual(callsIn(calls), []);
  s.done();
});
