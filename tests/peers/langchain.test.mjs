// The router's `langchain` style against LangChain's own code: @langchain/mcp-adapters'
// loadMcpTools (prefixToolNameWithServerName on), fed the same tools/list through a stub client,
// on the seeds' servers and 10,000 generated server/tool lists.
//   npm ci --prefix tests/peers && node --test tests/peers/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { Router } from 'mcp-naming';
import { generate } from './generate.mjs';

/** A client whose tools/list answers `names`: all loadMcpTools asks of it while loading. */
const stub = (names) => ({
  listTools: async () => ({ tools: names.map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })) }),
});

/** LangChain's names for each server's tools, per server: [upstream, name][]. */
async function langchain(servers, prefix) {
  const out = [];
  for (const { name, tools } of servers) {
    const loaded = await loadMcpTools(name, stub(tools), { prefixToolNameWithServerName: true, additionalToolNamePrefix: prefix, throwOnLoadError: true });
    // loadMcpTools keeps the order and drops only tools without a name.
    const kept = tools.filter((t) => !!t);
    assert.equal(loaded.length, kept.length);
    out.push(kept.map((t, i) => [t, loaded[i].name]));
  }
  return out;
}

/** Why the router may leave out what LangChain exposes: its own refusals, by code. */
const REFUSALS = new Set(['invalid_tool_name', 'name_collision', 'confusable_name']);

async function compare(cases, prefix) {
  const differences = {};
  let agreed = 0;
  for (const servers of cases) {
    const router = new Router({ style: prefix ? { peer: 'langchain', prefix } : 'langchain', servers: servers.map(({ name }) => ({ name })) });
    const theirs = await langchain(servers, prefix);
    servers.forEach(({ name, tools }, s) => {
      const { exposed, skipped } = router.exposeTools(name, tools.map((t) => ({ name: t })), { onInvalid: 'skip' });
      for (const k of skipped) {
        assert.ok(REFUSALS.has(k.code), `${k.code}: ${k.message}`);
        differences[k.code] = (differences[k.code] ?? 0) + 1;
      }
      const expected = new Map(theirs[s]);
      for (const t of exposed) {
        assert.equal(t.name, expected.get(t.upstream), `server ${JSON.stringify(name)} tool ${JSON.stringify(t.upstream)}`);
        assert.equal(router.mapCallTool({ name: t.name }).params.name, t.upstream, 'routes back');
        agreed += 1;
      }
    });
  }
  return { agreed, differences };
}

test("langchain: the seeds' servers", async () => {
  const seeds = [
    [{ name: 'serena', tools: ['find_symbol', 'get_symbols_overview'] }, { name: 'context7', tools: ['resolve-library-id', 'get-library-docs'] }],
    [{ name: 'memory', tools: ['create_entities', 'read_graph'] }, { name: 'github', tools: ['create_issue', 'delete_repo'] }],
    [{ name: 'everything', tools: ['echo', 'get-sum', 'get-tiny-image'] }],
  ];
  const { agreed, differences } = await compare(seeds, '');
  assert.equal(agreed, 11);
  assert.deepEqual(differences, {});
});

for (const prefix of ['', 'mcp']) {
  test(`langchain: 10,000 generated server/tool lists${prefix ? ` with additionalToolNamePrefix "${prefix}"` : ''}`, async () => {
    const cases = generate(prefix ? 7 : 42, 10_000);
    const { agreed, differences } = await compare(cases, prefix);
    console.log(`langchain${prefix ? `+${prefix}` : ''}: ${cases.length} cases, ${agreed} tool names agreed, left out by the router: ${JSON.stringify(differences)}`);
    assert.ok(agreed > 50_000, `${agreed}`);
  });
}
