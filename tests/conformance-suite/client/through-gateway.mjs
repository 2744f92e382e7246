#!/usr/bin/env node
// A client for the conformance suite's client scenarios (`conformance client --command "node
// through-gateway.mjs" --scenario NAME`): the suite starts its test server and runs this with the
// server's URL last, and MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT) in the environment.
// It starts the gateway (gateway/dist/main.mjs, its own core) with that server as its one upstream,
// and drives the gateway with the official SDK v2 client as an MCP client does for the scenario: so
// what the suite's server sees, and checks, is what the gateway sends upstream. With DIRECT=1 the
// same SDK client drives the suite's server itself (the figure to compare with).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = path.join(here, '..', '..', '..', 'gateway', 'dist', 'main.mjs');
const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
const log = (...a) => console.error('[through-gateway]', ...a);

/** The gateway in front of `url`: its URL, and how to stop it. */
async function startGateway(url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-client-'));
  const file = path.join(dir, 'gateway.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { server: { type: 'http', url } }, router: { prefixMode: 'conditional' } }));
  const proc = spawn(process.execPath, [GATEWAY, '--config', file, '--http', '127.0.0.1:0', '--startup-timeout', '8000'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const served = await new Promise((resolve, reject) => {
    proc.stderr.on('data', (d) => {
      err += d;
      process.stderr.write(d);
      const m = /serving \d+ servers? on (http:\S+\/mcp)/.exec(err);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before serving:\n${err}`)));
  });
  const stop = () => new Promise((resolve) => {
    proc.once('exit', () => { rmSync(dir, { recursive: true, force: true }); resolve(); });
    proc.kill('SIGTERM');
  });
  return { url: served, stop };
}

/** What an MCP client does for each scenario. */
const SCENARIOS = {
  // Lists the tools and calls the first with two numbers.
  async tools_call(client) {
    const { tools } = await client.listTools();
    if (tools[0]) await client.callTool({ name: tools[0].name, arguments: { a: 2, b: 3 } });
  },
  // Discovers, then lists: every request carries its revision, identity and capabilities.
  async 'request-metadata'(client) {
    await client.discover().catch((e) => log(`server/discover: ${e.message}`));
    await client.listTools();
  },
  // Every kind of request: tools, resources and prompts listed, each called, read and got.
  async 'http-standard-headers'(client) {
    const { tools } = await client.listTools();
    for (const t of tools) await client.callTool({ name: t.name, arguments: {} }).catch((e) => log(`${t.name}: ${e.message}`));
    const { resources } = await client.listResources();
    for (const r of resources) await client.readResource({ uri: r.uri }).catch((e) => log(`${r.uri}: ${e.message}`));
    const { prompts } = await client.listPrompts();
    for (const p of prompts) await client.getPrompt({ name: p.name, arguments: {} }).catch((e) => log(`${p.name}: ${e.message}`));
  },
  // The calls the scenario names, with its arguments.
  async 'http-custom-headers'(client) {
    const { tools } = await client.listTools();
    for (const call of context.toolCalls ?? []) {
      const tool = tools.find((t) => t.name === call.name || t.name.endsWith(`__${call.name}`));
      if (!tool) throw new Error(`${call.name} is not listed`);
      await client.callTool({ name: tool.name, arguments: call.arguments });
    }
  },
  // Every tool listed is called (a tool whose x-mcp-header breaks a rule must not be listed).
  async 'http-invalid-tool-headers'(client) {
    const { tools } = await client.listTools();
    for (const t of tools) await client.callTool({ name: t.name, arguments: {} }).catch((e) => log(`${t.name}: ${e.message}`));
  },
  // Lists the tools; never fetches what a $ref names.
  async 'json-schema-ref-no-deref'(client) {
    await client.listTools();
  },
  // Calls each tool of the multi round-trip scenario: the elicitations inside input_required
  // results are answered (by the client's handler) and the requests retried by the SDK.
  async 'sep-2322-client-request-state'(client) {
    for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type']) {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === name || t.name.endsWith(`__${name}`));
      if (!tool) throw new Error(`${name} is not listed`);
      await client.callTool({ name: tool.name, arguments: {} });
    }
  },
  // Echoes the focal tool's inputSchema as it was listed.
  async 'json-schema-2020-12-preservation'(client) {
    const { tools } = await client.listTools();
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
    await client.callTool({ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } });
  },
};

// The authorization scenarios: the suite's server asks for OAuth; a client lists the tools and calls
// the first, as for tools_call (the gateway holds no OAuth client for its upstreams, only static
// headers: see ../client-expected-failures.txt).
const run = SCENARIOS[scenario] ?? (scenario?.startsWith('auth/') ? SCENARIOS.tools_call : undefined);
if (!run) {
  log(`no client for scenario ${scenario}`);
  process.exit(2);
}
const gateway = process.env.DIRECT ? null : await startGateway(serverUrl);
const client = new Client({ name: 'conformance-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } });
client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { confirmed: true } }));
let code = 0;
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(gateway?.url ?? serverUrl)));
  await run(client);
} catch (e) {
  log(`${scenario}: ${e.stack ?? e}`);
  code = 1;
} finally {
  await client.close().catch(() => {});
  await gateway?.stop();
}
process.exit(code);
