// Scale-out on an engine that exists: two gateway processes behind Debian's nginx (on 127.0.0.1,
// stopped at the end). Requests with no session go round-robin and come back identical (names,
// results, errors), each process's logs and metrics showing its share; 2025-11-25 sessions stick
// to the process that issued them (nginx maps the id's `--instance` prefix), and without that map
// a session breaks, which is why it is there.
//
// These run with SDK v1 and v2 clients in 2025-11-25 sessions and with raw stateless requests;
// the assertions marked REAL CORE need the core half (2026-07-28 served statelessly, so that one
// SDK v2 client's own requests spread over the processes) and are skipped, saying so, with the
// test-only stub core (GATEWAY_CORE=stub).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { gateway, httpUpstream, stdioUpstream, scratch, stopAll, REAL_CORE } from './support/gateway.mjs';
import { startNginx, freePort, NGINX } from './support/nginx.mjs';

let s, remote, nginx, url, plainPort;
const procs = {};

before(async () => {
  assert.ok(NGINX, 'nginx is not installed: bash scripts/gateway-setup.sh installs it');
  s = scratch('gw-scale-');
  const calls = s.path('calls.jsonl');
  remote = await httpUpstream('remote', calls);
  const port = await freePort();
  plainPort = await freePort();
  for (const name of ['a', 'b']) {
    const file = s.path(`gateway-${name}.json`);
    // The same config in every process (written once per process only so each has a file to watch).
    procs[name] = await gateway(['--config', file, '--http', '127.0.0.1:0', '--instance', name, '--log', 'json', '--metrics'], {
      configFile: file,
      config: {
        mcpServers: { remote: { url: remote.url }, local: stdioUpstream('local', calls) },
        http: { allowedHosts: [`127.0.0.1:${port}`, `127.0.0.1:${plainPort}`] },
        router: { requestStateKey: 'scale-out-test-key-0123456789abcdef' },
      },
    });
  }
  nginx = await startNginx(s.path('nginx'), port, Object.entries(procs).map(([name, g]) => ({ name, port: Number(new URL(g.origin).port) })));
  url = `http://127.0.0.1:${port}/mcp`;
});
after(async () => {
  await nginx?.stop();
  await stopAll();
  s?.done();
});

/** One JSON-RPC request with no session (as every 2026-07-28 request is); its answer (JSON or SSE). */
async function rpc(method, params, id = 1) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await res.text();
  const json = /^data: (.*)$/m.exec(text)?.[1] ?? text;
  return JSON.parse(json);
}

const decisions = (name) => procs[name].json().filter((l) => l.msg === 'decision');
const count = (name, pred) => decisions(name).filter(pred).length;

test('requests with no session go round-robin: identical names, results and errors; both processes served (their logs, metrics, nginx\'s log)', async () => {
  const lists = [];
  for (let i = 0; i < 10; i++) lists.push((await rpc('tools/list', {}, i)).result.tools.map((t) => t.name));
  for (const l of lists) assert.deepEqual(l, lists[0]);
  assert.ok(lists[0].includes('remote__add') && lists[0].includes('local__echo'));
  const sums = [];
  for (let i = 0; i < 20; i++) sums.push((await rpc('tools/call', { name: 'remote__add', arguments: { a: i, b: 100 } }, i)).result.structuredContent.sum);
  assert.deepEqual(sums, Array.from({ length: 20 }, (_, i) => i + 100));
  const errors = [];
  for (let i = 0; i < 6; i++) errors.push((await rpc('tools/call', { name: 'remote__ad', arguments: {} }, 7)).error);
  for (const e of errors) assert.deepEqual(e, errors[0]);
  assert.equal(errors[0].code, -32602);
  assert.equal(errors[0].data.code, 'unknown_tool');
  // Each process served its share, by its own logs (they carry its instance) and its own metrics.
  const share = Object.fromEntries(['a', 'b'].map((n) => [n, count(n, (d) => d.exposed === 'remote__add' && !d.code)]));
  assert.equal(share.a + share.b, 20);
  assert.ok(share.a >= 5 && share.b >= 5, JSON.stringify(share));
  for (const n of ['a', 'b']) {
    assert.ok(decisions(n).every((d) => d.instance === n));
    const metrics = await (await fetch(`${procs[n].origin}/metrics`)).text();
    const m = /^mcp_gateway_calls_total\{server="remote",method="tools\/call"\} (\d+)$/m.exec(metrics);
    assert.equal(Number(m?.[1]), count(n, (d) => d.server === 'remote' && d.method === 'tools/call'));
  }
  const upstreams = new Set(nginx.accessLog().map((l) => l.split(' ')[0]));
  assert.equal(upstreams.size, 2, nginx.accessLog().join('\n'));
});

