// Bearer tokens and the OAuth 2.1 resource server (MCP authorization, 2026-07-28): a real local
// authorization server stand-in on 127.0.0.1 (its RFC 8414 metadata and a JWKS, keys made by
// jose) signs tokens valid, expired, for another audience, from another issuer, without the scope
// a tool needs, and signed by another key. Each is sent by the official SDK's client or as a raw
// request; the status, the WWW-Authenticate challenge and what the upstream saw are checked: a
// refused request never reaches it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { generateKeyPair, exportJWK, SignJWT } from 'jose';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { gateway, stdioUpstream, scratch, stopAll, callsIn } from './support/gateway.mjs';

const PUBLIC = 'https://gateway.test/mcp';
const STATIC = 'static-token-0123456789abcdef';
const ENV_TOKEN = 'env-token-0123456789abcdef-admin';
let as, issuer, key, otherKey, g, s, calls;
export const MATRIX = [];

before(async () => {
  key = await generateKeyPair('RS256');
  otherKey = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  as = createServer((req, res) => {
    const body = req.url === '/.well-known/oauth-authorization-server'
      ? { issuer, authorization_endpoint: `${issuer}authorize`, token_endpoint: `${issuer}token`, jwks_uri: `${issuer}jwks`, response_types_supported: ['code'] }
      : req.url === '/jwks' ? { keys: [jwk] } : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise((r) => as.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${as.address().port}/`;
  s = scratch();
  calls = s.path('calls.jsonl');
  g = await gateway(['--config', s.path('gateway.json'), '--http', '127.0.0.1:0', '--log', 'json'], {
    configFile: s.path('gateway.json'),
    env: { GW_ADMIN_TOKEN: ENV_TOKEN },
    config: {
      mcpServers: { local: stdioUpstream('local', calls) },
      http: { publicUrl: PUBLIC },
      auth: {
        tokens: [
          { name: 'ci', sha256: `sha256:${createHash('sha256').update(STATIC).digest('hex')}`, scopes: ['echo:use'] },
          { name: 'ops', env: 'GW_ADMIN_TOKEN', scopes: ['admin'] },
        ],
        oauth: { issuer },
        scopes: { 'echo:use': [{ server: 'local', tools: ['echo', 'add'] }], admin: ['*'] },
      },
    },
  });
});
after(async () => {
  await stopAll();
  as?.close();
  s?.done();
  if (MATRIX.length) console.log(`auth matrix:\n${MATRIX.map((r) => `  ${r.join(' | ')}`).join('\n')}`);
});

async function jwt({ aud = PUBLIC, iss = issuer, exp = '5m', scope = 'echo:use', signer = key.privateKey, kid = 'k1', sub = 'alice' } = {}) {
  let t = new SignJWT(scope == null ? {} : { scope }).setProtectedHeader({ alg: 'RS256', kid }).setSubject(sub).setIssuedAt();
  if (iss) t = t.setIssuer(iss);
  if (aud) t = t.setAudience(aud);
  if (exp) t = t.setExpirationTime(exp);
  return t.sign(signer);
}

const call = (token, name = 'local__echo', args = { text: 'hi' }) => fetch(g.url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...(token && { authorization: `Bearer ${token}` }) },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});

/** Sends a tools/call with `token`; returns what came back and how many calls the upstream saw. */
async function attempt(label, token, name, args) {
  const before = callsIn(calls).length;
  const res = await call(token, name, args);
  const text = await res.text();
  const seen = callsIn(calls).length - before;
  MATRIX.push([label, String(res.status), res.headers.get('www-authenticate') ?? '-', `upstream saw ${seen}`]);
  return { status: res.status, challenge: res.headers.get('www-authenticate'), text, seen };
}

const META = 'resource_metadata="https://gateway.test/.well-known/oauth-protected-resource/mcp"';

test('no token: 401 with the resource metadata URL and no error (RFC 6750 §3.1); the upstream sees nothing', async () => {
  const r = await attempt('no token', undefined);
  assert.equal(r.status, 401);
  assert.equal(r.challenge, `Bearer ${META}`);
  assert.equal(r.seen, 0);
});

test('the protected resource metadata (RFC 9728), at the root and at the endpoint path', async () => {
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    const res = await fetch(`${g.origin}${path}`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.resource, PUBLIC);
    assert.deepEqual(doc.authorization_servers, [issuer]);
    assert.deepEqual(doc.bearer_methods_supported, ['header']);
    assert.deepEqual(doc.scopes_supported, ['echo:use', 'admin']);
  }
});

test('a valid access token reaches the tools its scope grants: the SDK client lists only those and calls one', async () => {
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(g.url), { requestInit: { headers: { authorization: `Bearer ${await jwt()}` } } }));
  assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['local__add', 'local__echo']);
  const before = callsIn(calls).length;
  assert.equal((await client.callTool({ name: 'local__echo', arguments: { text: 'ok' } })).content[0].text, 'local: ok');
  assert.equal(callsIn(calls).length - before, 1);
  await client.close();
  const r = await attempt('valid JWT, scope echo:use, local__echo', await jwt());
  assert.equal(r.status, 200);
  assert.equal(r.seen, 1);
});

for (const [label, options, description] of [
  ['expired JWT', { exp: Math.floor(Date.now() / 1000) - 3600 }, /expired/],
  ['JWT for another audience', { aud: 'https://other.test/mcp' }, /audience/],
  ['JWT from another issuer', { iss: 'https://evil.test/' }, /issuer/],
  ['JWT signed by another key', { signer: null }, /signature/],
  ['JWT without exp', { exp: null }, /expiry|exp/],
]) {
  test(`${label}: 401 invalid_token, and the upstream sees nothing`, async () => {
    const token = await jwt({ ...options, ...(options.signer === null && { signer: otherKey.privateKey }) });
    const r = await attempt(label, token);
    assert.equal(r.status, 401);
    assert.match(r.challenge, /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
    assert.match(r.challenge, description);
    assert.equal(r.seen, 0);
  });
}

test('a valid token missing the scope a tool needs: 403 insufficient_scope naming the scope; the upstream sees nothing', async () => {
  const r = await attempt('valid JWT, scope echo:use, local__delete_all', await jwt(), 'local__delete_all', {});
  assert.equal(r.status, 403);
  assert.equal(r.challenge, `Bearer error="insufficient_scope", error_description="the token's scopes do not reach tool 'delete_all' of server 'local'", scope="admin", ${META}`);
  assert.equal(JSON.parse(r.text).error.data.code, 'insufficient_scope');
  assert.equal(r.seen, 0);
  const none = await attempt('valid JWT, no scope, local__echo', await jwt({ scope: null }));
  assert.equal(none.status, 403);
  assert.match(none.challenge, /scope="echo:use"/);
  assert.equal(none.seen, 0);
  // The SDK client sees the refusal as an error.
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(g.url), { requestInit: { headers: { authorization: `Bearer ${await jwt()}` } } }));
  await assert.rejects(client.callTool({ name: 'local__delete_all', arguments: {} }), /403|insufficient_scope|Forbidden/);
  await client.close();
});

test('the SDK v2 client: refused without a token (401), served with one, a call outside its scopes refused (403)', async () => {
  const bare = new ClientV2({ name: 'v2', version: '1' });
  await assert.rejects(bare.connect(new TransportV2(new URL(g.url))), (e) => /401|Unauthorized/i.test(`${e.constructor.name} ${e.message}`));
  const client = new ClientV2({ name: 'v2', version: '1' });
  await client.connect(new TransportV2(new URL(g.url), { requestInit: { headers: { authorization: `Bearer ${await jwt()}` } } }));
  assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['local__add', 'local__echo']);
  assert.equal((await client.callTool({ name: 'local__add', arguments: { a: 1, b: 2 } })).structuredContent.sum, 3);
  const before = callsIn(calls).length;
  // The v2 client reads the 403's challenge itself (its step-up authorization): the scope we named.
  await assert.rejects(client.callTool({ name: 'local__delete_all', arguments: {} }), (e) => e.constructor.name === 'InsufficientScopeError' && /required "admin"/.test(e.message));
  assert.equal(callsIn(calls).length, before);
  await client.close();
});

test('static bearer tokens: stored hashed, or read from the environment; a wrong one is 401 invalid_token', async () => {
  const ok = await attempt('static token (sha256 in config), local__echo', STATIC);
  assert.equal(ok.status, 200);
  assert.equal(ok.seen, 1);
  const refused = await attempt('static token (sha256 in config), local__delete_all', STATIC, 'local__delete_all', {});
  assert.equal(refused.status, 403);
  assert.equal(refused.seen, 0);
  const admin = await attempt('token from $GW_ADMIN_TOKEN, scope admin, local__delete_all', ENV_TOKEN, 'local__delete_all', {});
  assert.equal(admin.status, 200);
  assert.equal(admin.seen, 1);
  const wrong = await attempt('unknown opaque token', 'not-a-token-0123456789');
  assert.equal(wrong.status, 401);
  assert.match(wrong.challenge, /error="invalid_token"/);
  assert.equal(wrong.seen, 0);
  const malformed = await fetch(g.url, { method: 'POST', headers: { authorization: 'Basic abc', 'content-type': 'application/json' }, body: '{}' });
  assert.equal(malformed.status, 401);
  assert.match(malformed.headers.get('www-authenticate'), /error="invalid_request"/);
});

test('every refusal is logged (JSON lines) with its status and reason, never the token', async () => {
  const refusals = g.json().filter((l) => l.msg === 'refused');
  assert.ok(refusals.some((l) => l.status === 401 && l.reason === 'invalid_token'));
  assert.ok(refusals.some((l) => l.status === 403 && l.reason === 'insufficient_scope' && l.subject === 'alice'));
  assert.ok(!g.stderr().includes(STATIC) && !g.stderr().includes(ENV_TOKEN));
});
