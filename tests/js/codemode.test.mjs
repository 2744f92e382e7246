// Code mode and registry names through the package (mcp-naming/codemode, its own .wasm), from the
// same data file as the Rust tests (tests/codemode.rs): the views' cases, the MCP Registry's own
// validator and marker tests, prefixes. Then the Router: registry names as server names, its
// codeMode over the objects it keeps and mapCodeModeCall back to the upstream call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, NamingError } from 'mcp-naming';
import * as cm from 'mcp-naming/codemode';
import { load } from './data.mjs';

const data = load('cases/tools-as-code.json');

function expectError(fn, code) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof NamingError, String(e));
    assert.equal(e.code, code);
    return true;
  });
  return (() => { try { fn(); } catch (e) { return e; } })();
}

test('views: every case of the data file', () => {
  assert.ok(data.views.length >= 14);
  for (const c of data.views) {
    const servers = c.servers.map((s) => ({ server: s.server, tools: s.tools.map((t) => (typeof t === 'string' ? { name: t } : t)) }));
    const options = { language: c.language, layout: c.layout, view: c.view };
    if (c.error) {
      expectError(() => cm.codeMode(servers, options), c.error);
      continue;
    }
    const got = cm.codeMode(servers, options);
    if (c.namespaces) assert.deepEqual(got.namespaces.map((n) => n.name), c.namespaces, c.title);
    if (c.names) assert.deepEqual(got.namespaces.map((n) => n.tools.map((t) => t.name)), c.names, c.title);
    if (c.paths) assert.deepEqual(got.namespaces.map((n) => n.tools.map((t) => t.path)), c.paths, c.title);
    if (c.codes) assert.deepEqual(got.namespaces.map((n) => n.tools.map((t) => t.diagnostics.map((d) => d.code))), c.codes, c.title);
    if (c.topCodes) assert.deepEqual(got.diagnostics.map((d) => d.code), c.topCodes, c.title);
    for (const text of c.contains ?? []) assert.ok(got.declarations.includes(text), `${c.title}: ${text}`);
    assert.equal('files' in got, (c.layout ?? 'object') === 'files', c.title);
  }
});

test('registry names: the registry\'s own cases, spans in UTF-16 units', () => {
  for (const c of data.serverNames) {
    const r = cm.validateServerName(c.name);
    assert.equal(r.valid, c.valid, c.name);
    assert.deepEqual(r.errors.map((e) => e.code), c.errors ?? [], c.name);
    if (c.suggestion) assert.equal(r.suggestion, c.suggestion, c.name);
  }
  const r = cm.validateServerName('😀x.y/ok');
  assert.deepEqual([r.errors[0].code, r.errors[0].start, r.errors[0].end], ['non_ascii_character', 0, 2]);
  assert.deepEqual(cm.validateServerName('io.github.acme/weather').parts, { namespace: 'io.github.acme', name: 'weather' });
  for (const c of data.markers) {
    const m = cm.checkMcpNameMarker(c.readme, c.name);
    assert.equal(m.valid, c.valid, c.readme);
    assert.deepEqual(m.errors.map((e) => e.code), c.errors ?? [], c.readme);
  }
  for (const c of data.prefixes) assert.deepEqual(cm.registryPrefixes(c.names), c.prefixes);
  expectError(() => cm.validateServerName(5), 'invalid_argument');
  expectError(() => cm.registryPrefixes(['a', 1]), 'invalid_argument');
});

test('the way back, and malformed input as NamingError', () => {
  const servers = [{ server: 'github', tools: { tools: [{ name: 'get_user' }, { name: 'get-user' }] } }];
  const out = cm.codeMode(servers);
  assert.deepEqual(cm.resolveCodeMode(servers, 'github', out.namespaces[0].tools[1].name), { server: 'github', tool: 'get-user' });
  const e = expectError(() => cm.resolveCodeMode(servers, 'github', 'getUsr'), 'unknown_tool');
  assert.deepEqual(e.suggestions, ['getUser']);
  assert.deepEqual(expectError(() => cm.resolveCodeMode(servers, 'githb', 'getUser'), 'unknown_server').suggestions, ['github']);
  expectError(() => cm.codeMode('x'), 'invalid_argument');
  expectError(() => cm.codeMode([{ server: 'a', tools: [{ nam: 'x' }] }]), 'invalid_argument');
  const unknown = expectError(() => cm.codeMode([], { languag: 'python' }), 'invalid_argument');
  assert.deepEqual(unknown.diagnostics.map((d) => [d.code, d.path, d.suggestion]), [['unknown_field', 'options.languag', 'language']]);
  const deep = {};
  let at = deep;
  for (let i = 0; i < 100; i++) at = at.p = {};
  expectError(() => cm.codeMode([{ server: 'a', tools: [{ name: 'x', inputSchema: deep }] }]), 'too_deep');
});

