// mcp-naming check-gateway on a Syntropy gateway whose files agree (tests/cli/fixtures/
// syntropy-gateway), then with one file broken at a time: each break gives its finding, in the
// file and line it is in, naming the file and line it disagrees with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureRepo, cli, jsonRun } from './helpers.mjs';

test('a gateway whose files agree passes', () => {
  const repo = fixtureRepo('syntropy-gateway');
  try {
    const r = cli(['check-gateway', '.'], { cwd: repo.dir });
    assert.equal(r.status, 0, r.stdout);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /no problems \(6 files/);
  } finally {
    repo.done();
  }
});

/** Breaks the fixture with `edit(repo)`; returns the findings (and status) of check-gateway. */
function broken(edit, args = []) {
  const repo = fixtureRepo('syntropy-gateway');
  try {
    edit(repo);
    return jsonRun(['check-gateway', '.', ...args], { cwd: repo.dir });
  } finally {
    repo.done();
  }
}
const replace = (file, from, to) => (repo) => {
  const text = repo.read(file);
  assert.ok(text.includes(from), `${file} has ${from}`);
  repo.write(file, text.replace(from, to));
};

/** [name, edit, expected findings as file:line:code, a pattern the first finding's message has] */
const CASES = [
  ['a server without a route', replace('src/index.ts', '  "syn-context7": "mcp__context7__"\n', ''),
    ['servers.json:5:missing_route'], /SERVER_ROUTES at src\/index\.ts:6:7/],
  ['a route without a server', replace('src/index.ts', '"syn-context7": "mcp__context7__"', '"syn-context7": "mcp__context7__",\n  "syn-linear": "mcp__linear-server__"'),
    ['src/index.ts:10:route_without_server'], /no server in servers\.json:2:14/],
  ['a route that is not mcp__<upstream>__', replace('src/index.ts', '"mcp__serena__"', '"mcp_serena"'),
    ['src/index.ts:7:invalid_route'], /"mcp_serena" of "syn-serena"/],
  ['a pool key without syn-', replace('servers.json', '"syn-context7"', '"context7"'),
    ['servers.json:5:invalid_pool_key', 'src/index.ts:9:route_without_server', 'src/tools-definition.ts:14:unknown_server',
      '.claude/settings.local.json:6:unknown_server', '.syntropy/tool-state.json:5:unknown_server', 'tool-index.md:7:unknown_server'], /pool key "context7"/],
  ['a server without tools', replace('servers.json', '"syn-serena"', '"syn-notes": {},\n    "syn-serena"'),
    ['servers.json:3:missing_permission', 'servers.json:3:missing_route', 'servers.json:3:missing_tool_state', 'servers.json:3:missing_tools'], /syntropy-gateway|\.claude\/settings\.local\.json:1:1/],
  ['a tool of a server that does not exist', replace('src/tools-definition.ts', '"serena_find_symbol"', '"serna_find_symbol"'),
    ['src/tools-definition.ts:4:unknown_server', '.claude/settings.local.json:4:unknown_tool', '.syntropy/tool-state.json:3:unknown_tool', 'servers.json:3:missing_tools', 'tool-index.md:5:unknown_tool'], /servers in servers\.json:2:14/],
  ['a tool defined twice', replace('src/tools-definition.ts', '"enable_tools"', '"healthcheck"'),
    ['src/tools-definition.ts:24:duplicate_entry'], /first at src\/tools-definition\.ts:19:12/],
  ['a permission rule with a typo', replace('.claude/settings.local.json', 'serena_find_symbol', 'serena_find_symbl'),
    ['.claude/settings.local.json:4:unknown_tool'], /not a tool of SYNTROPY_TOOLS at src\/tools-definition\.ts:2:14.*did you mean mcp__syntropy__serena_find_symbol/],
  ['a permission rule with one underscore after syntropy', replace('.claude/settings.local.json', 'mcp__syntropy__thinking_', 'mcp__syntropy_thinking_'),
    ['.claude/settings.local.json:5:single_underscore_after_gateway', 'servers.json:4:missing_permission'], /permissions\.allow\[1\]: one underscore/],
  ['a bare name in the tool state (the PRP-44 drift)', replace('.syntropy/tool-state.json', '"mcp__syntropy__context7_get_library_docs"', '"context7_get_library_docs"'),
    ['.syntropy/tool-state.json:5:missing_prefix', 'servers.json:5:missing_tool_state'], /enabled\[2\]: "context7_get_library_docs" is a bare registry name/],
  ['a tool both enabled and disabled', replace('.syntropy/tool-state.json', '"disabled": []', '"disabled": ["mcp__syntropy__serena_find_symbol"]'),
    ['.syntropy/tool-state.json:7:enabled_and_disabled'], /in both lists/],
  ['a tool-state entry for a tool that does not exist', replace('.syntropy/tool-state.json', 'thinking_sequentialthinking', 'thinking_sequential_thinking'),
    ['.syntropy/tool-state.json:4:unknown_tool'], /src\/tools-definition\.ts:2:14/],
  ['an undocumented tool', replace('tool-index.md', '| `mcp__syntropy__enable_tools` | enable or disable tools |\n', ''),
    ['src/tools-definition.ts:24:not_in_tool_index'], /not documented in tool-index\.md:1:1/],
  ['a documented name that is not a tool', replace('tool-index.md', 'mcp__syntropy__healthcheck`', 'mcp__syntropy__health_check`'),
    ['src/tools-definition.ts:19:not_in_tool_index', 'tool-index.md:8:unknown_server'], /not documented in tool-index\.md/],
  ['a tools/list answer without the prefix', replace('src/index.ts', 'name: `mcp__syntropy__${tool.name}`', 'name: tool.name'),
    ['src/index.ts:18:unprefixed_tool_list'], /\.claude\/settings\.local\.json:1:1/],
  ['no tool index', (repo) => rmSync(join(repo.dir, 'tool-index.md')),
    ['servers.json:2:missing_file'], /tool index not found/],
  ['no tool-state file (a warning: Syntropy keeps it in ~/.syntropy)', (repo) => rmSync(join(repo.dir, '.syntropy'), { recursive: true }),
    ['servers.json:2:missing_file'], /--tool-state FILE/],
];

