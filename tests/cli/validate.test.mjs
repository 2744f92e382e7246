// mcp-naming validate and convert: names as arguments and one a line on stdin (streamed), text
// and JSON lines, exit statuses, --help of every command, and npx finding the bin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cli, consumer } from './helpers.mjs';

test('validate NAME…: each error and warning with its suggestion; valid names said so', () => {
  const r = cli(['validate', 'MyProject:CreateTask', 'myproject:create_task', 'myproject:get', '-c', 'chora']);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, [
    'MyProject:CreateTask: error uppercase_letter: namespace "MyProject" has uppercase letters: use 3 to 20 lowercase letters or digits, starting with a letter ("myproject") (suggestion: myproject:create_task)',
    'MyProject:CreateTask: error uppercase_letter: tool name "CreateTask" has uppercase letters: use lowercase letters, digits and "_", starting with a letter ("create_task") (suggestion: myproject:create_task)',
    'myproject:create_task: valid (chora)',
    'myproject:get: warning vague_tool_name: tool name "get" is too vague and collides across servers: name what it acts on, such as get_task',
    '',
  ].join('\n'));
  assert.equal(r.stderr, '3 names: 2 valid, 1 invalid, 1 with warnings (chora)\n');
  assert.equal(cli(['validate', 'get_user', '-c', 'mcp']).status, 0);
  assert.match(cli(['validate', 'create_task', '-c', 'chora', '--namespace', 'shop']).stdout, /suggestion: shop:create_task/);
  assert.equal(cli(['validate', 'mcp__syntropy__notes_add', '-c', 'syntropy', '--servers', 'notes']).status, 0);
});

test('validate from stdin: <stdin>:line:col, blank lines skipped, --errors-only, JSON lines', () => {
  const input = 'getUser\n\nget user\r\n-edge\nok.name';
  const r = cli(['validate', '-c', 'mcp'], { input });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^<stdin>:3:4: error invalid_character: .* \(suggestion: get_user\) \[get user\]$/m);
  assert.match(r.stdout, /^<stdin>:4:1: warning dash_at_edge: /m);
  assert.equal(r.stdout.split('\n').filter(Boolean).length, 3);
  assert.equal(r.stderr, '4 names: 3 valid, 1 invalid, 2 with warnings (mcp)\n');
  assert.doesNotMatch(cli(['validate', '-c', 'mcp', '--errors-only'], { input }).stdout, /warning/);
  const lines = cli(['validate', '-', '-c', 'mcp', '--format', 'json'], { input }).stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => [l.line, l.name, l.valid]), [[1, 'getUser', true], [3, 'get user', false], [4, '-edge', true], [5, 'ok.name', true]]);
  assert.equal(lines[1].suggestion, 'get_user');
  assert.deepEqual(lines[2].warnings.map((w) => w.code), ['dash_at_edge']);
});

