// Execution requests and results in workerd (Miniflare, local KV and D1): checked with
// checkExecuteRequest, queued once per request id, results with provenance, recorded once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useWorker, writeRequest, CALLERS, REFACTOR_TOOL, WRITE_TOOL } from './helpers.mjs';

const w = useWorker({ seeded: true });
const call = (...args) => w.call(...args);

const execute = (as, body, more = {}) => call('POST', '/v1/mcp/tools/execute', { as, body, ...more });
const count = async () => (await w.db.prepare('SELECT COUNT(*) AS n FROM executions').first()).n;

test('a valid request is queued (202) with a request id, and its result shows who, which version, when', async () => {
  const r = await execute('writer', writeRequest('writer'));
  assert.equal(r.status, 202);
  const id = r.body.request_id;
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.deepEqual(r.body, {
    request_id: id, status: 'queued', tool_id: 'fs.write', descriptor_version: 1, dry_run: false, replayed: false,
    result: `/v1/mcp/tools/result/${id}`,
  });
  assert.equal(r.headers.get('location'), `/v1/mcp/tools/result/${id}`);

  const result = await call('GET', `/v1/mcp/tools/result/${id}`, { as: 'writer' });
  assert.equal(result.status, 200);
  const { tool_id, request_id, ...wanted } = writeRequest('writer');
  assert.equal(result.body.status, 'queued');
  assert.deepEqual(result.body.request, wanted);
  assert.equal(result.body.provenance.caller_id, 'agent-writer');
  assert.equal(result.body.provenance.descriptor_version, 1);
  assert.ok(Math.abs(Date.parse(result.body.provenance.requested_at) - Date.now()) < 60_000);
  assert.equal(result.body.provenance.completed_at, null);
});

test('a result names the descriptor version it was accepted against', async () => {
  const before = await execute('writer', writeRequest('writer', { request_id: 'before-update' }));
  assert.equal(before.body.descriptor_version, 1);
  const updated = await call('PUT', '/v1/mcp/tools/fs.write', { as: 'admin', body: { ...WRITE_TOOL, description: 'Writes a file (v2).' } });
  assert.equal(updated.body.version, 2);
  const after = await execute('writer', writeRequest('writer', { request_id: 'after-update' }));
  assert.equal(after.body.descriptor_version, 2);
  assert.equal((await call('GET', '/v1/mcp/tools/result/before-update', { as: 'writer' })).body.provenance.descriptor_version, 1);
  assert.equal((await call('GET', '/v1/mcp/tools/result/after-update', { as: 'writer' })).body.provenance.descriptor_version, 2);
});

test('a retry with the same id and body is answered the same, not queued twice', async () => {
  const body = writeRequest('writer', { request_id: 'retry-1' });
  const first = await execute('writer', body);
  const n = await count();
  const again = await execute('writer', { ...body, input: { contents: body.input.contents, path: body.input.path } });
  assert.equal(again.status, 202);
  assert.equal(again.body.replayed, true);
  assert.deepEqual({ ...again.body, replayed: false }, first.body);
  assert.equal(await count(), n);
});

test('an id taken by another body or another caller is 409, and the first request stands', async () => {
  await execute('writer', writeRequest('writer', { request_id: 'taken-1' }));
  const otherBody = await execute('writer', writeRequest('writer', { request_id: 'taken-1', path: 'src/other.py' }));
  assert.equal(otherBody.status, 409);
  assert.equal(otherBody.body.error.code, 'request_id_conflict');
  const otherCaller = await execute('refactorer', writeRequest('refactorer', { request_id: 'taken-1' }));
  assert.equal(otherCaller.status, 409);
  const held = await call('GET', '/v1/mcp/tools/result/taken-1', { as: 'writer' });
  assert.equal(held.body.request.input.path, 'src/app.py');
  assert.equal(held.body.provenance.caller_id, 'agent-writer');
});

test('of 30 concurrent requests for one id, exactly one is queued; the same body replays, others conflict', async () => {
  const bodies = Array.from({ length: 30 }, (_, i) => writeRequest('writer', { request_id: 'race-1', path: i % 3 === 0 ? 'src/b.py' : 'src/a.py' }));
  const answers = await Promise.all(bodies.map((b) => execute('writer', b)));
  const created = answers.filter((a) => a.status === 202 && !a.body.replayed);
  assert.equal(created.length, 1);
  const won = bodies[answers.indexOf(created[0])].input.path;
  answers.forEach((a, i) => {
    assert.equal(a.status, bodies[i].input.path === won ? 202 : 409, `request ${i}`);
  });
  const rows = await w.db.prepare("SELECT COUNT(*) AS n FROM executions WHERE request_id = 'race-1'").first();
  assert.equal(rows.n, 1);
});

