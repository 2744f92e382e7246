// Authentication and bad input on every route, in workerd: each refusal a 4xx JSON error with
// its code, never a 500, and nothing stored by a refused request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useWorker, startWorker, client, sendRaw, writeRequest, CALLERS, EXAMPLE, PROFILE, WRITE_TOOL } from './helpers.mjs';

const w = useWorker({
  seeded: true,
  setup: async (call) => {
    await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: writeRequest('writer', { request_id: 'seeded-1' }) });
    await call('PUT', '/v1/names/routers/main', { as: 'admin', body: { config: { style: 'claude', servers: [{ name: 'm' }] }, tools: { m: ['t'] } } });
  },
});
const call = (...args) => w.call(...args);

/** Every route: method, a concrete path, the caller allowed to use it, and a valid body. */
const ROUTES = [
  ['GET', '/v1/mcp/languages', 'reader'],
  ['PUT', '/v1/mcp/languages/python', 'admin', PROFILE],
  ['GET', '/v1/mcp/tools?language=python', 'reader'],
  ['PUT', '/v1/mcp/tools/fs.write', 'admin', WRITE_TOOL],
  ['POST', '/v1/mcp/tools/execute', 'writer', writeRequest('writer')],
  ['GET', '/v1/mcp/tools/result/seeded-1', 'writer'],
  ['POST', '/v1/mcp/tools/result/seeded-1', 'executor', { status: 'failed', error: { code: 'x', message: 'y' } }],
  ['POST', '/v1/names/validate', 'reader', { convention: 'mcp', name: 'get_user' }],
  ['POST', '/v1/names/fit', 'reader', { provider: 'openai', name: 'a.b' }],
  ['POST', '/v1/names/route', 'reader', { router: 'main', name: 'm__t' }],
  ['PUT', '/v1/names/routers/main', 'admin', { config: { style: 'claude', servers: [{ name: 'm' }] }, tools: { m: ['t'] } }],
];

