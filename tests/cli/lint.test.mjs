// mcp-naming lint on real files in scratch git repositories, through the installed bin: one
// fixture a format and a finding, the exact place each finding is reported at, --fix written
// back and linted again, exit statuses, .gitignore, output formats, colour and the progress line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gitRepo, cli, jsonRun, keys, consumer } from './helpers.mjs';

/** Lints `files` in a scratch repository; returns the JSON report and the repository (removed after). */
function lint(files, args, fn) {
  const repo = gitRepo(files);
  try {
    return fn(jsonRun(['lint', ...args], { cwd: repo.dir }), repo);
  } finally {
    repo.done();
  }
}

/** The text a finding points at (its line, from column to endColumn) in `text`. */
function pointed(text, f) {
  const line = text.split('\n')[f.line - 1];
  return line.slice(f.column - 1, f.endLine === f.line ? f.endColumn - 1 : undefined);
}

test('.mcp.json and Claude Desktop config: server names Claude Code would rewrite', () => {
  const files = {
    '.mcp.json': '{\n  "mcpServers": {\n    "my.server": { "command": "node" },\n    "github": { "command": "npx" }\n  }\n}\n',
    'claude/claude_desktop_config.json': '{ "mcpServers": { "file system": { "command": "npx" } } }\n',
  };
  lint(files, ['-c', 'mcp'], ({ status, findings }) => {
    assert.equal(status, 1);
    assert.deepEqual(keys(findings), ['.mcp.json:3:invalid_character', 'claude/claude_desktop_config.json:1:invalid_character']);
    assert.equal(pointed(files['.mcp.json'], findings[0]), '.');
    assert.equal(findings[0].column, 8);
    assert.equal(findings[0].suggestion, 'my_server');
    assert.match(findings[0].message, /mcp__my_server__<tool>/);
    assert.equal(pointed(files['claude/claude_desktop_config.json'], findings[1]), ' ');
    assert.equal(findings[1].suggestion, 'file_system');
  });
});

test('agent convention: a server name is also the <mcp> part of <mcp>__<tool>', () => {
  lint({ '.mcp.json': '{"mcpServers": {"My_Server": {}, "memory": {}}}' }, ['-c', 'agent'], ({ findings }) => {
    assert.deepEqual(findings.map((f) => f.code).sort(), ['underscore_not_allowed', 'uppercase_letter']);
    assert.ok(findings.every((f) => f.message.includes('<mcp>__<tool>')));
  });
});

test('.claude/settings*.json: permission rules Claude Code would not match', () => {
  const files = {
    '.claude/settings.json': JSON.stringify({ permissions: { allow: ['mcp__github__create_issue', 'Bash(npm test)', 'mcp__github__*', 'mcp__github__create_*'], deny: ['mcp__git hub'] } }, null, 2),
    '.claude/settings.local.json': '{ "permissions": { "ask": ["mcp__memory__delete entities"] } }',
  };
  lint(files, ['-c', 'claude'], ({ status, findings }) => {
    assert.equal(status, 1);
    assert.deepEqual(keys(findings), ['.claude/settings.json:7:invalid_rule', '.claude/settings.json:10:invalid_rule', '.claude/settings.local.json:1:invalid_rule']);
    assert.equal(pointed(files['.claude/settings.json'], findings[0]), 'mcp__github__create_*');
    assert.match(findings[0].message, /only a whole "\*" is a wildcard/);
  });
});

test('Syntropy allow-list and tool-state files, with the syntropy convention', () => {
  const files = {
    '.claude/settings.local.json': '{\n  "allow": [\n    "mcp__syntropy__serena_find_symbol",\n    "mcp__syntropy_thinking_sequentialthinking",\n    "thinking_sequentialthinking",\n    "syntropy__thinking__sequentialthinking"\n  ]\n}\n',
    'syntropy/tool-state.json': '{\n  "enabled": ["thinking_sequentialthinking", "mcp__syntropy__git_git_status"],\n  "disabled": ["mcp__syntropy__git_git_status", "mcp__syntropy_git_git_status"]\n}\n',
  };
  lint(files, ['-c', 'syntropy'], ({ status, findings }) => {
    assert.equal(status, 1);
    assert.deepEqual(keys(findings), [
      '.claude/settings.local.json:4:single_underscore_after_gateway',
      '.claude/settings.local.json:5:missing_prefix',
      '.claude/settings.local.json:6:missing_mcp_prefix',
      'syntropy/tool-state.json:2:missing_prefix',
      'syntropy/tool-state.json:3:enabled_and_disabled',
      'syntropy/tool-state.json:3:single_underscore_after_gateway',
    ]);
    assert.equal(findings[0].suggestion, 'mcp__syntropy__thinking_sequentialthinking');
    assert.equal(findings[5].suggestion, 'mcp__syntropy__git_git_status');
    assert.equal(pointed(files['syntropy/tool-state.json'], findings[4]), 'mcp__syntropy__git_git_status');
    assert.equal(findings[4].fixable, false);
  });
  // Other conventions read a tool-state file as Syntropy's too; the allow list is then Claude Code rules.
  lint({ 'tool-state.json': '{"enabled": ["thinking_sequentialthinking"]}' }, ['-c', 'mcp'], ({ findings }) => {
    assert.deepEqual(findings.map((f) => f.code), ['missing_prefix']);
  });
});

