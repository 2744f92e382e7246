// mcp-naming clients: each MCP client's view of a gateway's tools, from a saved tools/list result
// (every hand-traced case of tests/peers/cited/clients.json through the command), from a live
// server over stdio (server-everything) and over Streamable HTTP (an SDK server on 127.0.0.1 that
// this test starts and stops); text, JSON and SARIF (against the 2.1.0 schema); bad usage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ROOT, EVERYTHING, gitRepo, cli, consumer } from './helpers.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateSarif = ajv.compile(JSON.parse(readFileSync(new URL('./fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8')));

const CITED = JSON.parse(readFileSync(join(ROOT, 'tests/peers/cited/clients.json'), 'utf8'));
const CLIENTS = ['claude-code', 'codex', 'vscode', 'gemini-cli', 'cline', 'openai-agents'];

/** A tools/list result as a JSON-RPC response, written out as a server would (indented). */
const toolsList = (names) => `${JSON.stringify({ jsonrpc: '2.0', id: 2, result: { tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) } }, null, 2)}\n`;

function json(args, opts) {
  const r = cli([...args, '--format', 'json'], opts);
  try {
    return { ...r, out: JSON.parse(r.stdout) };
  } catch {
    throw new Error(`not JSON (status ${r.status}): ${r.stdout.slice(0, 500)}\n${r.stderr.slice(0, 500)}`);
  }
}

test('every cited case of tests/peers/cited/clients.json, through the command: shown names, codes, exit status', { timeout: 300_000 }, () => {
  let cases = 0;
  for (const client of CLIENTS) {
    for (const c of CITED[client]) {
      const { status, out, stderr } = json(['clients', '--from', '-', '--server', c.server, '--client', client], { input: JSON.stringify(c.tools.map((name) => ({ name }))) });
      const about = `${client} ${JSON.stringify(c.server)}: ${c.rule}`;
      assert.deepEqual(out.views.map((v) => v.client), [client], about);
      const [view] = out.views;
      assert.deepEqual(view.tools.map((t) => t.name), c.tools, about);
      assert.deepEqual(view.tools.map((t) => t.shown), c.shown, about);
      // Each cited diagnostic: on the tools it names, or on the view as a whole.
      for (const d of c.diagnostics ?? []) {
        if (d.tools.length === 0) assert.ok(view.diagnostics.some((x) => x.code === d.code), `${about}: ${d.code} on the view`);
        for (const i of d.tools) assert.ok(view.tools[i].diagnostics.some((x) => x.code === d.code), `${about}: ${d.code} on tool ${i}`);
      }
      const codes = (c.diagnostics ?? []).map((d) => d.code);
      const all = [...view.diagnostics, ...view.tools.flatMap((t) => t.diagnostics)];
      assert.deepEqual([...new Set(all.map((d) => d.code))].sort(), [...new Set(codes)].sort(), about);
      // A finding a diagnostic, naming the client; errors (anything but a hashed name) fail the run.
      assert.equal(out.findings.length, all.length, about);
      assert.ok(out.findings.every((f) => f.client === client), about);
      const errors = all.filter((d) => d.severity === 'error').length;
      assert.deepEqual([out.summary.errors, out.summary.warnings], [errors, all.length - errors], about);
      assert.equal(status, errors > 0 ? 1 : 0, `${about}\n${stderr}`);
      assert.deepEqual(codes.filter((x) => x !== 'client_hashed').length > 0, errors > 0, about);
      cases++;
    }
  }
  assert.equal(cases, Object.values(CITED).flat().length);
});

