#!/usr/bin/env node
// An MCP gateway: the tools, prompts and resources of every server in a Claude Desktop / Claude Code
// style config, served as one MCP server (stdio, or Streamable HTTP with --http HOST:PORT). Names,
// routing, paging, fitting to a provider, errors and Mcp-Name headers all come from mcp-naming's Router;
// this file is the SDK glue, transparent to what MCP carries besides lists and calls (logging, progress,
// cancellation, sampling, elicitation, roots, completions, subscriptions: the Router maps every name and
// URI in them), plus resilience (timeouts, restarts with backoff). See README.md.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
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
  CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, ResultSchema, CompleteRequestSchema,
  SubscribeRequestSchema, UnsubscribeRequestSchema, ResourceUpdatedNotificationSchema, RootsListChangedNotificationSchema,
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

// Adds the Mcp-Name header (SEP-2243) to the POSTs that an HTTP upstream gets for tools/call, prompts/get,
// resources/read, from the body sent (the upstream's own name or URI). A tools/call also carries the client's
// Mcp-Param-* headers as they came (the arguments they mirror are passed untouched): `incoming` holds the
// headers of the client request being forwarded (over --http).
const incoming = new AsyncLocalStorage();
const fetchWithMcpName = (url, init) => {
  try {
    const { method, params } = JSON.parse(init?.body ?? 'null') ?? {};
    const value = { 'tools/call': params?.name, 'prompts/get': params?.name, 'resources/read': params?.uri }[method];
    if (value !== undefined) {
      const headers = new Headers(init.headers);
      headers.set('mcp-name', encodeMcpNameHeader(value));
      if (method === 'tools/call') {
        for (const [key, v] of Object.entries(incoming.getStore() ?? {})) if (/^mcp-param-/i.test(key) && v !== undefined) headers.set(key, String(v));
      }
      init = { ...init, headers };
    }
  } catch { /* not one JSON-RPC request: sent as it is */ }
  return fetch(url, init);
};

async function start(name) {
  const u = ups[name];
  // It may ask for sampling, elicitation and roots: those requests go to the client whose request it is serving.
  const client = (u.client = new Client({ name: 'mcp-naming-gateway', version: '0.1.0' },
    { capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } }));
  client.onclose = () => down(name, client, 'its connection closed');
  let queue = Promise.resolve(); // one listing at a time, so an older list never overwrites a newer one
  const relist = (kinds, timeout) => (queue = queue.catch(() => {}).then(() => refresh(name, client, kinds, timeout)));
  // Every notification it sends goes through router.rewriteNotification (the SDK answers notifications/cancelled itself).
  const relay = (notification) => relayNotification(name, notification, (kinds) => relist(kinds).catch((e) => log(`${name}: re-listing failed: ${e.message}`)));
  for (const schema of [ToolListChangedNotificationSchema, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema,
    LoggingMessageNotificationSchema, ProgressNotificationSchema, ResourceUpdatedNotificationSchema]) client.setNotificationHandler(schema, relay);
  client.fallbackNotificationHandler = async (notification) => relay(notification);
  for (const schema of [CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema]) {
    client.setRequestHandler(schema, (request, extra) => askClient(name, request, extra));
  }
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
    await resubscribe(name);
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
    const items = [], pages = [];
    let cursor;
    do {
      const page = await client[KINDS[kind].list](cursor ? { cursor } : {}, { timeout });
      items.push(...page[kind]);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && items.length < 100_000);
    if (ups[name].client === client) expose(name, kind, { [kind]: items, ...listCache(pages) });
  }
}

