// What the tests share: the Worker built by wrangler as a deployment would build it, run in
// workerd through Miniflare with its Durable Objects persisted in a folder (so that a restart
// finds their storage); real MCP servers on 127.0.0.1 (server-everything in its streamableHttp
// mode, and the small SDK server of fixtures/memory-server.mjs); the official SDK Client as the
// agent's user; and a small HTTP client for the admin routes.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Miniflare } from 'miniflare';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
export const WRANGLER = join(EXAMPLE, 'node_modules/wrangler/bin/wrangler.js');
export const MEMORY_SERVER = join(EXAMPLE, 'test/fixtures/memory-server.mjs');
export const LOOPBACK = join(EXAMPLE, 'test/fixtures/loopback.mjs');
export const EVERYTHING = join(EXAMPLE, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

const LOGS = mkdtempSync(join(tmpdir(), 'agent-worker-wrangler-logs-'));
process.on('exit', () => rmSync(LOGS, { recursive: true, force: true }));

/** No telemetry, no prompts, no request to Cloudflare: the tests need no account. */
export const QUIET_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG_PATH: LOGS,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  CI: '1',
  npm_config_update_notifier: 'false',
};

/** Runs wrangler with `args` to its end; resolves to { code, stdout, stderr }. */
export function wrangler(args, { cwd = EXAMPLE, env = {}, timeout = 120_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WRANGLER, ...args], {
      cwd, env: { ...process.env, ...QUIET_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `wrangler deploy --dry-run --outdir <dir>`: the bundle a deployment uploads. */
export async function buildWorker(outdir) {
  const r = await wrangler(['deploy', '--dry-run', '--outdir', outdir]);
  if (r.code !== 0) throw new Error(`wrangler deploy --dry-run failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
  const files = readdirSync(outdir).map((name) => ({ name, bytes: statSync(join(outdir, name)).size }));
  return { ...r, files };
}

/** The test callers: an admin of every agent, an agent's user, a user of another agent, a caller with no scope. */
export const CALLERS = {
  admin: { token: 'tok-admin-0123456789abcdef', caller_id: 'admin', scopes: ['admin:*', 'agent:*'] },
  user: { token: 'tok-user-0123456789abcdef', caller_id: 'agent-user', scopes: ['agent:*'] },
  other: { token: 'tok-other-0123456789abcdef', caller_id: 'other-user', scopes: ['agent:other', 'admin:other'] },
  nobody: { token: 'tok-nobody-0123456789abcdef', caller_id: 'nobody', scopes: [] },
};

export const REGISTRY_TOKENS = JSON.stringify(Object.fromEntries(
  Object.values(CALLERS).map(({ token, caller_id, scopes }) => [token, { caller_id, scopes }]),
));

/** The token the memory fixture asks for when it is started with `--token` (in UPSTREAM_CREDENTIALS). */
export const UPSTREAM_TOKEN = 'upstream-secret-0123456789';

/** The Worker's vars in the tests: http: upstreams on 127.0.0.1, short deadlines, fast retries. */
export const TEST_VARS = {
  REGISTRY_TOKENS,
  UPSTREAM_CREDENTIALS: JSON.stringify({ secured: UPSTREAM_TOKEN }),
  ALLOW_HTTP_UPSTREAMS: 'true',
  DISCOVERY_DEADLINE_MS: '2000',
  CALL_TIMEOUT_MS: '10000',
  RETRY_BASE_MS: '300',
  RETRY_MAX_MS: '2000',
  RETRY_ALARMS: '50',
};

// ---- Processes: every one the tests start is stopped at exit, whatever happened.

const children = new Set();
process.on('exit', () => {
  for (const child of children) {
    try { process.kill(child.pid, 'SIGKILL'); } catch { /* gone */ }
  }
});

/** Starts `args` with node and resolves once a line of its output matches `ready` (the match). */
function startNode(args, { ready, env = {}, timeout = 30_000, name }) {
  return new Promise((resolve, reject) => {
    // stdin stays open and unused: the child ends when it closes, that is, when this process ends.
    const child = spawn(process.execPath, args, { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    let done = false;
    const timer = setTimeout(() => fail(new Error(`${name} not ready after ${timeout} ms:\n${output}`)), timeout);
    function fail(e) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    }
    const onData = (d) => {
      if (done) return;
      output = (output + d).slice(-20_000);
      const m = ready.exec(output);
      if (m) {
        done = true;
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      children.delete(child);
      fail(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/** Stops a child: SIGTERM (or `signal`), then SIGKILL after 5 s; resolves when it has exited. */
export async function stopChild(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const done = await Promise.race([exited.then(() => true), sleep(5_000, false, { ref: false })]);
  if (!done) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A port nothing listens on now (for a server that is down, or one started later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The memory fixture on 127.0.0.1 (port 0: any free one). `control(change?)` reads or changes it;
 * `kill()` ends it at once (SIGKILL); `restart()` starts it again on the same port, with empty state.
 */
export async function startMemoryServer({ port = 0, token, ttl, name = 'memory' } = {}) {
  const args = [MEMORY_SERVER, '--port', String(port), '--name', name];
  if (token) args.push('--token', token);
  if (ttl !== undefined) args.push('--ttl', String(ttl));
  const { child, match } = await startNode(args, { ready: /listening (\d+)/, name: `memory-server ${name}` });
  const server = {
    child,
    port: Number(match[1]),
    get url() { return `http://127.0.0.1:${this.port}/mcp`; },
    async control(change) {
      const res = await fetch(`http://127.0.0.1:${this.port}/control`, change === undefined ? {} : { method: 'POST', body: JSON.stringify(change) });
      return res.json();
    },
    kill: () => stopChild(server.child, 'SIGKILL'),
    stop: () => stopChild(server.child),
    async restart() {
      const again = await startMemoryServer({ port: server.port, token, ttl, name });
      server.child = again.child;
    },
  };
  return server;
}

/** server-everything in its streamableHttp mode, bound to 127.0.0.1 (fixtures/loopback.mjs). */
export async function startEverything() {
  const port = await freePort();
  const { child } = await startNode(['--import', LOOPBACK, EVERYTHING, 'streamableHttp'], {
    ready: /listening on port (\d+)/, env: { PORT: String(port) }, name: 'server-everything',
  });
  // It logs a line per request on stdout: drained, never kept.
  child.stdout.resume();
  child.stderr.resume();
  return { child, port, url: `http://127.0.0.1:${port}/mcp`, stop: () => stopChild(child) };
}

/** A TCP server that accepts connections and never answers: an upstream that hangs. */
export async function startHangingServer() {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

// ---- The Worker in workerd.

let built = null;
const RAM_DIR = '/dev/shm';

/** The wrangler build, made once per test process. */
export async function built_() {
  if (!built) {
    const dir = mkdtempSync(join(tmpdir(), 'agent-worker-build-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    await buildWorker(dir);
    built = dir;
  }
  return built;
}

/**
 * The Worker in workerd through Miniflare, its Durable Objects' storage in a folder of their own.
 * `restart()` disposes of workerd and starts it again on the same port and folder: every object
 * starts afresh from its storage, as after an eviction or a deploy.
 */
export async function startWorker({ vars = {} } = {}) {
  const dir = await built_();
  // workerd's output (the Worker's console) is kept in `logs` for the tests to read, and shown
  // only with AGENT_WORKER_LOGS=1.
  const logs = { text: '' };
  const keep = (stream) => {
    stream.setEncoding('utf8');
    stream.on('data', (d) => {
      logs.text = (logs.text + d).slice(-1_000_000);
      if (process.env.AGENT_WORKER_LOGS === '1') process.stderr.write(d);
    });
  };
  const persist = mkdtempSync(join(existsSync(RAM_DIR) ? RAM_DIR : tmpdir(), 'agent-worker-do-'));
  const options = (port) => ({
    modules: true,
    modulesRoot: dir,
    scriptPath: join(dir, 'index.js'),
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    durableObjects: { AGENTS: { className: 'AgentRegistry', useSQLite: true } },
    durableObjectsPersist: persist,
    bindings: { ...TEST_VARS, ...vars },
    host: '127.0.0.1',
    port,
    cf: false,
    handleRuntimeStdio(stdout, stderr) {
      keep(stdout);
      keep(stderr);
    },
  });
  const worker = {
    mf: new Miniflare(options(0)),
    persist,
    get logs() { return logs.text; },
    async restart() {
      const port = new URL(this.url).port;
      await this.mf.dispose();
      this.mf = new Miniflare(options(Number(port)));
      await this.mf.ready;
    },
    async dispose() {
      await this.mf.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
  worker.url = (await worker.mf.ready).href.replace(/\/$/, '');
  return worker;
}

// ---- Clients.

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** call(method, path, { as, body, headers, raw, token }) -> { status, headers, body } (JSON parsed when it is). */
export function client(base) {
  return function call(method, path, { as, body, headers = {}, raw, token } = {}) {
    const h = { ...headers };
    const bearer = token ?? (as ? CALLERS[as].token : undefined);
    if (bearer !== undefined) h.authorization = `Bearer ${bearer}`;
    let payload = null;
    if (raw !== undefined) payload = Buffer.from(raw);
    else if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body));
      h['content-type'] ??= 'application/json';
    }
    if (payload !== null) h['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = httpRequest(base + path, { method, headers: h, agent }, (res) => {
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try { parsed = JSON.parse(text); } catch { /* kept as text */ }
          resolve({ status: res.statusCode, headers: new Headers(res.headers), body: parsed });
        });
      });
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  };
}

/** The agent's user: the official SDK Client over Streamable HTTP, connected to `/agents/<agent>/mcp`. */
export async function connectAgent(base, agentName, { as = 'user', onToolsChanged } = {}) {
  const client = new Client({ name: 'agent-worker-test', version: '1.0.0' });
  if (onToolsChanged) {
    const { ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    client.setNotificationHandler(ToolListChangedNotificationSchema, onToolsChanged);
  }
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/agents/${agentName}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${CALLERS[as].token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and resolves to { result } or { error: { code, message, data } }: both are answers. */
export async function tryCall(client, name, args = {}) {
  try {
    return { result: await client.callTool({ name, arguments: args }) };
  } catch (e) {
    return { error: { code: e.code, message: e.message, data: e.data } };
  }
}

/** Polls `check` (an async predicate) every 100 ms until it holds; fails after `timeout` ms with `what`. */
export async function until(check, what, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeout} ms`);
    await sleep(100);
  }
}

/** The admin configuration of the seed's servers, for a memory fixture at `url`. */
export function serverConfig(name, url, more = {}) {
  return { displayName: `${name[0].toUpperCase()}${name.slice(1)} Service`, url, description: `the ${name} MCP`, ...more };
}