test('the route list here is the Worker\'s route table', () => {
  const source = readFileSync(join(EXAMPLE, 'src/index.js'), 'utf8');
  const table = [...source.matchAll(/\['(GET|PUT|POST)', '([^']+)'/g)].map((m) => `${m[1]} ${m[2]}`);
  const pattern = (path) => path.split('?')[0]
    .replace(/\/(python|fs\.write|seeded-1|main)$/, (_, id) => (id === 'main' ? '/{key}' : '/{id}'));
  assert.deepEqual(ROUTES.map(([m, p]) => `${m} ${pattern(p)}`).sort(), table.sort());
});

/** What the two stores hold: a refused request must change neither. */
async function snapshot() {
  const docs = await w.db.prepare('SELECT kind, id, version, digest FROM documents ORDER BY 1, 2, 3').all();
  const runs = await w.db.prepare('SELECT request_id, status FROM executions ORDER BY 1').all();
  const keys = (await w.kv.list()).keys.map((k) => k.name);
  return JSON.stringify([docs.results, runs.results, keys]);
}

function assertError(r, status, code, what) {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  assert.equal(r.headers.get('content-type'), 'application/json', what);
  assert.equal(r.body.error.code, code, what);
  assert.equal(typeof r.body.error.message, 'string', what);
}

test('every route: no token, an unknown token, a malformed header are 401 with a challenge', async () => {
  const before = await snapshot();
  for (const [method, path, , body] of ROUTES) {
    for (const [headers, code] of [
      [{}, 'missing_token'],
      [{ authorization: 'Bearer tok-unknown-0123456789abcdef' }, 'invalid_token'],
      [{ authorization: `Basic ${CALLERS.admin.token}` }, 'invalid_token'],
      [{ authorization: 'Bearer' }, 'invalid_token'],
      [{ authorization: `Bearer ${CALLERS.admin.token} extra` }, 'invalid_token'],
    ]) {
      const r = await call(method, path, { body, headers });
      assertError(r, 401, code, `${method} ${path} ${JSON.stringify(headers)}`);
      assert.equal(r.headers.get('www-authenticate'), 'Bearer realm="mcp-registry"');
    }
  }
  assert.equal(await snapshot(), before);
});

test('every route answers its own caller (the route list is live)', async () => {
  for (const [method, path, as, body] of ROUTES) {
    const r = await call(method, path, { as, body });
    assert.ok(r.status >= 200 && r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
});

test('unknown routes are 404 not_found; a known route with another method is 405 with Allow', async () => {
  for (const path of ['/', '/v1', '/v1/mcp/language', '/v1/mcp/tools/fs.write/extra', '/v1/mcp/tools/result/', '/v2/mcp/languages']) {
    assertError(await call('GET', path, { as: 'reader' }), 404, 'not_found', path);
  }
  for (const [method, path, allow] of [
    ['POST', '/v1/mcp/languages', 'GET'],
    ['DELETE', '/v1/mcp/languages/python', 'PUT'],
    // A tool may be named "execute": the path is both PUT /v1/mcp/tools/{id} and the execute route.
    ['GET', '/v1/mcp/tools/execute', 'PUT, POST'],
    ['PUT', '/v1/mcp/tools/result/seeded-1', 'GET, POST'],
    ['GET', '/v1/names/validate', 'POST'],
    ['PATCH', '/v1/names/routers/main', 'PUT'],
    ['OPTIONS', '/v1/mcp/tools', 'GET'],
  ]) {
    const r = await call(method, path, { as: 'admin' });
    assertError(r, 405, 'method_not_allowed', `${method} ${path}`);
    assert.equal(r.headers.get('allow'), allow);
  }
  // /v1/mcp/tools/execute is both a tool id path (PUT) and the execute route (POST).
  assert.equal((await call('GET', '/v1/mcp/tools/fs.write', { as: 'admin' })).headers.get('allow'), 'PUT');
});

const BIG = 'x'.repeat(64 * 1024);

/** Bad bodies, each with the status and code it must get, for every route that takes a body. */
function badBodies(body) {
  const text = JSON.stringify(body);
  return [
    ['text/plain', { raw: text, headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
    ['no content type', { raw: text, headers: {} }, 415, 'unsupported_media_type'],
    ['form', { raw: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
    ['broken JSON', { raw: text.slice(0, -1), headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
    ['empty body', { raw: '', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
    ['not UTF-8', { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
    ['over the limit', { chunks: [Buffer.from(JSON.stringify({ ...body, pad: BIG }))], length: true }, 413, 'body_too_large'],
    // Chunks of 4 KiB without a Content-Length: the Worker counts as it reads.
    ['over the limit, no length', {
      chunks: Array.from({ length: 20 }, (_, i) => Buffer.from(i === 0 ? '{"pad":"' : 'x'.repeat(4096))), length: false,
    }, 413, 'body_too_large'],
  ];
}

test('every route with a body: wrong content type 415, bad JSON 400, over 64 KiB 413; nothing stored', async () => {
  const before = await snapshot();
  for (const [method, path, as, body] of ROUTES.filter((r) => r[3])) {
    for (const [what, opts, status, code] of badBodies(body)) {
      const r = await (opts.chunks
        ? sendRaw(w.url, method, path, { ...opts, headers: { 'content-type': 'application/json', authorization: `Bearer ${CALLERS[as].token}` } })
        : call(method, path, { as, ...opts }));
      assertError(r, status, code, `${method} ${path} ${what}`);
    }
  }
  assert.equal(await snapshot(), before);
});

test('every route with a body: an unknown field, an array, null are 422 with diagnostics; nothing stored', async () => {
  const before = await snapshot();
  const codes = {
    '/v1/mcp/languages/python': 'invalid_profile',
    '/v1/mcp/tools/fs.write': 'invalid_descriptor',
    '/v1/mcp/tools/result/seeded-1': 'invalid_result',
    '/v1/names/routers/main': 'invalid_router',
  };
  for (const [method, path, as, body] of ROUTES.filter((r) => r[3])) {
    const code = codes[path] ?? 'invalid_request';
    const unknown = await call(method, path, { as, body: { ...body, surprise: true } });
    assertError(unknown, 422, code, `${path} unknown field`);
    assert.deepEqual(unknown.body.error.diagnostics.map((d) => [d.path, d.code]), [['surprise', 'unknown_field']], path);
    for (const wrong of [[body], null, 'text', 7]) {
      const r = await call(method, path, { as, body: wrong });
      assertError(r, 422, code, `${path} ${JSON.stringify(wrong)}`);
      assert.ok(r.body.error.diagnostics.length >= 1);
    }
  }
  assert.equal(await snapshot(), before);
});

test('hostile ids and paths are refused with a code, never a 500', async () => {
  const before = await snapshot();
  for (const [method, path, body, as] of [
    ['PUT', '/v1/mcp/tools/%ZZ', WRITE_TOOL, 'admin'],
    ['PUT', '/v1/mcp/languages/%00', PROFILE, 'admin'],
    ['PUT', `/v1/mcp/tools/${'a.'.repeat(300)}b`, WRITE_TOOL, 'admin'],
    ['PUT', '/v1/mcp/languages/..%2F..%2Fetc', PROFILE, 'admin'],
    ['PUT', `/v1/mcp/languages/${'p'.repeat(1000)}`, { ...PROFILE, id: 'p'.repeat(1000) }, 'admin'],
    ['GET', '/v1/mcp/tools/result/%F0%9F%92%A5', undefined, 'admin'],
    ['POST', '/v1/mcp/tools/execute', { ...writeRequest('writer'), input: { path: 'src/../../x', contents: '' } }, 'writer'],
    ['POST', '/v1/mcp/tools/execute', { ...writeRequest('writer'), input: { path: 'a\u0000b', contents: '' } }, 'writer'],
    ['POST', '/v1/mcp/tools/execute', { ...writeRequest('writer'), input: { path: 'a/'.repeat(3000), contents: '' } }, 'writer'],
    ['POST', '/v1/mcp/tools/execute', JSON.parse(`{"tool_id":"fs.write","__proto__":{"x":1}}`), 'writer'],
  ]) {
    const r = await call(method, path, { as, body });
    assert.ok(r.status >= 400 && r.status < 500, `${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    assert.equal(typeof r.body.error.code, 'string');
  }
  // A hostile name is no bad request: its report says what is wrong with it.
  const huge = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'mcp', name: '\u{1F4A5}'.repeat(5000) } });
  assert.equal(huge.status, 200);
  assert.deepEqual(huge.body.report.errors.map((d) => d.code), ['too_long']);
  // A deeply nested input: the package's depth limit, as a diagnostic.
  let deep = {};
  for (let i = 0; i < 200; i++) deep = { a: deep };
  const r = await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: { ...writeRequest('writer'), input: deep } });
  assertError(r, 422, 'invalid_request', 'deep input');
  assert.equal(r.body.error.diagnostics[0].code, 'too_deep');
  assert.equal(await snapshot(), before);
});

test('a REGISTRY_TOKENS secret that is missing or malformed refuses every request with 503 auth_unconfigured', async () => {
  for (const tokens of [undefined, '', 'not json', '[]', '{"short":{"caller_id":"a","scopes":[]}}',
    JSON.stringify({ 'tok-0123456789abcdef': { caller_id: 'a' } }),
    JSON.stringify({ 'tok-0123456789abcdef': { caller_id: 'a', scopes: ['x'], admin: true } })]) {
    const other = await startWorker({ bindings: tokens === undefined ? {} : { REGISTRY_TOKENS: tokens } });
    try {
      const r = await client(other.url)('GET', '/v1/mcp/languages', { as: 'admin' });
      assertError(r, 503, 'auth_unconfigured', String(tokens));
      assert.ok(!r.body.error.message.includes('0123456789abcdef'), 'the message names no token');
    } finally {
      await other.mf.dispose();
    }
  }
});

test('a database without the migrations answers 503 storage_unavailable naming the fix', async () => {
  const bare = await startWorker({ migrate: false });
  try {
    const r = await client(bare.url)('GET', '/v1/mcp/languages', { as: 'reader' });
    assertError(r, 503, 'storage_unavailable', 'no tables');
    assert.match(r.body.error.message, /wrangler d1 migrations apply/);
  } finally {
    await bare.mf.dispose();
  }
});
