// A stdio MCP server that lists the tools named in a JSON file (argv[2]) and answers every call
// with nothing: what a client sees of a gateway, for clients.test.mjs to start as Codex's server.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const names = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = new Server({ name: 'gateway', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: names.map((name, i) => ({ name, description: `tool ${i}`, inputSchema: { type: 'object', properties: {} } })),
}));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