test('text: each client\'s names, marked; findings at the name in the file; the closing line on stderr', () => {
  const repo = gitRepo({ 'tools.json': toolsList(['get.user', 'get_user', 'search-issues']) });
  try {
    const r = cli(['clients', '--from', 'tools.json', '--server', 'gw', '--client', 'claude-code,cline', '--client', 'gemini-cli'], { cwd: repo.dir });
    assert.equal(r.status, 1, r.stderr);
    const [views, findings] = r.stdout.split('\n\n');
    assert.equal(views, [
      'claude-code (server "gw"; 3 tools, 2 marked)',
      '  get.user       →  mcp__gw__get_user [collides]',
      '  get_user       →  mcp__gw__get_user [collides]',
      '  search-issues  →  mcp__gw__search-issues',
      'cline (server "gw"; 3 tools, 1 marked)',
      '  get.user       →  gw__get_user_7cc42c0c [hashed]',
      '  get_user       →  gw__get_user',
      '  search-issues  →  gw__search-issues',
      'gemini-cli (server "gw"; 3 tools)',
      '  get.user       →  mcp_gw_get.user',
      '  get_user       →  mcp_gw_get_user',
      '  search-issues  →  mcp_gw_search-issues',
    ].join('\n'));
    const lines = findings.trim().split('\n');
    assert.equal(lines.length, 3);
    // "get.user" is on line 7 of the file, its name from column 18.
    assert.match(lines[0], /^tools\.json:7:18: error client_collision: tools "get\.user" and "get_user" all show as "mcp__gw__get_user" in claude-code/);
    assert.match(lines[1], /^tools\.json:13:18: error client_collision: /);
    assert.match(lines[2], /^tools\.json:7:18: warning client_hashed: cline shows tool "get\.user" as "gw__get_user_7cc42c0c"/);
    assert.equal(r.stderr, '2 errors, 1 warning (3 tools × 3 clients, server "gw")\n');
    // Names every client keeps as they are: no problems, exit 0.
    const clean = cli(['clients', '--from', '-', '--server', 'gw'], { input: '["get_user", "search_issues"]' });
    assert.equal(clean.status, 0, clean.stderr);
    assert.equal(clean.stderr, 'no problems (2 tools × 6 clients, server "gw")\n');
    assert.match(clean.stdout, /^codex \(server "gw"; 2 tools\)\n {2}get_user {7}→ {2}mcp__gw__get_user$/m);
    // Colour only when asked (or on a terminal).
    assert.match(cli(['clients', '--from', 'tools.json', '--server', 'gw', '--color', 'always'], { cwd: repo.dir }).stdout, /\x1b\[31m\[collides\]/);
  } finally {
    repo.done();
  }
});

test('json and sarif: the views, findings with places, valid SARIF 2.1.0 with the same results', () => {
  const repo = gitRepo({ 'tools.json': toolsList(['get.user', 'get_user', 'x'.repeat(80)]) });
  try {
    const { status, out } = json(['clients', '--from', 'tools.json', '--server', 'gw'], { cwd: repo.dir });
    assert.equal(status, 1);
    assert.equal(out.version, 1);
    assert.equal(out.server, 'gw');
    assert.deepEqual(out.views.map((v) => v.client), CLIENTS);
    const codex = out.views.find((v) => v.client === 'codex');
    assert.match(codex.tools[0].shown, /^mcp__gw__get_user_[0-9a-f]{12}$/);
    const refused = out.findings.find((f) => f.client === 'claude-code' && f.code === 'client_refused');
    assert.deepEqual([refused.file, refused.line, refused.column, refused.tool, refused.shown], ['tools.json', 19, 18, 'x'.repeat(80), `mcp__gw__${'x'.repeat(80)}`]);
    const r = cli(['clients', '--from', 'tools.json', '--server', 'gw', '--format', 'sarif'], { cwd: repo.dir });
    assert.equal(r.status, 1);
    const log = JSON.parse(r.stdout);
    assert.ok(validateSarif(log), ajv.errorsText(validateSarif.errors, { separator: '\n' }));
    const run = log.runs[0];
    assert.equal(run.automationDetails.id, 'mcp-naming/clients/');
    assert.equal(run.results.length, out.findings.length);
    run.results.forEach((res, i) => {
      const f = out.findings[i];
      assert.equal(res.ruleId, f.code);
      assert.equal(res.level, f.severity);
      assert.equal(res.properties.client, f.client);
      assert.deepEqual([res.locations[0].physicalLocation.artifactLocation.uri, res.locations[0].physicalLocation.region.startLine], ['tools.json', f.line]);
    });
  } finally {
    repo.done();
  }
});

test('a live server over stdio (--command, and -- CMD): the server\'s own name by default', { timeout: 120_000 }, () => {
  const { status, out, stderr } = json(['clients', '--client', 'vscode', '--command', `node '${EVERYTHING}' stdio`]);
  assert.equal(status, 0, stderr);
  assert.equal(out.server, 'mcp-servers/everything');
  const [view] = out.views;
  assert.ok(view.tools.length >= 10, `${view.tools.length} tools`);
  assert.ok(view.tools.some((t) => t.name === 'echo' && t.shown === 'mcp_mcp-servers_e_echo'), JSON.stringify(view.tools.slice(0, 3)));
  // The name the user gave it, through -- CMD; a finding in no file names the tool.
  const r = cli(['clients', '--server', 'every thing', '--client', 'codex', '--', 'node', EVERYTHING, 'stdio']);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^\(catalog\): error client_refused: codex refuses the server name "every thing"/m);
  const sarif = JSON.parse(cli(['clients', '--server', 'every thing', '--client', 'codex', '--format', 'sarif', '--', 'node', EVERYTHING, 'stdio']).stdout);
  assert.ok(validateSarif(sarif), ajv.errorsText(validateSarif.errors, { separator: '\n' }));
  assert.deepEqual(sarif.runs[0].results[0].locations, [{ logicalLocations: [{ name: '(catalog)', kind: 'function' }] }]);
});

