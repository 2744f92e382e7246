// Name checks as a service in workerd: validate, fit, and route through a stored Router config;
// the answers are the package's own, computed in Node here for comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, fitToolName, fitToolNames, validateToolName } from 'mcp-naming';
import { useWorker } from './helpers.mjs';

const w = useWorker();
const call = (...args) => w.call(...args);

const ROUTER = {
  config: { style: 'claude', gateway: 'gw', servers: [{ name: 'memory' }, { name: 'files', upstream: 'hyphens' }], aliases: { memory__store: 'memory__save' } },
  tools: { memory: ['save', 'load'], files: ['read-file', 'write-file'] },
};

test('validate: one name or many, the package\'s reports', async () => {
  const one = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'chora', name: 'MyProject:CreateTask' } });
  assert.equal(one.status, 200);
  assert.deepEqual(one.body, { report: validateToolName('MyProject:CreateTask', 'chora') });
  assert.equal(one.body.report.suggestion, 'myproject:create_task');

  const names = ['fs.write', 'fs..write', 'FS.write', 'a'.repeat(200)];
  const many = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'registry', names } });
  assert.deepEqual(many.body, { reports: names.map((n) => validateToolName(n, 'registry')) });
  assert.deepEqual(many.body.reports.map((r) => r.valid), [true, false, false, false]);

  const options = { servers: ['memory'] };
  const withOptions = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'agent', name: 'memory__save', options } });
  assert.deepEqual(withOptions.body.report, validateToolName('memory__save', 'agent', options));
});

test('validate: bad envelopes are 422 with diagnostics; bad options are the package\'s NamingError', async () => {
  for (const [body, path, code] of [
    [{ convention: 'nope', name: 'x' }, 'convention', 'invalid_value'],
    [{ name: 'x' }, 'convention', 'missing_field'],
    [{ convention: 'mcp' }, 'name', 'missing_field'],
    [{ convention: 'mcp', name: 'x', names: ['y'] }, 'names', 'unknown_field'],
    [{ convention: 'mcp', name: 5 }, 'name', 'wrong_type'],
    [{ convention: 'mcp', names: ['a', 5] }, 'names', 'wrong_type'],
    [{ convention: 'mcp', names: Array(1001).fill('a') }, 'names', 'invalid_value'],
    [{ convention: 'mcp', name: 'x', options: [] }, 'options', 'wrong_type'],
    [{ convention: 'mcp', name: 'x', strict: true }, 'strict', 'unknown_field'],
  ]) {
    const r = await call('POST', '/v1/names/validate', { as: 'reader', body });
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_request');
    assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), [[path, code]], JSON.stringify(r.body));
  }
  const badOption = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'agent', name: 'a__b', options: { servers: 'memory' } } });
  assert.equal(badOption.status, 422);
  assert.equal(badOption.body.error.code, 'naming_error');
  assert.equal(badOption.body.error.naming_code, 'invalid_argument');
});

test('fit: one name (with taken names) or many, as the package fits them', async () => {
  const long = `server__${'tool_'.repeat(20)}`;
  const one = await call('POST', '/v1/names/fit', { as: 'reader', body: { provider: 'openai', name: long, taken: ['x'] } });
  assert.equal(one.status, 200);
  assert.deepEqual(one.body, { provider: 'openai', name: long, fitted: fitToolName(long, 'openai', { taken: ['x'] }) });
  assert.ok(one.body.fitted.length <= 64);
  const names = ['admin.tools.list', 'get user', long];
  const many = await call('POST', '/v1/names/fit', { as: 'reader', body: { provider: 'anthropic', names } });
  assert.deepEqual(many.body, { provider: 'anthropic', fitted: fitToolNames(names, 'anthropic') });
  for (const [body, path] of [
    [{ provider: 'cohere', name: 'x' }, 'provider'],
    [{ provider: 'openai', names: ['a'], taken: ['b'] }, 'taken'],
    [{ provider: 'openai', name: 'a', taken: 'b' }, 'taken'],
  ]) {
    const r = await call('POST', '/v1/names/fit', { as: 'reader', body });
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.deepEqual(r.body.error.diagnostics.map((d) => d.path), [path]);
  }
});

