// Languages and tools in workerd (Miniflare, local KV and D1): listed by any caller, stored by
// admins only when valid, versioned, and never half-stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useWorker, PROFILE, WRITE_TOOL, REFACTOR_TOOL } from './helpers.mjs';

const w = useWorker();
const call = (...args) => w.call(...args);

async function stored() {
  const docs = await w.db.prepare('SELECT kind, id, version FROM documents ORDER BY kind, id, version').all();
  const keys = (await w.kv.list()).keys.map((k) => k.name);
  return { rows: docs.results, keys };
}

test('an empty registry lists no languages and no tools', async () => {
  assert.deepEqual((await call('GET', '/v1/mcp/languages', { as: 'reader' })).body, { languages: [], versions: {} });
  assert.deepEqual((await call('GET', '/v1/mcp/tools', { as: 'reader' })).body, { language: null, tools: [], versions: {} });
});

test('a descriptor for a language the registry lacks is refused, and nothing is stored', async () => {
  const r = await call('PUT', '/v1/mcp/tools/edit.ast.rename', { as: 'admin', body: REFACTOR_TOOL });
  assert.equal(r.status, 422);
  assert.equal(r.body.error.code, 'invalid_descriptor');
  assert.deepEqual(r.body.error.diagnostics.map((d) => [d.code, d.path]), [['unknown_language', 'language']]);
  assert.deepEqual(await stored(), { rows: [], keys: [] });
});

test('a valid profile is stored as version 1; the same body again makes no new version', async () => {
  const first = await call('PUT', '/v1/mcp/languages/python', { as: 'admin', body: PROFILE });
  assert.equal(first.status, 201);
  assert.deepEqual(first.body, { id: 'python', version: 1, created: true });
  // Keys in another order are the same document.
  const reordered = Object.fromEntries(Object.entries(PROFILE).reverse());
  const again = await call('PUT', '/v1/mcp/languages/python', { as: 'admin', body: reordered });
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, { id: 'python', version: 1, created: false });
  const list = await call('GET', '/v1/mcp/languages', { as: 'reader' });
  assert.deepEqual(list.body, { languages: [PROFILE], versions: { python: 1 } });
});

test('descriptors are stored, versioned per tool, and listed by language', async () => {
  assert.equal((await call('PUT', '/v1/mcp/tools/fs.write', { as: 'admin', body: WRITE_TOOL })).status, 201);
  assert.equal((await call('PUT', '/v1/mcp/tools/edit.ast.rename', { as: 'admin', body: REFACTOR_TOOL })).status, 201);
  const changed = { ...WRITE_TOOL, description: 'Writes one file; the path stays inside the workspace.' };
  const v2 = await call('PUT', '/v1/mcp/tools/fs.write', { as: 'admin', body: changed });
  assert.equal(v2.status, 201);
  assert.deepEqual(v2.body, { tool_id: 'fs.write', version: 2, created: true });

  const python = await call('GET', '/v1/mcp/tools?language=python', { as: 'reader' });
  assert.equal(python.status, 200);
  assert.deepEqual(python.body, {
    language: 'python',
    tools: [REFACTOR_TOOL, changed],
    versions: { 'edit.ast.rename': 1, 'fs.write': 2 },
  });
  const all = await call('GET', '/v1/mcp/tools', { as: 'reader' });
  assert.deepEqual(all.body.tools.map((t) => t.tool_id), ['edit.ast.rename', 'fs.write']);

  // A second language sees only the language-neutral tool.
  await call('PUT', '/v1/mcp/languages/rust', { as: 'admin', body: { id: 'rust', display_name: 'Rust', file_extensions: ['.rs'] } });
  const rust = await call('GET', '/v1/mcp/tools?language=rust', { as: 'reader' });
  assert.deepEqual(rust.body.tools.map((t) => t.tool_id), ['fs.write']);
});

test('an invalid profile or descriptor is refused with each diagnostic\'s path and code, and not stored', async () => {
  const before = await stored();
  const profile = await call('PUT', '/v1/mcp/languages/go', {
    as: 'admin', body: { id: 'go', display_name: '', file_extensions: ['go'], formater: 'gofmt' },
  });
  assert.equal(profile.status, 422);
  assert.equal(profile.body.error.code, 'invalid_profile');
  assert.deepEqual(profile.body.error.diagnostics.map((d) => [d.path, d.code]), [
    ['display_name', 'invalid_value'],
    ['file_extensions[0]', 'invalid_value'],
    ['formater', 'unknown_field'],
  ]);

  const descriptor = await call('PUT', '/v1/mcp/tools/fs.read', {
    as: 'admin',
    body: { ...WRITE_TOOL, tool_id: 'fs.read', max_files_affected: 0, allowed_scopes: ['write'], input_schema: { type: 'object', properties: { path: { type: 'text' } } } },
  });
  assert.equal(descriptor.status, 422);
  assert.equal(descriptor.body.error.code, 'invalid_descriptor');
  assert.deepEqual(descriptor.body.error.diagnostics.map((d) => [d.path, d.code]), [
    ['input_schema.properties.path.type', 'unsupported_schema'],
    ['max_files_affected', 'invalid_value'],
    ['allowed_scopes[0]', 'invalid_value'],
  ]);
  assert.deepEqual(await stored(), before);
});

