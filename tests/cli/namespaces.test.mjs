// mcp-naming namespaces: NAMESPACES.md from a saved tools/list result and from a live
// @modelcontextprotocol/server-everything started through the official SDK; --check; the
// Owners section kept; the SDK missing (an optional peer dependency).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, EVERYTHING, gitRepo, cli, jsonRun } from './helpers.mjs';
import { join } from 'node:path';

const CAPTURED = join(ROOT, 'tests/data/fixtures/everything-tools-list.json');
const TOOLS = JSON.parse((await import('node:fs')).readFileSync(CAPTURED, 'utf8')).result.tools;

test('--from a saved tools/list result: the Chora layout, every tool, and a lint that agrees', () => {
  const repo = gitRepo({});
  try {
    const r = cli(['namespaces', '--from', CAPTURED, '--namespace', 'everything'], { cwd: repo.dir });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`wrote NAMESPACES\\.md \\(${TOOLS.length} tools, 0 resources, 0 templates; namespace everything\\)`));
    const text = repo.read('NAMESPACES.md');
    for (const heading of ['# MCP Namespace Registry', '**Namespace:** `everything`', '## Registered Tools', '## Registered Resources', '## Resource URI Patterns', '## Namespace Rules', '## Owners']) {
      assert.ok(text.includes(heading), heading);
    }
    for (const t of TOOLS) assert.match(text, new RegExp(`^\\| ${t.name} \\| everything:${t.name} \\| `, 'm'));
    // The hyphenated names are not chora names: said on stderr, and lint finds each.
    const hyphenated = TOOLS.filter((t) => t.name.includes('-'));
    assert.match(r.stderr, new RegExp(`note: ${hyphenated.length} of ${TOOLS.length} full names are not valid chora names`));
    const { findings } = jsonRun(['lint', 'NAMESPACES.md', '-c', 'chora'], { cwd: repo.dir });
    assert.deepEqual([...new Set(findings.map((f) => f.message.match(/^tool "everything:([^"]+)"/)[1]))].sort(), hyphenated.map((t) => t.name).sort());
    assert.ok(findings.every((f) => f.code === 'hyphen_not_allowed'));
  } finally {
    repo.done();
  }
});

test('--check: up to date, out of date (first differing line), missing; the Owners section is kept', () => {
  const repo = gitRepo({ 'tools.json': JSON.stringify({ tools: [{ name: 'shop:create_order', description: 'Create an order' }], resources: [{ uri: 'shop://orders/1', name: 'o', mimeType: 'application/json' }], resourceTemplates: [{ uriTemplate: 'shop://orders/{id}', name: 't' }] }) });
  try {
    let r = cli(['namespaces', '--from', 'tools.json', '--check'], { cwd: repo.dir });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /NAMESPACES\.md is out of date: it does not exist/);
    assert.equal(cli(['namespaces', '--from', 'tools.json'], { cwd: repo.dir }).status, 0);
    const text = repo.read('NAMESPACES.md');
    assert.match(text, /\*\*Namespace:\*\* `shop`/); // the namespace every tool shares
    assert.match(text, /^\| create_order \| shop:create_order \| Create an order \| - \|$/m);
    assert.match(text, /^\| shop:\/\/orders\/\{id\} \| template \| - \| - \|$/m);
    assert.equal(jsonRun(['lint', '.', '-c', 'chora'], { cwd: repo.dir }).findings.length, 0);
    r = cli(['namespaces', '--from', 'tools.json', '--check'], { cwd: repo.dir });
    assert.equal(r.status, 0);
    assert.match(r.stderr, /is up to date \(1 tools, 1 resources, 1 templates\)/);
    // Owners are the user's: kept by a rewrite and by --check.
    repo.write('NAMESPACES.md', text.replace('| Maintainer | _TBD_ |', '| Maintainer | @alice |'));
    assert.equal(cli(['namespaces', '--from', 'tools.json', '--check'], { cwd: repo.dir }).status, 0);
    repo.write('tools.json', JSON.stringify({ tools: [{ name: 'shop:create_order', description: 'Create an order' }, { name: 'shop:list_orders' }] }));
    r = cli(['namespaces', '--from', 'tools.json', '--check'], { cwd: repo.dir });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /out of date: line 17: expected "\| list_orders \| shop:list_orders \| - \| - \|"/);
    assert.equal(cli(['namespaces', '--from', 'tools.json'], { cwd: repo.dir }).status, 0);
    assert.match(repo.read('NAMESPACES.md'), /\| Maintainer \| @alice \|/);
  } finally {
    repo.done();
  }
});

test('a live server over stdio through the SDK: tools, resources and templates', { timeout: 60_000 }, () => {
  const repo = gitRepo({});
  try {
    const r = cli(['namespaces', '--', 'node', EVERYTHING, 'stdio'], { cwd: repo.dir });
    assert.equal(r.status, 0, r.stderr);
    const text = repo.read('NAMESPACES.md');
    assert.match(text, /\*\*Project:\*\* mcp-servers\/everything/);
    assert.match(text, /\*\*Namespace:\*\* `everything`/); // from the server's name
    for (const t of TOOLS) assert.ok(text.includes(`| ${t.name} | everything:${t.name} |`), t.name);
    assert.match(text, /^\| demo:\/\/resource\/static\/document\/\{id\} \| resources \| \d+ \| text\/markdown \|$/m);
    assert.match(text, /^\| demo:\/\/resource\/dynamic\/text\/\{resourceId\} \| template \| - \| text\/plain \|$/m);
    // The same server again: up to date; a saved result of its tools alone is not.
    assert.equal(cli(['namespaces', '--check', '--', 'node', EVERYTHING, 'stdio'], { cwd: repo.dir }).status, 0);
    assert.equal(cli(['namespaces', '--check', '--from', CAPTURED, '--namespace', 'everything'], { cwd: repo.dir }).status, 1);
  } finally {
    repo.done();
  }
});

test('a server that does not start: exit 3 with its stderr; no SDK installed: exit 3 naming the package', () => {
  const repo = gitRepo({ 'boom.mjs': "console.error('boom: no config'); process.exit(4);\n" });
  try {
    let r = cli(['namespaces', '--timeout', '10000', '--', 'node', 'boom.mjs'], { cwd: repo.dir });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /could not list the tools of "node boom\.mjs"/);
    assert.match(r.stderr, /boom: no config/);
    r = cli(['namespaces', '--', 'node', 'boom.mjs'], { cwd: repo.dir, sdk: false });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /needs the official MCP SDK, an optional peer dependency of mcp-naming: npm install @modelcontextprotocol\/sdk/);
  } finally {
    repo.done();
  }
});

test('bad usage exits 2', () => {
  const repo = gitRepo({ 'x.json': '{"nope": 1}', 'tools.json': '{"tools": [{"name": "get-sum"}]}' });
  try {
    for (const [args, message] of [
      [['namespaces'], /give --from FILE or -- COMMAND/],
      [['namespaces', '--from', 'x.json'], /x\.json: no "tools"/],
      [['namespaces', '--from', 'missing.json'], /missing\.json: no such file/],
      [['namespaces', '--from', 'tools.json'], /cannot tell the namespace/],
      [['namespaces', '--from', 'tools.json', '--', 'node'], /not both/],
      [['namespaces', '--timeout', 'soon', '--', 'node'], /--timeout must be a whole number/],
    ]) {
      const r = cli(args, { cwd: repo.dir });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    assert.match(cli(['namespaces', '--help']).stdout, /Examples:\n {2}mcp-naming namespaces --from tools\.json/);
  } finally {
    repo.done();
  }
});
