// The JavaScript peers' own code as an oracle for the router's peer styles.
//
//   node oracle.mjs < cases.json > names.json
//
// stdin:  { "cases": [ { "servers": [ { "name": "<server>", "tools": ["<tool>", ...] }, ... ] }, ... ] }
// stdout: { "<peer>": [ ["<exposed name>", ...] | { "error": "<message>" }, ... one per case ], ... }
//
// Every name comes out of the peer's installed package (see package-lock.json), driven through
// its public API; every tools/list is answered by an in-process MCP server (the SDK's low-level
// Server, which serves any list verbatim, duplicates and odd names included) over a real
// JSON-RPC session. Nothing here restates a naming rule: see rules.md for the rules themselves.
//
//   openai-agents       @openai/agents-core Agent({ mcpServers, mcpConfig: { includeServerInToolNames: true } })
//                       .getAllTools(new RunContext()) -> tool.name, for a custom MCPServer (the
//                       SDK's public MCPServer interface) backed by an MCP SDK Client.
//   langchain           @langchain/mcp-adapters loadMcpTools(serverName, client, { prefixToolNameWithServerName:
//                       true, additionalToolNamePrefix: "" }) -> tool.name, servers taken in the order
//                       MultiServerMCPClient keeps them (its own parsed config, read back through
//                       its public `config` getter), as MultiServerMCPClient.getTools() flattens them.
//   langchain-prefixed  the same with additionalToolNamePrefix: "mcp".
//   cloudflare-agents   agents/mcp/client MCPClientManager.connect(url, { reconnect: { id: <server name> },
//                       transport: { type: "rpc", namespace } }) per server, then Object.keys(getAITools()).
//                       The RPC namespace is a stand-in Durable Object namespace whose stub answers
//                       handleMcpMessage from the in-process server; the manager sits on a real
//                       agents/lifecycle Lifecycle over an empty stand-in storage.
//   cloudflare-agents-normalized  the same with id = normalizeServerId(<server name>) (exported by
//                       agents/mcp/client), as Agent.addMcpServer(name, binding, { id: name }) does.
//
// A case for which a peer throws gets { "error": "<message>" } for that peer.
// Options: --peers=a,b  only those peers;  --concurrency=N  cases in flight per process (default 8);
//          --jobs=N  split the cases over N child processes (default: one per core from 400 cases);
//          --quiet  no summary of the libraries' console messages on stderr.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Agent, RunContext } from '@openai/agents-core';
import { loadMcpTools, MultiServerMCPClient } from '@langchain/mcp-adapters';
import { register } from 'node:module';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// agents/lifecycle imports the workerd built-in `cloudflare:workers` for its side effects only;
// cloudflare-shim.mjs resolves that one specifier to an empty module, so the imports are dynamic.
register('./cloudflare-shim.mjs', import.meta.url);
const { MCPClientManager, normalizeServerId, RPC_DO_PREFIX } = await import('agents/mcp/client');
const { Lifecycle } = await import('agents/lifecycle');

// Libraries' console.log must not reach stdout (the JSON); their warnings are counted, not echoed.
const warnings = new Map();
const note = (...args) => {
  const key = args.map(String).join(' ').slice(0, 200);
  warnings.set(key, (warnings.get(key) ?? 0) + 1);
};
console.log = note;
console.info = note;
console.warn = note;
console.debug = note;

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const PEERS = {
  'openai-agents': openaiAgents,
  langchain: (servers, sessions) => langchain(servers, '', sessions),
  'langchain-prefixed': (servers, sessions) => langchain(servers, 'mcp', sessions),
  'cloudflare-agents': (servers) => cloudflare(servers, (name) => name),
  'cloudflare-agents-normalized': (servers) => cloudflare(servers, normalizeServerId),
};
const peers = args.peers ? args.peers.split(',') : Object.keys(PEERS);
for (const p of peers) if (!PEERS[p]) throw new Error(`unknown peer ${p}; known: ${Object.keys(PEERS).join(', ')}`);
const concurrency = Number(args.concurrency ?? 8);

// ---------------------------------------------------------------------------------------------
// The stub MCP server: answers tools/list with exactly `tools`, in order, one page.

// One JSON Schema validator for every stub server and SDK client: by default each builds its own
// Ajv, which is most of a session's cost. (It only ever validates output schemas: none here.)
const jsonSchemaValidator = new AjvJsonSchemaValidator();