/** The bin, run without blocking this process (a server in it must answer). */
function cliAsync(args) {
  const { bin } = consumer();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('a live server over Streamable HTTP (--url, --header), on 127.0.0.1, stopped after', { timeout: 120_000 }, async () => {
  const seen = [];
  const http = createServer(async (req, res) => {
    seen.push(req.headers.authorization);
    if (req.headers.authorization !== 'Bearer t0k') {
      res.writeHead(401).end();
      return;
    }
    const server = new McpServer({ name: 'http-gateway', version: '1.0.0' });
    for (const name of ['get.user', 'get_user', 'list_orders']) server.registerTool(name, { description: name }, async () => ({ content: [] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    let body = '';
    for await (const chunk of req) body += chunk;
    await transport.handleRequest(req, res, body ? JSON.parse(body) : undefined);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${http.address().port}/mcp`;
  try {
    let r = await cliAsync(['clients', '--url', url, '--header', 'Authorization: Bearer t0k', '--client', 'claude-code', '--format', 'json']);
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.server, 'http-gateway');
    assert.deepEqual(out.views[0].tools.map((t) => t.shown), ['mcp__http-gateway__get_user', 'mcp__http-gateway__get_user', 'mcp__http-gateway__list_orders']);
    assert.deepEqual(out.findings.map((f) => [f.code, f.tool, f.file]), [['client_collision', 'get.user', null], ['client_collision', 'get_user', null]]);
    r = await cliAsync(['clients', '--url', url, '--server', 'gw', '--client', 'codex']);
    assert.equal(r.status, 3);
    assert.match(r.stderr, /^mcp-naming clients: could not list the tools of http:\/\/127\.0\.0\.1:\d+\/mcp: /);
    assert.ok(seen.includes(undefined) && seen.includes('Bearer t0k'));
  } finally {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
});

test('no SDK installed: exit 3 naming the package; a server that fails: exit 3 with its stderr', () => {
  const repo = gitRepo({ 'boom.mjs': "console.error('boom: no config'); process.exit(4);\n" });
  try {
    let r = cli(['clients', '--server', 'gw', '--', 'node', 'boom.mjs'], { cwd: repo.dir, sdk: false });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /^mcp-naming clients: starting a server needs the official MCP SDK, an optional peer dependency of mcp-naming: npm install @modelcontextprotocol\/sdk/);
    r = cli(['clients', '--server', 'gw', '--url', 'http://127.0.0.1:9/mcp'], { cwd: repo.dir, sdk: false });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /reaching a server needs the official MCP SDK/);
    r = cli(['clients', '--server', 'gw', '--timeout', '10000', '--command', 'node boom.mjs'], { cwd: repo.dir });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /could not list the tools of "node boom\.mjs"[^]*boom: no config/);
  } finally {
    repo.done();
  }
});

test('clients: bad usage exits 2 with the reason', () => {
  const repo = gitRepo({ 'tools.json': toolsList(['a']), 'x.json': '{"a": 1}', 'bad.json': '{' });
  try {
    for (const [args, message] of [
      [['clients'], /give --from FILE, --command "CMD", --url URL or -- CMD/],
      [['clients', '--from', 'tools.json'], /give --server NAME: the name the gateway has in the client's configuration/],
      [['clients', '--from', 'tools.json', '--server', 'gw', '--client', 'cursor'], /--client must be one of claude-code, codex, vscode, gemini-cli, cline, openai-agents \(got "cursor"\)/],
      [['clients', '--from', 'tools.json', '--url', 'http://127.0.0.1:1/'], /give --from or a server/],
      [['clients', '--command', 'a', '--url', 'http://127.0.0.1:1/'], /give one server/],
      [['clients', '--command', 'node "unclosed'], /--command has an unclosed "/],
      [['clients', '--url', 'ftp://x/'], /--url must be http: or https:/],
      [['clients', '--url', 'not a url'], /is not a URL/],
      [['clients', '--from', 'tools.json', '--header', 'A: b'], /--header goes with --url/],
      [['clients', '--url', 'http://127.0.0.1:1/', '--header', 'nocolon'], /--header must be "Name: value"/],
      [['clients', '--from', 'x.json', '--server', 'gw'], /x\.json: no "tools"/],
      [['clients', '--from', 'bad.json', '--server', 'gw'], /bad\.json: /],
      [['clients', '--from', 'missing.json', '--server', 'gw'], /missing\.json: no such file/],
      [['clients', '--from', 'tools.json', '--server', 'gw', '--timeout', 'soon'], /--timeout must be a whole number/],
      [['clients', 'tools.json'], /unexpected "tools\.json"/],
      [['clients', '--from', 'tools.json', '--server', 'gw', '--format', 'xml'], /--format must be one of text, json, sarif/],
    ]) {
      const r = cli(args, { cwd: repo.dir });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
    }
    const help = cli(['clients', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: mcp-naming clients/);
    assert.match(help.stdout, /\nExamples:\n {2}mcp-naming clients --from tools\.json --server gateway/);
    assert.match(cli(['--help']).stdout, /\n {2}clients --from FILE /);
  } finally {
    repo.done();
  }
});