test('Router: registry names as server names, code mode over its catalog, calls mapped back', () => {
  const r = new Router({ style: 'claude', servers: [{ name: 'io.github.acme/weather' }, { name: 'io.github.other/weather' }] });
  const schema = { type: 'object', properties: { city: { type: 'string', description: 'The city */ here' } }, required: ['city'] };
  const exposed = r.exposeTools('io.github.acme/weather', { tools: [{ name: 'get_forecast', description: 'The forecast.', inputSchema: schema }] });
  assert.deepEqual(exposed.exposed.map((t) => t.name), ['acme-weather__get_forecast']);
  r.exposeTools('io.github.other/weather', [{ name: 'get-forecast' }]);
  assert.equal(r.route('other-weather__get-forecast').server, 'io.github.other/weather');
  const code = r.codeMode();
  assert.deepEqual(code.namespaces.map((n) => [n.server, n.name]), [['io.github.acme/weather', 'acmeWeather'], ['io.github.other/weather', 'otherWeather']]);
  assert.ok(code.declarations.includes('/** The city *\\/ here */'), code.declarations);
  assert.ok(code.declarations.includes('city: string;'));
  const call = r.mapCodeModeCall('acmeWeather', 'getForecast', { city: 'Oslo' });
  assert.deepEqual(call, { server: 'io.github.acme/weather', params: { name: 'get_forecast', arguments: { city: 'Oslo' } }, header: call.header });
  const other = code.namespaces[1].tools[0].name;
  assert.match(other, /^getForecast_[0-9a-f]{12}$/);
  assert.deepEqual(r.mapCodeModeCall('otherWeather', other).params, { name: 'get-forecast' });
  const e = expectError(() => r.mapCodeModeCall('acmeWeather', 'getForecst', {}), 'unknown_tool');
  assert.deepEqual(e.suggestions, ['getForecast']);
  // The same answer as codeMode over the router's catalog as a plain list.
  const py = r.codeMode({ language: 'python' });
  assert.deepEqual([py.namespaces[0].name, py.namespaces[0].tools[0].name], ['acme_weather', 'get_forecast']);
  assert.deepEqual(r.mapCodeModeCall('acme_weather', 'get_forecast', {}, { language: 'python' }).server, 'io.github.acme/weather');
  // Exposed again: the calls follow the new list (the glue's index is keyed by the catalog).
  r.exposeTools('io.github.acme/weather', [{ name: 'get_alerts' }]);
  assert.deepEqual(r.mapCodeModeCall('acmeWeather', 'getAlerts').params, { name: 'get_alerts' });
  expectError(() => r.mapCodeModeCall('acmeWeather', 'getForecast'), 'unknown_tool');
  assert.deepEqual(expectError(() => r.mapCodeModeCall('acmeWeather', 'getAlert'), 'unknown_tool').suggestions, ['getAlerts']);
  // Two tools a peer view merges: the first listed is the one called, as the core resolves it.
  const peer = new Router({ style: 'fastmcp', servers: [{ name: 'shop' }] });
  peer.exposeTools('shop', [{ name: 'get.user' }, { name: 'get_user' }]);
  const merged = peer.codeMode({ view: 'cloudflare-codemode' });
  assert.deepEqual(merged.namespaces[0].tools.map((t) => t.name), ['get_user', 'get_user']);
  assert.deepEqual(peer.mapCodeModeCall(merged.namespaces[0].name, 'get_user', {}, { view: 'cloudflare-codemode' }).params.name, 'get.user');
});

test("the README's registry-name example gives what it says", async () => {
  const { readFileSync } = await import('node:fs');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = readme.split('```js\n').map((b) => b.split('```')[0]).find((b) => b.includes('registryPrefixes(['));
  assert.ok(block, 'the README has the registry-name example');
  assert.match(block, /validateServerName\('io\.github\.acme\/weather'\)\.valid; +\/\/ true/);
  assert.equal(cm.validateServerName('io.github.acme/weather').valid, true);
  assert.match(block, /\/\/ \[\{ code: 'extra_separator', start: 22, end: 23, … \}\]/);
  assert.deepEqual(cm.validateServerName('io.github.acme/weather/extra').errors.map((e) => [e.code, e.start, e.end]), [['extra_separator', 22, 23]]);
  assert.match(block, /\/\/ \['acme-weather', 'other-weather', 'notes'\]/);
  assert.deepEqual(cm.registryPrefixes(['io.github.acme/weather', 'io.github.other/weather', 'com.example/notes']), ['acme-weather', 'other-weather', 'notes']);
  // The code-mode example's answers, with get_user's tools/list object.
  const servers = [{ server: 'github', tools: [{ name: 'get_user', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } }] }];
  const code = cm.codeMode(servers, { language: 'typescript' });
  assert.deepEqual(code.namespaces, [{ server: 'github', name: 'github', tools: [{ tool: 'get_user', name: 'getUser', diagnostics: [] }] }]);
  assert.match(code.declarations, /declare namespace github \{\n {2}type GetUserInput = \{\n {4}id: string;\n {2}\};/);
  assert.deepEqual(cm.resolveCodeMode(servers, 'github', 'getUser'), { server: 'github', tool: 'get_user' });
  const r = new Router({ style: 'agent', servers: [{ name: 'github' }] });
  r.exposeTools('github', servers[0].tools);
  const mapped = r.mapCodeModeCall('github', 'getUser', { id: '42' });
  assert.deepEqual([mapped.server, mapped.params], ['github', { name: 'get_user', arguments: { id: '42' } }]);
});
