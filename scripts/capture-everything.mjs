// Captures a real tools/list result from @modelcontextprotocol/server-everything over stdio
// (the official SDK client), into tests/data/fixtures/everything-tools-list.json. Run again to
// refresh.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const require = createRequire(import.meta.url);
const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const transport = new StdioClientTransport({ command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' });
const client = new Client({ name: 'mcp-naming-capture', version: '0.0.0' });
await client.connect(transport);
const result = await client.listTools();
await client.close();
const version = require('@modelcontextprotocol/server-everything/package.json').version;
writeFileSync(
  new URL('../tests/data/fixtures/everything-tools-list.json', import.meta.url),
  JSON.stringify({ source: `@modelcontextprotocol/server-everything ${version}, tools/list over stdio`, result }, null, 1) + '\n',
);
console.log(`captured ${result.tools.length} tools: ${result.tools.map((t) => t.name).join(', ')}`);
