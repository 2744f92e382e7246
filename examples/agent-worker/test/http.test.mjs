// The Worker's HTTP surface refusing what it must: no token, an unknown or malformed one, a
// missing scope (admin routes, another agent), a browser origin not allowed, bad agent names,
// unknown routes, methods and query parameters, bodies of the wrong type, not JSON or too large,
// too many servers, a misconfigured secret or var; the MCP endpoint's own refusals (an unknown
// session, no session). Nothing refused is stored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CALLERS, client, connectAgent, serverConfig, startMemoryServer, startWorker } from './helpers.mjs';

const AGENT = 'http';
let w;
let call;
let memory;

before(async () => {
  memory = await startMemoryServer();
  w = await startWorker({ vars: { ALLOWED_ORIGINS: 'https://app.example' } });
  call = client(w.url);
  const r = await call('PUT', `/agents/${AGENT}/servers/memory`, { as: 'admin', body: serverConfig('memory', memory.url) });
  assert.equal(r.status, 201);
});

after(async () => {
  await w?.dispose();
  await memory?.stop();
});

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };
const routes = () => [
  ['POST', `/agents/${AGENT}/mcp`, { body: INITIALIZE, headers: MCP_HEADERS }],
  ['GET', `/agents/${AGENT}/mcps`, {}],
  ['GET', `/agents/${AGENT}/tools`, {}],
  ['GET', `/agents/${AGENT}/servers`, {}],
  ['PUT', `/agents/${AGENT}/servers/notes`, { body: serverConfig('notes', memory.url) }],
  ['DELETE', `/agents/${AGENT}/servers/memory`, {}],
  ['POST', `/agents/${AGENT}/servers/memory/disable`, {}],
  ['PUT', `/agents/${AGENT}/aliases`, { body: { aliases: {} } }],
  ['POST', `/agents/${AGENT}/discover`, { body: {} }],
];

test('every route needs a bearer token it knows', async () => {
  for (const [method, path, opts] of routes()) {
    const none = await call(method, path, opts);
    assert.equal(none.status, 401, `${method} ${path}`);
    assert.equal(none.body.error.code, 'missing_token');
    assert.match(none.headers.get('www-authenticate'), /^Bearer /);
    const unknown = await call(method, path, { ...opts, token: 'tok-unknown-0123456789abcdef' });
    assert.equal(unknown.body.error.code, 'invalid_token', `${method} ${path}`);
    const malformed = await call(method, path, { ...opts, headers: { ...opts.headers, authorization: 'Basic abc' } });
    assert.equal(malformed.body.error.code, 'invalid_token');
  }
});

