// The Worker as a user runs it: `wrangler dev` on 127.0.0.1 with its vars and secrets given by
// --var and its Durable Objects persisted to a folder, configured over HTTP, used by the SDK
// Client against real upstreams; then wrangler dev stopped (with its children) and started again
// on the same folder: the agent's registry answers from storage, without listing again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  client, connectAgent, freePort, serverConfig, startEverything, startMemoryServer, EXAMPLE, QUIET_ENV, REGISTRY_TOKENS, WRANGLER,
} from './helpers.mjs';

const READY_MS = 90_000;
const AGENT = 'dev';
let persist;
let memory;
let everything;
let dev = null;
const ports = [];

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Starts wrangler dev in a process group of its own; resolves to its base URL once it answers. */
async function startDev() {
  const port = await freePort();
  const inspector = await freePort();
  ports.push(port, inspector);
  let output = '';
  const child = spawn(process.execPath, [WRANGLER, 'dev', '--ip', '127.0.0.1', '--port', String(port),
    '--inspector-port', String(inspector), '--persist-to', persist,
    '--var', `REGISTRY_TOKENS:${REGISTRY_TOKENS}`, '--var', 'ALLOW_HTTP_UPSTREAMS:true',
    '--show-interactive-dev-session=false'], {
    cwd: EXAMPLE, env: { ...process.env, ...QUIET_ENV }, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => { output = (output + d).slice(-50_000); });
  child.stderr.on('data', (d) => { output = (output + d).slice(-50_000); });
  dev = { child, output: () => output, base: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}) before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`wrangler dev not ready after ${READY_MS / 1000} s:\n${output}`);
    try {
      const res = await fetch(`${dev.base}/agents/${AGENT}/mcps`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 401) break;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  return dev.base;
}

/** Stops wrangler dev and every process it started (its process group): TERM, then KILL. */
async function stopDev() {
  const child = dev?.child;
  dev = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  const done = await Promise.race([exited.then(() => true), sleep(10_000, false, { ref: false })]);
  if (!done) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    await exited;
  }
  for (let i = 0; i < 50; i++) {
    try { process.kill(-child.pid, 0); } catch { return; }
    await sleep(100);
  }
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
}

before(async () => {
  persist = mkdtempSync(join(tmpdir(), 'agent-worker-dev-'));
  [memory, everything] = await Promise.all([startMemoryServer({ ttl: 600_000 }), startEverything()]);
});

after(async () => {
  await stopDev();
  for (const port of ports) assert.equal(await portOpen(port), false, `port ${port} still open after wrangler dev stopped`);
  await Promise.all([memory?.stop(), everything?.stop()]);
  if (persist) rmSync(persist, { recursive: true, force: true });
});

test('wrangler dev serves the registry on 127.0.0.1; stopped and started again, it answers from storage', async () => {
  let base = await startDev();
  let call = client(base);
  assert.equal((await call('GET', `/agents/${AGENT}/mcps`)).body.error.code, 'missing_token');
  for (const [name, url] of [['memory', memory.url], ['everything', everything.url]]) {
    const r = await call('PUT', `/agents/${AGENT}/servers/${name}`, { as: 'admin', body: serverConfig(name, url) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.discovery[0].ok, true, JSON.stringify(r.body.discovery));
  }
  const refused = await call('PUT', `/agents/${AGENT}/servers/Memory_Save`, { as: 'admin', body: serverConfig('memory', memory.url) });
  assert.equal(refused.status, 422);
  assert.deepEqual(refused.body.error.suggestion, { name: 'memorysave' });
  assert.equal((await call('PUT', `/agents/${AGENT}/aliases`, { as: 'admin', body: { aliases: { memory_save: 'memory__save' } } })).status, 200);

  let agent = await connectAgent(base, AGENT);
  const names = (await agent.listTools()).tools.map((t) => t.name);
  assert.deepEqual(names.slice(0, 2), ['list_mcps', 'list_tools']);
  assert.ok(names.includes('memory__save') && names.includes('everything__get_sum'));
  assert.equal((await agent.callTool({ name: 'everything__get_sum', arguments: { a: 20, b: 22 } })).content[0].text, 'The sum of 20 and 22 is 42.');
  const legacy = await agent.callTool({ name: 'memory_save', arguments: { key: 'dev', value: 'persisted' } });
  assert.equal(legacy._meta['io.github.mcp-naming/deprecated'].use, 'memory__save');
  const typo = await agent.callTool({ name: 'memory__recal', arguments: { key: 'dev' } }).catch((e) => e);
  assert.equal(typo.code, -32602);
  assert.deepEqual(typo.data.suggestions, ['memory__recall']);
  await agent.close();
  const lists = (await memory.control()).lists;

  await stopDev();
  base = await startDev();
  call = client(base);
  agent = await connectAgent(base, AGENT);
  try {
    const again = (await agent.listTools()).tools.map((t) => t.name);
    assert.deepEqual(again, names, 'the same tools, from storage');
    assert.equal((await memory.control()).lists, lists, 'memory was not listed again');
    assert.equal((await agent.callTool({ name: 'memory__recall', arguments: { key: 'dev' } })).content[0].text, 'persisted');
    const mcps = (await agent.callTool({ name: 'list_mcps', arguments: {} })).structuredContent.mcps;
    assert.deepEqual(mcps.map((m) => [m.name, m.status]), [['memory', 'up'], ['everything', 'up']]);
    assert.deepEqual((await call('GET', `/agents/${AGENT}/servers`, { as: 'admin' })).body.aliases, { memory_save: 'memory__save' });
  } finally {
    await agent.close();
  }
});
