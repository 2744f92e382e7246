// Shared by the gateway's tests: the gateway as a process (its command line, dist/main.mjs with
// the package's own core; GATEWAY_CORE=stub runs the test-only stub core instead),
// upstream processes (test/fixtures/upstream.mjs), scratch folders, and what they logged.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REAL_CORE = process.env.GATEWAY_CORE !== 'stub';
export const BIN = REAL_CORE ? join(ROOT, 'dist/main.mjs') : join(ROOT, 'test/support/run-stub.mjs');
export const UPSTREAM = join(ROOT, 'test/fixtures/upstream.mjs');

const started = new Set();
/** Every process a test started is stopped when it ends (and checked gone). */
export async function stopAll() {
  await Promise.all([...started].map((p) => stop(p)));
}

export function stop(proc, signal = 'SIGTERM') {
  started.delete(proc);
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => proc.kill('SIGKILL'), 8000);
    proc.once('exit', () => { clearTimeout(t); resolve(); });
    proc.kill(signal);
  });
}

export function scratch(prefix = 'gw-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, path: (name) => join(dir, name), done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The tools/call lines an upstream recorded in `file` (see the fixture). */
export function callsIn(file) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
}

/** An upstream over Streamable HTTP on 127.0.0.1: { url, proc }. */
export async function httpUpstream(name, callsFile) {
  const proc = spawn(process.execPath, [UPSTREAM, '--http'], { env: { ...process.env, UPSTREAM_NAME: name, CALLS_FILE: callsFile }, stdio: ['ignore', 'pipe', 'inherit'] });
  started.add(proc);
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /(http:\S+)\n/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`upstream ${name} exited ${code}`)));
  });
  return { url, proc };
}

/** A stdio upstream's config entry. */
export const stdioUpstream = (name, callsFile) => ({ command: process.execPath, args: [UPSTREAM], env: { UPSTREAM_NAME: name, CALLS_FILE: callsFile } });

/**
 * Runs the gateway with `args` (and `config` written to `configFile` when given); over HTTP
 * (`--http` in args), resolves once it serves: { proc, url, origin, lines(), json(), waitFor(re) }.
 */
export async function gateway(args, { config, configFile, env = {}, waitServing = true } = {}) {
  if (config) writeFileSync(configFile, JSON.stringify(config, null, 2));
  const proc = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  started.add(proc);
  let err = '';
  const waiters = [];
  proc.stderr.on('data', (c) => {
    err += c;
    if (process.env.GATEWAY_TEST_VERBOSE) process.stderr.write(c);
    for (const w of [...waiters]) if (w.re.test(err)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  });
  const exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
  const g = {
    proc,
    exited,
    stderr: () => err,
    lines: () => err.split('\n').filter(Boolean),
    json: () => err.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)),
    waitFor: (re, ms = 15_000) => new Promise((resolve, reject) => {
      if (re.test(err)) return resolve();
      const t = setTimeout(() => reject(new Error(`gateway did not log ${re} within ${ms} ms; it logged:\n${err}`)), ms);
      waiters.push({ re, resolve: () => { clearTimeout(t); resolve(); } });
      exited.then((code) => { clearTimeout(t); reject(new Error(`gateway exited ${code} before logging ${re}:\n${err}`)); });
    }),
  };
  if (waitServing && args.includes('--http')) {
    await g.waitFor(/serving .* on http:\/\/\S+/);
    const m = /(http:\/\/[^\s"]+?)(\/mcp|\/[^\s"]*)?["\s]/.exec(err.slice(err.indexOf('serving')));
    g.origin = /http:\/\/[\d.:[\]a-z]+/.exec(err.slice(err.indexOf('serving')))[0];
    g.url = `${g.origin}${(m && m[2]) || '/mcp'}`;
  }
  return g;
}

/** One HTTP request with exactly these headers (fetch will not send a Host of ours): { status, headers, body }. */
export async function raw(url, { method = 'POST', headers = {}, body } = {}) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
