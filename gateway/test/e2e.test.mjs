// The gateway in front of real MCP servers (@modelcontextprotocol/server-everything, -memory,
// -filesystem, and the dynamic fixture), driven by the official SDK's Client as a 2025-11-25
// client: names fitted to a provider, calls, errors, resources and prompts, list changes, an
// upstream killed or frozen and restarted, Streamable HTTP with Mcp-Name checked and a gateway
// chained behind another, what MCP carries besides lists and calls (completions, subscriptions,
// cancellation, roots, logging, Mcp-Param-*, list caching), discovery mode. (What examples/gateway
// tested when it was the gateway; its test runs this file on it: E2E_GATEWAY names the gateway's
// script.) Everything it starts (gateways, and through them the upstream servers) is stopped at the
// end, and the test checks that the upstream processes are gone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  McpError, ToolListChangedNotificationSchema, PromptListChangedNotificationSchema, ResourceUpdatedNotificationSchema,
  ListRootsRequestSchema, LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { checkProviders } from 'mcp-naming';

const here = path.dirname(fileURLToPath(import.meta.url));
const gateway = process.env.E2E_GATEWAY ?? path.join(here, '..', 'dist', 'main.mjs');
const require = createRequire(import.meta.url);
// A server package's entry point, from its package.json's bin: spawned with this node, never npx.
const serverScript = (pkg) => {
  const json = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(json, 'utf8'));
  return path.join(path.dirname(json), typeof bin === 'string' ? bin : Object.values(bin)[0]);
};
const node = (script, ...args) => ({ command: process.execPath, args: [script, ...args] });

const LONG = 'filesystem-mirror-with-a-deliberately-long-server-name';
const DYNAMIC_TIMEOUT = 2000;
const tmp = mkdtempSync(path.join(tmpdir(), 'mcp-gateway-test-'));
writeFileSync(path.join(tmp, 'hello.txt'), 'hello through the gateway\n');
const config = {
  mcpServers: {
    everything: node(serverScript('@modelcontextprotocol/server-everything'), 'stdio'),
    memory: { ...node(serverScript('@modelcontextprotocol/server-memory')), env: { MEMORY_FILE_PATH: path.join(tmp, 'memory.jsonl') } },
    [LONG]: node(serverScript('@modelcontextprotocol/server-filesystem'), tmp),
    dynamic: { ...node(path.join(here, 'fixtures', 'dynamic-server.mjs')), timeout: DYNAMIC_TIMEOUT },
    broken: { command: path.join(tmp, 'no-such-command') },
  },
  router: { style: 'claude', provider: 'anthropic', disabled: [{ server: 'memory', tool: 'delete_*' }] },
};
const configFile = path.join(tmp, 'gateway.json');
writeFileSync(configFile, JSON.stringify(config, null, 2));

// A gateway on stdio, with a Client in front; its stderr is kept to show when a test fails.
async function connect(file, args = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [gateway, '--config', file, ...args], stderr: 'pipe' });
  const stderr = [];
  transport.stderr.on('data', (d) => stderr.push(d));
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => Buffer.concat(stderr).toString() };
}

let gw, client, pids = [];
const tools = async () => (await client.listTools()).tools;
const toolNamed = async (suffix) => {
  const found = (await tools()).find((t) => t.name.endsWith(suffix));
  assert.ok(found, `no tool ending in ${suffix}`);
  return found.name;
};
const text = (result) => result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
async function until(check, ms = 15000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await check()) return;
  assert.fail(`not within ${ms} ms; gateway's stderr:\n${gw.stderr()}`);
}

before(async () => {
  gw = await connect(configFile);
  client = gw.client;
});
after(async () => {
  await client?.close();
  rmSync(tmp, { recursive: true, force: true });
  // The gateway stops its servers when its stdin closes.
  await until(() => !gw.transport.pid || !alive(gw.transport.pid), 10000).catch(() => {});
  for (const pid of pids) await until(() => !alive(pid), 10000);
});