test('the id in the path must be the id in the body', async () => {
  const before = await stored();
  const r = await call('PUT', '/v1/mcp/tools/fs.copy', { as: 'admin', body: WRITE_TOOL });
  assert.equal(r.status, 422);
  assert.equal(r.body.error.code, 'id_mismatch');
  assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), [['tool_id', 'id_mismatch']]);
  const p = await call('PUT', '/v1/mcp/languages/python3', { as: 'admin', body: PROFILE });
  assert.equal(p.body.error.code, 'id_mismatch');
  assert.deepEqual(await stored(), before);
});

test('storing needs registry:write, named in the 403', async () => {
  for (const [path, body] of [['/v1/mcp/languages/python', PROFILE], ['/v1/mcp/tools/fs.write', WRITE_TOOL]]) {
    const r = await call('PUT', path, { as: 'writer', body });
    assert.equal(r.status, 403);
    assert.equal(r.body.error.code, 'missing_scope');
    assert.deepEqual(r.body.error.required_scopes, ['registry:write']);
    assert.match(r.body.error.message, /registry:write/);
  }
});

test('the tools query: an unknown language is 404, other parameters are 400', async () => {
  const missing = await call('GET', '/v1/mcp/tools?language=cobol', { as: 'reader' });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'language_not_found');
  for (const query of ['?lang=python', '?language=python&language=rust', '?language=python&limit=5']) {
    const r = await call('GET', `/v1/mcp/tools${query}`, { as: 'reader' });
    assert.equal(r.status, 400, query);
    assert.equal(r.body.error.code, 'invalid_query', query);
  }
});

test('concurrent writes of one descriptor get distinct consecutive versions, none lost', async () => {
  const bodies = Array.from({ length: 25 }, (_, i) => ({ ...WRITE_TOOL, tool_id: 'fs.race', description: `variant ${i}` }));
  const answers = await Promise.all(bodies.map((body) => call('PUT', '/v1/mcp/tools/fs.race', { as: 'admin', body })));
  assert.ok(answers.every((a) => a.status === 201), JSON.stringify(answers.map((a) => a.status)));
  const versions = answers.map((a) => a.body.version).sort((a, b) => a - b);
  assert.deepEqual(versions, Array.from({ length: 25 }, (_, i) => i + 1));
  const rows = await w.db.prepare("SELECT version, digest FROM documents WHERE kind = 'tool' AND id = 'fs.race' ORDER BY version").all();
  assert.equal(rows.results.length, 25);
  assert.equal(new Set(rows.results.map((r) => r.digest)).size, 25);
  // The current version is the highest, and its body is the one that version was given.
  const winner = answers.find((a) => a.body.version === 25);
  const list = await call('GET', '/v1/mcp/tools', { as: 'reader' });
  const current = list.body.tools.find((t) => t.tool_id === 'fs.race');
  assert.equal(current.description, bodies[answers.indexOf(winner)].description);
  assert.equal(list.body.versions['fs.race'], 25);
});

test('a version whose body KV does not show yet is left out of lists', async () => {
  await call('PUT', '/v1/mcp/languages/zig', { as: 'admin', body: { id: 'zig', display_name: 'Zig', file_extensions: ['.zig'] } });
  const key = (await w.kv.list({ prefix: 'doc:language:zig:' })).keys[0].name;
  const body = await w.kv.get(key);
  await w.kv.delete(key);
  try {
    const list = await call('GET', '/v1/mcp/languages', { as: 'reader' });
    assert.equal(list.status, 200);
    assert.ok(!('zig' in list.body.versions));
    const tools = await call('GET', '/v1/mcp/tools?language=zig', { as: 'reader' });
    assert.equal(tools.status, 503);
    assert.equal(tools.body.error.code, 'storage_propagating');
    assert.equal(tools.headers.get('retry-after'), '60');
  } finally {
    await w.kv.put(key, body);
  }
  assert.equal((await call('GET', '/v1/mcp/tools?language=zig', { as: 'reader' })).status, 200);
});
