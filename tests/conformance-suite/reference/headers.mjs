#!/usr/bin/env node
// A fixture upstream for the SEP-2243 header scenarios (`http-header-validation`,
// `http-custom-header-server-validation`): a 2026-07-28 server on the TypeScript SDK v2 whose tools
// declare `x-mcp-header` parameters, and which checks no request header itself: before the SDK sees
// a request, its `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers are rewritten from its body, so a
// header the client got wrong never reaches the SDK's own validation. A scenario that passes through
// a gateway in front of it is the gateway's pass.
//
// Its tools, in the order `tools/list` gives them: `execute_sql` keeps every rule of the annotation
// (a string, an integer and a boolean at the root, a string nested through `properties`); each
// `invalid_*` tool breaks one, for a client (or a gateway) to leave out with a warning.
//
//   node reference/headers.mjs [--port N]     Streamable HTTP on http://127.0.0.1:N/mcp (0: a free port)
//
// The first line on stdout is the URL it serves; it logs nothing else there.
import { parseArgs } from 'node:util';
import { Server, createMcpHandler, hostHeaderValidationResponse, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { serve } from './node-http.mjs';

const { values: opts } = parseArgs({ options: { port: { type: 'string', default: '0' } } });

const schema = (properties, required = []) => ({ type: 'object', properties, required });
const TOOLS = [
  {
    name: 'execute_sql',
    description: 'Runs a query in a region (the SEP-2243 example); echoes what it was given',
    inputSchema: schema({
      region: { type: 'string', description: 'Where to run it', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
      shard: { type: 'integer', 'x-mcp-header': 'Shard' },
      dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
      options: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
    }, ['region', 'query']),
  },
  { name: 'invalid_empty', description: 'x-mcp-header is empty', inputSchema: schema({ a: { type: 'string', 'x-mcp-header': '' } }) },
  { name: 'invalid_token', description: 'x-mcp-header is not an RFC 9110 token', inputSchema: schema({ a: { type: 'string', 'x-mcp-header': 'Two Words' } }) },
  {
    name: 'invalid_duplicate',
    description: 'two x-mcp-header values differ only in case',
    inputSchema: schema({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'REGION' } }),
  },
  { name: 'invalid_number', description: 'x-mcp-header on a number', inputSchema: schema({ a: { type: 'number', 'x-mcp-header': 'Amount' } }) },
  {
    name: 'invalid_items',
    description: 'x-mcp-header under items',
    inputSchema: schema({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } }),
  },
  {
    name: 'invalid_any_of',
    description: 'x-mcp-header under anyOf',
    inputSchema: { type: 'object', anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'Choice' } } }] },
  },
];

function build() {
  const server = new Server({ name: 'x-mcp-header-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', ({ params }) => {
    if (!TOOLS.some((t) => t.name === params.name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return { content: [{ type: 'text', text: `${params.name} ${JSON.stringify(params.arguments ?? {})}` }] };
  });
  return server;
}
const handler = createMcpHandler(build, { legacy: 'reject', keepAliveMs: 0 });

// The standard headers as the body has them (Base64 form where the value needs it), and no
// Mcp-Param-* header at all: what the client sent is never compared.
const encode = (v) => (/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v) && !/^=\?base64\?.*\?=$/.test(v) ? v : `=?base64?${Buffer.from(v).toString('base64')}?=`);
async function unchecked(request) {
  const body = await request.text();
  const headers = new Headers([...request.headers].filter(([k]) => !/^mcp-(method|name|param-)/i.test(k)));
  let message;
  try { message = JSON.parse(body); } catch { /* the SDK answers a body that is not JSON */ }
  if (typeof message?.method === 'string') headers.set('mcp-method', message.method);
  const name = message?.params?.name ?? message?.params?.uri;
  if (typeof name === 'string') headers.set('mcp-name', encode(name));
  // The SDK validates a custom header it is sent against the body: send it exactly the body's values.
  const tool = TOOLS.find((t) => t.name === message?.params?.name);
  for (const [key, def] of Object.entries(tool?.inputSchema.properties ?? {})) {
    const value = message.params.arguments?.[key];
    if (def['x-mcp-header'] && value !== undefined && value !== null) headers.set(`mcp-param-${def['x-mcp-header']}`, encode(String(value)));
  }
  return new Request(request.url, { method: request.method, headers, body: request.method === 'POST' ? body : undefined, signal: request.signal });
}

const http = serve(async (request) => {
  if (new URL(request.url).pathname !== '/mcp') return new Response(null, { status: 404 });
  return hostHeaderValidationResponse(request, ['127.0.0.1', 'localhost']) ?? handler.fetch(await unchecked(request));
}, (e) => console.error('[headers]', e.message));
http.listen(Number(opts.port), '127.0.0.1', () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
const stop = () => { handler.close().catch(() => {}); http.close(); process.exit(0); };
process.on('SIGTERM', stop).on('SIGINT', stop);