test('every listed name passes the provider (anthropic), the long server name included', async () => {
  const list = await tools();
  assert.ok(list.length > 30, `${list.length} tools`);
  for (const { name } of [...list, ...(await client.listPrompts()).prompts]) {
    assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
    assert.ok(checkProviders(name).anthropic, name);
  }
  const long = list.filter((t) => t.name.endsWith('__read_text_file') && !t.name.startsWith('everything'));
  assert.equal(long.length, 1, 'the filesystem server under its long name');
  assert.ok(list.every((t) => !t.name.startsWith('broken')), 'a server that cannot start lists nothing');
});

test('calls reach the real servers: memory keeps an entity, everything adds, filesystem reads', async () => {
  const entity = { name: 'Gateway', entityType: 'program', observations: ['routes names with mcp-naming'] };
  await client.callTool({ name: await toolNamed('memory__create_entities'), arguments: { entities: [entity] } });
  const graph = await client.callTool({ name: await toolNamed('memory__read_graph'), arguments: {} });
  assert.match(text(graph), /routes names with mcp-naming/);
  const opened = await client.callTool({ name: await toolNamed('memory__open_nodes'), arguments: { names: ['Gateway'] } });
  assert.match(text(opened), /"entityType": ?"program"/);

  const sum = await client.callTool({ name: await toolNamed('everything__get-sum'), arguments: { a: 2, b: 3 } });
  assert.match(text(sum), /\b5\b/);

  const read = await client.callTool({ name: await toolNamed('__read_text_file'), arguments: { path: path.join(tmp, 'hello.txt') } });
  assert.match(text(read), /hello through the gateway/);
});

test('a misspelled tool is a JSON-RPC -32602 error with the right suggestion', async () => {
  const right = await toolNamed('memory__read_graph');
  const err = await client.callTool({ name: right.replace('read_graph', 'read_grap'), arguments: {} }).catch((e) => e);
  assert.ok(err instanceof McpError, String(err));
  assert.equal(err.code, -32602);
  assert.equal(err.data.code, 'unknown_tool');
  assert.deepEqual(err.data.suggestions.slice(0, 1), [right]);
});

test('a disabled tool is not listed and is refused', async () => {
  const list = await tools();
  assert.ok(list.some((t) => t.name === 'memory__create_entities'));
  assert.ok(!list.some((t) => t.name.includes('delete_entities')), 'delete_* of memory is disabled');
  const err = await client.callTool({ name: 'memory__delete_entities', arguments: { entityNames: ['Gateway'] } }).catch((e) => e);
  assert.equal(err.code, -32602);
  assert.equal(err.data.code, 'tool_disabled');
});

test('a resource and a prompt are read through the gateway', async () => {
  const { resources } = await client.listResources();
  const doc = resources.find((r) => r.uri.endsWith('architecture.md'));
  assert.ok(doc, 'everything lists its documents');
  const { contents } = await client.readResource({ uri: doc.uri });
  assert.ok(contents[0].text.length > 0);
  const graph = resources.find((r) => r.uri.startsWith('memory:'));
  if (graph) assert.match((await client.readResource({ uri: graph.uri })).contents[0].text, /Gateway/);
  assert.ok((await client.listResourceTemplates()).resourceTemplates.length >= 2);

  const { prompts } = await client.listPrompts();
  const prompt = prompts.find((p) => p.name.endsWith('args-prompt'));
  assert.ok(prompt, prompts.map((p) => p.name).join());
  const got = await client.getPrompt({ name: prompt.name, arguments: { city: 'Lisbon' } });
  assert.match(JSON.stringify(got.messages), /Lisbon/);
});

test('a resource_link returned by a tool reads back through the gateway', async () => {
  const result = await client.callTool({ name: await toolNamed('everything__get-resource-links'), arguments: { count: 2 } });
  const links = result.content.filter((c) => c.type === 'resource_link');
  assert.equal(links.length, 2);
  for (const link of links) {
    const { contents } = await client.readResource({ uri: link.uri });
    assert.equal(contents[0].uri, link.uri);
  }
});

test('an upstream whose list changes is re-exposed and the client is told', async () => {
  let told = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => { told++; });
  const grown = text(await client.callTool({ name: 'dynamic__grow', arguments: {} }));
  await until(() => told > 0);
  assert.ok((await tools()).some((t) => t.name === `dynamic__${grown}`));
  assert.equal(text(await client.callTool({ name: `dynamic__${grown}`, arguments: {} })), `${grown} ran`);
});