test('routers: stored by admins only when the package builds them, versioned per key', async () => {
  const denied = await call('PUT', '/v1/names/routers/main', { as: 'reader', body: ROUTER });
  assert.equal(denied.status, 403);
  assert.equal(denied.body.error.code, 'missing_scope');

  const first = await call('PUT', '/v1/names/routers/main', { as: 'admin', body: ROUTER });
  assert.equal(first.status, 201);
  assert.deepEqual(first.body, { key: 'main', version: 1, created: true });
  assert.equal((await call('PUT', '/v1/names/routers/main', { as: 'admin', body: ROUTER })).status, 200);

  const before = (await w.db.prepare('SELECT COUNT(*) AS n FROM documents').first()).n;
  for (const [body, naming] of [
    [{ config: { style: 'nope', servers: [] } }, 'invalid_config'],
    [{ config: ROUTER.config, tools: { memory: ['save', 'save'] } }, 'name_collision'],
    [{ config: ROUTER.config, tools: { unknown: ['x'] } }, 'unknown_server'],
  ]) {
    const r = await call('PUT', '/v1/names/routers/broken', { as: 'admin', body });
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_router');
    assert.equal(r.body.error.naming_code, naming, JSON.stringify(r.body));
  }
  for (const body of [{ config: [] }, { config: {}, tools: { memory: 'save' } }, { tools: {} }, { config: {}, extra: 1 }]) {
    const r = await call('PUT', '/v1/names/routers/broken', { as: 'admin', body });
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_router');
    assert.ok(r.body.error.diagnostics.length > 0);
  }
  assert.equal((await w.db.prepare('SELECT COUNT(*) AS n FROM documents').first()).n, before);
  const badKey = await call('PUT', '/v1/names/routers/Main%20Router', { as: 'admin', body: ROUTER });
  assert.equal(badKey.status, 400);
  assert.equal(badKey.body.error.code, 'invalid_path');
});

test('route: the stored router\'s answer, its errors with suggestions, and a new version routes anew', async () => {
  await call('PUT', '/v1/names/routers/main', { as: 'admin', body: ROUTER });
  const local = new Router(ROUTER.config);
  for (const [server, tools] of Object.entries(ROUTER.tools)) local.expose(server, tools);

  for (const name of ['memory__save', 'files__read_file', 'memory__store']) {
    const r = await call('POST', '/v1/names/route', { as: 'reader', body: { router: 'main', name } });
    assert.equal(r.status, 200, name);
    assert.deepEqual(r.body, { router: 'main', version: 1, name, route: local.route(name) });
  }
  const unknown = await call('POST', '/v1/names/route', { as: 'reader', body: { router: 'main', name: 'memory__sav' } });
  assert.equal(unknown.status, 422);
  assert.equal(unknown.body.error.code, 'naming_error');
  assert.equal(unknown.body.error.naming_code, 'unknown_tool');
  assert.deepEqual(unknown.body.error.suggestions, ['memory__save']);

  const next = { ...ROUTER, tools: { ...ROUTER.tools, memory: ['save', 'load', 'forget'] } };
  assert.equal((await call('PUT', '/v1/names/routers/main', { as: 'admin', body: next })).body.version, 2);
  const forget = await call('POST', '/v1/names/route', { as: 'reader', body: { router: 'main', name: 'memory__forget' } });
  assert.equal(forget.status, 200);
  assert.equal(forget.body.version, 2);
  assert.deepEqual(forget.body.route, { server: 'memory', tool: 'forget', builtin: false });

  for (const [body, status, code] of [
    [{ router: 'other', name: 'x' }, 404, 'router_not_found'],
    [{ router: 'NOT A KEY', name: 'x' }, 404, 'router_not_found'],
    [{ router: 'main' }, 422, 'invalid_request'],
    [{ router: 1, name: 'x' }, 422, 'invalid_request'],
    [{ router: 'main', name: ['x'] }, 422, 'invalid_request'],
  ]) {
    const r = await call('POST', '/v1/names/route', { as: 'reader', body });
    assert.equal(r.status, status, JSON.stringify(body));
    assert.equal(r.body.error.code, code);
  }
});