test('syntropy: the servers of a servers.json among the files are the known servers', () => {
  const files = {
    'syntropy-mcp/servers.json': '{ "servers": { "syn-notes": {}, "syn-serena": {} } }',
    'tool-state.json': '{ "enabled": ["mcp__syntropy__notes_add", "mcp__syntropy__github_create_issue"] }',
  };
  lint(files, ['-c', 'syntropy'], ({ findings }) => {
    assert.deepEqual(keys(findings), ['tool-state.json:1:unknown_server']);
    assert.match(findings[0].message, /"github"/);
  });
});

test('NAMESPACES.md: full tool names and resource URIs, with the namespace the file declares', () => {
  const text = [
    '# MCP Namespace Registry', '', '**Namespace:** `myproject`', '',
    '| Tool Name | Full Name | Description | Version |', '|---|---|---|---|',
    '| create_task | myproject:create_task | Create | 1.0.0 |',
    '| list | `other:list_tasks` | List | 1.0.0 |',
    '| upd | myproject:UpdateTask | Update \\| edit | 1.0.0 |', '',
    '| Resource URI | Description | Type |', '|---|---|---|',
    '| myproject://templates/daily-report.md | Daily | text/markdown |',
    '| myproject://docs/{id} | template | - |',
    '| MyProject://Templates/x | bad | - |', '',
  ].join('\n');
  lint({ 'docs/NAMESPACES.md': text }, ['-c', 'chora'], ({ findings }) => {
    assert.deepEqual(keys(findings), [
      'docs/NAMESPACES.md:8:wrong_namespace',
      'docs/NAMESPACES.md:9:uppercase_letter',
      'docs/NAMESPACES.md:15:uppercase_letter',
      'docs/NAMESPACES.md:15:uppercase_letter',
    ]);
    assert.equal(pointed(text, findings[0]), 'other');
    assert.equal(findings[0].suggestion, 'myproject:list_tasks');
  });
});

