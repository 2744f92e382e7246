#!/usr/bin/env node
// An MCP gateway: the tools, prompts and resources of every server in a Claude Desktop / Claude Code
// style config, served as one MCP server (stdio, or Streamable HTTP with --http HOST:PORT). Names,
// routing, paging, fitting to a provider, errors and Mcp-Name headers all come from mcp-naming's Router;
// this file is the SDK glue plus resilience (timeouts, restarts with backoff). See README.md.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  McpError, ErrorCode, CallToolRequestSchema, ListToolsRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema,
  ToolListChangedNotificationSchema, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Router, NamingError, encodeMcpNameHeader } from 'mcp-naming';

const { values: opts } = parseArgs({ options: {
  config: { type: 'string' }, http: { type: 'string' },
  timeout: { type: 'string', default: '10000' },           // ms for one upstream request (per server: "timeout")
  'startup-timeout': { type: 'string', default: '10000' }, // ms for an upstream to start and list what it has
} });
if (!opts.config) { console.error('usage: gateway.mjs --config FILE [--http 127.0.0.1:PORT] [--timeout MS] [--startup-timeout MS]'); process.exit(2); }
const log = (...a) => console.error('[gateway]', ...a);
// The SDK's McpError puts "MCP error <code>: " before its message; the client adds it again, so keep it off the wire.
const rpcError = (code, message, data) => Object.assign(new McpError(code, message, data), { message });
let config, router;
try { // the router's servers default to the mcpServers' names; its style to Claude Code's
  config = JSON.parse(readFileSync(opts.config, 'utf8'));
  router = new Router({ style: 'claude', servers: Object.keys(config.mcpServers).map((name) => ({ name })), ...config.router });
} catch (e) {
  log(`${opts.config}: ${e.diagnostics?.length ? e.diagnostics.map((d) => d.message).join('; ') : e.message}`);
  process.exit(2);
}

// What the gateway forwards, per kind of list: the upstream's list call, the router's expose, our notification.
const KINDS = {
  tools: { cap: 'tools', list: 'listTools', expose: 'exposeTools', notify: 'sendToolListChanged' },
  prompts: { cap: 'prompts', list: 'listPrompts', expose: 'exposePrompts', notify: 'sendPromptListChanged' },
  resources: { cap: 'resources', list: 'listResources', expose: 'exposeResources', notify: 'sendResourceListChanged' },
  resourceTemplates: { cap: 'resources', list: 'listResourceTemplates', expose: 'exposeResourceTemplates', notify: 'sendResourceListChanged' },
};
const servers = new Set(); // our connected clients' sessions (one on stdio, one per HTTP session)
const notify = (kind) => { for (const s of servers) s[KINDS[kind].notify]().catch(() => {}); };
let warnings = [];
function expose(name, kind, items) {
  const r = router[KINDS[kind].expose](name, items, { onInvalid: 'skip' });
  for (const s of r.skipped) log(`${name}: left out ${s.name}: ${s.message}`);
  warnings = r.warnings;
  if (r.changed) notify(kind);
  return r;
}

// ---- Upstreams: started, listed, re-listed on list_changed, restarted with backoff when they fail.
const ups = Object.fromEntries(Object.entries(config.mcpServers).map(([name, cfg]) => [name, { cfg, delay: 500, down: 'starting' }]));
const timeoutOf = (u) => u.cfg.timeout ?? Number(opts.timeout);
let stopping = false;

// Adds the Mcp-Name header (SEP-2243) to the POSTs that an HTTP upstream gets for tools/call, prompts/get, resources/read.
const fetchWithMcpName = (url, init) => {
  try {
    const { method, params } = JSON.parse(init?.body ?? 'null') ?? {};
    const value = { 'tools/call': params?.name, 'prompts/get': params?.name, 'resources/read': params?.uri }[method];
    if (value !== undefined) {
      const headers = new Headers(init.headers);
      headers.set('mcp-name', encodeMcpNameHeader(value));
      init = { ...init, headers };
    }
  } catch { /* not one JSON-RPC request: sent as it is */ }
  return fetch(url, init);
};

