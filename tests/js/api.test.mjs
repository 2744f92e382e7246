// The package's contract beyond the tables: wrong types, UTF-16 spans, shapes, extras.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as naming from 'mcp-naming';

const WRONG = [undefined, null, 42, {}, [], () => 1, true, Symbol('s')];

test('every function answers a wrong type with NamingError invalid_argument', () => {
  // Each call with the wrong values it legitimately accepts: [] is a valid list of names, {} a
  // valid (empty) tool state or a set of parts to complain about later (below).
  const emptyList = (v) => Array.isArray(v) && v.length === 0;
  const plainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const calls = [
    ['validateToolName(v, mcp)', (v) => naming.validateToolName(v, 'mcp')],
    ['validateToolName(x, v)', (v) => naming.validateToolName('x', v)],
    ['isValidToolName(v, chora)', (v) => naming.isValidToolName(v, 'chora')],
    ['isValidToolName(x, v)', (v) => naming.isValidToolName('x', v)],
    ['validateToolNames(v, mcp)', (v) => naming.validateToolNames(v, 'mcp'), emptyList],
    ['validateToolNames([v], mcp)', (v) => naming.validateToolNames([v], 'mcp')],
    ['parseToolName(v, agent)', (v) => naming.parseToolName(v, 'agent')],
    ['formatToolName(v, chora)', (v) => naming.formatToolName(v, 'chora'), plainObject],
    ['convertToolName(v, chora, agent)', (v) => naming.convertToolName(v, 'chora', 'agent')],
    ['convertToolName(a:b, v, agent)', (v) => naming.convertToolName('a:b', v, 'agent')],
    ['detectConventions(v)', (v) => naming.detectConventions(v)],
    ['parseResourceUri(v)', (v) => naming.parseResourceUri(v)],
    ['formatResourceUri(v)', (v) => naming.formatResourceUri(v), plainObject],
    ['validateResourceUri(v)', (v) => naming.validateResourceUri(v)],
    ['namespaceFromSlug(v)', (v) => naming.namespaceFromSlug(v)],
    ['checkProviders(v)', (v) => naming.checkProviders(v)],
    ['fitToolName(v, openai)', (v) => naming.fitToolName(v, 'openai')],
    ['fitToolName(x, v)', (v) => naming.fitToolName('x', v)],
    ['fitToolNames(v, openai)', (v) => naming.fitToolNames(v, 'openai'), emptyList],
    ['syntropyLayers(v)', (v) => naming.syntropyLayers(v)],
    ['matchesPermission(v, mcp__a__b)', (v) => naming.matchesPermission(v, 'mcp__a__b')],
    ['normalizeServerName(v)', (v) => naming.normalizeServerName(v)],
    ['checkToolState(v)', (v) => naming.checkToolState(v), plainObject],
    ['isToolEnabled({}, v)', (v) => naming.isToolEnabled({}, v)],
  ];
  for (const [what, call, accepts = () => false] of calls) {
    for (const v of WRONG) {
      if (accepts(v)) continue;
      assert.throws(() => call(v), (e) => e instanceof naming.NamingError && e.code === 'invalid_argument', `${what} with ${String(v)}`);
    }
  }
  assert.throws(() => naming.validateToolName('x', 'nope'), { code: 'invalid_argument', message: /unknown convention "nope": use one of mcp, chora/ });
  assert.throws(() => naming.validateToolName('x', 'mcp', { servers: 'a' }), { code: 'invalid_argument', message: 'options.servers: must be an array of strings, got a string' });
  assert.throws(() => naming.fitToolName('x', 'openai', { taken: [1] }), { code: 'invalid_argument', message: 'options.taken[0]: must be a string, got a number' });
  assert.throws(() => naming.checkToolState({ enabled: 'x' }), { code: 'invalid_argument' });
  assert.throws(() => naming.formatToolName({}, 'chora'), { code: 'invalid_argument' });
  assert.throws(() => naming.formatResourceUri({}), { code: 'invalid_argument' });
  assert.throws(() => naming.formatToolName({ tool: 'x' }, 'chora'), { code: 'invalid_argument', message: /parts\.namespace: is required/ });
  assert.throws(() => naming.formatResourceUri({ namespace: 'abc', type: 'ty', id: 'x', query: { a: 1 } }), { code: 'invalid_argument' });
});

test('NamingError carries code, diagnostics and suggestions', () => {
  try {
    naming.parseToolName('MyProject:CreateTask', 'chora');
    assert.fail('no throw');
  } catch (e) {
    assert.ok(e instanceof Error && e instanceof naming.NamingError);
    assert.equal(e.name, 'NamingError');
    assert.equal(e.code, 'uppercase_letter');
    assert.equal(e.diagnostics.length, 2);
    assert.deepEqual(e.suggestions, ['myproject:create_task']);
  }
  assert.throws(() => naming.formatToolName({ namespace: 'mp', tool: 'tool' }, 'chora'), {
    name: 'NamingError',
    code: 'namespace_too_short',
    message: 'namespace "mp" is too short: use 3 to 20 lowercase letters or digits, starting with a letter',
  });
});

test('spans are UTF-16 offsets, as JS indexes strings', () => {
  const name = '😀😀ѕerena';
  const r = naming.validateToolName(name, 'mcp');
  assert.deepEqual(r.errors.map((d) => [d.code, name.slice(d.start, d.end)]), [
    ['non_ascii_character', '😀'],
    ['confusable_character', 'ѕ'],
  ]);
  const lone = 'ab\ud800cd';
  const l = naming.validateToolName(lone, 'mcp');
  assert.equal(l.valid, false);
  assert.deepEqual([l.errors[0].start, l.errors[0].end], [2, 3]);
  const batch = naming.validateToolNames(['😀a', 'ok', 'a😀b', '', 'fine.name', '\ud800', 'x'], 'mcp');
  assert.deepEqual(batch, [false, true, false, false, true, false, true]);
});

