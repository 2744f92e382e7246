// The router through the package: the shared scenarios (tests/data/cases/router/*.json, run
// natively by tests/router.rs), the JS hit path, tools/list rewriting of a real server-everything
// result, provider fitting of long names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as naming from 'mcp-naming';
import { load, routerFiles, runScenario } from './data.mjs';

const { Router, checkProviders } = naming;

const files = routerFiles();
let steps = 0;
for (const [path, file] of files) {
  for (const scenario of file.scenarios) {
    test(`router: ${path}: ${scenario.title}`, () => {
      steps += runScenario(file, scenario, naming);
    });
  }
}
test('router: every scenario step ran', () => {
  assert.ok(files.length >= 10, `only ${files.length} router scenario files`);
  assert.ok(steps >= 250, `only ${steps} steps`);
});

test('router: a table hit is a Map lookup returning the same frozen route', () => {
  const router = new Router({ style: 'syntropy', servers: [{ name: 'serena' }] });
  router.expose('serena', ['find_symbol']);
  const a = router.route('mcp__syntropy__serena_find_symbol');
  const b = router.route('mcp__syntropy__serena_find_symbol');
  assert.equal(a, b);
  assert.ok(Object.isFrozen(a));
  assert.equal(router.route('serena_find_symbol').tool, 'find_symbol');
  assert.throws(() => router.route(42), { code: 'invalid_argument' });
  assert.throws(() => new Router({ style: 'agent' }), { code: 'invalid_config' });
  assert.throws(() => new Router(null), { code: 'invalid_argument' });
});

test('router: rewrites a real tools/list result from server-everything (hyphenated names)', () => {
  const { result } = load('fixtures/everything-tools-list.json');
  const router = new Router({
    style: 'syntropy',
    servers: [{ name: 'everything', upstream: 'hyphens' }],
    disabled: ['*toggle*'],
  });
  const rewritten = router.rewriteToolsList('everything', result);
  const kept = result.tools.filter((t) => !t.name.startsWith('toggle'));
  assert.equal(rewritten.tools.length, kept.length);
  assert.ok(kept.length >= 10 && kept.length < result.tools.length);
  for (const [i, tool] of rewritten.tools.entries()) {
    const original = kept[i];
    assert.equal(tool.name, `everything_${original.name.replaceAll('-', '_')}`);
    assert.deepEqual({ ...tool, name: original.name }, original, 'everything but the name untouched');
    assert.equal(router.route(`mcp__syntropy__${tool.name}`).tool, original.name);
  }
  for (const key of Object.keys(result)) if (key !== 'tools') assert.deepEqual(rewritten[key], result[key]);
  assert.throws(() => router.route('mcp__syntropy__everything_toggle_simulated_logging'), { code: 'tool_disabled' });
  assert.deepEqual(router.tools().map((t) => t.upstream), kept.map((t) => t.name));
  assert.equal(result.tools[0].name, 'echo', 'the input is not mutated');
});

test('router: provider fitting keeps 40-120 character names valid and routable', () => {
  for (const [provider, style, server] of [['anthropic', 'syntropy', 'srv'], ['openai', 'claude', 'srv'], ['gemini', 'chora', 'longnamespace'], ['mistral', 'agent', 'srv']]) {
    const router = new Router({ style, provider, gateway: 'gw', servers: [{ name: server }] });
    const tools = Array.from({ length: 120 }, (_, i) => `tool_${'segment_'.repeat(16)}`.slice(0, 40 + ((i * 13) % 81)).replace(/_+$/, '') + `_${i}`);
    const exposed = router.expose(server, tools);
    assert.equal(new Set(exposed.map((t) => t.name)).size, tools.length);
    for (const [i, t] of exposed.entries()) {
      assert.equal(checkProviders(t.name)[provider], true, t.name);
      assert.equal(checkProviders(t.qualified)[provider], true, t.qualified);
      assert.equal(router.route(t.qualified).tool, tools[i]);
    }
  }
});

test('router: names migrate from one style to another (permission files, eval sets)', () => {
  const router = (style) => {
    const r = new Router({ style, servers: [{ name: 'memory' }, { name: 'github' }] });
    r.exposeTools('memory', [{ name: 'save' }, { name: 'read_graph' }]);
    r.exposeTools('github', [{ name: 'create-issue' }]);
    return r;
  };
  const langchain = router({ peer: 'langchain', prefix: 'mcp' });
  const claude = router('claude');
  const agent = router('agent');
  assert.equal(claude.migrateName('mcp__memory__save', langchain), 'memory__save');
  assert.equal(agent.migrateName('mcp__github__create-issue', langchain), 'github__create_issue');
  assert.deepEqual(['mcp__memory__save', 'mcp__memory__read_graph'].map((n) => claude.migrateName(n, langchain)), ['memory__save', 'memory__read_graph']);
  assert.throws(() => claude.migrateName('mcp__memory__sav', langchain), { code: 'unknown_tool', suggestions: ['mcp__memory__save'] });
  assert.throws(() => claude.migrateName('x', {}), { code: 'invalid_argument' });
});
