// The Worker as a user runs it: the migrations applied with wrangler, `wrangler dev` on
// 127.0.0.1 with REGISTRY_TOKENS given by --var, driven over HTTP; stopped with its children at
// the end, whatever happened.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { client, wrangler, writeRequest, EXAMPLE, PROFILE, QUIET_ENV, REGISTRY_TOKENS, WRANGLER, WRITE_TOOL } from './helpers.mjs';

const READY_MS = 90_000;
let persist;
let server;
let output = '';
let base;
const ports = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Stops wrangler dev and every process it started (its process group): TERM, then KILL. */
async function stop() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
  const done = await Promise.race([exited.then(() => true), sleep(10_000, false, { ref: false })]);
  if (!done) {
    try { process.kill(-server.pid, 'SIGKILL'); } catch { /* already gone */ }
    await exited;
  }
  // workerd may outlive wrangler for a moment: the group must be empty.
  for (let i = 0; i < 50; i++) {
    try { process.kill(-server.pid, 0); } catch { return; }
    await sleep(100);
  }
  try { process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ }
}

before(async () => {
  persist = mkdtempSync(join(tmpdir(), 'mcp-registry-dev-'));
  const migrated = await wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  assert.equal(migrated.code, 0, `wrangler d1 migrations apply:\n${migrated.stdout}\n${migrated.stderr}`);

  const port = await freePort();
  const inspector = await freePort();
  ports.push(port, inspector);
  server = spawn(process.execPath, [WRANGLER, 'dev', '--ip', '127.0.0.1', '--port', String(port),
    '--inspector-port', String(inspector), '--persist-to', persist, '--var', `REGISTRY_TOKENS:${REGISTRY_TOKENS}`,
    '--show-interactive-dev-session=false'], {
    cwd: EXAMPLE, env: { ...process.env, ...QUIET_ENV }, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => { output += d; });
  server.stderr.on('data', (d) => { output += d; });
  base = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited (${server.exitCode}) before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`wrangler dev not ready after ${READY_MS / 1000} s:\n${output}`);
    try {
      const res = await fetch(`${base}/v1/mcp/languages`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 401) break;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
});

after(async () => {
  await stop();
  for (const port of ports) assert.equal(await portOpen(port), false, `port ${port} still open after wrangler dev stopped`);
  if (persist) rmSync(persist, { recursive: true, force: true });
});

test('wrangler dev serves the registry over HTTP on 127.0.0.1 with local KV and D1', async () => {
  const call = client(base);
  assert.equal((await call('GET', '/v1/mcp/languages')).body.error.code, 'missing_token');
  assert.equal((await call('PUT', '/v1/mcp/languages/python', { as: 'admin', body: PROFILE })).status, 201);
  assert.equal((await call('PUT', '/v1/mcp/tools/fs.write', { as: 'admin', body: WRITE_TOOL })).status, 201);
  const tools = await call('GET', '/v1/mcp/tools?language=python', { as: 'reader' });
  assert.deepEqual(tools.body.tools, [WRITE_TOOL]);

  const queued = await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: writeRequest('writer', { request_id: 'dev-1' }) });
  assert.equal(queued.status, 202);
  const escape = await call('POST', '/v1/mcp/tools/execute', { as: 'writer', body: writeRequest('writer', { path: '../../etc/passwd' }) });
  assert.equal(escape.status, 422);
  assert.equal(escape.body.error.diagnostics[0].code, 'path_outside_workspace');

  const result = await call('GET', '/v1/mcp/tools/result/dev-1', { as: 'writer' });
  assert.equal(result.body.status, 'queued');
  assert.equal(result.body.provenance.caller_id, 'agent-writer');
  assert.equal(result.body.provenance.descriptor_version, 1);

  const names = await call('POST', '/v1/names/validate', { as: 'reader', body: { convention: 'registry', name: 'fs.write' } });
  assert.equal(names.body.report.valid, true);
  const wrongType = await call('POST', '/v1/names/fit', { as: 'reader', raw: '{}', headers: { 'content-type': 'text/plain' } });
  assert.equal(wrongType.status, 415);
});
