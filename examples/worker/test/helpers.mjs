// What the tests share: the Worker built by wrangler as a deployment would build it, run in
// workerd through Miniflare with local KV and D1 (migrations applied), the callers' tokens, and a
// small HTTP client for the API.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { Miniflare } from 'miniflare';

export const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
export const WRANGLER = join(EXAMPLE, 'node_modules/wrangler/bin/wrangler.js');

// wrangler's debug logs, kept for this process only.
const LOGS = mkdtempSync(join(tmpdir(), 'mcp-registry-wrangler-logs-'));
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

/** The SQL statements of the migrations, in order (comments dropped, split at `;`). */
export function migrationStatements() {
  const dir = join(EXAMPLE, 'migrations');
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().flatMap((f) => readFileSync(join(dir, f), 'utf8')
    .split('\n').filter((line) => !line.trim().startsWith('--')).join('\n')
    .split(';').map((s) => s.trim()).filter(Boolean));
}

/** Tokens of the test callers: each a caller id and its scopes. */
export const CALLERS = {
  admin: { token: 'tok-admin-0123456789abcdef', caller_id: 'admin', scopes: ['registry:write'] },
  writer: { token: 'tok-writer-0123456789abcdef', caller_id: 'agent-writer', scopes: ['workspace:write'] },
  refactorer: { token: 'tok-refactor-0123456789abcdef', caller_id: 'agent-refactor', scopes: ['workspace:refactor', 'workspace:write'] },
  executor: { token: 'tok-executor-0123456789abcdef', caller_id: 'executor-1', scopes: ['registry:execute'] },
  reader: { token: 'tok-reader-0123456789abcdef', caller_id: 'reader', scopes: [] },
};

export const REGISTRY_TOKENS = JSON.stringify(Object.fromEntries(
  Object.values(CALLERS).map(({ token, caller_id, scopes }) => [token, { caller_id, scopes }]),
));

let built = null;
const RAM_DIR = '/dev/shm';

/**
 * The Worker in workerd through Miniflare, from a wrangler build made once per test process, with
 * fresh in-memory KV and D1 and the migrations applied. `bindings` replace the defaults.
 */
export async function startWorker({ bindings = { REGISTRY_TOKENS }, migrate = true } = {}) {
  if (!built) {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-registry-build-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    await buildWorker(dir);
    built = dir;
  }
  // Miniflare keeps local KV and D1 (workerd's SQLite) in a folder under os.tmpdir(), read when
  // it starts: on tmpfs where there is one, so the tests measure the Worker, not disk syncs.
  const tmp = process.env.TMPDIR;
  if (existsSync(RAM_DIR)) process.env.TMPDIR = RAM_DIR;
  let mf;
  try {
    mf = new Miniflare({
      modules: true,
      modulesRoot: built,
      scriptPath: join(built, 'index.js'),
      modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
      compatibilityDate: '2026-04-01',
      kvNamespaces: ['REGISTRY'],
      d1Databases: ['DB'],
      bindings,
      host: '127.0.0.1',
      cf: false, // a placeholder Request.cf: nothing fetched from Cloudflare
    });
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  const url = await mf.ready;
  const db = await mf.getD1Database('DB');
  if (migrate) await db.batch(migrationStatements().map((s) => db.prepare(s)));
  const kv = await mf.getKVNamespace('REGISTRY');
  return { mf, url: url.href.replace(/\/$/, ''), db, kv };
}

// One keep-alive agent for the tests' requests: node:http costs the client far less CPU than
// fetch, which matters when the client shares two cores with workerd under load.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * The Worker for one test file: started before its tests (with the profile and descriptors
 * stored when `seeded`, then `setup(call)`), disposed after them. The object gets the fields of
 * startWorker's answer and `call`, a client for it.
 */
export function useWorker({ seeded = false, setup = async () => {} } = {}) {
  const worker = {};
  before(async () => {
    Object.assign(worker, await startWorker());
    worker.call = client(worker.url);
    if (seeded) await seed(worker.call);
    await setup(worker.call);
  });
  after(() => worker.mf?.dispose());
  return worker;
}

/**
 * A client for the API at `base`: call(method, path, { as, body, headers, raw }) resolves to
 * { status, headers, body } (body parsed as JSON when it is JSON). `as` names a caller of
 * CALLERS; `raw` sends a string or Buffer body as it is.
 */
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
    return send(base + path, method, h, payload);
  };
}