test('an upstream killed mid-session fails fast, the others answer, and it comes back', async () => {
  const pid = Number(text(await client.callTool({ name: 'dynamic__pid', arguments: {} })));
  let told = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => { told++; });
  process.kill(pid, 'SIGKILL');
  await until(() => told > 0); // its tools left the list
  assert.ok(!(await tools()).some((t) => t.name.startsWith('dynamic__')));
  const t0 = Date.now();
  const err = await client.callTool({ name: 'dynamic__pid', arguments: {} }).catch((e) => e);
  assert.ok(Date.now() - t0 < DYNAMIC_TIMEOUT, 'fails before the timeout');
  assert.ok(err instanceof McpError);
  assert.match(err.message, /server "dynamic"/);
  assert.match(text(await client.callTool({ name: 'memory__read_graph', arguments: {} })), /Gateway/);

  await until(async () => (await tools()).some((t) => t.name === 'dynamic__pid'));
  const again = Number(text(await client.callTool({ name: 'dynamic__pid', arguments: {} })));
  assert.notEqual(again, pid);
  pids.push(again);
});

test('an upstream that stops answering times out naming the server, is restarted, and comes back', async () => {
  const pid = Number(text(await client.callTool({ name: 'dynamic__pid', arguments: {} })));
  const t0 = Date.now();
  const err = await client.callTool({ name: 'dynamic__freeze', arguments: {} }).catch((e) => e);
  assert.ok(Date.now() - t0 < DYNAMIC_TIMEOUT + 1500, `${Date.now() - t0} ms`);
  assert.match(err.message, /server "dynamic".*timed out/i);
  assert.match(text(await client.callTool({ name: await toolNamed('everything__get-sum'), arguments: { a: 1, b: 1 } })), /\b2\b/);
  await until(async () => {
    const answer = await client.callTool({ name: 'dynamic__pid', arguments: {} }).catch(() => null);
    return answer && Number(text(answer)) !== pid;
  }, 20000);
  await until(() => !alive(pid), 10000); // the frozen process was stopped
  pids.push(Number(text(await client.callTool({ name: 'dynamic__pid', arguments: {} }))));
});

test('--http: Streamable HTTP on 127.0.0.1, Mcp-Name checked, and a gateway chained behind another over HTTP', async () => {
  const file = path.join(tmp, 'http.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { memory: config.mcpServers.memory, dynamic: config.mcpServers.dynamic } }));
  const child = spawn(process.execPath, [gateway, '--config', file, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let http, chained;
  try {
    await until(() => /http:\/\/127\.0\.0\.1:\d+\/mcp/.test(stderr));
    const url = new URL(stderr.match(/http:\/\/127\.0\.0\.1:\d+\/mcp/)[0]);

    http = new Client({ name: 'gateway-test-http', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url);
    await http.connect(transport);
    const { tools: list } = await http.listTools();
    assert.ok(list.some((t) => t.name === 'memory__read_graph'));
    assert.match(text(await http.callTool({ name: 'memory__read_graph', arguments: {} })), /Gateway/);
    const pid = Number(text(await http.callTool({ name: 'dynamic__pid', arguments: {} })));
    pids.push(pid);

    // A raw POST whose Mcp-Name header disagrees with its body is refused with HTTP 400 and -32020
    // (SEP-2243's HeaderMismatch), as is one of revision 2026-07-28 without the header; one that agrees is answered.
    const post = async (header, version = transport.protocolVersion) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json', accept: 'application/json, text/event-stream',
          'mcp-session-id': transport.sessionId, 'mcp-protocol-version': version, ...(header !== undefined && { 'mcp-name': header }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'memory__read_graph', arguments: {} } }),
      });
      const body = await response.text();
      return { status: response.status, ...JSON.parse(body.match(/^data: (.*)$/m)?.[1] ?? body) };
    };
    const refused = await post('memory__open_nodes');
    assert.equal(refused.status, 400);
    assert.equal(refused.error?.code, -32020, JSON.stringify(refused));
    assert.equal(refused.error.data.code, 'name_mismatch');
    const missing = await post(undefined, '2026-07-28');
    assert.equal(missing.status, 400);
    assert.equal(missing.error?.code, -32020, JSON.stringify(missing));
    assert.equal(missing.error.data.code, 'name_mismatch'); // the router's code for a missing header (tests/data/cases/router/protocol.json)
    assert.match(missing.error.message, /the Mcp-Name header is missing/);
    const agreed = await post('memory__read_graph');
    assert.equal(agreed.status, 200);
    assert.match(JSON.stringify(agreed.result), /Gateway/);

    // A stdio gateway whose upstream is this HTTP gateway: it sends the upstream Mcp-Name header,
    // which the HTTP gateway checks against the body.
    const chain = path.join(tmp, 'chain.json');
    writeFileSync(chain, JSON.stringify({ mcpServers: { inner: { url: url.href } }, router: { provider: 'anthropic' } }));
    chained = await connect(chain);
    const names = (await chained.client.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('inner__memory__read_graph'), names.join());
    assert.match(text(await chained.client.callTool({ name: 'inner__memory__read_graph', arguments: {} })), /Gateway/);
  } finally {
    await chained?.client.close();
    await http?.close();
    child.kill('SIGTERM');
    await exited;
  }
});

