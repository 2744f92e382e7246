// The client views (`clientView`) against the clients' own code where it installs from npm and
// its naming can be driven: Gemini CLI (`@google/gemini-cli-core`: `discoverTools` into a
// `ToolRegistry`, then `getFunctionDeclarations`), Cline (`@cline/core`: `createMcpTools`) and
// the Codex CLI (`@openai/codex`: the released binary, with each list served by a stdio MCP
// server, js/list-server.mjs, and the tools it sends captured by a fake Responses endpoint on
// 127.0.0.1). The lists are js/generate.mjs's (each generated server is one view) after a few
// seeds. Claude Code and VS Code do not run here (tests/peers/cited/README.md says why); their
// rules are checked by tests/clients_cited.rs.
//
//   npm ci --prefix tests/peers && node --test tests/peers/clients.test.mjs
//   PEER_CASES=200 node --test tests/peers/clients.test.mjs      (a shorter run)
//
// A summary per client (views compared, agreed, the first differences) is printed and written
// to target/clients-summary.json.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientView } from 'mcp-naming';
import { generate } from './js/generate.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const COUNT = Number(process.env.PEER_CASES ?? 10_000);
/** Codex starts a process per server: a twentieth of the lists, at least 40 servers. */
const CODEX_SERVERS = Math.max(40, Math.ceil(COUNT / 20));

const SEEDS = [
  { name: 'github', tools: ['create_issue', 'search_issues', 'get-me'] },
  { name: 'everything', tools: ['echo', 'get-sum', 'get-tiny-image', 'printEnv'] },
  { name: 'my gateway', tools: ['get.user', 'get_user', 'get-user', 'get user'] },
  { name: 'gw', tools: ['x'.repeat(70), `${'m'.repeat(23)}A${'q'.repeat(40)}`, `${'m'.repeat(23)}B${'q'.repeat(40)}`] },
  { name: 'srv', tools: ['héllo', 'h_llo', 'h-llo', 'café', '🚀', '', 'dup', 'dup'] },
];

/** Each generated server as one view: its name and its tools. */
function lists(count) {
  const out = [...SEEDS];
  for (const c of generate(27, count).cases) for (const s of c.servers) out.push({ name: s.name, tools: s.tools });
  return out;
}

const summary = {};
function tally(client, list, ok, detail) {
  const s = (summary[client] ??= { compared: 0, agreed: 0, differences: [] });
  s.compared++;
  if (ok) s.agreed++;
  else if (s.differences.length < 10) s.differences.push({ server: list.name, tools: list.tools, ...detail });
}

after(() => {
  const dir = join(HERE, '..', '..', 'target');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'clients-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  for (const [client, s] of Object.entries(summary)) {
    console.log(`${client}: ${s.agreed} of ${s.compared} views agree with the client's own code`);
  }
});

/** What our view says the client lists: each shown name once, at its first tool's place, for the tool it keeps. */
function listed(view, keeps) {
  const order = [];
  const owner = new Map();
  view.tools.forEach((t, i) => {
    if (t.shown === null) return;
    if (!owner.has(t.shown)) order.push(t.shown);
    if (keeps === 'last' || !owner.has(t.shown)) owner.set(t.shown, i);
  });
  return order.map((name) => [name, owner.get(name)]);
}