// What the pages of one list say about caching it (SEP-2549), as one list result: the smallest ttlMs when
// every page gave one, cacheScope "private" when any page is private ("public" when all are). The router
// merges the servers' lists the same way.
function listCache(pages) {
  const cache = {};
  if (pages.every((p) => typeof p.ttlMs === 'number')) cache.ttlMs = Math.min(...pages.map((p) => p.ttlMs));
  if (pages.some((p) => p.cacheScope === 'private')) cache.cacheScope = 'private';
  else if (pages.every((p) => p.cacheScope === 'public')) cache.cacheScope = 'public';
  return cache;
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
    const upstreamParams = token ? { ...params, _meta: { ...params._meta, progressToken: token } } : params;
    return await incoming.run(from.extra.requestInfo?.headers, () => call(client, upstreamParams, { timeout: timeoutOf(u), signal }));
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

// ---- What an upstream sends on its own: notifications, and sampling, elicitation or roots requests.
// An upstream connection is shared by every client, and its messages name no request of ours. So one is
// taken to belong to the client request in flight to that upstream (the newest, when there are several)
// when every request in flight to it came from one session; with nothing in flight, to the one session
// connected, if there is only one (always so on stdio); else it belongs to no one in particular.
function origin(name) {
  const inflight = [...ups[name].inflight];
  const newest = inflight.at(-1);
  if (!newest) return sessions.size === 1 ? { session: [...sessions][0] } : null;
  return inflight.every((f) => f.session === newest.session) ? newest : null;
}

// Sampling, elicitation and roots/list: asked of the client session whose request the upstream is serving
// (over HTTP, on that request's stream), and its answer returned; the upstream's cancellation reaches the
// client (the signal), the client's progress reaches the upstream under the upstream's token. With no such
// session, or one that did not declare the capability, the upstream gets an error.
async function askClient(name, { method, params }, upstream) {
  const from = origin(name);
  if (!from) throw rpcError(ErrorCode.InvalidRequest, `${method} from server "${name}" refused: no request of a single client session is in flight to it`);
  const capability = method.split('/')[0]; // sampling, elicitation, roots
  if (!from.session.server.getClientCapabilities()?.[capability]) throw rpcError(ErrorCode.InvalidRequest, `the client does not support ${capability}`);
  const token = params?._meta?.progressToken;
  const options = { signal: upstream.signal, timeout: 24 * 3600_000 }; // the upstream's own timeout bounds it
  if (token !== undefined) {
    options.onprogress = (p) => upstream.sendNotification({ method: 'notifications/progress', params: { ...p, progressToken: token } }).catch(() => {});
  }
  const request = { method, params };
  // The SDK checks the answer's shape.
  return from.extra ? from.extra.sendRequest(request, ResultSchema, options) : from.session.server.request(request, ResultSchema, options);
}

// A notification from an upstream, as router.rewriteNotification says: a list_changed re-lists that server
// (the router's exposure tells the clients if anything changed); a resources/updated goes, under the URI the
// client subscribed to, to the sessions subscribed; progress and log messages to whom they belong; anything
// else (notifications/elicitation/complete…) to the session it belongs to (see origin), else every session.
function relayNotification(name, notification, relist) {
  let relay;
  try {
    relay = router.rewriteNotification(name, notification);
  } catch (e) {
    return log(`${name}: ${notification?.method}: ${e.message}`);
  }
  if (relay.relist) return relist(relay.relist === 'resources' ? ['resources', 'resourceTemplates'] : [relay.relist]);
  const { forward } = relay;
  if (!forward) return;
  switch (forward.method) {
    case 'notifications/message': return relayLog(name, forward.params);
    case 'notifications/progress': return relayProgress(forward.params);
    case 'notifications/resources/updated': {
      const sub = subscriptions.get(subKey(name, notification.params?.uri));
      for (const session of sub?.sessions ?? []) session.server.notification(forward).catch(() => {});
      return;
    }
    default: {
      const from = origin(name);
      for (const { session, extra } of from ? [from] : [...sessions].map((session) => ({ session }))) {
        (extra ? extra.sendNotification(forward) : session.server.notification(forward)).catch(() => {});
      }
    }
  }
}

// ---- Subscriptions: counted per upstream URI. The upstream is subscribed when a first session subscribes
// (router.mapSubscribe gives its server and its URI), unsubscribed when the last one unsubscribes or
// closes, and subscribed again when it restarts. One change at a time per URI.
const subscriptions = new Map(); // subKey -> { name, uri (the upstream's), sessions: Set, queue }
const subKey = (name, uri) => `${name}\n${uri}`;
function subscription(name, uri) {
  const key = subKey(name, uri);
  if (!subscriptions.has(key)) subscriptions.set(key, { name, uri, sessions: new Set(), queue: Promise.resolve() });
  return subscriptions.get(key);
}
const serialized = (sub, fn) => (sub.queue = sub.queue.catch(() => {}).then(fn));
async function subscribe(session, from, name, params) {
  const sub = subscription(name, params.uri);
  await serialized(sub, async () => {
    if (sub.sessions.size === 0) await forward(name, from, params, (c, q, o) => c.subscribeResource(q, o));
    sub.sessions.add(session);
    session.subscriptions.add(sub);
  });
  return {};
}
async function unsubscribe(session, from, name, params) {
  const sub = subscriptions.get(subKey(name, params.uri));
  if (!sub) return {}; // not subscribed: nothing to undo
  await serialized(sub, async () => {
    if (!sub.sessions.delete(session)) return;
    session.subscriptions.delete(sub);
    if (sub.sessions.size > 0) return;
    subscriptions.delete(subKey(sub.name, sub.uri));
    if (from) await forward(name, from, params, (c, q, o) => c.unsubscribeResource(q, o));
    else await ups[name]?.client?.unsubscribeResource({ uri: sub.uri }, { timeout: timeoutOf(ups[name]) });
  });
  return {};
}
async function resubscribe(name) {
  const { client } = ups[name];
  for (const sub of subscriptions.values()) {
    if (sub.name !== name || !sub.sessions.size) continue;
    await client.subscribeResource({ uri: sub.uri }, { timeout: timeoutOf(ups[name]) }).catch((e) => log(`${name}: resources/subscribe ${sub.uri} failed: ${e.message}`));
  }
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
// Over --http, the request's Mcp-Name header and protocol revision go to the router (SEP-2243).
const mapOptions = (headers) => {
  const header = headers?.['mcp-name'], protocolVersion = headers?.['mcp-protocol-version'];
  return header === undefined && protocolVersion === undefined ? undefined : { header, protocolVersion };
};
const handle = (session, fn) => async (request, extra) => {
  try {
    return await fn(request.params ?? {}, mapOptions(extra.requestInfo?.headers), { session, extra });
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    const { code, message, data } = e.toJsonRpcError();
    const down = e.server && ups[e.server]?.down; // the server a tool_removed or tool_disabled is about
    throw rpcError(code, down ? `${message} (server "${e.server}" is down: ${down})` : message, data);
  }
};
function newServer() {
  const server = new Server({ name: 'mcp-naming-gateway', version: '0.1.0' }, {
    capabilities: {
      tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true, subscribe: true }, logging: {}, completions: {},
    },
  });
  const session = { server, level: undefined, subscriptions: new Set() }; // level: this client's logging/setLevel
  const on = (schema, fn) => server.setRequestHandler(schema, handle(session, fn));
  on(ListToolsRequestSchema, (p) => router.listTools({ cursor: p.cursor }));
  on(ListPromptsRequestSchema, (p) => router.listPrompts({ cursor: p.cursor }));
  on(ListResourcesRequestSchema, (p) => router.listResources({ cursor: p.cursor }));
  on(ListResourceTemplatesRequestSchema, (p) => router.listResourceTemplates({ cursor: p.cursor }));
  // With `discovery` configured, the router answers search_tools and get_tool_details itself (an MCP tool
  // result), and maps call_tool to the tool it names, like any other call.
  on(CallToolRequestSchema, async (p, header, from) => {
    const answered = router.discoveryResult(p, header);
    if (answered !== null) return answered;
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
  // completion/complete: the prompt or template mapped to its server's (argument and context untouched);
  // an upstream that does not complete has nothing to offer.
  on(CompleteRequestSchema, async (p, options, from) => {
    const { server: name, params } = router.mapComplete(p);
    if (ups[name]?.client && !ups[name].client.getServerCapabilities()?.completions) return { completion: { values: [], hasMore: false } };
    return forward(name, from, params, (c, q, o) => c.complete(q, o));
  });
  on(SubscribeRequestSchema, async (p, options, from) => {
    const { server: name, params } = router.mapSubscribe(p);
    return subscribe(session, from, name, params);
  });
  on(UnsubscribeRequestSchema, async (p, options, from) => {
    const { server: name, params } = router.mapUnsubscribe(p);
    return unsubscribe(session, from, name, params);
  });
  on(SetLevelRequestSchema, async (p) => {
    session.level = p.level;
    await levelChanged();
    return {};
  });
  // Roots: a client that has them tells every upstream they changed (when it connects and when it says so);
  // an upstream then asks, and roots/list goes to the session it belongs to (askClient).
  const rootsChanged = () => Object.values(ups).forEach((u) => u.client?.sendRootsListChanged().catch(() => {}));
  server.setNotificationHandler(RootsListChangedNotificationSchema, rootsChanged);
  server.oninitialized = () => {
    sessions.add(session);
    if (server.getClientCapabilities()?.roots) rootsChanged();
  };
  server.onclose = () => {
    sessions.delete(session);
    levelChanged().catch(() => {});
    for (const sub of [...session.subscriptions]) unsubscribe(session, null, sub.name, { uri: sub.uri }).catch((e) => log(`${sub.name}: resources/unsubscribe failed: ${e.message}`));
  };
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
  // SEP-2243: a tools/call, prompts/get or resources/read whose Mcp-Name header disagrees with its body (or
  // lacks it where its protocol revision requires it) is answered before the SDK sees it, with the HTTP
  // status the router gives (400) and its JSON-RPC error (-32020); any other error of the router's is left
  // to the request's handler (a JSON-RPC error with 200).
  const CHECKED = { 'tools/call': 'mapCallTool', 'prompts/get': 'mapGetPrompt', 'resources/read': 'mapReadResource' };
  const refusal = (body, headers) => {
    const options = mapOptions(headers);
    if (!options) return null;
    for (const message of Array.isArray(body) ? body : [body]) {
      const map = CHECKED[message?.method];
      if (!map || message.id === undefined || message.params === null || typeof message.params !== 'object') continue;
      try {
        router[map](message.params, options);
      } catch (e) {
        if (e instanceof NamingError && e.httpStatus !== 200) return { status: e.httpStatus, body: { jsonrpc: '2.0', id: message.id, error: e.toJsonRpcError() } };
      }
    }
    return null;
  };
  const readBody = (req) => new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      if ((size += c.length) > 4 * 1024 * 1024) return void reject(Object.assign(new Error('request body over 4 MB'), { status: 413 }));
      chunks.push(c);
    }).on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))).on('error', reject);
  });
  const http = createServer(async (req, res) => {
    try {
      const id = req.headers['mcp-session-id'];
      if (new URL(req.url, 'http://x').pathname !== '/mcp' || (id && !transports.has(id))) return void res.writeHead(404).end();
      let body;
      if (req.method === 'POST' && /application\/json/i.test(req.headers['content-type'] ?? '')) { // else the SDK answers 415
        const text = await readBody(req).catch((e) => e);
        if (text instanceof Error) return void res.writeHead(text.status ?? 400).end();
        try {
          body = JSON.parse(text);
        } catch {
          return void res.writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'Parse error: the body is not JSON' } }));
        }
        const refused = refusal(body, req.headers);
        if (refused) return void res.writeHead(refused.status, { 'content-type': 'application/json' }).end(JSON.stringify(refused.body));
      }
      let transport = transports.get(id);
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID, onsessioninitialized: (id) => transports.set(id, transport),
          enableDnsRebindingProtection: true, allowedHosts: [`${host}:${http.address().port}`, `localhost:${http.address().port}`],
        });
        transport.onclose = () => transports.delete(transport.sessionId);
        await newServer().connect(transport);
      }
      await transport.handleRequest(req, res, body);
      if (!transport.sessionId) await transport.close(); // not an initialize: nothing to keep
    } catch (e) {
      log(`http: ${e.message}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  http.listen(Number(port), host, () => log(`serving ${Object.keys(ups).length} servers on http://${host}:${http.address().port}/mcp`));
}