// Two copies of the fixture (a, b) that list the same resource, template and prompt, and a third over
// HTTP (c): what MCP carries besides lists and calls goes through the gateway, mapped by the router.
test('--http, transparent: completions, subscriptions, list_changed, cancellation, roots, logging, Mcp-Param-*, list caching', async () => {
  const fixture = path.join(here, 'fixtures', 'dynamic-server.mjs');
  const upstreamC = spawn(process.execPath, [fixture, 'c', '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const cExited = new Promise((resolve) => upstreamC.on('exit', resolve));
  let child, exited;
  const clients = [];
  try {
    const cUrl = await new Promise((resolve, reject) => {
      let out = '';
      upstreamC.stdout.on('data', (d) => { out += d; const m = /^(http:\S+)$/m.exec(out); if (m) resolve(m[1]); });
      upstreamC.on('exit', (code) => reject(new Error(`the HTTP fixture exited (${code})`)));
    });
    const file = path.join(tmp, 'transparent.json');
    writeFileSync(file, JSON.stringify({ mcpServers: {
      a: node(fixture, 'a', '--ttl=60000', '--scope=public'), b: node(fixture, 'b', '--ttl=30000', '--scope=private'), c: { url: cUrl },
    } }));
    child = spawn(process.execPath, [gateway, '--config', file, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    exited = new Promise((resolve) => child.on('exit', resolve));
    await until(() => /http:\/\/127\.0\.0\.1:\d+\/mcp/.test(stderr));
    const url = new URL(stderr.match(/http:\/\/127\.0\.0\.1:\d+\/mcp/)[0]);
    const open = async (capabilities) => {
      const c = new Client({ name: 'gateway-test-transparent', version: '1.0.0' }, { capabilities });
      const transport = new StreamableHTTPClientTransport(url);
      await c.connect(transport);
      clients.push(c);
      return { c, transport };
    };
    const { c: x, transport: xTransport } = await open({ roots: { listChanged: true } });
    const { c: y, transport: yTransport } = await open({});
    const stats = async (server, via = x) => JSON.parse(text(await via.callTool({ name: `${server}__stats`, arguments: {} })));
    for (const server of ['a', 'b']) pids.push(Number(text(await x.callTool({ name: `${server}__pid`, arguments: {} })))); // gone at the end
    const readText = async (uri) => (await x.readResource({ uri })).contents[0].text;

    // The gateway declares what it forwards.
    assert.deepEqual(x.getServerCapabilities().resources, { listChanged: true, subscribe: true });
    assert.deepEqual(x.getServerCapabilities().completions, {});

    // SEP-2549: the merged tools/list claims no more than its upstreams allow (c gave nothing: no ttlMs).
    const raw = await x.request({ method: 'tools/list', params: {} }, (await import('@modelcontextprotocol/sdk/types.js')).ResultSchema);
    assert.equal(raw.ttlMs, undefined, 'c gave no ttlMs');
    assert.equal(raw.cacheScope, 'private');

    // The two servers' dyn://note: one is renamed, and each reads back its own server's.
    const notes = (await x.listResources()).resources.filter((r) => r.name === 'note').map((r) => r.uri);
    assert.equal(notes.length, 3, notes.join());
    const noteOf = {};
    for (const uri of notes) noteOf[/ of (\w+)$/.exec(await readText(uri))[1]] = uri;
    assert.deepEqual(Object.keys(noteOf).sort(), ['a', 'b', 'c']);
    assert.equal(new Set(Object.values(noteOf)).size, 3);

    // Completions: the prompt and the template go to their own server; the argument is untouched.
    const completed = await x.complete({ ref: { type: 'ref/prompt', name: 'b__greet' }, argument: { name: 'who', value: 'al' } });
    assert.deepEqual(completed.completion.values, ['al-from-b']);
    for (const { uriTemplate } of (await x.listResourceTemplates()).resourceTemplates) {
      const owner = / of (\w+)$/.exec(await readText(uriTemplate.replace('{id}', '7')))[1];
      const got = await x.complete({ ref: { type: 'ref/resource', uri: uriTemplate }, argument: { name: 'id', value: '7' } });
      assert.deepEqual(got.completion.values, [`7-from-${owner}`], uriTemplate);
    }
    const unknown = await x.complete({ ref: { type: 'ref/prompt', name: 'b__gret' }, argument: { name: 'who', value: '' } }).catch((e) => e);
    assert.equal(unknown.data?.code, 'unknown_prompt', String(unknown));
    assert.ok(unknown.data.suggestions.includes('b__greet'));

    // Subscriptions: counted per upstream URI; updates reach the subscribed sessions under the URI they know.
    const updates = { x: [], y: [] };
    x.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => updates.x.push(params.uri));
    y.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => updates.y.push(params.uri));
    await x.subscribeResource({ uri: noteOf.b });
    await y.subscribeResource({ uri: noteOf.b });
    assert.deepEqual((await stats('b')).subscriptions, ['dyn://note'], 'b is subscribed once for two sessions');
    assert.deepEqual((await stats('a')).subscriptions, []);
    await x.callTool({ name: 'a__touch', arguments: {} }); // no one subscribed to a's note: dropped
    await x.callTool({ name: 'b__touch', arguments: {} });
    await until(() => updates.x.length > 0 && updates.y.length > 0);
    assert.deepEqual(updates, { x: [noteOf.b], y: [noteOf.b] });
    await y.unsubscribeResource({ uri: noteOf.b });
    assert.deepEqual((await stats('b')).subscriptions, ['dyn://note'], 'x still holds it');
    await x.unsubscribeResource({ uri: noteOf.b });
    assert.deepEqual((await stats('b')).subscriptions, [], 'the last one went: b is unsubscribed');
    const bad = await x.subscribeResource({ uri: 'dyn://nowhere' }).catch((e) => e);
    assert.equal(bad.data?.code, 'unknown_resource', String(bad));
    // A session that ends takes its subscriptions with it.
    await y.subscribeResource({ uri: noteOf.a });
    assert.deepEqual((await stats('a')).subscriptions, ['dyn://note']);
    await yTransport.terminateSession();
    await until(async () => (await stats('a')).subscriptions.length === 0);

    // list_changed re-lists that server's list only, and the client is told.
    const [aBefore, bBefore] = [await stats('a'), await stats('b')];
    let told = 0;
    x.setNotificationHandler(PromptListChangedNotificationSchema, () => { told++; });
    const grown = text(await x.callTool({ name: 'b__grow_prompt', arguments: {} }));
    await until(() => told > 0);
    assert.ok((await x.listPrompts()).prompts.some((p) => p.name === `b__${grown}`));
    const [aAfter, bAfter] = [await stats('a'), await stats('b')];
    assert.deepEqual(aAfter.lists, aBefore.lists, 'a is not re-listed');
    assert.deepEqual(bAfter.lists, { ...bBefore.lists, prompts: bBefore.lists.prompts + 1 }, 'b re-lists its prompts only');

    // Cancellation: the client's notifications/cancelled reaches the upstream.
    const controller = new AbortController();
    const waiting = x.callTool({ name: 'b__wait', arguments: {} }, undefined, { signal: controller.signal }).catch((e) => e);
    await until(async () => (await stats('b')).waiting === 1);
    controller.abort('changed my mind');
    assert.ok((await waiting) instanceof Error);
    await until(async () => (await stats('b')).cancelled === 1);

    // Roots: an upstream's roots/list reaches the client whose request it serves; its list_changed every upstream.
    const roots = [{ uri: 'file:///tmp/gateway-roots', name: 'roots of x' }];
    x.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
    assert.deepEqual(JSON.parse(text(await x.callTool({ name: 'b__roots', arguments: {} }))), roots);
    const changedBefore = (await stats('a')).rootsChanged;
    assert.ok(changedBefore >= 1, 'x declared roots when it connected: the upstreams were told');
    await x.sendRootsListChanged();
    await until(async () => (await stats('a')).rootsChanged > changedBefore && (await stats('b')).rootsChanged > changedBefore);
    const { c: z } = await open({});
    const noRoots = await z.callTool({ name: 'b__roots', arguments: {} }).catch((e) => e);
    assert.match(String(noRoots.message ?? text(noRoots)), /does not support roots/);

    // Logging: logging/setLevel reaches every upstream; a log message reaches the session whose call sent it.
    await x.setLoggingLevel('debug');
    for (const server of ['a', 'b', 'c']) assert.equal((await stats(server)).level, 'debug', server);
    const logs = [];
    x.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => logs.push(params));
    await x.callTool({ name: 'a__log', arguments: { data: 'from a' } });
    await until(() => logs.length > 0);
    assert.deepEqual(logs.map((l) => [l.logger, l.data]), [['a', 'from a']]);

    // Mcp-Param-* headers reach an HTTP upstream untouched, beside the Mcp-Name the gateway sets for it.
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': xTransport.sessionId,
        'mcp-protocol-version': xTransport.protocolVersion, 'mcp-name': 'c__headers', 'mcp-param-region': 'eu-west-1',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'c__headers', arguments: {} } }),
    });
    const body = await response.text();
    const answer = JSON.parse(body.match(/^data: (.*)$/m)?.[1] ?? body);
    assert.deepEqual(JSON.parse(answer.result.content[0].text), { 'mcp-name': 'headers', 'mcp-param-region': 'eu-west-1' });
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    child?.kill('SIGTERM');
    await exited;
    upstreamC.kill('SIGTERM');
    await cExited;
  }
});