test('scopes: agent:<name> to use an agent, admin:<name> to configure it; another agent\'s caller is refused', async () => {
  for (const [method, path, opts] of routes()) {
    const admin = method !== 'GET' || path.endsWith('/servers') ? !path.endsWith('/mcp') : false;
    if (admin) {
      const r = await call(method, path, { ...opts, as: 'user' });
      assert.equal(r.status, 403, `${method} ${path} as user`);
      assert.equal(r.body.error.code, 'missing_scope');
      assert.deepEqual(r.body.error.required_scopes, [`admin:${AGENT}`, 'admin:*']);
    }
    const other = await call(method, path, { ...opts, as: 'other' });
    assert.equal(other.status, 403, `${method} ${path} as other`);
    const nobody = await call(method, path, { ...opts, as: 'nobody' });
    assert.equal(nobody.status, 403, `${method} ${path} as nobody`);
  }
  // `other` holds agent:other and admin:other: that agent is theirs.
  const own = await call('PUT', '/agents/other/servers/memory', { as: 'other', body: serverConfig('memory', memory.url, { enabled: false }) });
  assert.equal(own.status, 201);
  const c = await connectAgent(w.url, 'other', { as: 'other' });
  assert.deepEqual((await c.listTools()).tools.map((t) => t.name), ['list_mcps', 'list_tools']);
  await c.close();
  assert.deepEqual((await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.servers.map((s) => s.name), ['memory'], 'nothing refused was stored');
});

test('a browser origin must be in ALLOWED_ORIGINS', async () => {
  const evil = await call('POST', `/agents/${AGENT}/mcp`, { as: 'user', body: INITIALIZE, headers: { ...MCP_HEADERS, origin: 'https://evil.example' } });
  assert.equal(evil.status, 403);
  assert.equal(evil.body.error.code, 'origin_not_allowed');
  const ok = await call('POST', `/agents/${AGENT}/mcp`, { as: 'user', body: INITIALIZE, headers: { ...MCP_HEADERS, origin: 'https://app.example' } });
  assert.equal(ok.status, 200);
  assert.ok(ok.headers.get('mcp-session-id'));
  await call('DELETE', `/agents/${AGENT}/mcp`, { as: 'user', headers: { 'mcp-session-id': ok.headers.get('mcp-session-id') } });
  const admin = await call('GET', `/agents/${AGENT}/servers`, { as: 'admin', headers: { origin: 'https://evil.example' } });
  assert.equal(admin.body.error.code, 'origin_not_allowed', 'the admin routes too');
});

test('with PROVIDER set, the exposed names are fitted to that provider and still route to the upstream\'s own', async () => {
  const fitted = await startWorker({ vars: { PROVIDER: 'openai' } });
  const long = `lookup_${'x'.repeat(70)}`;
  try {
    await memory.control({ add: long });
    const r = await client(fitted.url)('PUT', '/agents/fit/servers/memory', { as: 'admin', body: serverConfig('memory', memory.url) });
    assert.equal(r.status, 201);
    const agent = await connectAgent(fitted.url, 'fit');
    try {
      const names = (await agent.listTools()).tools.map((t) => t.name);
      const exposed = names.find((n) => n.startsWith('memory__lookup_'));
      assert.ok(exposed && exposed.length <= 64, `${exposed} is within OpenAI's 64 characters`);
      assert.match(exposed, /^[a-zA-Z0-9_-]+$/);
      assert.equal((await agent.callTool({ name: exposed, arguments: {} })).content[0].text, `${long} ran`);
    } finally {
      await agent.close();
    }
  } finally {
    await memory.control({ remove: long });
    await fitted.dispose();
  }
});

test('paths, methods and query parameters', async () => {
  const cases = [
    ['GET', '/agents/bad%20name!/mcps', 400, 'invalid_path'],
    ['GET', `/agents/${'a'.repeat(65)}/mcps`, 400, 'invalid_path'],
    ['GET', '/agents/%E0%A4%A/mcps', 400, 'invalid_path'],
    ['GET', '/agents', 404, 'not_found'],
    ['GET', `/agents/${AGENT}/nothing`, 404, 'not_found'],
    ['PATCH', `/agents/${AGENT}/servers/memory`, 405, 'method_not_allowed'],
    ['GET', `/agents/${AGENT}/tools?server=memory`, 400, 'invalid_query'],
    ['GET', `/agents/${AGENT}/tools?mcp=memory&mcp=notes`, 400, 'invalid_query'],
    ['GET', `/agents/${AGENT}/mcps?all=1`, 400, 'invalid_query'],
  ];
  for (const [method, path, status, code] of cases) {
    const r = await call(method, path, { as: 'admin' });
    assert.equal(r.status, status, `${method} ${path}`);
    assert.equal(r.body.error.code, code, `${method} ${path}`);
  }
  const r = await call('PATCH', `/agents/${AGENT}/servers/memory`, { as: 'admin' });
  assert.equal(r.headers.get('allow'), 'PUT, DELETE');
});

test('bodies: JSON of at most 64 KiB, of the right shape', async () => {
  const put = (opts) => call('PUT', `/agents/${AGENT}/servers/notes`, { as: 'admin', ...opts });
  assert.equal((await put({ raw: JSON.stringify(serverConfig('notes', memory.url)), headers: { 'content-type': 'text/plain' } })).body.error.code, 'unsupported_media_type');
  assert.equal((await put({ raw: '{"url":', headers: { 'content-type': 'application/json' } })).body.error.code, 'invalid_json');
  assert.equal((await put({ raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } })).body.error.code, 'invalid_json');
  const big = await put({ body: { ...serverConfig('notes', memory.url), description: 'x'.repeat(70_000) } });
  assert.equal(big.status, 413);
  assert.equal(big.body.error.code, 'body_too_large');
  assert.equal((await put({ body: [] })).body.error.code, 'invalid_server');
  const aliases = await call('PUT', `/agents/${AGENT}/aliases`, { as: 'admin', body: { memory_save: 'memory__save' } });
  assert.equal(aliases.status, 422);
  assert.equal(aliases.body.error.code, 'invalid_request');
  const discover = await call('POST', `/agents/${AGENT}/discover`, { as: 'admin', body: { servers: 'memory' } });
  assert.equal(discover.body.error.code, 'invalid_request');
  const unknown = await call('POST', `/agents/${AGENT}/discover`, { as: 'admin', body: { servers: ['nope'] } });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.code, 'server_not_found');
  assert.equal((await call('DELETE', `/agents/${AGENT}/servers/nope`, { as: 'admin' })).body.error.code, 'server_not_found');
  assert.deepEqual((await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.servers.map((s) => s.name), ['memory']);
});