test('validate without --convention: valid in which conventions, near misses named with their fix', () => {
  // Seed 003's first common mistake: valid as mcp and agent, one underscore short of Syntropy.
  let r = cli(['validate', 'mcp__syntropy_thinking_sequentialthinking']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, [
    'mcp__syntropy_thinking_sequentialthinking: valid in mcp, agent',
    'mcp__syntropy_thinking_sequentialthinking: near miss of syntropy: error single_underscore_after_gateway: one underscore after "syntropy": use two, write mcp__syntropy__thinking_sequentialthinking (suggestion: mcp__syntropy__thinking_sequentialthinking)',
    '',
  ].join('\n'));
  assert.equal(r.stderr, '1 name: 1 valid, 0 invalid, 1 with near misses (every convention)\n');
  // The second-level mistake: a dropped mcp__ prefix, nearest first (claude, then syntropy).
  r = cli(['validate', 'syntropy__thinking__sequentialthinking']);
  const misses = r.stdout.split('\n').filter((l) => l.includes('near miss of'));
  assert.deepEqual(misses.map((l) => /near miss of (\w+): error (\w+).*\(suggestion: (\S+)\)$/.exec(l).slice(1)), [
    ['claude', 'missing_mcp_prefix', 'mcp__syntropy__thinking__sequentialthinking'],
    ['syntropy', 'missing_mcp_prefix', 'mcp__syntropy__thinking_sequentialthinking'],
  ]);
  // Valid nowhere: exit 1, the near misses with the fix; warnings of a convention it is valid in.
  r = cli(['validate', 'MyProject:CreateTask', 'memory_save']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^MyProject:CreateTask: valid in no convention$/m);
  assert.match(r.stdout, /^MyProject:CreateTask: near miss of chora: error uppercase_letter: .*\(suggestion: myproject:create_task\)$/m);
  assert.match(r.stdout, /^memory_save: valid in mcp, agent\nmemory_save: agent: warning legacy_name: .*\(suggestion: memory__save\)$/m);
  assert.equal(r.stderr, '2 names: 1 valid, 1 invalid, 1 with near misses (every convention)\n');
  // stdin: places and names; valid names only for their near misses; --errors-only; JSON lines.
  const input = 'mcp__syntropy_serena_find_symbol\n\nget user\nget_user\n';
  r = cli(['validate'], { input });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^<stdin>:1:1: near miss of syntropy: error single_underscore_after_gateway: .* \[mcp__syntropy_serena_find_symbol\]$/m);
  assert.match(r.stdout, /^<stdin>:3: get user: valid in no convention\n<stdin>:3:4: near miss of \w+: error invalid_character: .*\(suggestion: get_user\) \[get user\]$/m);
  assert.doesNotMatch(r.stdout, /get_user\]/);
  const errorsOnly = cli(['validate', '--errors-only'], { input }).stdout;
  assert.doesNotMatch(errorsOnly, /syntropy|warning/);
  assert.match(errorsOnly, /^<stdin>:3: get user/m);
  const lines = cli(['validate', '--format', 'json'], { input }).stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => [l.line, l.valid, l.validIn, l.suggestion]), [
    [1, true, ['mcp', 'agent'], null], [3, false, [], 'get_user'], [4, true, ['mcp', 'agent', 'openproject'], null],
  ]);
  assert.deepEqual(lines[0].nearMisses.map((m) => [m.convention, m.distance, m.suggestion]), [['syntropy', 1, 'mcp__syntropy__serena_find_symbol']]);
  // Options still apply: a server Syntropy knows only from --servers (and agent then refuses it).
  r = cli(['validate', 'mcp__syntropy_notes_add', '--servers', 'notes']);
  assert.match(r.stdout, /^mcp__syntropy_notes_add: valid in mcp\n.*near miss of syntropy: .*\(suggestion: mcp__syntropy__notes_add\)$/m);
});