test('a caller without the tool\'s scopes gets 403 naming them; a caller_id not the token\'s is 403', async () => {
  const n = await count();
  const r = await execute('reader', writeRequest('reader'));
  assert.equal(r.status, 403);
  assert.equal(r.body.error.code, 'missing_scope');
  assert.deepEqual(r.body.error.required_scopes, ['workspace:write']);
  assert.match(r.body.error.message, /workspace:write/);
  const mismatch = await execute('writer', { ...writeRequest('writer'), caller_id: 'someone-else' });
  assert.equal(mismatch.status, 403);
  assert.equal(mismatch.body.error.code, 'caller_mismatch');
  assert.equal(await count(), n);
});

test('requests the package refuses are 422 with each diagnostic\'s path and code, and nothing is queued', async () => {
  const n = await count();
  const cases = [
    [writeRequest('writer', { path: '../../etc/passwd' }), [['input.path', 'path_outside_workspace']]],
    [writeRequest('writer', { path: '/etc/passwd' }), [['input.path', 'path_outside_workspace']]],
    [writeRequest('writer', { path: 'a\\..\\b' }), [['input.path', 'invalid_path']]],
    [writeRequest('writer', { dry_run: true }), [['dry_run', 'dry_run_unsupported']]],
    [{ ...writeRequest('writer'), input: { path: 'a.py' } }, [['input.contents', 'missing_field']]],
    [{ ...writeRequest('writer'), workspace_id: '' }, [['workspace_id', 'invalid_value']]],
    [{ ...writeRequest('writer'), dry_run: 'no' }, [['dry_run', 'wrong_type']]],
    [{ ...writeRequest('writer'), task_id: undefined }, [['task_id', 'missing_field']]],
    [{ ...writeRequest('writer'), colour: 'red' }, [['colour', 'unknown_field']]],
    [{ ...writeRequest('writer'), request_id: '../x' }, [['request_id', 'invalid_value']]],
    [{ ...writeRequest('writer'), tool_id: 7 }, [['tool_id', 'wrong_type']]],
    [{ ...writeRequest('writer'), tool_id: undefined }, [['tool_id', 'missing_field']]],
  ];
  for (const [body, wanted] of cases) {
    const r = await execute('writer', JSON.parse(JSON.stringify(body)));
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_request');
    assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), wanted, JSON.stringify(r.body));
  }
  assert.equal(await count(), n);
});

test('dry runs of tools that support them are queued; the flat form (input fields beside the metadata) is read too', async () => {
  const dry = await execute('refactorer', {
    tool_id: 'edit.ast.rename', workspace_id: 'ws-1', task_id: 't', caller_id: 'agent-refactor', dry_run: true, input: { symbol: 'f', to: 'g' },
  });
  assert.equal(dry.status, 202);
  assert.equal(dry.body.dry_run, true);
  const flat = await execute('refactorer', {
    tool_id: 'edit.ast.rename', workspace_id: 'ws-1', task_id: 't', caller_id: 'agent-refactor', dry_run: false, symbol: 'f', to: 'g',
  });
  assert.equal(flat.status, 202);
  // additionalProperties: false in the tool's input_schema judges fields of the flat form.
  const extra = await execute('refactorer', {
    tool_id: 'edit.ast.rename', workspace_id: 'ws-1', task_id: 't', caller_id: 'agent-refactor', dry_run: false, symbol: 'f', to: 'g', colour: 1,
  });
  assert.equal(extra.status, 422);
  assert.deepEqual(extra.body.error.diagnostics.map((d) => d.path), ['input.colour']);
});

test('an unknown tool is 404', async () => {
  const r = await execute('writer', { ...writeRequest('writer'), tool_id: 'fs.delete' });
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, 'tool_not_found');
});

test('results: visible to the caller who asked and to admins and executors, not found for others', async () => {
  await execute('writer', writeRequest('writer', { request_id: 'private-1' }));
  for (const as of ['writer', 'admin', 'executor']) {
    assert.equal((await call('GET', '/v1/mcp/tools/result/private-1', { as })).status, 200, as);
  }
  for (const as of ['reader', 'refactorer']) {
    const r = await call('GET', '/v1/mcp/tools/result/private-1', { as });
    assert.equal(r.status, 404, as);
    assert.equal(r.body.error.code, 'result_not_found');
  }
  assert.equal((await call('GET', '/v1/mcp/tools/result/no-such-id', { as: 'admin' })).body.error.code, 'result_not_found');
  for (const id of ['bad%20id', '%E0%A4%A', `${'a'.repeat(129)}`]) {
    const r = await call('GET', `/v1/mcp/tools/result/${id}`, { as: 'admin' });
    assert.equal(r.status, 400, id);
    assert.equal(r.body.error.code, 'invalid_path', id);
  }
});