test('an agent holds at most 64 servers', async () => {
  const agent = 'crowded';
  for (let i = 0; i < 64; i++) {
    const r = await call('PUT', `/agents/${agent}/servers/s${i}`, { as: 'admin', body: serverConfig(`s${i}`, memory.url, { enabled: false }) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  const over = await call('PUT', `/agents/${agent}/servers/s64`, { as: 'admin', body: serverConfig('s64', memory.url, { enabled: false }) });
  assert.equal(over.status, 422);
  assert.match(over.body.error.message, /at most 64 servers/);
  const replace = await call('PUT', `/agents/${agent}/servers/s3`, { as: 'admin', body: serverConfig('s3', memory.url, { enabled: false, description: 'replaced' }) });
  assert.equal(replace.status, 200);
  assert.equal(replace.body.created, false);
});

test('the MCP endpoint: an unknown session is 404, a request without one 400', async () => {
  const stale = await call('POST', `/agents/${AGENT}/mcp`, {
    as: 'user', body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers: { ...MCP_HEADERS, 'mcp-session-id': 'no-such-session' },
  });
  assert.equal(stale.status, 404);
  assert.equal(stale.body.error.code, -32001);
  const get = await call('GET', `/agents/${AGENT}/mcp`, { as: 'user', headers: { accept: 'text/event-stream' } });
  assert.equal(get.status, 400);
  const noSession = await call('POST', `/agents/${AGENT}/mcp`, { as: 'user', body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers: MCP_HEADERS });
  assert.equal(noSession.status, 400);
  const notJson = await call('POST', `/agents/${AGENT}/mcp`, { as: 'user', raw: '{', headers: { ...MCP_HEADERS, 'content-type': 'application/json' } });
  assert.equal(notJson.status, 400);
  assert.equal(notJson.body.error.code, -32700);
});

test('a misconfigured secret or var refuses every route (503), naming what is wrong', async () => {
  for (const [vars, code, pattern] of [
    [{ REGISTRY_TOKENS: '' }, 'auth_unconfigured', /is not set/],
    [{ REGISTRY_TOKENS: '{"short":{"caller_id":"a","scopes":[]}}' }, 'auth_unconfigured', /at least 16 characters/],
    [{ DISCOVERY_DEADLINE_MS: 'soon' }, 'settings_invalid', /DISCOVERY_DEADLINE_MS must be a positive integer/],
    [{ ALLOW_HTTP_UPSTREAMS: 'yes' }, 'settings_invalid', /ALLOW_HTTP_UPSTREAMS must be "true" or "false"/],
    [{ PROVIDER: 'acme' }, 'settings_invalid', /PROVIDER must be one of/],
  ]) {
    const bad = await startWorker({ vars });
    try {
      const r = await client(bad.url)('GET', '/agents/x/mcps', { token: CALLERS.admin.token });
      assert.equal(r.status, 503, JSON.stringify(vars));
      assert.equal(r.body.error.code, code);
      assert.match(r.body.error.message, pattern);
      assert.ok(!JSON.stringify(r.body).includes('tok-'), 'no token in the answer');
    } finally {
      await bad.dispose();
    }
  }
});
