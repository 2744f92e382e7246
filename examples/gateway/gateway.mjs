#!/usr/bin/env node
// An MCP gateway: the tools, prompts and resources of every server in a Claude Desktop / Claude Code
// style config, served as one MCP server (stdio, or Streamable HTTP with --http HOST:PORT). Names,
// routing, paging, fitting to a provider, errors and Mcp-Name headers all come from mcp-naming's Router;
// this file is the SDK glue (including logging, progress, sampling and elicitation passed through), plus
// resilience (timeouts, restarts with backoff). See README.md.
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
  SetLevelRequestSchema, LoggingLevelSchema, LoggingMessageNotificationSchema, ProgressNotificationSchema,
  CreateMessageRequestSchema, ElicitRequestSchema, ResultSchema,
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
const sessions = new Set(); // our connected clients: { server, level } (one on stdio, one per HTTP session)
const notify = (kind) => { for (const s of sessions) s.server[KINDS[kind].notify]().catch(() => {}); };
let warnings = [];
function expose(name, kind, items) {
  const r = router[KINDS[kind].expose](name, items, { onInvalid: 'skip' });
  for (const s of r.skipped) log(`${name}: left out ${s.name}: ${s.message}`);
  warnings = r.warnings;
  if (r.changed) notify(kind);
  return r;
}

// ---- Upstreams: started, listed, re-listed on list_changed, restarted with backoff when they fail.
// `inflight` holds the client requests being forwarded to that upstream, each as { session, extra }.
const ups = Object.fromEntries(Object.entries(config.mcpServers).map(([name, cfg]) => [name, { cfg, delay: 500, down: 'starting', inflight: new Set() }]));
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
  // It may ask for sampling and elicitation: those requests go to the client whose request it is serving.
  const client = (u.client = new Client({ name: 'mcp-naming-gateway', version: '0.1.0' },
    { capabilities: { sampling: {}, elicitation: { form: {}, url: {} } } }));
  client.onclose = () => down(name, client, 'its connection closed');
  let queue = Promise.resolve(); // one listing at a time, so an older list never overwrites a newer one
  const relist = (kinds, timeout) => (queue = queue.catch(() => {}).then(() => refresh(name, client, kinds, timeout)));
  const onChanged = (kinds) => () => relist(kinds).catch((e) => log(`${name}: re-listing failed: ${e.message}`));
  client.setNotificationHandler(ToolListChangedNotificationSchema, onChanged(['tools']));
  client.setNotificationHandler(PromptListChangedNotificationSchema, onChanged(['prompts']));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, onChanged(['resources', 'resourceTemplates']));
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => relayLog(name, params));
  client.setNotificationHandler(ProgressNotificationSchema, ({ params }) => relayProgress(params));
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => askClient(name, request, extra.signal));
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => askClient(name, request, extra.signal));
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
    await setUpstreamLevel(name);
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

// One client request forwarded to an upstream, with a timeout; an error names the server, and one that may
// mean the server stopped answering is followed by a ping: no answer, and it is restarted. `from` is the
// client's { session, extra }: its cancellation reaches the upstream (the SDK sends notifications/cancelled).
// When it asked for progress, the upstream gets a token of ours, and its progress goes back under the client's.
// `call(client, params, options)` sends the mapped params (with our token, if any) upstream.
async function forward(name, from, params, call) {
  const u = ups[name];
  const client = u?.client;
  if (!client || u.down) throw rpcError(ErrorCode.InternalError, `server "${name}" is unavailable: ${u?.down ?? 'not configured'}`);
  const { signal, _meta } = from.extra;
  const token = _meta?.progressToken !== undefined ? `${name}/${++progressTokens}` : undefined;
  if (token) progress.set(token, { extra: from.extra, token: _meta.progressToken });
  u.inflight.add(from);
  try {
    return await call(client, token ? { ...params, _meta: { ...params._meta, progressToken: token } } : params, { timeout: timeoutOf(u), signal });
  } catch (e) {
    if (!signal?.aborted) client.ping({ timeout: 2000 }).catch(() => down(name, client, 'it stopped answering'));
    const message = String(e.message).replace(/^MCP error -?\d+: /, '');
    throw rpcError(Number.isInteger(e.code) ? e.code : ErrorCode.InternalError, `server "${name}": ${message}`, e.data);
  } finally {
    u.inflight.delete(from);
    progress.delete(token);
  }
}

// Progress: the gateway's own handler, not the SDK's onprogress, which drops a progress notification that
// arrives together with the response (typescript-sdk#2580): the last one, on stdio. Late ones are dropped.
let progressTokens = 0;
const progress = new Map(); // our token -> the client's { extra, token }
function relayProgress({ progressToken, ...rest }) {
  const to = progress.get(progressToken);
  to?.extra.sendNotification({ method: 'notifications/progress', params: { ...rest, progressToken: to.token } }).catch(() => {});
}

// ---- What an upstream sends on its own: log messages, and sampling or elicitation requests.
// An upstream connection is shared by every client, and its messages name no request of ours. So one is
// taken to belong to the client request in flight to that upstream (the newest, when there are several)
// when every request in flight to it came from one session; else it belongs to no one in particular.
function origin(name) {
  const inflight = [...ups[name].inflight];
  const newest = inflight.at(-1);
  return newest && inflight.every((f) => f.session === newest.session) ? newest : null;
}