async function start(name) {
  const u = ups[name];
  const client = (u.client = new Client({ name: 'mcp-naming-gateway', version: '0.1.0' }));
  client.onclose = () => down(name, client, 'its connection closed');
  let queue = Promise.resolve(); // one listing at a time, so an older list never overwrites a newer one
  const relist = (kinds, timeout) => (queue = queue.catch(() => {}).then(() => refresh(name, client, kinds, timeout)));
  const onChanged = (kinds) => () => relist(kinds).catch((e) => log(`${name}: re-listing failed: ${e.message}`));
  client.setNotificationHandler(ToolListChangedNotificationSchema, onChanged(['tools']));
  client.setNotificationHandler(PromptListChangedNotificationSchema, onChanged(['prompts']));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, onChanged(['resources', 'resourceTemplates']));
  try {
    const { command, args = [], env, cwd, url, headers } = u.cfg;
    u.transport = url
      ? new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch: fetchWithMcpName })
      : new StdioClientTransport({ command, args, env, cwd, stderr: 'inherit' });
    const limit = Number(opts['startup-timeout']);
    await client.connect(u.transport, { timeout: limit });
    client.onerror = (e) => log(`${name}: ${e.message}`);
    u.up = Date.now();
    await relist(Object.keys(KINDS), limit);
    u.down = null;
    log(`${name}: up`);
  } catch (e) {
    down(name, client, `failed to start: ${e.message}`);
  }
}

// Lists every page of the kinds asked for, then exposes them: the router replaces that server's items.
async function refresh(name, client, kinds, timeout = timeoutOf(ups[name])) {
  const caps = client.getServerCapabilities() ?? {};
  for (const kind of kinds.filter((k) => caps[KINDS[k].cap])) {
    const items = [];
    let cursor;
    do {
      const page = await client[KINDS[kind].list](cursor ? { cursor } : {}, { timeout });
      items.push(...page[kind]);
      cursor = page.nextCursor;
    } while (cursor && items.length < 100_000);
    if (ups[name].client === client) expose(name, kind, items);
  }
}

function down(name, client, reason) {
  const u = ups[name];
  if (u.client !== client || stopping) return; // that client is already gone, or we are
  u.client = null;
  u.down = reason;
  for (const kind of Object.keys(KINDS)) expose(name, kind, []); // its tools leave the list; clients are told
  client.close().catch(() => {});
  u.delay = u.up && Date.now() - u.up > 30_000 ? 500 : u.delay; // it had been up a while: start backing off afresh
  log(`${name}: down (${reason}); restarting in ${u.delay} ms`);
  setTimeout(() => stopping || start(name), u.delay).unref();
  u.delay = Math.min(u.delay * 2, 30_000);
}

// One request to an upstream, with a timeout; an error names the server, and one that may mean the
// server stopped answering is followed by a ping: no answer, and it is restarted.
async function forward(name, call, signal) {
  const u = ups[name];
  const client = u?.client;
  if (!client || u.down) throw rpcError(ErrorCode.InternalError, `server "${name}" is unavailable: ${u?.down ?? 'not configured'}`);
  try {
    return await call(client, { timeout: timeoutOf(u), signal });
  } catch (e) {
    if (!signal?.aborted) client.ping({ timeout: 2000 }).catch(() => down(name, client, 'it stopped answering'));
    const message = String(e.message).replace(/^MCP error -?\d+: /, '');
    throw rpcError(Number.isInteger(e.code) ? e.code : ErrorCode.InternalError, `server "${name}": ${message}`, e.data);
  }
}