test('2025-11-25 sessions (SDK v1 and v2 clients) spread over the processes and each sticks to the one that issued it', async () => {
  const clients = [];
  for (let i = 0; i < 6; i++) {
    const v2 = i % 2 === 1;
    const client = v2 ? new ClientV2({ name: `v2-${i}`, version: '1' }) : new Client({ name: `v1-${i}`, version: '1' });
    const transport = v2 ? new TransportV2(new URL(url)) : new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    clients.push({ client, transport });
  }
  for (const { client } of clients) {
    for (let j = 0; j < 5; j++) assert.equal((await client.callTool({ name: 'local__echo', arguments: { text: `${j}` } })).content[0].text, `local: ${j}`);
  }
  const ids = clients.map(({ transport }) => transport.sessionId);
  assert.ok(ids.every((id) => /^[ab]\./.test(id)), ids.join(' '));
  assert.deepEqual(new Set(ids.map((id) => id[0])), new Set(['a', 'b']), 'initialize went round-robin');
  // Every request of a session went to the process named by its id's prefix (nginx's own log).
  const port = Object.fromEntries(Object.entries(procs).map(([n, g]) => [n, new URL(g.origin).port]));
  for (const id of ids) {
    const lines = nginx.accessLog().filter((l) => l.endsWith(`sid=${id}`));
    assert.ok(lines.length >= 5, `${id}: ${lines.length} requests`);
    for (const l of lines) assert.equal(l.split(' ')[0], `127.0.0.1:${port[id[0]]}`, l);
  }
  for (const { client } of clients) await client.close();
});

test('without the session map (plain round-robin), a 2025-11-25 session breaks: why nginx needs it', async () => {
  const port = plainPort;
  const plain = await startNginx(s.path('nginx-plain'), port, Object.entries(procs).map(([name, g]) => ({ name, port: Number(new URL(g.origin).port) })), { affinity: false });
  try {
    const client = new Client({ name: 'plain', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
    const errors = [];
    try {
      await client.connect(transport);
      for (let j = 0; j < 6; j++) await client.callTool({ name: 'local__echo', arguments: { text: 'x' } }).catch((e) => errors.push(e.message));
    } catch (e) {
      errors.push(e.message);
    }
    assert.ok(errors.length > 0, 'a session over plain round-robin never lost its process');
    // Lost because the other process does not know the session (404), not for any other reason.
    for (const e of errors) assert.match(e, /404|Session not found/, e);
    await client.close().catch(() => {});
  } finally {
    await plain.stop();
  }
});

test('REAL CORE: one SDK v2 client on 2026-07-28 (stateless) has its own requests spread over both processes, with identical answers', { skip: !REAL_CORE && 'needs the core half: the stub core (GATEWAY_CORE=stub) serves 2025-11-25 only' }, async () => {
  const before = { a: count('a', () => true), b: count('b', () => true) };
  const client = new ClientV2({ name: 'v2-2026', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new TransportV2(new URL(url)));
  const lists = [];
  for (let i = 0; i < 6; i++) lists.push((await client.listTools()).tools.map((t) => t.name));
  for (const l of lists) assert.deepEqual(l, lists[0]);
  for (let i = 0; i < 10; i++) assert.equal((await client.callTool({ name: 'remote__add', arguments: { a: i, b: 1 } })).structuredContent.sum, i + 1);
  assert.ok(count('a', () => true) > before.a && count('b', () => true) > before.b, 'both processes served this one client');
  await client.close();
});
