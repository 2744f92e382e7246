// The artifacts of scripts/artifacts.sh installed as a user installs them, with no Rust toolchain
// on PATH: the npm tarballs into scratch projects (the library alone, then with the gateway) and
// the abi3 wheel into a fresh virtual environment. Prints the installed sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ART = join(ROOT, 'target/artifacts');
const files = readdirSync(ART);
const lib = join(ART, files.find((f) => /^mcp-naming-\d.*\.tgz$/.test(f)));
const gw = join(ART, files.find((f) => /^mcp-naming-gateway-.*\.tgz$/.test(f)));
const wheel = join(ART, files.find((f) => /^mcp_naming-.*-abi3-.*\.whl$/.test(f)));
// No cargo, rustc or rustup: node's own folder and the system's.
const PATH = [...new Set([dirname(process.execPath), '/usr/local/sbin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'])].join(':');
const ENV = { HOME: process.env.HOME, PATH, npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME, '.npm') };
const UPSTREAM = join(ROOT, 'gateway/test/fixtures/upstream.mjs');
let dir;
const sizes = {};

const run = (cmd, args, cwd, input) => spawnSync(cmd, args, { cwd, env: ENV, encoding: 'utf8', input, timeout: 300_000 });
const du = (path) => Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-naming-artifacts-'));
  assert.notEqual(run('sh', ['-c', 'command -v cargo || command -v rustc'], dir).status, 0, 'cargo is on the test PATH');
});
after(() => {
  rmSync(dir, { recursive: true, force: true });
  console.log(`installed sizes (du -sb node_modules / site-packages): ${JSON.stringify(sizes)}`);
});

function project(name, tarballs) {
  const p = join(dir, name);
  execFileSync('mkdir', ['-p', p]);
  writeFileSync(join(p, 'package.json'), JSON.stringify({ name, private: true }));
  const r = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], p);
  assert.equal(r.status, 0, r.stderr);
  return p;
}

test('npm: the library alone; `mcp-naming gateway` says how to get the gateway (exit 2)', () => {
  const p = project('lib', [lib]);
  sizes.library = du(join(p, 'node_modules'));
  const v = run(join(p, 'node_modules/.bin/mcp-naming'), ['--version'], p);
  assert.equal(v.status, 0, v.stderr);
  const g = run(join(p, 'node_modules/.bin/mcp-naming'), ['gateway', '--config', 'gateway.json'], p);
  assert.equal(g.status, 2);
  assert.match(g.stderr, /npx -p mcp-naming -p mcp-naming-gateway mcp-naming gateway --config gateway.json/);
  const js = run('node', ['--input-type=module', '-e', "import { Router } from 'mcp-naming'; const r = new Router({ style: 'claude', servers: [{ name: 'm' }] }); r.exposeTools('m', { tools: [{ name: 'read', inputSchema: { type: 'object' } }] }); console.log(r.listTools().tools[0].name)"], p);
  assert.equal(js.stdout.trim(), 'm__read', js.stderr);
});

test('npm: the library and the gateway; `mcp-naming gateway` runs it (help, init, hash-token, --check)', () => {
  const p = project('gateway', [lib, gw]);
  sizes.libraryAndGateway = du(join(p, 'node_modules'));
  const bin = join(p, 'node_modules/.bin/mcp-naming');
  const help = run(bin, ['gateway', '--help'], p);
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /mcp-naming-gateway \[--config FILE\]/);
  writeFileSync(join(p, '.mcp.json'), JSON.stringify({ mcpServers: { local: { type: 'stdio', command: 'node', args: [UPSTREAM] } } }));
  const init = run(bin, ['gateway', 'init', '--from', '.mcp.json'], p);
  assert.equal(init.status, 0, init.stderr);
  const written = JSON.parse(readFileSync(join(p, 'gateway.json'), 'utf8'));
  assert.equal(written.$schema, './node_modules/mcp-naming-gateway/dist/schema.json');
  assert.equal(JSON.parse(readFileSync(join(p, written.$schema), 'utf8')).title, 'mcp-naming-gateway config (gateway.json)');
  const hash = run(join(p, 'node_modules/.bin/mcp-naming-gateway'), ['hash-token'], p, 'a-token-of-sixteen-chars\n');
  assert.match(hash.stdout, /^sha256:[0-9a-f]{64}\n$/);
  const check = run(bin, ['gateway', '--check'], p);
  // The packed gateway's own core reaches the upstream it was given.
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stdout, /^ok {6}local \(2025-11-25\)/m);
});

