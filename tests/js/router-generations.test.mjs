// The Router's two generations are one implementation (pkg-config/src/router.mts, the class's
// documentation): each first-generation call answers what the message calls it is sugar for
// answer, on the same router, for every style; route and tryRoute (deprecated) agree with
// mapCallTool wherever both answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, NamingError } from 'mcp-naming';

const STYLES = ['syntropy', 'claude', 'agent', 'chora', 'openai-agents', 'langchain', { peer: 'litellm', separator: '-' }, 'docker', 'agentgateway', 'cloudflare-agents'];
const SERVERS = ['alpha', 'beta'];
const LISTS = {
  alpha: ['search', 'get_issue', 'secret_key', 'listThings', 'search'],
  beta: ['search', 'create-issue', 'delete_item'],
};
const make = (style) => new Router({ style, servers: SERVERS.map((name) => ({ name })), disabled: ['*secret*'], builtins: ['status'] });
const tool = (name, i) => ({ name, description: `tool ${i}`, inputSchema: { type: 'object' } });
/** What a call answers, or its error's code and message: two calls are compared whole. */
const outcome = (fn) => {
  try {
    return { value: fn() };
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    return { code: e.code, message: e.message, suggestions: e.suggestions };
  }
};
const label = (style) => JSON.stringify(style);

test('expose(server, names) is exposeTools(server, names as tools).exposed', () => {
  for (const style of STYLES) {
    const [sugar, plain] = [make(style), make(style)];
    for (const server of [...SERVERS, 'nobody']) {
      const names = LISTS[server] ?? ['x'];
      assert.deepEqual(outcome(() => sugar.expose(server, names)), outcome(() => plain.exposeTools(server, names.map((name) => ({ name }))).exposed), `${label(style)} ${server}`);
    }
    assert.deepEqual(sugar.listTools(), plain.listTools(), label(style));
  }
  assert.throws(() => make('claude').expose('alpha', [{ name: 'x' }]), { code: 'invalid_argument', message: 'tools[0] must be a string, got an object' });
});

test('rewriteToolsList(server, result) is exposeTools, then the server\'s entries of listTools', () => {
  for (const style of STYLES) {
    const [sugar, plain] = [make(style), make(style)];
    for (const server of SERVERS) {
      const result = { tools: LISTS[server].map(tool), nextCursor: 'c' };
      const rewritten = outcome(() => sugar.rewriteToolsList(server, result));
      const exposure = outcome(() => plain.exposeTools(server, result));
      if (exposure.code) {
        assert.deepEqual(rewritten, exposure, `${label(style)} ${server}`);
        continue;
      }
      // The same entries (a peer may list a name twice), in the server's order rather than the
      // merged list's.
      const mine = new Set(exposure.value.exposed.map((t) => t.name));
      const listed = plain.listTools().tools.filter((t) => mine.has(t.name));
      const sorted = (list) => list.map((t) => JSON.stringify(t)).sort();
      assert.equal(rewritten.value.nextCursor, 'c');
      assert.deepEqual(sorted(rewritten.value.tools), sorted(listed), `${label(style)} ${server}`);
      const order = rewritten.value.tools.map((t) => Number(t.description.slice('tool '.length)));
      assert.deepEqual(order, [...order].sort((a, b) => a - b), `${label(style)} ${server}: the server's order`);
    }
  }
});

test('tools() is listTools()\'s entries, each with where mapCallTool sends it', () => {
  for (const style of STYLES) {
    const router = make(style);
    // A list a style refuses whole (docker: one name twice) leaves the server's tools out.
    for (const server of SERVERS) outcome(() => router.exposeTools(server, LISTS[server].map(tool), { onInvalid: 'skip' }));
    const listed = router.listTools().tools;
    const tools = router.tools();
    assert.deepEqual(tools.map((t) => t.name), listed.map((t) => t.name), label(style));
    for (const t of tools) {
      const mapped = router.mapCallTool({ name: t.name });
      assert.deepEqual([t.server, t.upstream, t.enabled], [mapped.server, mapped.params.name, true], `${label(style)} ${t.name}`);
      assert.ok(t.qualified.endsWith(t.name));
    }
  }
});

test('routeResource(uri) is mapReadResource({ uri }); exposeResource adds to exposeResources\' list', () => {
  const [sugar, plain] = [make('claude'), make('claude')];
  for (const r of [sugar, plain]) r.exposeResources('alpha', { resources: [{ uri: 'mem://x', name: 'x' }] });
  assert.equal(sugar.exposeResource('beta', 'mem://x'), 'mem://beta/x');
  assert.equal(sugar.exposeResource('beta', 'mem://x'), 'mem://beta/x', 'the same URI again: the same answer, no second entry');
  assert.equal(sugar.exposeResource('alpha', 'file:///a.md'), 'file:///a.md');
  plain.exposeResources('beta', [{ uri: 'mem://x' }]);
  plain.exposeResources('alpha', [{ uri: 'mem://x', name: 'x' }, { uri: 'file:///a.md' }]);
  assert.deepEqual(sugar.listResources(), plain.listResources());
  for (const uri of ['mem://x', 'mem://beta/x', 'file:///a.md', 'mem://gamma/x', 'nope']) {
    const mapped = outcome(() => plain.mapReadResource({ uri }));
    const expected = mapped.code ? mapped : { value: { server: mapped.value.server, uri: mapped.value.params.uri } };
    assert.deepEqual(outcome(() => sugar.routeResource(uri)), expected, uri);
  }
  assert.throws(() => sugar.exposeResource('gamma', 'mem://y'), { code: 'unknown_server' });
  assert.throws(() => sugar.routeResource(7), { code: 'invalid_argument', message: 'uri must be a string, got a number' });
});

test('route and tryRoute (deprecated) agree with mapCallTool wherever both answer', () => {
  for (const style of STYLES) {
    const router = make(style);
    // A list a style refuses whole (docker: one name twice) leaves the server's tools out.
    for (const server of SERVERS) outcome(() => router.exposeTools(server, LISTS[server].map(tool), { onInvalid: 'skip' }));
    const names = [...router.listTools().tools.map((t) => t.name), 'alpha__secret_key', 'alpha_secret_key', 'nothing_like_it', 'searh'];
    for (const name of names) {
      const route = outcome(() => router.route(name));
      const mapped = outcome(() => router.mapCallTool({ name }));
      const at = `${label(style)} ${name}`;
      if (route.code) {
        assert.deepEqual(mapped, route, at);
        assert.equal(router.tryRoute(name), null, at);
      } else {
        assert.deepEqual([route.value.server, route.value.tool], [mapped.value.server, mapped.value.params.name], at);
        assert.deepEqual(router.tryRoute(name), route.value, at);
      }
    }
    // A built-in routes to no server: mapCallTool leaves it to the gateway.
    assert.equal(router.route('status').builtin, true);
    assert.throws(() => router.mapCallTool({ name: 'status' }), { code: 'invalid_argument' });
  }
});