// ---- The gateway's own MCP server: lists come from the router, calls are mapped by it and forwarded.
// A NamingError becomes the JSON-RPC error MCP asks for (-32602, suggestions in data).
const handle = (fn) => async (request, extra) => {
  try {
    return await fn(request.params ?? {}, { header: extra.requestInfo?.headers?.['mcp-name'] }, extra.signal);
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    const { code, message, data } = e.toJsonRpcError();
    const down = e.server && ups[e.server]?.down; // the server a tool_removed or tool_disabled is about
    throw rpcError(code, down ? `${message} (server "${e.server}" is down: ${down})` : message, data);
  }
};
function newServer() {
  const server = new Server({ name: 'mcp-naming-gateway', version: '0.1.0' },
    { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, handle((p) => router.listTools({ cursor: p.cursor })));
  server.setRequestHandler(ListPromptsRequestSchema, handle((p) => router.listPrompts({ cursor: p.cursor })));
  server.setRequestHandler(ListResourcesRequestSchema, handle((p) => router.listResources({ cursor: p.cursor })));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, handle((p) => router.listResourceTemplates({ cursor: p.cursor })));
  server.setRequestHandler(CallToolRequestSchema, handle(async (p, header, signal) => {
    const { server: name, params } = router.mapCallTool(p, header);
    return router.rewriteResult(name, await forward(name, (c, o) => c.callTool(params, undefined, o), signal));
  }));
  server.setRequestHandler(GetPromptRequestSchema, handle(async (p, header, signal) => {
    const { server: name, params } = router.mapGetPrompt(p, header);
    return router.rewriteResult(name, await forward(name, (c, o) => c.getPrompt(params, o), signal));
  }));
  server.setRequestHandler(ReadResourceRequestSchema, handle(async (p, header, signal) => {
    const { server: name, params } = router.mapReadResource(p, header);
    return router.rewriteResult(name, await forward(name, (c, o) => c.readResource(params, o), signal));
  }));
  server.oninitialized = () => servers.add(server);
  server.onclose = () => servers.delete(server);
  return server;
}

// ---- Start every upstream (each bounded by the startup timeout), then serve.
await Promise.all(Object.keys(ups).map(start));
for (const w of warnings) log(`config: ${w.message}`);
const children = () => Object.values(ups).map((u) => u.transport?.pid).filter(Boolean);
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.race([Promise.all(Object.values(ups).map((u) => u.client?.close().catch(() => {}))), new Promise((r) => setTimeout(r, 5000))]);
  process.exit(0);
}
process.on('SIGTERM', stop).on('SIGINT', stop).on('SIGHUP', stop);
process.on('exit', () => children().forEach((pid) => { try { process.kill(pid, 'SIGKILL'); } catch {} }));
process.on('uncaughtException', (e) => log('uncaught:', e)).on('unhandledRejection', (e) => log('unhandled:', e));

if (!opts.http) {
  process.stdin.on('end', stop).on('close', stop);
  await newServer().connect(new StdioServerTransport());
  log(`serving ${Object.keys(ups).length} servers over stdio`);
} else {
  const [, host, port] = /^(.*):(\d+)$/.exec(opts.http) ?? [];
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    try {
      const id = req.headers['mcp-session-id'];
      if (new URL(req.url, 'http://x').pathname !== '/mcp' || (id && !sessions.has(id))) return void res.writeHead(404).end();
      let transport = sessions.get(id);
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID, onsessioninitialized: (id) => sessions.set(id, transport),
          enableDnsRebindingProtection: true, allowedHosts: [`${host}:${http.address().port}`, `localhost:${http.address().port}`],
        });
        transport.onclose = () => sessions.delete(transport.sessionId);
        await newServer().connect(transport);
      }
      await transport.handleRequest(req, res);
      if (!transport.sessionId) await transport.close(); // not an initialize: nothing to keep
    } catch (e) {
      log(`http: ${e.message}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  http.listen(Number(port), host, () => log(`serving ${Object.keys(ups).length} servers on http://${host}:${http.address().port}/mcp`));
}