test('npm: the packed gateway in front of a stdio and an HTTP upstream, driven by the SDK v1 and v2 clients; a bearer token refused and accepted', async (t) => {
  const p = join(dir, 'gateway');
  const token = 'install-token-0123456789abcdef';
  const calls = join(p, 'calls.jsonl');
  // An HTTP upstream (the gateway tests' fixture on SDK v1, its URL on stdout).
  const remote = spawn(process.execPath, [UPSTREAM, '--http'], { env: { ...ENV, UPSTREAM_NAME: 'remote', CALLS_FILE: calls }, stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => remote.kill());
  const remoteUrl = await new Promise((resolve, reject) => {
    let out = '';
    remote.stdout.on('data', (c) => { out += c; const m = /(http:\S+)\n/.exec(out); if (m) resolve(m[1]); });
    remote.once('exit', (code) => reject(new Error(`the HTTP upstream exited ${code}`)));
  });
  writeFileSync(join(p, 'served.json'), JSON.stringify({
    mcpServers: {
      local: { type: 'stdio', command: process.execPath, args: [UPSTREAM], env: { UPSTREAM_NAME: 'local', CALLS_FILE: calls } },
      remote: { type: 'http', url: remoteUrl },
    },
    auth: { tokens: [{ name: 'ci', env: 'INSTALL_GW_TOKEN', scopes: ['all'] }], scopes: { all: ['*'] } },
  }));
  const gw = spawn(join(p, 'node_modules/.bin/mcp-naming'), ['gateway', '--config', 'served.json', '--http', '127.0.0.1:0'], {
    cwd: p, env: { ...ENV, INSTALL_GW_TOKEN: token }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  t.after(() => gw.kill());
  const origin = await new Promise((resolve, reject) => {
    let err = '';
    gw.stderr.on('data', (c) => { err += c; const m = /serving \d+ servers? on (http:\/\/[\d.:]+)/.exec(err); if (m) resolve(m[1]); });
    gw.once('exit', (code) => reject(new Error(`the packed gateway exited ${code}:\n${err}`)));
  });
  const url = new URL('/mcp', origin);
  const post = (headers) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) });
  assert.equal((await post({})).status, 401, 'no token');
  assert.equal((await post({ authorization: 'Bearer not-the-token-0123456789' })).status, 401, 'a wrong token');
  const auth = { requestInit: { headers: { authorization: `Bearer ${token}` } } };
  // SDK v1 (@modelcontextprotocol/sdk) and v2 (@modelcontextprotocol/client), from the root lockfile.
  const { Client: V1 } = await import(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'));
  const { StreamableHTTPClientTransport: V1Http } = await import(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js'));
  const v2 = await import(join(ROOT, 'node_modules/@modelcontextprotocol/client/dist/index.mjs'));
  for (const [label, client, transport] of [
    ['v1', new V1({ name: 'install-v1', version: '1.0.0' }), new V1Http(url, auth)],
    ['v2', new v2.Client({ name: 'install-v2', version: '1.0.0' }), new v2.StreamableHTTPClientTransport(url, auth)],
  ]) {
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((x) => x.name).sort();
    for (const want of ['local__echo', 'remote__echo']) assert.ok(names.includes(want), `${label}: ${want} in ${names}`);
    for (const server of ['local', 'remote']) {
      const r = await client.callTool({ name: `${server}__echo`, arguments: { text: label } });
      assert.equal(r.content[0].text, `${server}: ${label}`, `${label} through the gateway to ${server}`);
    }
    await client.close();
  }
  const seen = readFileSync(calls, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(seen.map((c) => `${c.server}:${c.args.text}`), ['local:v1', 'remote:v1', 'local:v2', 'remote:v2']);
});

test('Python: the abi3 wheel in a fresh virtual environment, nothing compiled', () => {
  const venv = join(dir, 'venv');
  assert.equal(run('/usr/bin/python3', ['-m', 'venv', venv], dir).status, 0);
  const pip = run(join(venv, 'bin/pip'), ['install', '--quiet', '--disable-pip-version-check', '--only-binary=:all:', wheel], dir);
  assert.equal(pip.status, 0, pip.stderr);
  const py = run(join(venv, 'bin/python'), ['-c', "import mcp_naming as m; r = m.Router({'style': 'claude', 'servers': [{'name': 'm'}]}); r.expose_tools('m', {'tools': [{'name': 'read', 'inputSchema': {'type': 'object'}}]}); print(r.list_tools()['tools'][0]['name'], m.__file__)"], dir);
  assert.equal(py.status, 0, py.stderr);
  assert.match(py.stdout, /^m__read .*site-packages/);
  const site = run(join(venv, 'bin/python'), ['-c', 'import mcp_naming, os; print(os.path.dirname(mcp_naming.__file__))'], dir).stdout.trim();
  sizes.python = du(site);
});
