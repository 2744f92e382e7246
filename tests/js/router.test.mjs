// The router through the package: the shared scenarios, the JS hit path, tools/list rewriting of
// a real server-everything result, provider fitting of long names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, NamingError, checkProviders, validateToolName } from 'mcp-naming';
import { load } from './helpers.mjs';

for (const scenario of load('router').scenarios) {
  test(`router: ${scenario.title}`, () => {
    if (scenario.configError || scenario.configErrorCodes) {
      assert.throws(() => new Router(scenario.config), (e) => {
        assert.ok(e instanceof NamingError);
        assert.equal(e.code, scenario.configErrorCode ?? 'invalid_config');
        if (scenario.configError) assert.deepEqual(e.diagnostics.map((d) => d.message), scenario.configError);
        else assert.equal(e.diagnostics.length, scenario.configErrorCodes);
        if (scenario.configSuggestions) assert.deepEqual(e.suggestions, scenario.configSuggestions);
        for (const d of e.diagnostics) assert.ok(d.message.startsWith(`${d.path}: `), d.message);
        return true;
      });
      return;
    }
    const router = new Router(scenario.config);
    for (const step of scenario.steps) {
      const at = JSON.stringify(step);
      if (step.expose) {
        if (step.error) {
          assert.throws(() => router.expose(step.expose.server, step.expose.tools), (e) => {
            assert.equal(e.code, step.error, at);
            if (step.message) assert.equal(e.message, step.message, at);
            return true;
          });
        } else {
          const exposed = router.expose(step.expose.server, step.expose.tools);
          assert.deepEqual(exposed.map((t) => t.name), step.names, at);
          if (step.qualified) assert.deepEqual(exposed.map((t) => t.qualified), step.qualified, at);
          for (const t of exposed) assert.equal(t.server, step.expose.server);
        }
      } else if ('route' in step) {
        if (step.error) {
          assert.throws(() => router.route(step.route), (e) => {
            assert.ok(e instanceof NamingError);
            assert.equal(e.code, step.error, at);
            if (step.message) assert.equal(e.message, step.message, at);
            if (step.suggestions) assert.deepEqual(e.suggestions, step.suggestions, at);
            return true;
          });
          assert.equal(router.tryRoute(step.route), null);
        } else {
          assert.deepEqual({ ...router.route(step.route) }, step.to, at);
          assert.deepEqual({ ...router.tryRoute(step.route) }, step.to, at);
        }
      } else if ('enabled' in step) {
        assert.equal(router.isEnabled(step.enabled), step.is, at);
      } else if (step.tools) {
        assert.deepEqual(router.tools().map((t) => t.name), step.tools, at);
      } else if (step.exposeResource) {
        assert.equal(router.exposeResource(step.exposeResource.server, step.exposeResource.uri), step.uri, at);
      } else if ('routeResource' in step) {
        if (step.error) assert.throws(() => router.routeResource(step.routeResource), { code: step.error });
        else assert.deepEqual(router.routeResource(step.routeResource), step.to, at);
      } else if (step.mcp) {
        mcpStep(router, step, at);
      } else {
        assert.fail(`unknown step ${at}`);
      }
    }
  });
}

/** A step on the MCP message API: `mcp` names the method, `args` its arguments. */
function mcpStep(router, step, at) {
  const run = () => router[step.mcp](...step.args);
  if (step.error) {
    assert.throws(run, (e) => {
      assert.ok(e instanceof NamingError, at);
      assert.equal(e.code, step.error, at);
      if (step.message) assert.equal(e.message, step.message, at);
      if (step.suggestions) assert.deepEqual(e.suggestions, step.suggestions, at);
      assert.equal(e.toJsonRpcError().code, step.rpc ?? -32602, at);
      if (step.server) assert.equal(e.toJsonRpcError().data.server, step.server, at);
      return true;
    });
    return;
  }
  const got = run();
  if (step.mcp.startsWith('expose')) {
    const view = {
      names: got.exposed.map((t) => t.name ?? t.uri),
      skipped: got.skipped.map((s) => s.code),
      changed: got.changed,
      warnings: got.warnings.map((w) => w.message),
      warningCodes: got.warnings.map((w) => w.code),
    };
    if (got.exposed[0]?.qualified !== undefined) view.qualified = got.exposed.map((t) => t.qualified);
    for (const key of Object.keys(step.result)) assert.deepEqual(view[key], step.result[key], `${at} ${key}`);
    for (const t of got.exposed) {
      if (t.qualified === undefined) continue;
      if (step.style) assert.ok(validateToolName(t.qualified, step.style, step.options).valid, `${t.qualified} is not valid in ${step.style}`);
      if (step.maxLength) assert.ok(t.qualified.length <= step.maxLength, `${t.qualified} is over ${step.maxLength}`);
    }
  } else {
    assert.deepEqual(got, step.result, at);
  }
}

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
  const { result } = load('everything-tools-list');
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