function stubServer(tools) {
  const server = new Server({ name: 'oracle-stub', version: '0.0.0' }, { capabilities: { tools: {} }, jsonSchemaValidator });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((name) => ({ name, description: '', inputSchema: { type: 'object', properties: {} } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => ({ content: [{ type: 'text', text: req.params.name }] }));
  return server;
}

/** An MCP SDK Client in session with a stub server over the SDK's InMemoryTransport. */
async function connectedClient(tools) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = stubServer(tools);
  await server.connect(serverSide);
  const client = new Client({ name: 'oracle', version: '0.0.0' }, { jsonSchemaValidator });
  await client.connect(clientSide);
  return { client, close: async () => { await client.close(); await server.close(); } };
}

// ---------------------------------------------------------------------------------------------
// OpenAI Agents SDK

/** The SDK's public MCPServer interface, over an MCP client session. */
class ClientBackedMCPServer {
  constructor(name, client) {
    this.name = name;
    this.client = client;
    this.cacheToolsList = false;
  }
  async connect() {}
  async close() {}
  async invalidateToolsCache() {}
  async listTools() {
    const tools = [];
    let cursor;
    do {
      const page = await this.client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }
  async callTool(toolName, args) {
    return (await this.client.callTool({ name: toolName, arguments: args ?? {} })).content;
  }
}

async function openaiAgents(servers, sessions) {
  const agent = new Agent({
    name: 'oracle',
    mcpServers: servers.map((s, i) => new ClientBackedMCPServer(s.name, sessions[i].client)),
    mcpConfig: { includeServerInToolNames: true },
  });
  const tools = await agent.getAllTools(new RunContext());
  return tools.map((t) => t.name);
}

// ---------------------------------------------------------------------------------------------
// LangChain MCP adapters

async function langchain(servers, additionalToolNamePrefix, sessions) {
  const options = { prefixToolNameWithServerName: true, additionalToolNamePrefix };
  // The server order MultiServerMCPClient iterates (initializeConnections, then getTools()'s
  // flattening of its per-server map): its own parsed config, read back through `config`.
  // The URLs are never dialled: nothing here connects.
  const mcpServers = Object.fromEntries(servers.map((s, i) => [s.name, { transport: 'http', url: `http://127.0.0.1:9/${i}` }]));
  const multi = new MultiServerMCPClient({ mcpServers, ...options });
  const order = Object.keys(multi.config.mcpServers);
  const loadOptions = {
    throwOnLoadError: multi.config.throwOnLoadError,
    prefixToolNameWithServerName: multi.config.prefixToolNameWithServerName,
    additionalToolNamePrefix: multi.config.additionalToolNamePrefix,
    useStandardContentBlocks: multi.config.useStandardContentBlocks,
  };
  const names = [];
  for (const serverName of order) {
    // Object.fromEntries above: the last server of a repeated name is the one configured.
    const index = servers.map((s) => s.name).lastIndexOf(serverName);
    const tools = await loadMcpTools(serverName, sessions[index].client, loadOptions);
    names.push(...tools.map((t) => t.name));
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Cloudflare agents

/** An empty Durable Object storage: no stored MCP server rows. Anything but a read is refused. */
const emptyStorage = {
  sql: {
    exec(query) {
      if (/^\s*SELECT\b/i.test(query)) return [][Symbol.iterator]();
      throw new Error(`oracle: unexpected storage write: ${query.trim().split('\n')[0]}`);
    },
  },
  async get() { return undefined; },
  async put() {},
  async delete() { return false; },
  async list() { return new Map(); },
  async setAlarm() {},
  async getAlarm() { return null; },
  async deleteAlarm() {},
  async sync() {},
};

/**
 * A stand-in Durable Object namespace for the RPC transport: each named stub is an MCP server
 * answering `handleMcpMessage` (one JSON-RPC message in, its response out) from a stub server.
 */
function rpcNamespace(toolsByName) {
  const stubs = new Map();
  const open = [];
  const stub = (name) => {
    if (stubs.has(name)) return stubs.get(name);
    if (!toolsByName.has(name)) throw new Error(`oracle: no stub Durable Object named ${name}`);
    const server = stubServer(toolsByName.get(name));
    const pending = new Map();
    const transport = {
      async start() {},
      async close() { transport.onclose?.(); },
      async send(message) {
        if ('id' in message && !('method' in message)) pending.get(message.id)?.(message);
      },
    };
    const connected = server.connect(transport);
    open.push(server);
    const s = {
      async __unsafe_ensureInitialized() { await connected; },
      async handleMcpMessage(message) {
        await connected;
        if (!('id' in message) || !('method' in message)) {
          transport.onmessage?.(message);
          return undefined;
        }
        const response = new Promise((resolve) => pending.set(message.id, resolve));
        transport.onmessage?.(message);
        const out = await response;
        pending.delete(message.id);
        return out;
      },
    };
    stubs.set(name, s);
    return s;
  };
  return {
    idFromName: (name) => ({ name, toString: () => name, equals: (o) => o?.name === name }),
    newUniqueId: () => { throw new Error('oracle: newUniqueId not supported'); },
    get: (id) => stub(id.name),
    close: () => Promise.all(open.map((s) => s.close())),
  };
}

async function cloudflare(servers, idOf) {
  // RPCClientTransport asks the namespace for the Durable Object named RPC_DO_PREFIX + name.
  const toolsByName = new Map(servers.map((s, i) => [`${RPC_DO_PREFIX}s${i}`, s.tools]));
  const namespace = rpcNamespace(toolsByName);
  const manager = new MCPClientManager('oracle', '0.0.0');
  new Lifecycle({ ctx: { storage: emptyStorage, id: { name: 'oracle' } } }).use(manager);
  try {
    for (const [i, s] of servers.entries()) {
      await manager.connect(`rpc:s${i}`, {
        reconnect: { id: idOf(s.name) },
        transport: { type: 'rpc', namespace, name: `s${i}` },
      });
    }
    return Object.keys(manager.getAITools());
  } finally {
    await manager.closeAllConnections().catch(() => {});
    await namespace.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------

const errorOf = (e) => ({ error: String(e?.message ?? e) });

async function runCase(servers) {
  const out = {};
  const needsSessions = peers.some((p) => !p.startsWith('cloudflare'));
  const sessions = needsSessions ? await Promise.all(servers.map((s) => connectedClient(s.tools))) : [];
  try {
    for (const p of peers) {
      try {
        out[p] = await PEERS[p](servers, sessions);
      } catch (e) {
        out[p] = errorOf(e);
      }
    }
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
  return out;
}

/** Run `cases` in a child oracle process; its per-peer lists. */
function child(cases) {
  return new Promise((resolve, reject) => {
    const argv = [fileURLToPath(import.meta.url), '--jobs=1', `--peers=${peers.join(',')}`, `--concurrency=${concurrency}`];
    if (args.quiet !== undefined) argv.push('--quiet');
    const proc = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (d) => { out += d; });
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child oracle exited ${code}`))));
    proc.stdin.end(JSON.stringify({ cases }));
  });
}

/** Write the JSON and wait until it is flushed: stdout to a pipe is asynchronous, and main() exits. */
const emit = (output) => new Promise((resolve, reject) => {
  process.stdout.write(JSON.stringify(output) + '\n', (e) => (e ? reject(e) : resolve()));
});

async function main() {
  let input = '';
  process.stdin.setEncoding('utf8'); // decodes across chunk boundaries (a raw Buffer += would not)
  for await (const chunk of process.stdin) input += chunk;
  const { cases } = JSON.parse(input);
  const jobs = Number(args.jobs ?? (cases.length >= 400 ? availableParallelism() : 1));
  if (jobs > 1) {
    const size = Math.ceil(cases.length / jobs);
    const parts = await Promise.all(Array.from({ length: jobs }, (_, j) => child(cases.slice(j * size, (j + 1) * size))));
    const output = Object.fromEntries(peers.map((p) => [p, parts.flatMap((part) => part[p])]));
    await emit(output);
    return;
  }
  const results = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await runCase(cases[i].servers);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const output = Object.fromEntries(peers.map((p) => [p, results.map((r) => r[p])]));
  await emit(output);
  if (warnings.size > 0 && args.quiet === undefined) {
    process.stderr.write(`oracle: ${[...warnings.values()].reduce((a, b) => a + b, 0)} library console messages (${warnings.size} distinct); first:\n`);
    for (const [msg, n] of [...warnings].slice(0, 5)) process.stderr.write(`  ${n}x ${msg}\n`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`oracle: ${e?.stack ?? e}\n`);
    process.exit(1);
  },
);
