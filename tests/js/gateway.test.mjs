// The minimal gateway of the README (examples/minimal-gateway.mjs) on the official SDK, in front
// of two real server-everything processes, driven by the SDK's own Client over stdio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { checkProviders } from 'mcp-naming';

const root = fileURLToPath(new URL('../../', import.meta.url));
const everything = `${root}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;

test('gateway: the SDK Client lists, calls, reads and gets prompts through the Router', async () => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: [`${root}examples/minimal-gateway.mjs`, `everything=node:${everything}`, `mirror=node:${everything}`],
    stderr: 'ignore',
  }));
  try {
    const tools = (await client.listTools()).tools;
    assert.ok(tools.length >= 20, `${tools.length} tools`);
    for (const t of tools) {
      assert.ok(checkProviders(`mcp__gateway__${t.name}`).anthropic, t.name);
      assert.ok(t.inputSchema, `${t.name} keeps its schema`);
    }
    assert.ok(tools.some((t) => t.name === 'everything__get-sum') && tools.some((t) => t.name === 'mirror__get-sum'));

    const sum = await client.callTool({ name: 'everything__get-sum', arguments: { a: 2, b: 3 } });
    assert.match(sum.content[0].text, /\b5\b/);

    await assert.rejects(client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } }), (e) => {
      assert.equal(e.code, -32602);
      assert.equal(e.message, 'MCP error -32602: Unknown tool: get-sum; did you mean everything__get-sum, mirror__get-sum?');
      assert.deepEqual(e.data.suggestions, ['everything__get-sum', 'mirror__get-sum']);
      assert.equal(e.data.code, 'unknown_tool');
      return true;
    });

    const resources = (await client.listResources()).resources;
    const first = resources[0];
    const read = await client.readResource({ uri: first.uri });
    assert.equal(read.contents[0].uri, first.uri);
    // The second server's copies of the same custom-scheme URIs are rewritten, and read back.
    const mirrored = resources.find((r) => r.uri.includes('://mirror/'));
    assert.ok(mirrored, 'the mirror lists its resources under rewritten URIs');
    assert.equal((await client.readResource({ uri: mirrored.uri })).contents[0].uri, mirrored.uri);

    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    assert.ok(prompts.includes('everything__simple-prompt'), prompts.join());
    const prompt = await client.getPrompt({ name: 'everything__simple-prompt' });
    assert.ok(prompt.messages.length > 0);

    const links = tools.find((t) => t.name === 'mirror__get-resource-links');
    assert.ok(links, 'server-everything has get-resource-links');
    const result = await client.callTool({ name: links.name, arguments: { count: 2 } });
    const link = result.content.find((c) => c.type === 'resource_link');
    assert.ok(link.uri.includes('://mirror/'), link.uri);
    const back = await client.readResource({ uri: link.uri });
    assert.equal(back.contents[0].uri, link.uri, 'a resource_link from a tool reads back through the gateway');
  } finally {
    await client.close();
  }
});