test('parts slice the input exactly, including non-ASCII neighbours', () => {
  assert.deepEqual(naming.parseToolName('mcp__syntropy__healthcheck', 'syntropy'), { server: null, tool: 'healthcheck' });
  assert.deepEqual(naming.parseToolName('plan', 'agent'), { mcp: null, tool: 'plan' });
  assert.deepEqual(naming.parseToolName('mcp__my__server__tool', 'claude', { servers: ['my__server'] }), { server: 'my__server', tool: 'tool' });
  assert.deepEqual(naming.formatToolName({ segments: ['fs', 'write'] }, 'registry'), 'fs.write');
  assert.equal(naming.formatToolName({ server: null, tool: 'healthcheck' }, 'syntropy'), 'mcp__syntropy__healthcheck');
  assert.equal(naming.formatToolName({ mcp: null, tool: 'plan' }, 'agent'), 'plan');
});

test('conventions() lists every convention with examples that hold', () => {
  const list = naming.conventions();
  assert.deepEqual(list.map((c) => c.id), ['mcp', 'chora', 'syntropy', 'claude', 'agent', 'openproject', 'registry']);
  for (const c of list) {
    for (const key of ['title', 'grammar']) assert.ok(typeof c[key] === 'string' && c[key].length > 0, `${c.id}.${key}`);
    assert.ok(c.examples.valid.length > 0 && c.examples.invalid.length > 0, `${c.id}: examples of both kinds`);
    for (const v of c.examples.valid) assert.equal(naming.isValidToolName(v, c.id), true, `${c.id} ${v}`);
    for (const v of c.examples.invalid) assert.equal(naming.isValidToolName(v, c.id), false, `${c.id} ${v}`);
  }
  assert.ok(Object.isFrozen(list));
});

test('syntropy layers, provider fitting of a set, server names', () => {
  assert.deepEqual(naming.syntropyLayers('mcp__syntropy__context7_get_library_docs'), {
    permission: 'mcp__syntropy__context7_get_library_docs',
    registry: 'context7_get_library_docs',
    server: 'context7',
    pool: 'syn-context7',
    upstreamPrefix: 'mcp__context7__',
    upstreamTool: 'get-library-docs',
    backendName: 'mcp__context7__get-library-docs',
  });
  assert.throws(() => naming.syntropyLayers('thinking_sequentialthinking'), { code: 'missing_prefix', suggestions: ['mcp__syntropy__thinking_sequentialthinking'] });
  const names = Array.from({ length: 300 }, (_, i) => `mcp__syntropy__server_${'x'.repeat(40 + (i % 80))}${i % 7 === 0 ? '.' : ''}${i}`);
  for (const provider of naming.PROVIDERS) {
    const fitted = naming.fitToolNames(names, provider);
    assert.equal(new Set(fitted).size, names.length);
    for (const f of fitted) assert.equal(naming.checkProviders(f)[provider], true);
  }
  assert.equal(naming.normalizeServerName('my.server (dev)'), 'my_server__dev_');
});

test('a 1 MB name is answered by length, and the module keeps answering', () => {
  const big = 'a'.repeat(1 << 20);
  for (const c of naming.CONVENTIONS) {
    const r = naming.validateToolName(big, c);
    assert.deepEqual(r.errors.map((d) => d.code), ['too_long']);
    assert.equal(r.errors[0].end, big.length);
  }
  assert.equal(naming.isValidToolName('getUser', 'mcp'), true);
});

test('options that set nothing are the default options, for every function that takes them', () => {
  const names = ['myproject:create_task', 'mcp__syntropy__serena_find_symbol', 'get user', 'memory__save', 'fs.write', 'list_projects', ''];
  for (const c of naming.CONVENTIONS) {
    for (const empty of [{}, { servers: undefined }, null]) {
      for (const n of names) {
        assert.deepEqual(naming.validateToolName(n, c, empty), naming.validateToolName(n, c), `${c} ${JSON.stringify(n)}`);
        assert.equal(naming.isValidToolName(n, c, empty), naming.isValidToolName(n, c));
      }
      assert.deepEqual(naming.validateToolNames(names, c, empty), naming.validateToolNames(names, c));
    }
  }
  for (const n of names) assert.deepEqual(naming.detectConventions(n, {}), naming.detectConventions(n));
});

test('a file check names the entry of each problem by its path, with the fix where one is clear', () => {
  const state = { enabled: ['syntropy__serena_find_symbol', 'mcp__syntropy__git_git_status', 'mcp__syntropy__git_git_status'], disabled: ['mcp__syntropy__git_git_status'] };
  const errors = naming.checkToolState(state).errors.map((d) => [d.code, d.path, d.suggestion ?? null]);
  assert.deepEqual(errors, [
    ['missing_mcp_prefix', 'enabled[0]', 'mcp__syntropy__serena_find_symbol'],
    ['duplicate_entry', 'enabled[2]', null],
    ['enabled_and_disabled', 'disabled[0]', null],
  ]);
  const allow = naming.checkAllowList({ permissions: { allow: ['Bash(ls)', 'mcp__syntropy_git_git_status'] } }).errors;
  assert.deepEqual(allow.map((d) => [d.path, d.suggestion]), [['allow[1]', 'mcp__syntropy__git_git_status']]);
});
