// The two revisions bridged, end to end (docs/2026-07-28.md, "The bridge"), by the official SDKs:
// - a 2026-07-28 client (SDK v2) through the gateway to @modelcontextprotocol/server-everything and
//   a small SDK v1 server (both 2025-11-25, stdio): their elicitation and sampling requests become
//   input_required results the client's SDK answers and retries; a resource subscription on the
//   client's listen stream is a resources/subscribe upstream, its updates tagged for that stream;
//   an upstream's list change reaches the stream as the gateway's own;
// - a 2025-11-25 client (SDK v1 1.32.2) through the gateway to an SDK v2 server of 2026-07-28:
//   the upstream's input_required results become requests to the client, its answers the retry;
//   resources/subscribe is a listen stream upstream; the upstream's list change reaches the session.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { gateway, scratch, stopAll, ROOT } from './support/gateway.mjs';

after(stopAll);

const require = createRequire(import.meta.url);
/** A server package's entry point, from its package.json's bin (spawned with this node, never npx). */
const bin = (pkg) => {
  const json = require.resolve(`${pkg}/package.json`);
  const { bin: b } = JSON.parse(readFileSync(json, 'utf8'));
  return path.join(path.dirname(json), typeof b === 'string' ? b : Object.values(b)[0]);
};
const text = (r) => r.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
const until = async (check, ms = 15_000, what = 'the condition') => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

test('a 2026-07-28 client through the gateway to 2025-11-25 servers: elicitation, sampling, a resource subscription, list changes', async () => {
  const s = scratch();
  const g = await gateway(['--config', s.path('gateway.json'), '--http', '127.0.0.1:0'], {
    configFile: s.path('gateway.json'),
    config: {
      mcpServers: {
        everything: { command: process.execPath, args: [bin('@modelcontextprotocol/server-everything'), 'stdio'] },
        dynamic: { command: process.execPath, args: [path.join(ROOT, 'test/fixtures/dynamic-server.mjs')] },
      },
    },
  });
  const asked = { elicitation: 0, sampling: 0 };
  const client = new ClientV2({ name: 'v2-client', version: '1.0.0' }, {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  });
  client.setRequestHandler('elicitation/create', () => {
    asked.elicitation++;
    return { action: 'accept', content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com' } };
  });
  client.setRequestHandler('sampling/createMessage', (request) => {
    asked.sampling++;
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: `the client's answer to: ${request.params.messages[0].content.text}` } };
  });
  await client.connect(new TransportV2(new URL(g.url)));
  try {
    assert.equal(client.getProtocolEra(), 'modern');
    const ready = await (await fetch(`${g.origin}/readyz`)).json();
    assert.equal(ready.upstreams.everything.revision, '2025-11-25');

    // Elicitation: server-everything asks while serving the call; the client gets it inside an
    // input_required result, its SDK answers and retries, and the retry carries the answer upstream.
    const elicited = await client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
    assert.equal(asked.elicitation, 1);
    assert.match(JSON.stringify(elicited), /Ada Lovelace/);

    // Sampling, the same way.
    const sampled = await client.callTool({ name: 'everything__trigger-sampling-request', arguments: { prompt: 'bridged?', maxTokens: 20 } });
    assert.equal(asked.sampling, 1);
    assert.match(text(sampled), /the client's answer to: .*bridged\?/);

    // A resource subscription: the client's listen stream opens resources/subscribe on the 2025
    // upstream's session; its updates come back on the stream.
    const { resources } = await client.listResources();
    const uri = resources.find((r) => r.uri.startsWith('demo://'))?.uri ?? resources[0].uri;
    const updates = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params));
    const resourceStream = await client.listen({ resourceSubscriptions: [uri] });
    assert.deepEqual(resourceStream.honoredFilter.resourceSubscriptions, [uri]);
    await client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await until(() => updates.some((u) => u.uri === uri), 15_000, 'resources/updated');
    await client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await resourceStream.close();

    // A list change: the SDK v1 upstream adds a tool and says so on its session; the gateway lists it
    // again and announces the change on the client's listen stream.
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    const listStream = await client.listen({ toolsListChanged: true });
    assert.equal(listStream.honoredFilter.toolsListChanged, true);
    const grown = text(await client.callTool({ name: 'dynamic__grow', arguments: {} }));
    await until(() => changed > 0, 10_000, 'tools/list_changed');
    const { tools } = await client.listTools({}, { cacheMode: 'refresh' });
    assert.ok(tools.some((t) => t.name === `dynamic__${grown}`), tools.map((t) => t.name).join(', '));
    assert.equal(text(await client.callTool({ name: `dynamic__${grown}`, arguments: {} })), `${grown} ran`);
    await listStream.close();
  } finally {
    await client.close();
    s.done();
  }
});

test('a 2025-11-25 client (SDK v1) through the gateway to a 2026-07-28 server (SDK v2): elicitation, sampling, roots, a resource subscription, list changes', async () => {
  const s = scratch();
  const upstream = spawn(process.execPath, [path.join(ROOT, 'test/fixtures/modern-upstream.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      upstream.stdout.once('data', (d) => resolve(String(d).trim()));
      upstream.once('exit', (code) => reject(new Error(`the upstream exited ${code}`)));
    });
    const g = await gateway(['--config', s.path('gateway.json'), '--http', '127.0.0.1:0'], {
      configFile: s.path('gateway.json'),
      config: { mcpServers: { modern: { url } } },
    });
    const ready = await (await fetch(`${g.origin}/readyz`)).json();
    assert.equal(ready.upstreams.modern.revision, '2026-07-28', JSON.stringify(ready) + g.stderr());
    const client = new ClientV1({ name: 'v1-client', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {}, roots: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Grace' } }));
    client.setRequestHandler(CreateMessageRequestSchema, () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'hi from the session' } }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
    const transport = new TransportV1(new URL(g.url));
    await client.connect(transport);
    try {
      assert.ok(transport.sessionId, 'a 2025-11-25 session');
      // The upstream's input_required results are asked of the session as requests of the gateway's own.
      assert.equal(text(await client.callTool({ name: 'modern__ask_name', arguments: {} })), 'Hello, Grace');
      assert.equal(text(await client.callTool({ name: 'modern__ask_llm', arguments: {} })), 'The LLM said: hi from the session');
      assert.equal(text(await client.callTool({ name: 'modern__ask_roots', arguments: {} })), 'Roots: file:///work');

      // resources/subscribe: a listen stream upstream; the update reaches the session.
      const updates = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
      await client.subscribeResource({ uri: 'note://a' });
      await client.callTool({ name: 'modern__touch', arguments: {} });
      await until(() => updates.includes('note://a'), 10_000, 'resources/updated');
      await client.unsubscribeResource({ uri: 'note://a' });

      // The upstream's list change (on the gateway's own listen stream to it) reaches the session.
      let changed = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
      const grown = text(await client.callTool({ name: 'modern__grow', arguments: {} }));
      await until(() => changed > 0, 10_000, 'tools/list_changed');
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === `modern__${grown}`), tools.map((t) => t.name).join(', '));
      assert.equal(text(await client.callTool({ name: `modern__${grown}`, arguments: {} })), `${grown} ran`);
    } finally {
      await client.close();
    }
  } finally {
    upstream.kill();
    s.done();
  }
});
