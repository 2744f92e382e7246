// `init --from` on the config files of Claude Desktop, Claude Code and Cursor, and `--check`: the
// config checked and every upstream reached (connected and listed) without serving.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, scratch, stdioUpstream, httpUpstream, stopAll } from './support/gateway.mjs';

after(stopAll);
const FIXTURES = new URL('./fixtures/clients/', import.meta.url).pathname;
const run = (args, cwd) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env } });

for (const [fixture, place, format, expected, notes] of [
  ['claude_desktop_config.json', 'claude_desktop_config.json', "Claude Desktop's claude_desktop_config.json",
    { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop', '/Users/me/Downloads'] }, memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/Users/me/memory.jsonl' } } }, []],
  ['claude-code.mcp.json', '.mcp.json', "Claude Code's .mcp.json",
    {
      'my-tool': { type: 'stdio', command: 'node', args: ['./my-mcp-server.js'], env: { DEBUG: '${DEBUG:-false}' } },
      'http-service': { type: 'http', url: 'https://api.example.com/mcp', headers: { 'X-API-Key': '${API_KEY}' } },
      'remote-api': { type: 'sse', url: 'https://api.example.com/mcp/sse', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
      'dynamic-auth': { type: 'http', url: 'https://internal.example.com/mcp' },
    }, [/dynamic-auth: left out "headersHelper"/]],
  ['cursor-mcp.json', '.cursor/mcp.json', "Cursor's mcp.json",
    {
      'server-name': { command: 'npx', args: ['-y', 'mcp-server'], env: { API_KEY: '${env:API_KEY}' } },
      'with-env-file': { command: 'python', args: ['server.py'] },
      remote: { url: 'http://localhost:3000/mcp', headers: { API_KEY: '${env:MY_SERVICE_TOKEN}' } },
    }, [/with-env-file: left out "envFile" \(envFile: export its variables/]],
]) {
  test(`init --from ${place} (${format})`, () => {
    const s = scratch();
    const from = join(s.dir, place);
    mkdirSync(join(from, '..'), { recursive: true });
    copyFileSync(join(FIXTURES, fixture), from);
    const r = run(['init', '--from', from, '--out', 'gateway.json'], s.dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`wrote gateway.json: ${Object.keys(expected).length} servers from ${format.replace(/[.()]/g, '\\$&')}`));
    for (const note of notes) assert.match(r.stderr, note);
    const written = JSON.parse(readFileSync(join(s.dir, 'gateway.json'), 'utf8'));
    assert.deepEqual(written.mcpServers, expected);
    assert.deepEqual(written.router, { style: 'claude' });
    assert.match(written.$schema, /mcp-naming-gateway@[\d.]+\/dist\/schema\.json$/);
    // A second init does not overwrite it without --force.
    const again = run(['init', '--from', from, '--out', 'gateway.json'], s.dir);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /exists: give --force/);
    assert.equal(run(['init', '--from', from, '--out', 'gateway.json', '--force'], s.dir).status, 0);
    s.done();
  });
}

test('init --from a file with no servers, or not JSON: exit 3 saying why', () => {
  const s = scratch();
  writeFileSync(s.path('x.json'), '{"projects": {}}');
  const r = run(['init', '--from', 'x.json', '--out', 'g.json'], s.dir);
  assert.equal(r.status, 3);
  assert.match(r.stderr, /no mcpServers object \(its servers are under projects/);
  writeFileSync(s.path('y.json'), '{');
  assert.match(run(['init', '--from', 'y.json', '--out', 'g.json'], s.dir).stderr, /is not JSON/);
  assert.equal(run(['init'], s.dir).status, 2);
  s.done();
});

test('--check: every upstream reached exits 0; one that cannot start and one that does not answer are named, exit 1', async () => {
  const s = scratch();
  const calls = s.path('calls.jsonl');
  const remote = await httpUpstream('remote', calls);
  writeFileSync(s.path('good.json'), JSON.stringify({ mcpServers: { local: stdioUpstream('local', calls), remote: { url: remote.url } } }));
  const ok = run(['--check', '--config', 'good.json'], s.dir);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /^ok {6}local/m);
  assert.match(ok.stdout, /^ok {6}remote/m);
  assert.match(ok.stderr, /config valid, 2 upstreams reached/);

  writeFileSync(s.path('bad.json'), JSON.stringify({ mcpServers: {
    local: stdioUpstream('local', calls),
    missing: { command: s.path('no-such-program') },
    closed: { url: 'http://127.0.0.1:9/mcp' },
  } }));
  const bad = run(['--check', '--config', 'bad.json', '--startup-timeout', '5000'], s.dir);
  assert.equal(bad.status, 1, bad.stderr);
  assert.match(bad.stdout, /^FAILED {2}missing: .+/m);
  assert.match(bad.stdout, /^FAILED {2}closed: .+/m);
  assert.match(bad.stderr, /2 of 3 upstreams not reached: missing, closed/);
  // Nothing was called: --check connects and lists only.
  assert.equal(readFileSyncSafe(calls), '');
  s.done();
});

function readFileSyncSafe(file) {
  try { return readFileSync(file, 'utf8'); } catch { return ''; }
}
