// The Router's host half (pkg-config/src/router.mts): the objects and the table of hits kept in
// JavaScript, re-keyed by the core's placement. What it answers alone must be what the core
// answers; `changed` must be exact about the objects, which only this side sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router } from 'mcp-naming';

const tool = (name, description = `Does ${name}`) => ({ name, description, inputSchema: { type: 'object' } });
/** An Mcp-Name header that decodes to `value` but is not `value`: the glue must ask the core. */
const encoded = (value) => `=?base64?${Buffer.from(value).toString('base64')}?=`;

test('router host: every hit answers what the core answers', () => {
  for (const style of ['claude', 'syntropy', 'agent', 'openai-agents', 'cloudflare-agents']) {
    for (const prefixMode of style.includes('-') ? [undefined] : ['always', 'conditional', 'never']) {
      const router = new Router({ style, prefixMode, servers: ['alpha', 'beta', 'gamma'].map((name) => ({ name })), disabled: ['*secret*'] });
      const lists = {
        alpha: ['search', 'get_issue', 'secret_key', 'listThings'],
        beta: ['search', 'create-issue', 'delete_item'],
        gamma: ['get_issue_2', 'ping'],
      };
      for (const [server, names] of Object.entries(lists)) router.exposeTools(server, { tools: names.map((n) => tool(n)) }, { onInvalid: 'skip' });
      // Re-expose one server with a list that drops one name and adds another.
      router.exposeTools('beta', { tools: ['search', 'create-issue', 'rename_item'].map((n) => tool(n)) }, { onInvalid: 'skip' });
      const listed = router.listTools().tools;
      assert.ok(listed.length > 0, `${style} ${prefixMode}`);
      for (const t of listed) {
        const params = { name: t.name, arguments: { x: 1 } };
        const hit = router.mapCallTool(params);
        const core = router.mapCallTool(params, { header: encoded(t.name) });
        assert.deepEqual(hit, core, `${style} ${prefixMode}: ${t.name}`);
        assert.deepEqual(router.route(t.name), router.tryRoute(t.name));
        assert.equal(hit.params.arguments, params.arguments, 'arguments passed by reference');
      }
      // Disabled and unknown names are the core's to word.
      for (const name of ['alpha__secret_key', 'nothing_like_it']) {
        assert.throws(() => router.mapCallTool({ name }), (e) => ['tool_disabled', 'unknown_tool'].includes(e.code));
      }
    }
  }
});

test('router host: changed is exact about the objects, not only the names', () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'a' }, { name: 'b' }], disabled: ['a__hidden'] });
  const list = () => ({ tools: [tool('one'), tool('two'), tool('hidden')] });
  assert.equal(router.exposeTools('a', list()).changed, true);
  const page = router.listTools({ pageSize: 1 });
  // The same list again, fresh objects as from the wire: nothing changed, the cursor holds.
  assert.equal(router.exposeTools('a', list()).changed, false);
  assert.equal(router.listTools({ cursor: page.nextCursor, pageSize: 1 }).tools[0].name, 'a__two');
  // A hidden tool's description changes: the client sees nothing new.
  const hiddenChanged = list();
  hiddenChanged.tools[2].description = 'new words';
  assert.equal(router.exposeTools('a', hiddenChanged).changed, false);
  // A listed tool's schema changes: changed, and the old cursor is stale.
  const schemaChanged = list();
  schemaChanged.tools[1].inputSchema = { type: 'object', properties: { q: { type: 'string' } } };
  assert.equal(router.exposeTools('a', schemaChanged).changed, true);
  assert.throws(() => router.listTools({ cursor: page.nextCursor }), { code: 'invalid_cursor' });
  assert.deepEqual(router.listTools().tools[1].inputSchema, schemaChanged.tools[1].inputSchema);
  // Another server's list does not touch this one's objects.
  assert.equal(router.exposeTools('b', { tools: [tool('three')] }).changed, true);
  assert.deepEqual(router.listTools().tools.map((t) => t.name), ['a__one', 'a__two', 'b__three']);
});

test('router host: conditional prefixing renames another server\'s hits and list entries', () => {
  const router = new Router({ style: 'claude', prefixMode: 'conditional', servers: [{ name: 'a' }, { name: 'b' }] });
  router.exposeTools('a', { tools: [tool('search'), tool('only_a')] });
  assert.equal(router.mapCallTool({ name: 'search' }).server, 'a');
  const e = router.exposeTools('b', { tools: [tool('search')] });
  assert.equal(e.changed, true);
  assert.deepEqual(router.listTools().tools.map((t) => t.name), ['a__search', 'only_a', 'b__search']);
  assert.throws(() => router.mapCallTool({ name: 'search' }), { code: 'unknown_tool' });
  assert.equal(router.mapCallTool({ name: 'a__search' }).server, 'a');
  router.exposeTools('b', { tools: [] });
  assert.deepEqual(router.listTools().tools.map((t) => t.name), ['search', 'only_a']);
  assert.equal(router.mapCallTool({ name: 'search' }).params.name, 'search');
});

test('router host: resources exposed one at a time join the list and route from the table', () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'a' }, { name: 'b' }] });
  router.exposeResources('a', { resources: [{ uri: 'mem://x', name: 'x' }] });
  assert.equal(router.exposeResource('b', 'mem://x'), 'mem://b/x');
  assert.deepEqual(router.listResources().resources.map((r) => r.uri), ['mem://x', 'mem://b/x']);
  assert.deepEqual(router.routeResource('mem://b/x'), { server: 'b', uri: 'mem://x' });
  assert.equal(router.mapReadResource({ uri: 'mem://b/x' }).params.uri, 'mem://x');
  assert.throws(() => router.mapReadResource({ uri: 'mem://c/x' }), { code: 'unknown_resource' });
});