// Discovery mode (issue 26): the catalog behind meta-tools. The router answers search_tools and
// get_tool_details itself; call_tool reaches the real upstream. A per-tool override renames and
// re-describes everything's get-sum.
const META = ['search_tools', 'get_tool_details', 'call_tool'];
async function stopGateway(own, upstreamPids) {
  await own.client.close();
  await until(() => !own.transport.pid || !alive(own.transport.pid), 10000);
  for (const pid of upstreamPids) await until(() => !alive(pid), 10000);
}

test('discovery: meta-tools listed, search, details, call_tool to the real server, a misspelled name, an override', async () => {
  const file = path.join(tmp, 'discovery.json');
  writeFileSync(file, JSON.stringify({
    mcpServers: { everything: config.mcpServers.everything, dynamic: config.mcpServers.dynamic },
    router: {
      provider: 'anthropic',
      discovery: { mode: 'search', always: [{ server: 'dynamic', tool: 'pid' }] },
      tools: [{ server: 'everything', tool: 'get-sum', name: 'add_numbers', description: 'Adds two numbers, a and b' }],
    },
  }));
  const own = await connect(file);
  const upstreamPids = [];
  try {
    const c = own.client;
    const call = (name, args) => c.callTool({ name, arguments: args });

    // tools/list: the three meta-tools, then the one tool `always` keeps; every name fits the provider.
    const { tools: listed } = await c.listTools();
    assert.deepEqual(listed.map((t) => t.name), [...META, 'dynamic__pid'], own.stderr());
    for (const { name } of listed) assert.ok(checkProviders(name).anthropic, name);
    assert.deepEqual(listed.find((t) => t.name === 'call_tool').inputSchema.required, ['name']);

    // search_tools: the override's own words find it first, under its new name and description.
    const found = await call('search_tools', { query: 'add two numbers', limit: 3 });
    assert.ok(!found.isError, text(found));
    const hits = found.structuredContent.tools;
    assert.equal(hits[0].name, 'add_numbers', JSON.stringify(hits));
    assert.equal(hits[0].server, 'everything');
    assert.equal(hits[0].description, 'Adds two numbers, a and b');
    assert.ok(hits.length <= 3);
    assert.match(text(found), /add_numbers/);
    const echo = (await call('search_tools', { query: 'echo a message' })).structuredContent.tools;
    assert.equal(echo[0].name, 'everything__echo', JSON.stringify(echo));
    const sums = (await call('search_tools', { query: 'sum' })).structuredContent.tools;
    assert.ok(!sums.some((t) => t.name === 'everything__get-sum'), 'the upstream name is not exposed');

    // get_tool_details: the upstream's input schema under the exposed name and the override's description.
    const details = await call('get_tool_details', { name: 'add_numbers' });
    assert.ok(!details.isError, text(details));
    assert.equal(details.structuredContent.name, 'add_numbers');
    assert.equal(details.structuredContent.description, 'Adds two numbers, a and b');
    assert.deepEqual(Object.keys(details.structuredContent.inputSchema.properties).sort(), ['a', 'b']);
    const typo = await call('get_tool_details', { name: 'everything__ecko' });
    assert.equal(typo.isError, true);
    assert.match(text(typo), /everything__echo/);

    // call_tool: the real servers answer, with the inner arguments.
    assert.match(text(await call('call_tool', { name: 'add_numbers', arguments: { a: 2, b: 3 } })), /\b5\b/);
    assert.equal(text(await call('call_tool', { name: 'everything__echo', arguments: { message: 'via call_tool' } })), 'Echo: via call_tool');
    const pid = Number(text(await call('call_tool', { name: 'dynamic__pid' })));
    assert.ok(alive(pid), `${pid}`);
    upstreamPids.push(pid);
    // A tool not listed is still called by its own name; the listed one directly too.
    assert.match(text(await call('add_numbers', { a: 40, b: 2 })), /\b42\b/);
    assert.equal(Number(text(await call('dynamic__pid', {}))), pid);

    // A misspelled name in call_tool is answered as any unknown tool: -32602, unknown_tool, suggestions.
    const err = await call('call_tool', { name: 'everything__ecko', arguments: { message: 'x' } }).catch((e) => e);
    assert.ok(err instanceof McpError, String(err));
    assert.equal(err.code, -32602);
    assert.equal(err.data.code, 'unknown_tool');
    assert.equal(err.data.suggestions[0], 'everything__echo');
    const renamed = await call('call_tool', { name: 'add_number', arguments: { a: 1, b: 1 } }).catch((e) => e);
    assert.equal(renamed.data?.code, 'unknown_tool', String(renamed));
    assert.equal(renamed.data.suggestions[0], 'add_numbers');
  } finally {
    await stopGateway(own, upstreamPids);
  }
});