test('an executor records the outcome once; the output is checked against the descriptor\'s output_schema', async () => {
  await execute('writer', writeRequest('writer', { request_id: 'done-1' }));
  const record = (as, body) => call('POST', '/v1/mcp/tools/result/done-1', { as, body });

  const notExecutor = await record('admin', { status: 'succeeded', output: { path: 'src/app.py', written_bytes: 12 } });
  assert.equal(notExecutor.status, 403);
  assert.deepEqual(notExecutor.body.error.required_scopes, ['registry:execute']);

  for (const [body, wanted] of [
    [{ status: 'succeeded', output: { path: 'src/app.py', written_bytes: 1.5 } }, [['output.written_bytes', 'wrong_type']]],
    [{ status: 'succeeded', output: { path: '../out', written_bytes: 1 } }, [['output.path', 'path_outside_workspace']]],
    [{ status: 'succeeded' }, [['output', 'missing_field']]],
    [{ status: 'failed', error: { code: 'disk_full' } }, [['error', 'invalid_value']]],
    [{ status: 'done' }, [['status', 'invalid_value']]],
    [{ status: 'failed', error: { code: 'x', message: 'y' }, output: {} }, [['output', 'unknown_field']]],
  ]) {
    const r = await record('executor', body);
    assert.equal(r.status, 422, JSON.stringify(body));
    assert.equal(r.body.error.code, 'invalid_result');
    assert.deepEqual(r.body.error.diagnostics.map((d) => [d.path, d.code]), wanted, JSON.stringify(r.body));
  }
  assert.equal((await call('GET', '/v1/mcp/tools/result/done-1', { as: 'writer' })).body.status, 'queued');

  const ok = await record('executor', { status: 'succeeded', output: { path: 'src/app.py', written_bytes: 12 } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.status, 'succeeded');
  assert.deepEqual(ok.body.output, { path: 'src/app.py', written_bytes: 12 });
  assert.equal(ok.body.provenance.completed_by, 'executor-1');
  const twice = await record('executor', { status: 'failed', error: { code: 'late', message: 'too late' } });
  assert.equal(twice.status, 409);
  assert.equal(twice.body.error.code, 'result_already_recorded');
  const seen = await call('GET', '/v1/mcp/tools/result/done-1', { as: 'writer' });
  assert.equal(seen.body.status, 'succeeded');
  assert.ok(seen.body.provenance.completed_at >= seen.body.provenance.requested_at);

  await execute('writer', writeRequest('writer', { request_id: 'failed-1' }));
  const failed = await call('POST', '/v1/mcp/tools/result/failed-1', { as: 'executor', body: { status: 'failed', error: { code: 'disk_full', message: 'no space' } } });
  assert.equal(failed.status, 200);
  assert.deepEqual(failed.body.error, { code: 'disk_full', message: 'no space' });
  assert.equal((await call('POST', '/v1/mcp/tools/result/nope', { as: 'executor', body: { status: 'failed', error: { code: 'a', message: 'b' } } })).status, 404);
});

test('of 20 executors racing to record one result, exactly one wins', async () => {
  await execute('writer', writeRequest('writer', { request_id: 'race-result' }));
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', '/v1/mcp/tools/result/race-result', {
    as: 'executor', body: { status: 'succeeded', output: { path: `src/${i}.py`, written_bytes: i } },
  })));
  assert.deepEqual(answers.map((a) => a.status).sort(), [200, ...Array(19).fill(409)]);
  const winner = answers.find((a) => a.status === 200).body.output;
  assert.deepEqual((await call('GET', '/v1/mcp/tools/result/race-result', { as: 'writer' })).body.output, winner);
});

test('a tool whose current body KV does not show yet is 503 storage_propagating, not an old version', async () => {
  // A new tool, whose body this isolate has never read (a body once read stays in its memory).
  const tool = { ...REFACTOR_TOOL, tool_id: 'edit.ast.extract', description: 'Extracts a function.' };
  assert.equal((await call('PUT', '/v1/mcp/tools/edit.ast.extract', { as: 'admin', body: tool })).status, 201);
  const key = (await w.kv.list({ prefix: 'doc:tool:edit.ast.extract:' })).keys[0].name;
  const body = await w.kv.get(key);
  await w.kv.delete(key);
  const request = {
    tool_id: 'edit.ast.extract', workspace_id: 'w', task_id: 't', caller_id: CALLERS.refactorer.caller_id, dry_run: true, input: { symbol: 'a', to: 'b' },
  };
  try {
    const r = await execute('refactorer', request);
    assert.equal(r.status, 503);
    assert.equal(r.body.error.code, 'storage_propagating');
    assert.equal(r.headers.get('retry-after'), '60');
  } finally {
    await w.kv.put(key, body);
  }
  assert.equal((await execute('refactorer', request)).status, 202);
});