test('gemini-cli: discoverTools into a ToolRegistry, as the CLI lists them', async () => {
  const gemini = await import('@google/gemini-cli-core');
  const quiet = { warn: console.warn, debug: console.debug, log: console.log, error: console.error };
  const bus = {};
  const config = {
    getExcludeTools: () => undefined,
    isTopicUpdateNarrationEnabled: () => false,
    getMcpClientManager: () => undefined,
    getApprovalMode: () => 'default',
    getMainAgentTools: () => undefined,
  };
  const cli = { emitMcpDiagnostic() {} };
  let disagreed = 0;
  for (const list of lists(COUNT)) {
    const client = {
      getServerCapabilities: () => ({ tools: {} }),
      listTools: async () => ({
        tools: list.tools.map((name, i) => ({ name, description: `#${i}`, inputSchema: { type: 'object', properties: {} } })),
      }),
    };
    Object.assign(console, { warn() {}, debug() {}, log() {}, error() {} });
    let oracle;
    try {
      const registry = new gemini.ToolRegistry(config, bus, false);
      for (const tool of await gemini.discoverTools(list.name, {}, client, cli, bus)) registry.registerTool(tool);
      registry.sortTools();
      oracle = registry.getFunctionDeclarations().map((d) => [d.name, Number(d.description.slice(1))]);
    } finally {
      Object.assign(console, quiet);
    }
    const ours = listed(clientView('gemini-cli', list.name, list.tools), 'last');
    const ok = JSON.stringify(ours) === JSON.stringify(oracle);
    if (!ok) disagreed++;
    tally('gemini-cli', list, ok, { ours, oracle });
  }
  assert.equal(disagreed, 0, JSON.stringify(summary['gemini-cli'].differences.slice(0, 3), null, 1));
});

test('cline: createMcpTools, as the extension and the CLI name them', async () => {
  const { createMcpTools } = await import('@cline/core');
  let disagreed = 0;
  for (const list of lists(COUNT)) {
    const provider = {
      listTools: async () => list.tools.map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })),
      callTool: async () => ({ content: [] }),
    };
    const oracle = (await createMcpTools({ serverName: list.name, provider })).map((t) => t.name);
    const view = clientView('cline', list.name, list.tools);
    const ours = view.tools.map((t) => t.shown);
    // The agent keeps its tools in a Map by name: a diagnostic wherever the names repeat.
    const repeated = new Set(oracle.filter((n, i) => oracle.indexOf(n) !== i));
    const flagged = new Set(view.tools.filter((t) => t.diagnostics.some((d) => d.code === 'client_collision')).map((t) => t.shown));
    const ok = JSON.stringify(ours) === JSON.stringify(oracle) && [...repeated].every((n) => flagged.has(n)) && flagged.size === repeated.size;
    if (!ok) disagreed++;
    tally('cline', list, ok, { ours, oracle });
  }
  assert.equal(disagreed, 0, JSON.stringify(summary.cline.differences.slice(0, 3), null, 1));
});

/** The Codex binary for this machine, through the package's own launcher; null when the platform has none. */
function codexLauncher() {
  try {
    const launcher = require.resolve('@openai/codex/bin/codex.js');
    return launcher;
  } catch {
    return null;
  }
}