// Sampling and elicitation: asked of the client session whose request the upstream is serving (over HTTP,
// on that request's stream), and its answer returned. With no such session, the upstream gets an error.
async function askClient(name, { method, params }, signal) {
  const from = origin(name);
  if (!from) throw rpcError(ErrorCode.InvalidRequest, `${method} from server "${name}" refused: no request of a single client session is in flight to it`);
  const capability = method.split('/')[0]; // sampling, elicitation
  if (!from.session.server.getClientCapabilities()?.[capability]) throw rpcError(ErrorCode.InvalidRequest, `the client does not support ${capability}`);
  return from.extra.sendRequest({ method, params }, ResultSchema, { signal }); // the SDK checks the answer's shape
}

// Logging: a message goes to the session it belongs to (see origin), else to every session; each session
// gets only what its own logging/setLevel admits. Upstreams are set to the most verbose level any session asked for.
const LEVELS = LoggingLevelSchema.options; // debug … emergency
function relayLog(name, params) {
  const from = origin(name);
  const notification = { method: 'notifications/message', params };
  for (const { session, extra } of from ? [from] : [...sessions].map((session) => ({ session }))) {
    if (session.level && LEVELS.indexOf(params.level) < LEVELS.indexOf(session.level)) continue;
    (extra ? extra.sendNotification(notification) : session.server.notification(notification)).catch(() => {});
  }
}
let upstreamLevel; // what the upstreams were last set to
async function setUpstreamLevel(name) {
  const client = ups[name].client;
  if (!upstreamLevel || !client?.getServerCapabilities()?.logging) return;
  await client.setLoggingLevel(upstreamLevel, { timeout: timeoutOf(ups[name]) }).catch((e) => log(`${name}: logging/setLevel failed: ${e.message}`));
}
async function levelChanged() {
  const wanted = LEVELS.find((level) => [...sessions].some((s) => s.level === level));
  if (!wanted || wanted === upstreamLevel) return;
  upstreamLevel = wanted;
  await Promise.all(Object.keys(ups).map(setUpstreamLevel));
}

// ---- The gateway's own MCP server: lists come from the router, calls are mapped by it and forwarded.
// A NamingError becomes the JSON-RPC error MCP asks for (-32602, suggestions in data).
const handle = (session, fn) => async (request, extra) => {
  try {
    return await fn(request.params ?? {}, { header: extra.requestInfo?.headers?.['mcp-name'] }, { session, extra });
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    const { code, message, data } = e.toJsonRpcError();
    const down = e.server && ups[e.server]?.down; // the server a tool_removed or tool_disabled is about
    throw rpcError(code, down ? `${message} (server "${e.server}" is down: ${down})` : message, data);
  }
};
function newServer() {
  const server = new Server({ name: 'mcp-naming-gateway', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true }, logging: {} },
  });
  const session = { server, level: undefined }; // level: this client's logging/setLevel
  const on = (schema, fn) => server.setRequestHandler(schema, handle(session, fn));
  on(ListToolsRequestSchema, (p) => router.listTools({ cursor: p.cursor }));
  on(ListPromptsRequestSchema, (p) => router.listPrompts({ cursor: p.cursor }));
  on(ListResourcesRequestSchema, (p) => router.listResources({ cursor: p.cursor }));
  on(ListResourceTemplatesRequestSchema, (p) => router.listResourceTemplates({ cursor: p.cursor }));
  on(CallToolRequestSchema, async (p, header, from) => {
    const { server: name, params } = router.mapCallTool(p, header);
    return router.rewriteResult(name, await forward(name, from, params, (c, q, o) => c.callTool(q, undefined, o)));
  });
  on(GetPromptRequestSchema, async (p, header, from) => {
    const { server: name, params } = router.mapGetPrompt(p, header);
    return router.rewriteResult(name, await forward(name, from, params, (c, q, o) => c.getPrompt(q, o)));
  });
  on(ReadResourceRequestSchema, async (p, header, from) => {
    const { server: name, params } = router.mapReadResource(p, header);
    return router.rewriteResult(name, await forward(name, from, params, (c, q, o) => c.readResource(q, o)));
  });
  on(SetLevelRequestSchema, async (p) => {
    session.level = p.level;
    await levelChanged();
    return {};
  });
  server.oninitialized = () => sessions.add(session);
  server.onclose = () => { sessions.delete(session); levelChanged().catch(() => {}); };
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
  const transports = new Map(); // by Mcp-Session-Id
  const http = createServer(async (req, res) => {
    try {
      const id = req.headers['mcp-session-id'];
      if (new URL(req.url, 'http://x').pathname !== '/mcp' || (id && !transports.has(id))) return void res.writeHead(404).end();
      let transport = transports.get(id);
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID, onsessioninitialized: (id) => transports.set(id, transport),
          enableDnsRebindingProtection: true, allowedHosts: [`${host}:${http.address().port}`, `localhost:${http.address().port}`],
        });
        transport.onclose = () => transports.delete(transport.sessionId);
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