/** How many requests were sent again after a reset of a reused keep-alive connection. */
export const resent = { count: 0 };

function send(url, method, headers, payload, again = true) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed = text;
        try {
          parsed = JSON.parse(text);
        } catch { /* not JSON: kept as text, and the tests say so */ }
        resolve({ status: res.statusCode, headers: new Headers(res.headers), body: parsed });
      });
    });
    req.on('error', (e) => {
      // A server may close an idle keep-alive connection just as the client reuses it: the
      // request never reached it, and Node's documentation says to send it again.
      if (again && req.reusedSocket && e.code === 'ECONNRESET') {
        resent.count++;
        send(url, method, headers, payload, false).then(resolve, reject);
      } else {
        reject(new Error(`${method} ${url}: ${e.code ?? ''} ${e.message}`, { cause: e }));
      }
    });
    req.end(payload ?? undefined);
  });
}

/**
 * Sends `chunks` (Buffers) as a request body with node:http: with a Content-Length when
 * `length` is true, else chunked. A server may answer before it reads the whole body (a body
 * over the limit) and close the connection: the answer counts, a write error after it does not.
 */
export function sendRaw(base, method, path, { headers = {}, chunks, length = true }) {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const req = httpRequest(base + path, {
      method, headers: { ...headers, ...(length ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }) },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: new Headers(res.headers), body: JSON.parse(text) }));
      res.on('error', reject);
    });
    req.on('error', (e) => { if (!answered) reject(e); });
    (async () => {
      for (const c of chunks) {
        if (answered || req.destroyed) break;
        if (!req.write(c)) await new Promise((r) => { req.once('drain', r); req.once('close', r); });
      }
      req.end();
    })().catch(() => {});
  });
}

/** A deterministic random number generator (mulberry32): numbers in [0, 1) from a seed. */
export function seededRandom(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Test data: a language profile and two tool descriptors, in the registry's shapes. */
export const PROFILE = {
  id: 'python',
  display_name: 'Python',
  file_extensions: ['.py', '.pyi'],
  formatter: 'black',
  ast_tools: ['libcst'],
  text_commands: ['grep'],
  test_command: 'pytest -q',
  notes: 'fixture for the Worker tests',
};

export const WRITE_TOOL = {
  tool_id: 'fs.write',
  language: null,
  description: 'Writes one file under the workspace root.',
  atomic: true,
  dry_run_supported: false,
  input_schema: {
    type: 'object',
    properties: { path: { type: 'string' }, contents: { type: 'string' } },
    required: ['path', 'contents'],
  },
  output_schema: {
    type: 'object',
    properties: { path: { type: 'string' }, written_bytes: { type: 'integer' } },
  },
  max_files_affected: 1,
  allowed_scopes: ['workspace:write'],
};

export const REFACTOR_TOOL = {
  tool_id: 'edit.ast.rename',
  language: 'python',
  description: 'Renames a symbol with an AST tool.',
  atomic: true,
  dry_run_supported: true,
  input_schema: {
    type: 'object',
    properties: { symbol: { type: 'string' }, to: { type: 'string' } },
    required: ['symbol', 'to'],
    additionalProperties: false,
  },
  output_schema: {
    type: 'object',
    properties: { patch: { type: 'string' }, applied: { type: 'boolean' } },
  },
  max_files_affected: null,
  allowed_scopes: ['workspace:refactor'],
};

/** An execute body for fs.write by `caller` (a CALLERS key). */
export function writeRequest(caller, { path = 'src/app.py', request_id, ...more } = {}) {
  return {
    ...(request_id === undefined ? {} : { request_id }),
    tool_id: 'fs.write',
    workspace_id: 'ws-1',
    task_id: 'task-1',
    caller_id: CALLERS[caller].caller_id,
    dry_run: false,
    input: { path, contents: 'print("hi")\n' },
    ...more,
  };
}

/** Stores the profile and both descriptors as admin; fails the test if any is refused. */
export async function seed(call) {
  for (const [path, body] of [
    ['/v1/mcp/languages/python', PROFILE],
    ['/v1/mcp/tools/fs.write', WRITE_TOOL],
    ['/v1/mcp/tools/edit.ast.rename', REFACTOR_TOOL],
  ]) {
    const r = await call('PUT', path, { as: 'admin', body });
    if (r.status !== 201 && r.status !== 200) throw new Error(`seeding ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