test('conventions and styles: --style checks a name as a router style exposes it; -c says when a name is a style\'s exposed form', () => {
  // Issue 33: `validate everything__ecoh -c claude` said only missing_mcp_prefix: the claude
  // convention is the qualified form, the claude style exposes server__tool.
  let r = cli(['validate', 'everything__ecoh', '-c', 'claude']);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, [
    'everything__ecoh: error missing_mcp_prefix: "everything__ecoh" does not start with "mcp__": write mcp__<server>__<tool> (suggestion: mcp__everything__ecoh)',
    'everything__ecoh: note: this is the claude style\'s exposed form (<server>__<tool>, shown as mcp__gateway__everything__ecoh); the claude convention is the qualified form mcp__<server>__<tool>: check it with --style claude',
    '',
  ].join('\n'));
  r = cli(['validate', 'everything__ecoh', '--style', 'claude']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'everything__ecoh: valid (claude style, shown as mcp__gateway__everything__ecoh)\n');
  assert.equal(r.stderr, '1 name: 1 valid, 0 invalid (claude style)\n');
  assert.match(cli(['validate', 'gh__x', '-s', 'claude', '--gateway', 'tools']).stdout, /shown as mcp__tools__gh__x/);
  // The style's form checked in its convention, spans and suggestion on the exposed name.
  r = cli(['validate', 'github__Search', '--style', 'agent', '--format', 'json']);
  assert.equal(r.status, 1);
  const report = JSON.parse(r.stdout);
  assert.deepEqual([report.style, report.qualified, report.valid, report.suggestion], ['agent', 'github__Search', false, 'github__search']);
  assert.deepEqual(report.errors.map((d) => [d.code, d.start, d.end]), [['uppercase_letter', 8, 14]]);
  r = cli(['validate', '-s', 'claude', '-f', 'json'], { input: 'gh__x\n' });
  assert.deepEqual(JSON.parse(r.stdout).qualified, 'mcp__gateway__gh__x');
  // syntropy: the style exposes server_tool, the convention is mcp__syntropy__server_tool.
  r = cli(['validate', 'notes_add', '-c', 'syntropy', '--servers', 'notes']);
  assert.match(r.stdout, /^notes_add: note: this is the syntropy style's exposed form \(<server>_<tool>, shown as mcp__syntropy__notes_add\); the syntropy convention is the qualified form mcp__syntropy__<server>_<tool>: check it with --style syntropy$/m);
  assert.equal(cli(['validate', 'notes_add', '-s', 'syntropy', '--servers', 'notes']).status, 0);
  // Without -c, the near miss carries the note too (text and JSON).
  r = cli(['validate', 'everything__ecoh']);
  assert.match(r.stdout, /^everything__ecoh: note: this is the claude style's exposed form/m);
  const every = JSON.parse(cli(['validate', 'everything__ecoh', '-f', 'json']).stdout);
  assert.deepEqual(every.nearMisses.find((m) => m.convention === 'claude').styleForm, { style: 'claude', qualified: 'mcp__gateway__everything__ecoh' });
  // A qualified name gets no note; both flags, or --gateway alone, are bad usage.
  assert.doesNotMatch(cli(['validate', 'mcp__x', '-c', 'claude']).stdout, /note:/);
  assert.equal(cli(['validate', 'x', '-c', 'claude', '-s', 'claude']).status, 2);
  assert.equal(cli(['validate', 'x', '--gateway', 'gw']).status, 2);
  assert.match(cli(['validate', 'x', '-s', 'litellm']).stderr, /--style must be one of syntropy, claude, agent, chora/);
});

test('validate streams: 200,000 names through a pipe, answering before the input ends', { timeout: 120_000 }, async () => {
  const { bin } = consumer();
  const child = spawn(bin, ['validate', '-c', 'chora', '--format', 'json'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let firstAnswerAt = null;
  let written = 0;
  let answered = 0;
  let tail = '';
  let invalid = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    if (firstAnswerAt === null) firstAnswerAt = written;
    const text = tail + chunk;
    const lines = text.split('\n');
    tail = lines.pop();
    for (const line of lines) {
      answered++;
      if (!JSON.parse(line).valid) invalid++;
    }
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const N = 200_000;
  for (let i = 0; i < N; i += 1000) {
    let block = '';
    for (let j = i; j < i + 1000; j++) block += j % 1000 === 7 ? `Bad Name ${j}\n` : `shop:tool_${j}\n`;
    written += 1000;
    if (!child.stdin.write(block)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  const status = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(status, 1, stderr);
  assert.equal(answered, N);
  assert.equal(invalid, N / 1000);
  assert.ok(firstAnswerAt < N / 2, `the first answers came after ${firstAnswerAt} of ${N} names were written`);
});

test('convert NAME… and stdin: one line out for each line in, reasons on stderr', () => {
  let r = cli(['convert', 'myproject:create_task', '--from', 'chora', '--to', 'agent']);
  assert.deepEqual([r.status, r.stdout], [0, 'myproject__create_task\n']);
  r = cli(['convert', 'mcp__syntropy__context7_get_library_docs', '--from', 'syntropy', '--to', 'claude']);
  assert.equal(r.stdout, 'mcp__context7__get-library-docs\n');
  r = cli(['convert', '--from', 'agent', '--to', 'chora'], { input: 'memory__save_note\nnot a name\nshop__list_orders\n' });
  assert.equal(r.status, 1);
  assert.equal(r.stdout, 'memory:save_note\n\nshop:list_orders\n');
  assert.match(r.stderr, /^<stdin>:2: \w+: .*\[not a name\]$/m);
  const json = cli(['convert', 'a b', '--from', 'mcp', '--to', 'agent', '--format', 'json']);
  const line = JSON.parse(json.stdout);
  assert.equal(line.converted, null);
  assert.equal(typeof line.error.code, 'string');
  assert.equal(cli(['convert', 'x', '--from', 'mcp']).status, 2);
  assert.match(cli(['convert', 'x', '--from', 'mcp', '--to', 'nope']).stderr, /--to must be one of/);
});

test('every command has --help with examples; no command or an unknown one is bad usage', () => {
  for (const command of ['lint', 'namespaces', 'check-gateway', 'clients', 'validate', 'convert']) {
    const r = cli([command, '--help']);
    assert.equal(r.status, 0, command);
    assert.match(r.stdout, new RegExp(`^Usage: mcp-naming ${command}`));
    assert.match(r.stdout, /\nExamples:\n {2}mcp-naming /);
    assert.match(r.stdout, /Exit status: 0/);
  }
  assert.match(cli(['--help']).stdout, /^Usage: mcp-naming <command>/);
  const none = cli([]);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /^Usage: mcp-naming <command>/);
  const unknown = cli(['lnt']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "lnt"/);
  assert.match(cli(['--version']).stdout, /^\d+\.\d+\.\d+\n$/);
});

test('npx mcp-naming runs the installed bin, as a user calls it', () => {
  const { dir } = consumer();
  const r = spawnSync('npx', ['--no-install', 'mcp-naming', 'validate', 'get_user', '-c', 'mcp'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'get_user: valid (mcp)\n');
});