test('discovery with maxListed: every tool listed up to it, the meta-tools past it', async () => {
  const file = path.join(tmp, 'max-listed.json');
  writeFileSync(file, JSON.stringify({
    mcpServers: { dynamic: config.mcpServers.dynamic },
    router: { discovery: { mode: 'search', maxListed: 10 } },
  }));
  const own = await connect(file);
  const upstreamPids = [];
  try {
    const c = own.client;
    let told = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => { told++; });
    const names = async () => (await c.listTools()).tools.map((t) => t.name);
    const before = await names();
    assert.equal(before.length, 10, before.join()); // the fixture's ten tools: exactly maxListed
    assert.ok(before.every((n) => n.startsWith('dynamic__')), before.join());
    upstreamPids.push(Number(text(await c.callTool({ name: 'dynamic__pid', arguments: {} }))));

    // An eleventh tool: past maxListed, tools/list holds the meta-tools only, and the new tool is found and called.
    const grown = text(await c.callTool({ name: 'dynamic__grow', arguments: {} }));
    await until(() => told > 0);
    await until(async () => (await names())[0] === 'search_tools');
    assert.deepEqual(await names(), META);
    const hits = (await c.callTool({ name: 'search_tools', arguments: { query: 'added by grow' } })).structuredContent.tools;
    assert.ok(hits.some((t) => t.name === `dynamic__${grown}`), JSON.stringify(hits));
    const ran = await c.callTool({ name: 'call_tool', arguments: { name: `dynamic__${grown}`, arguments: {} } });
    assert.equal(text(ran), `${grown} ran`);
  } finally {
    await stopGateway(own, upstreamPids);
  }
});