/** A fake Responses endpoint on 127.0.0.1 that keeps each request's tools and answers "ok". */
async function fakeResponses() {
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (!req.url.endsWith('/responses')) {
        res.writeHead(404).end();
        return;
      }
      try {
        requests.push(JSON.parse(body));
      } catch {
        requests.push(null);
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (o) => res.write(`event: ${o.type}\ndata: ${JSON.stringify(o)}\n\n`);
      event({ type: 'response.created', response: { id: 'r' } });
      event({ type: 'response.output_item.done', item: { type: 'message', role: 'assistant', id: 'm', content: [{ type: 'output_text', text: 'ok' }] } });
      event({ type: 'response.completed', response: { id: 'r', usage: { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 } } });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { requests, port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Servers Codex can start are `required`, so that `codex exec` waits for every one before its
 * first request; one whose name Codex refuses fails at once and would fail the whole session
 * if required (its absence from the request is then what the view must predict).
 */
const required = (name) => /^[a-zA-Z0-9_:@/.-]+$/.test(name);

/** Runs `codex exec` once with `servers` configured; the namespaces and tool names it sends. */
async function codexRun(launcher, home, port, servers) {
  const toml = (s) => JSON.stringify(s);
  let config = `model = "gpt-5"\nmodel_provider = "fake"\n[model_providers.fake]\nname = "fake"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nrequest_max_retries = 0\nstream_max_retries = 0\n`;
  servers.forEach((s, i) => {
    const file = join(home, `tools-${i}.json`);
    writeFileSync(file, JSON.stringify(s.tools));
    config += `[mcp_servers.${toml(s.name)}]\ncommand = ${toml(process.execPath)}\nargs = [${toml(join(HERE, 'js', 'list-server.mjs'))}, ${toml(file)}]\nstartup_timeout_sec = 60\n${required(s.name) ? 'required = true\n' : ''}`;
  });
  writeFileSync(join(home, 'config.toml'), config);
  const child = spawn(process.execPath, [launcher, 'exec', '--skip-git-repo-check', 'hi'], {
    cwd: home,
    env: { ...process.env, CODEX_HOME: home, RUST_LOG: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, output };
}

test('codex: the released binary, through a fake Responses endpoint', async (t) => {
  const launcher = codexLauncher();
  const platform = `${process.platform}-${process.arch}`;
  if (!launcher || !['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64'].includes(platform)) {
    t.skip(`no Codex binary for ${platform}`);
    return;
  }
  const api = await fakeResponses();
  const home = mkdtempSync(join(tmpdir(), 'codex-oracle-'));
  try {
    // Servers in batches where no sanitized name starts another, so that one run's servers
    // cannot interfere (Codex hashes colliding namespaces); each server is one view.
    const all = lists(COUNT).slice(0, CODEX_SERVERS);
    const sanitize = (s) => s.replace(/[^A-Za-z0-9_]/gu, '_');
    const batches = [];
    for (const s of all) {
      const apart = (o) => o.name !== s.name && !sanitize(o.name).startsWith(sanitize(s.name)) && !sanitize(s.name).startsWith(sanitize(o.name));
      let batch = batches.find((b) => b.length < 12 && b.every(apart));
      if (!batch) batches.push((batch = []));
      batch.push(s);
    }
    let disagreed = 0;
    for (const batch of batches) {
      const before = api.requests.length;
      const run = await codexRun(launcher, home, api.port, batch);
      assert.equal(run.code, 0, run.output.slice(-2000));
      const request = api.requests[before];
      assert.ok(request && Array.isArray(request.tools), 'codex sent one request with its tools');
      const namespaces = new Map();
      for (const tool of request.tools) {
        if (tool.type === 'namespace' && tool.name.startsWith('mcp__')) {
          namespaces.set(tool.name, tool.tools.map((f) => `${tool.name}__${f.name}`));
        }
      }
      const seen = new Set();
      for (const list of batch) {
        const view = clientView('codex', list.name, list.tools);
        const ours = [...new Set(view.tools.map((x) => x.shown).filter((x) => x !== null))].sort();
        // No sanitized server name in a batch starts another: the longest namespace that
        // prefixes every name is this server's.
        const candidates = [...namespaces.keys()].filter((ns) => ours.length > 0 && ours.every((n) => n.startsWith(`${ns}__`)));
        const ns = candidates.sort((a, b) => b.length - a.length)[0];
        const oracle = ns ? [...namespaces.get(ns)].sort() : [];
        if (ns) seen.add(ns);
        const ok = JSON.stringify(ours) === JSON.stringify(oracle);
        if (!ok) disagreed++;
        tally('codex', list, ok, { ours, oracle, namespace: ns ?? null, sent: [...namespaces.keys()], log: ok ? undefined : run.output.split('\n').filter((l) => /WARN|ERROR|error/.test(l)).slice(0, 5) });
      }
      // Nothing listed that no view accounts for.
      const extra = [...namespaces.keys()].filter((ns) => !seen.has(ns));
      assert.deepEqual(extra, [], 'every namespace codex sent belongs to a view');
    }
    assert.equal(disagreed, 0, JSON.stringify(summary.codex.differences.slice(0, 3), null, 1));
  } finally {
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test('the cited cases agree with the package too', () => {
  const cases = JSON.parse(readFileSync(join(HERE, 'cited', 'clients.json'), 'utf8'));
  let n = 0;
  for (const [client, list] of Object.entries(cases)) {
    for (const c of list) {
      const view = clientView(client, c.server, c.tools);
      assert.deepEqual(view.tools.map((t) => t.shown), c.shown, `${client}: ${c.rule}`);
      n++;
    }
  }
  assert.ok(n >= 60 && existsSync(join(HERE, 'cited', 'README.md')));
});