for (const [name, edit, expected, message] of CASES) {
  test(`check-gateway finds ${name}`, () => {
    const { status, findings } = broken(edit);
    assert.deepEqual(findings.map((f) => `${f.file}:${f.line}:${f.code}`).sort(), [...expected].sort());
    const first = findings.find((f) => `${f.file}:${f.line}:${f.code}` === expected[0]);
    assert.match(first.message, message);
    const errors = findings.some((f) => f.severity === 'error');
    assert.equal(status, errors ? 1 : 0);
    for (const f of findings) for (const r of f.related ?? []) assert.ok(r.file !== f.file || r.line !== f.line, 'a related place is another place');
  });
}

test('files given by flags replace the ones in the folder', () => {
  const { findings } = broken((repo) => {
    repo.write('elsewhere/state.json', '{ "enabled": ["mcp__syntropy__serena_find_symbol"] }');
  }, ['--tool-state', 'elsewhere/state.json']);
  assert.deepEqual(findings.map((f) => `${f.file}:${f.code}`).sort(), ['servers.json:missing_tool_state', 'servers.json:missing_tool_state']);
});

test('a folder without servers.json, or a missing flag file, is bad usage (exit 2)', () => {
  const repo = fixtureRepo('syntropy-gateway');
  try {
    let r = cli(['check-gateway', 'src'], { cwd: repo.dir });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no servers\.json in src/);
    r = cli(['check-gateway', '.', '--tool-state', 'nope.json'], { cwd: repo.dir });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--tool-state nope\.json: no such file/);
    r = cli(['check-gateway'], { cwd: repo.dir });
    assert.equal(r.status, 2);
    assert.match(cli(['check-gateway', '--help']).stdout, /Examples:\n {2}mcp-naming check-gateway \./);
  } finally {
    repo.done();
  }
});
