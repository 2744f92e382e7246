// A minimal MCP gateway on the official SDK: every upstream's tools, prompts and resources under
// one server, named by mcp-naming's Router. Usage:
//   node examples/minimal-gateway.mjs <name>=<command> [args…] ...   e.g.  everything=node:/path/dist/index.js
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, CallToolRequestSchema, ListToolsRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Router, NamingError } from 'mcp-naming';

const upstreams = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const [name, command, ...args] = arg.split(/[=:]/);
  return [name, { command, args }];
}));
const router = new Router({ style: 'claude', provider: 'anthropic', servers: Object.keys(upstreams).map((name) => ({ name })) });
const clients = {};
for (const [name, { command, args }] of Object.entries(upstreams)) {
  const client = new Client({ name: 'gateway', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: command === 'node' ? process.execPath : command, args, stderr: 'ignore' }));
  clients[name] = client;
  const caps = client.getServerCapabilities() ?? {};
  if (caps.tools) router.exposeTools(name, await client.listTools(), { onInvalid: 'skip' });
  if (caps.prompts) router.exposePrompts(name, await client.listPrompts(), { onInvalid: 'skip' });
  if (caps.resources) {
    router.exposeResources(name, await client.listResources(), { onInvalid: 'skip' });
    router.exposeResourceTemplates(name, await client.listResourceTemplates(), { onInvalid: 'skip' });
  }
}

// A NamingError becomes the JSON-RPC error the specification asks for (-32602, suggestions in data).
const mapped = (fn) => async (request) => {
  try {
    return await fn(request.params);
  } catch (e) {
    if (e instanceof NamingError) {
      const { code, message, data } = e.toJsonRpcError();
      // McpError prefixes "MCP error <code>: " and the client adds it again: keep the plain message.
      throw Object.assign(new McpError(code, message, data), { message });
    }
    throw e;
  }
};
const server = new Server({ name: 'gateway', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } });
server.setRequestHandler(ListToolsRequestSchema, mapped((p) => router.listTools({ cursor: p?.cursor })));
server.setRequestHandler(ListPromptsRequestSchema, mapped((p) => router.listPrompts({ cursor: p?.cursor })));
server.setRequestHandler(ListResourcesRequestSchema, mapped((p) => router.listResources({ cursor: p?.cursor })));
server.setRequestHandler(ListResourceTemplatesRequestSchema, mapped((p) => router.listResourceTemplates({ cursor: p?.cursor })));
server.setRequestHandler(CallToolRequestSchema, mapped(async (params) => {
  const { server: name, params: upstream } = router.mapCallTool(params);
  return router.rewriteResult(name, await clients[name].callTool(upstream));
}));
server.setRequestHandler(GetPromptRequestSchema, mapped(async (params) => {
  const { server: name, params: upstream } = router.mapGetPrompt(params);
  return router.rewriteResult(name, await clients[name].getPrompt(upstream));
}));
server.setRequestHandler(ReadResourceRequestSchema, mapped(async (params) => {
  const { server: name, params: upstream } = router.mapReadResource(params);
  return router.rewriteResult(name, await clients[name].readResource(upstream));
}));
await server.connect(new StdioServerTransport());