test('tool registrations in JavaScript, TypeScript and Python source', () => {
  const files = {
    'src/server.ts': [
      "server.tool('get user', 'Gets a user', async () => ({}));",
      'server.registerTool("list-users", { description: "x" }, handler);',
      "// server.tool('commented out')",
      'server.tool(`dyn_${x}`, handler);',
      "mcp.registerTool('ok_tool', {}, handler);",
      '',
    ].join('\n'),
    'server.py': [
      '@mcp.tool()', 'async def Create_Task(title: str) -> dict:', '    return {}', '',
      '@mcp.tool(name="list tasks")', 'def list_tasks(): ...', '',
      "tool = types.Tool(name='get,task', inputSchema={})", '',
      '@mcp.tool', '@other_decorator', 'def fine_name(): ...', '',
    ].join('\n'),
  };
  lint(files, ['-c', 'mcp'], ({ findings }) => {
    const found = findings.map((f) => `${f.file}:${f.line}:${f.column}:${f.code}`);
    assert.deepEqual(found, [
      'server.py:5:21:contains_space',
      'server.py:5:21:invalid_character',
      'server.py:8:28:contains_comma',
      'server.py:8:28:invalid_character',
      'src/server.ts:1:17:contains_space',
      'src/server.ts:1:17:invalid_character',
    ]);
  });
  lint(files, ['-c', 'chora', '--namespace', 'shop'], ({ findings }) => {
    const names = [...new Set(findings.map((f) => f.message.match(/^tool "([^"]*)"/)[1]))];
    assert.deepEqual(names.sort(), ['Create_Task', 'fine_name', 'get user', 'get,task', 'list tasks', 'list-users', 'ok_tool']);
    const def = findings.find((f) => f.message.startsWith('tool "Create_Task"'));
    assert.equal(def.line, 2);
    assert.equal(def.suggestion, 'shop:create_task');
  });
});

test('resource URIs in source are checked with the chora convention', () => {
  const files = {
    'src/resources.ts': "server.resource('report', 'MyProject://templates/report.md', read);\nnew ResourceTemplate('shop://orders/{orderId}', { list: undefined });\n",
    'app.py': '@mcp.resource("shop/templates/x.md")\ndef t(): ...\n',
  };
  lint(files, ['-c', 'chora', '--namespace', 'shop'], ({ findings }) => {
    assert.deepEqual(keys(findings), ['app.py:1:missing_scheme_separator', 'src/resources.ts:1:uppercase_letter']);
  });
  lint(files, ['-c', 'mcp'], ({ findings }) => assert.deepEqual(findings, []));
});

test('--fix writes unambiguous suggestions in place, and a second run finds nothing to fix', () => {
  const files = {
    '.mcp.json': '{\n  "mcpServers": {\n    "my.server": {},\n    "My Server": {}\n  }\n}\n',
    'src/a.ts': "server.tool('Create Task', h);\nserver.tool('createTask', h);\n",
    'server.py': '@mcp.tool()\ndef CreateOrder(): ...\n\n@mcp.tool(description="d")\ndef ListOrders(): ...\n\n@mcp.tool\ndef GetOrder(): ...\n',
    'tool-state.json': '{ "enabled": ["thinking_sequentialthinking"], "disabled": ["mcp__syntropy_git_git_status"] }\n',
    'NAMESPACES.md': '**Namespace:** `shop`\n\n| Full Name |\n|---|\n| shop:Create_Order |\n| shop:create_order |\n',
  };
  const repo = gitRepo(files);
  try {
    const first = jsonRun(['lint', '-c', 'chora', '--namespace', 'shop', '--fix'], { cwd: repo.dir });
    assert.equal(first.report.summary.fixed, 7);
    assert.equal(repo.read('.mcp.json'), '{\n  "mcpServers": {\n    "my_server": {},\n    "My_Server": {}\n  }\n}\n');
    // Both names would become shop:create_task: neither fix is unambiguous.
    assert.equal(repo.read('src/a.ts'), files['src/a.ts']);
    assert.equal(repo.read('server.py'), '@mcp.tool(name="shop:create_order")\ndef CreateOrder(): ...\n\n@mcp.tool(name="shop:list_orders", description="d")\ndef ListOrders(): ...\n\n@mcp.tool(name="shop:get_order")\ndef GetOrder(): ...\n');
    assert.equal(repo.read('tool-state.json'), '{ "enabled": ["mcp__syntropy__thinking_sequentialthinking"], "disabled": ["mcp__syntropy__git_git_status"] }\n');
    // The first row's suggestion is the second row's name: fixing it would make a duplicate.
    assert.match(repo.read('NAMESPACES.md'), /\| shop:Create_Order \|/);
    assert.deepEqual(keys(first.findings), [
      'NAMESPACES.md:5:uppercase_letter',
      'src/a.ts:1:missing_namespace', 'src/a.ts:1:uppercase_letter', 'src/a.ts:1:invalid_character',
      'src/a.ts:2:missing_namespace', 'src/a.ts:2:uppercase_letter',
    ]);
    assert.ok(first.findings.every((f) => !f.fixable));
    assert.ok(first.findings.slice(1).every((f) => f.suggestion === 'shop:create_task'));
    assert.equal(first.status, 1);
    const second = jsonRun(['lint', '-c', 'chora', '--namespace', 'shop', '--fix'], { cwd: repo.dir });
    assert.equal(second.report.summary.fixed, 0);
    assert.deepEqual(second.findings, first.findings);
    assert.match(repo.git('diff', '--stat'), /3 files changed/);
  } finally {
    repo.done();
  }
});

test('a file that is not valid JSON but is named as a config is reported; other JSON is skipped', () => {
  lint({ '.mcp.json': '{ "mcpServers": { "a": {} ', 'data/other.json': '{ "enabled": [ nope' }, ['-c', 'mcp'], ({ status, findings }) => {
    assert.equal(status, 1);
    assert.deepEqual(keys(findings), ['.mcp.json:1:invalid_json']);
  });
});

test('comments and trailing commas in JSON configuration (JSONC) are read', () => {
  lint({ '.vscode/x.mcp.json': '// servers\n{\n  "mcpServers": {\n    /* one */ "a.b": {},\n  },\n}\n' }, ['-c', 'mcp'], ({ findings }) => {
    assert.deepEqual(keys(findings), ['.vscode/x.mcp.json:4:invalid_character']);
    assert.equal(findings[0].column, 17);
  });
});

test('folders are read as git sees them: ignored files are skipped, untracked ones read', () => {
  const repo = gitRepo({ '.gitignore': 'build/\nnode_modules/\n', 'build/.mcp.json': '{"mcpServers": {"a b": {}}}', 'node_modules/x/.mcp.json': '{"mcpServers": {"c d": {}}}' });
  try {
    repo.write('new/.mcp.json', '{"mcpServers": {"e f": {}}}');
    const { findings } = jsonRun(['lint', '-c', 'mcp'], { cwd: repo.dir });
    assert.deepEqual(keys(findings), ['new/.mcp.json:1:invalid_character']);
    // A file given by name is read whatever git says.
    assert.deepEqual(keys(jsonRun(['lint', 'build/.mcp.json', '-c', 'mcp'], { cwd: repo.dir }).findings), ['build/.mcp.json:1:invalid_character']);
    // Outside git: every file but node_modules and hidden folders (other than .claude).
    rmSync(join(repo.dir, '.git'), { recursive: true, force: true });
    repo.write('.hidden/.mcp.json', '{"mcpServers": {"g h": {}}}');
    repo.write('.claude/settings.json', '{"permissions": {"allow": ["mcp__a b"]}}');
    const walked = jsonRun(['lint', '-c', 'mcp'], { cwd: repo.dir }).findings;
    assert.deepEqual(keys(walked), ['.claude/settings.json:1:invalid_rule', 'build/.mcp.json:1:invalid_character', 'new/.mcp.json:1:invalid_character']);
  } finally {
    repo.done();
  }
});

test('exit statuses: 0 with warnings only, 1 with errors, 2 for bad usage', () => {
  const repo = gitRepo({ 'src/a.ts': "server.tool('-get-user', h);\n" });
  try {
    const warn = cli(['lint', '-c', 'mcp'], { cwd: repo.dir });
    assert.equal(warn.status, 0);
    assert.match(warn.stdout, /^src\/a\.ts:1:14: warning dash_at_edge: tool "-get-user": /m);
    assert.match(warn.stderr, /0 errors, 1 warning \(1 file, 1 name checked\)/);
    for (const [args, message] of [
      [['lint'], /--convention is required/],
      [['lint', '-c', 'nope'], /--convention must be one of mcp, chora/],
      [['lint', '-c', 'mcp', '--format', 'xml'], /--format must be one of text, json, sarif/],
      [['lint', '-c', 'mcp', 'missing/'], /missing\/: no such file or folder/],
      [['lint', '-c', 'mcp', '--frobnicate'], /unknown option --frobnicate/],
    ]) {
      const r = cli(args, { cwd: repo.dir });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
      assert.match(r.stderr, /Run 'mcp-naming lint --help' for usage\./);
      assert.equal(r.stdout, '');
    }
  } finally {
    repo.done();
  }
});

test('text output: file:line:col: severity code: message (suggestion), plain when piped', () => {
  const repo = gitRepo({ '.mcp.json': '{"mcpServers": {"my.server": {}}}' });
  try {
    const r = cli(['lint', '-c', 'mcp'], { cwd: repo.dir });
    assert.equal(r.stdout, '.mcp.json:1:20: error invalid_character: server "my.server" (Claude Code names its tools mcp__my_server__<tool>): character "." is not allowed: use letters, digits, "_" and "-" (suggestion: my_server)\n');
    assert.doesNotMatch(r.stdout + r.stderr, /\x1b\[/);
    const forced = cli(['lint', '-c', 'mcp'], { cwd: repo.dir, env: { FORCE_COLOR: '1' } });
    assert.match(forced.stdout, /\x1b\[31merror\x1b\[39m/);
    assert.doesNotMatch(cli(['lint', '-c', 'mcp'], { cwd: repo.dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout, /\x1b\[/);
    assert.match(cli(['lint', '-c', 'mcp', '--color', 'always'], { cwd: repo.dir, env: { NO_COLOR: '1' } }).stdout, /\x1b\[1m/);
  } finally {
    repo.done();
  }
});

test('on a terminal: colour and a progress line over many files; NO_COLOR keeps it plain', (t) => {
  if (spawnSync('script', ['--version']).status !== 0) {
    t.skip('script(1) from util-linux is not installed: no pseudo-terminal to run in');
    return;
  }
  const files = {};
  for (let i = 0; i < 60; i++) files[`src/m${i}.ts`] = `server.tool('tool_${i}', h);\n`;
  files['src/bad.ts'] = "server.tool('bad name', h);\n";
  const repo = gitRepo(files);
  try {
    const { bin } = consumer();
    const tty = (env) => spawnSync('script', ['-qec', `${bin} lint -c mcp`, '/dev/null'], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', TERM: 'xterm', ...env } });
    const colour = tty({});
    assert.equal(colour.status, 1);
    assert.match(colour.stdout, /\x1b\[31merror\x1b\[39m/);
    assert.match(colour.stdout, /\r\[\d+\/61\] src\//);
    const plain = tty({ NO_COLOR: '1' });
    assert.doesNotMatch(plain.stdout, /\x1b\[/);
    assert.match(plain.stdout, /src\/bad\.ts:1:17: error invalid_character/);
  } finally {
    repo.done();
  }
});

test('--help for lint, with examples', () => {
  const r = cli(['lint', '--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^Usage: mcp-naming lint/);
  assert.match(r.stdout, /Examples:\n {2}mcp-naming lint --convention chora/);
});
