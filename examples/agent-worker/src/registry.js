// The registry of one agent, as a Durable Object: its configured servers (the seed's
// MCPServerConfig), the aliases of its migration, the Router (style 'agent', the built-ins
// unprefixed) and what discovery found. Everything but the live connections is in the object's
// storage, so an object that restarts or is evicted answers from storage, without listing again,
// until a cached list expires (its server's ttlMs, else DEFAULT_TTL_MS).
//
// Storage (the Durable Object's key-value API, SQLite-backed):
//   meta           { agent }                              the agent's name, for alarms and credentials
//   servers        [MCPServerConfig]                      in the order they were added
//   aliases        { "<old name>": "<current name>" }
//   routing        { provider?, enabled?, disabled? }    a gateway.json's router (PUT /gateway)
//   list:<server>  { tools, listedAt, expiresAt, ttlMs, ttlFrom, cacheScope, serverInfo, skipped, truncated }
//   status:<server> { state: 'up' | 'down', error?, since, attempts, checkedAt, nextAttemptAt? }
// A server with no status has not been listed yet ('pending'); a disabled one is not contacted.
import { DurableObject } from 'cloudflare:workers';
import { NamingError, parseToolName } from 'mcp-naming';
import { ApiError } from './errors.js';
import { BUILTINS, MAX_SERVERS, buildRouter, checkAliases, checkGatewayConfig, checkServerConfig, expandVars } from './config.js';
import { Upstream, UpstreamError, describeError, isServerAnswer } from './upstream.js';
import { McpEndpoint, rpcError } from './mcp.js';
import { credentialFor, settings } from './settings.js';

/** Where a result reached through an alias says so (the current name is `use`). */
export const DEPRECATED_META = 'io.github.mcp-naming/deprecated';
/** JSON-RPC code of an upstream that is down or timed out (the package's own errors are -32602). */
export const UPSTREAM_ERROR_CODE = -32603;

export class AgentRegistry extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.upstreams = new Map(); // server -> Upstream (live connections; never stored)
    this.inflight = new Map(); // server -> Promise of its discovery (one at a time per server)
    this.generation = new Map(); // server -> number, bumped when its config changes under a discovery
    this.queue = Promise.resolve(); // admin changes, one at a time
    this.warned = new Set(); // aliases already logged as used
    this.mcp = new McpEndpoint(this);
    ctx.blockConcurrencyWhile(() => this.load());
  }

  get settings() {
    return settings(this.env);
  }

  async load() {
    const stored = await this.ctx.storage.get(['meta', 'servers', 'aliases', 'routing']);
    this.agent = stored.get('meta')?.agent ?? null;
    this.servers = stored.get('servers') ?? [];
    this.aliases = stored.get('aliases') ?? {};
    this.routing = stored.get('routing') ?? {}; // a gateway.json's router: provider, enabled, disabled
    this.lists = new Map();
    this.status = new Map();
    for (const [key, value] of await this.ctx.storage.list({ prefix: 'list:' })) this.lists.set(key.slice(5), value);
    for (const [key, value] of await this.ctx.storage.list({ prefix: 'status:' })) this.status.set(key.slice(7), value);
    this.router = this.rebuild(this.servers, this.aliases);
    this.signature = this.toolsSignature();
  }

  /** A Router for these servers and aliases, holding every stored list it should expose. */
  rebuild(servers, aliases, routing = this.routing) {
    const router = buildRouter(servers, aliases, routing.provider ?? this.settings.PROVIDER, routing);
    for (const s of servers) {
      const list = this.lists.get(s.name);
      // Up servers' tools route; a disabled server's last list is kept so that its names answer
      // tool_disabled; a down server is left out.
      if (list && (this.status.get(s.name)?.state === 'up' || !s.enabled)) {
        router.exposeTools(s.name, listResult(list.tools, list.ttlFrom === 'upstream' ? list.ttlMs : null, list.cacheScope), { onInvalid: 'skip' });
      }
    }
    return router;
  }

  server(name) {
    return this.servers.find((s) => s.name === name);
  }

  /** The server's config generation: a discovery started under another one is not recorded. */
  gen(name) {
    return this.generation.get(name) ?? 0;
  }

  /** 'up', 'down', 'pending' (not listed yet) or 'disabled'. */
  state(name) {
    if (!this.server(name)?.enabled) return 'disabled';
    return this.status.get(name)?.state ?? 'pending';
  }

  async remember(agent) {
    if (typeof agent === 'string' && this.agent !== agent) {
      this.agent = agent;
      await this.ctx.storage.put('meta', { agent });
    }
  }

  // ---- Discovery ----------------------------------------------------------------------------

  /** The live connection to a server, made on first use. */
  upstream(cfg) {
    let up = this.upstreams.get(cfg.name);
    if (up && up.url === cfg.url) return up;
    up?.close();
    // A gateway.json server's headers, ${VAR} taken from the Worker's vars and secrets.
    const headers = {};
    for (const [name, value] of Object.entries(cfg.headers ?? {})) {
      const expanded = expandVars(value, this.env);
      if (expanded === null) throw new UpstreamError('credentials_missing', `server "${cfg.name}": header ${name} names a var or secret the Worker does not have`);
      headers[name.toLowerCase()] = expanded;
    }
    if (cfg.requiresAuth) {
      const token = credentialFor(this.env, this.agent, cfg.name);
      if (token === null) throw new UpstreamError('credentials_missing', `server "${cfg.name}" requires auth and UPSTREAM_CREDENTIALS has no token for "${this.agent}/${cfg.name}" or "${cfg.name}"`);
      headers.authorization = `Bearer ${token}`;
    }
    up = new Upstream(cfg.name, cfg.url, {
      headers,
      onToolsChanged: () => this.onUpstreamChanged(cfg.name),
      onError: (e) => this.onUpstreamError(cfg.name, up, e),
    });
    this.upstreams.set(cfg.name, up);
    return up;
  }

  dropUpstream(name) {
    this.upstreams.get(name)?.close();
    this.upstreams.delete(name);
  }

  /**
   * The connection reported an error outside any request (its notification stream broke, say):
   * if the server no longer answers a ping, it goes down now rather than at the next call.
   */
  onUpstreamError(name, up, error) {
    console.warn(`[${this.agent}] ${name}: ${error.message}`);
    if (up.checking || this.upstreams.get(name) !== up || this.status.get(name)?.state !== 'up') return;
    up.checking = (async () => {
      if (!(await up.ping(2_000))) {
        await this.markDown(name, up, { code: 'upstream_unreachable', message: `the connection broke (${error.message}) and the server does not answer a ping` });
      }
    })().catch((e) => console.error(`[${this.agent}] ${name}: checking the connection:`, e)).finally(() => { up.checking = null; });
  }

  /** An upstream's notifications/tools/list_changed: that server alone is listed again. */
  onUpstreamChanged(name) {
    if (this.state(name) === 'disabled') return;
    this.discover([name], { force: true }).catch((e) => console.error(`[${this.agent}] re-listing ${name}:`, e));
  }

  /**
   * Lists the servers' tools, all in parallel, each within DISCOVERY_DEADLINE_MS. A server already
   * being listed is not listed twice: its callers share that listing (unless `force`, which waits
   * for it and lists again, for a change announced while it ran). Resolves to one report per server.
   */
  discover(names, { force = false } = {}) {
    return Promise.all(names.map(async (name) => {
      let running = this.inflight.get(name);
      if (running && force) {
        await running;
        running = this.inflight.get(name);
      }
      return running ?? this.discoverOne(name);
    }));
  }

  discoverOne(name) {
    const run = (async () => {
      const cfg = this.server(name);
      const generation = this.gen(name);
      const started = Date.now();
      const deadline = this.settings.DISCOVERY_DEADLINE_MS;
      let up;
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(new UpstreamError('upstream_timeout', `no complete tools/list within ${deadline} ms`)), deadline);
      const aborted = new Promise((_, reject) => stop.signal.addEventListener('abort', () => reject(stop.signal.reason)));
      aborted.catch(() => {});
      try {
        up = this.upstream(cfg);
        const listed = await Promise.race([up.listTools({ timeout: deadline, signal: stop.signal }), aborted]);
        if (this.gen(name) !== generation || !this.server(name)) return { server: name, ok: false, superseded: true };
        return await this.recordList(cfg, listed, started);
      } catch (e) {
        if (this.gen(name) !== generation || !this.server(name)) return { server: name, ok: false, superseded: true };
        this.dropUpstream(name); // the next attempt starts from a fresh connection
        const error = e instanceof ApiError ? { code: e.code, message: e.message } : describeError(e);
        return this.recordFailure(name, error, started);
      } finally {
        clearTimeout(timer);
      }
    })().finally(() => {
      if (this.inflight.get(name) === run) this.inflight.delete(name);
    });
    this.inflight.set(name, run);
    return run;
  }

  async recordList(cfg, listed, started) {
    const now = Date.now();
    const { DEFAULT_TTL_MS, MAX_TTL_MS } = this.settings;
    const ttlMs = Math.min(listed.ttlMs ?? DEFAULT_TTL_MS, MAX_TTL_MS);
    let exposure;
    try {
      // With the upstream's ttlMs and cacheScope: the agent's tools/list claims no more (SEP-2549).
      exposure = this.router.exposeTools(cfg.name, listResult(listed.tools, listed.ttlMs ?? null, listed.cacheScope), { onInvalid: 'skip' });
    } catch (e) {
      if (!(e instanceof NamingError)) throw e;
      return this.recordFailure(cfg.name, { code: 'invalid_tools', message: e.message }, started);
    }
    const list = {
      tools: listed.tools,
      listedAt: now,
      expiresAt: now + ttlMs,
      ttlMs,
      ttlFrom: listed.ttlMs === null ? 'default' : 'upstream',
      cacheScope: listed.cacheScope,
      serverInfo: listed.serverInfo,
      skipped: exposure.skipped,
      truncated: listed.truncated,
    };
    const prev = this.status.get(cfg.name);
    const status = { state: 'up', since: prev?.state === 'up' ? prev.since : now, attempts: 0, checkedAt: now };
    // A description or schema that changed is a change too, even when the names are the same.
    const edited = JSON.stringify(this.lists.get(cfg.name)?.tools ?? null) !== JSON.stringify(listed.tools);
    this.lists.set(cfg.name, list);
    this.status.set(cfg.name, status);
    await this.ctx.storage.put({ [`list:${cfg.name}`]: list, [`status:${cfg.name}`]: status });
    if (prev?.state === 'down') console.log(`[${this.agent}] ${cfg.name}: up again after ${prev.attempts} failed attempts`);
    this.toolsMaybeChanged(edited);
    return {
      server: cfg.name,
      ok: true,
      tools: exposure.exposed.length,
      skipped: exposure.skipped,
      ttlMs,
      ttlFrom: list.ttlFrom,
      ms: now - started,
    };
  }

  /** A server that failed: left out (its tools no longer route), reported, and tried again later. */
  async recordFailure(name, error, started = Date.now()) {
    const now = Date.now();
    const { RETRY_BASE_MS, RETRY_MAX_MS } = this.settings;
    const prev = this.status.get(name);
    const attempts = (prev?.state === 'down' ? prev.attempts : 0) + 1;
    const delay = Math.min(RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 30), RETRY_MAX_MS);
    const status = { state: 'down', error, since: prev?.state === 'down' ? prev.since : now, attempts, checkedAt: now, nextAttemptAt: now + delay };
    this.status.set(name, status);
    this.lists.delete(name);
    this.router.exposeTools(name, { tools: [] });
    await this.ctx.storage.put(`status:${name}`, status);
    await this.ctx.storage.delete(`list:${name}`);
    console.warn(`[${this.agent}] ${name}: down (${error.code}: ${error.message}); attempt ${attempts}, next in ${delay} ms`);
    this.toolsMaybeChanged();
    await this.scheduleRetry();
    return { server: name, ok: false, error, attempts, retryInMs: delay, ms: now - started };
  }

  /** A call found the server gone: it goes down now, unless a newer connection or listing says otherwise. */
  async markDown(name, up, error) {
    if (this.upstreams.get(name) !== up || this.status.get(name)?.state !== 'up') return;
    this.dropUpstream(name);
    await this.recordFailure(name, error);
  }

  /** Enabled servers never listed, or whose list expired: listed before the answer. */
  dueNow(names) {
    const now = Date.now();
    return names.filter((name) => {
      const st = this.state(name);
      return st === 'pending' || (st === 'up' && (this.lists.get(name)?.expiresAt ?? 0) <= now);
    });
  }

  /** Down servers whose next attempt is due: tried in the background, never holding an answer. */
  retryDue() {
    const now = Date.now();
    return this.servers.filter((s) => this.state(s.name) === 'down' && this.status.get(s.name).nextAttemptAt <= now).map((s) => s.name);
  }

  /**
   * Makes the lists of `names` (default: every server) current before an answer: lists the due
   * ones (bounded by the deadline) and starts the due retries in the background.
   */
  async fresh(names = this.servers.map((s) => s.name)) {
    const retry = this.retryDue().filter((n) => !this.inflight.has(n));
    if (retry.length) this.discover(retry).catch((e) => console.error(`[${this.agent}] retry:`, e));
    const due = this.dueNow(names);
    if (due.length) await this.discover(due);
  }

  async scheduleRetry() {
    const { RETRY_ALARMS } = this.settings;
    let next = Infinity;
    for (const s of this.servers) {
      const st = this.status.get(s.name);
      if (s.enabled && st?.state === 'down' && st.attempts <= RETRY_ALARMS) next = Math.min(next, st.nextAttemptAt);
    }
    if (next === Infinity) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** The retry alarm: due servers are listed again, and the next alarm set. */
  async alarm() {
    const due = this.retryDue();
    if (due.length) await this.discover(due);
    await this.scheduleRetry();
  }

  toolsSignature() {
    return this.router.tools().filter((t) => t.enabled).map((t) => t.name).join('\n');
  }

  /** Tells the agent's MCP sessions when the list they see changed (its names, or `edited`). */
  toolsMaybeChanged(edited = false) {
    const signature = this.toolsSignature();
    if (signature === this.signature && !edited) return;
    this.signature = signature;
    this.mcp.notifyToolsChanged();
  }

  // ---- What the agent sees (MCP) -------------------------------------------------------------

  /** The MCP endpoint, `/mcp` under the agent's path (the Worker checked the caller). */
  async fetch(request) {
    await this.remember(request.headers.get('x-agent-name'));
    return this.mcp.handle(request);
  }

  /** tools/list: the built-ins first, then every enabled server's tools as the Router exposes them. */
  async listToolsResult(cursor) {
    await this.fresh();
    let page;
    try {
      page = this.router.listTools(cursor === undefined ? {} : { cursor });
    } catch (e) {
      if (e instanceof NamingError) throw rpcError(e.toJsonRpcError());
      throw e;
    }
    return cursor === undefined ? { ...page, tools: [...BUILTIN_TOOLS, ...page.tools] } : page;
  }

  /** tools/call: a built-in answered here, anything else routed by its prefix and forwarded. */
  async callTool(params, { header, signal }) {
    if (params.name === 'list_mcps') return this.builtinListMcps(params.arguments);
    if (params.name === 'list_tools') return this.builtinListTools(params.arguments);
    const target = this.router.tryRoute(params.name)?.server ?? this.serverOf(params.name);
    await this.fresh(target && this.server(target) ? [target] : undefined);
    let mapped;
    try {
      mapped = this.router.mapCallTool(params, header === undefined ? {} : { header });
    } catch (e) {
      if (!(e instanceof NamingError)) throw e;
      // A tool of a server that is down: the package says removed (or unknown, after a restart);
      // the agent is better told that the server is down and when it is tried again.
      const server = e.server ?? this.serverOf(params.name);
      if ((e.code === 'tool_removed' || e.code === 'unknown_tool') && server && this.state(server) === 'down') {
        throw this.upstreamDown(server, this.status.get(server).error);
      }
      throw rpcError(e.toJsonRpcError());
    }
    const deprecated = Object.hasOwn(this.aliases, params.name);
    if (deprecated && !this.warned.has(params.name)) {
      this.warned.add(params.name);
      console.warn(`[${this.agent}] deprecated tool name ${params.name} called: use ${this.aliases[params.name]}`);
    }
    const cfg = this.server(mapped.server);
    let up;
    try {
      up = this.upstream(cfg);
    } catch (e) {
      throw this.upstreamDown(mapped.server, describeError(e));
    }
    let result;
    try {
      result = await up.callTool(mapped.params, { timeout: this.settings.CALL_TIMEOUT_MS, signal });
    } catch (e) {
      if (isServerAnswer(e)) {
        throw rpcError({ code: e.code, message: `server "${mapped.server}": ${String(e.message).replace(/^(MCP error -?\d+: )+/, '')}`, data: e.data });
      }
      const error = describeError(e);
      // A timeout alone may be a slow tool: the server goes down only if a ping gets no answer.
      if (error.code !== 'upstream_timeout' || !(await up.ping(2_000))) await this.markDown(mapped.server, up, error);
      throw this.upstreamDown(mapped.server, error);
    }
    const out = this.router.rewriteResult(mapped.server, result);
    if (deprecated) out._meta = { ...out._meta, [DEPRECATED_META]: { name: params.name, use: this.aliases[params.name] } };
    return out;
  }

  /** The server a name's prefix names (through its alias, for a legacy name), when it is one of this agent's. */
  serverOf(name) {
    if (Object.hasOwn(this.aliases, name)) name = this.aliases[name];
    try {
      const { mcp } = parseToolName(name, 'agent', { servers: this.servers.map((s) => s.name) });
      return mcp && this.server(mcp) ? mcp : null;
    } catch {
      return null;
    }
  }

  upstreamDown(server, error) {
    const st = this.status.get(server);
    const retryAfterMs = st?.state === 'down' ? Math.max(0, st.nextAttemptAt - Date.now()) : undefined;
    const code = error?.code === 'upstream_timeout' && st?.state !== 'down' ? 'upstream_timeout' : 'upstream_unavailable';
    const message = code === 'upstream_timeout'
      ? `server "${server}" did not answer within ${this.settings.CALL_TIMEOUT_MS} ms`
      : `server "${server}" is unavailable (${error?.code}: ${error?.message})${retryAfterMs === undefined ? '' : `; it is tried again in ${Math.ceil(retryAfterMs / 1000)} s`}`;
    return rpcError({
      code: UPSTREAM_ERROR_CODE,
      message,
      data: { code, server, error, ...(retryAfterMs === undefined ? {} : { retryAfterMs }), suggestions: [], diagnostics: [] },
    });
  }

  // ---- The seed's listings: list_mcps, list_tools [mcp] --------------------------------------

  /** Every configured server, as the agent and its user see it (no URL: it may carry secrets). */
  mcpsView() {
    const counts = this.toolCounts();
    return this.servers.map((s) => {
      const st = this.status.get(s.name);
      const list = this.lists.get(s.name);
      return {
        name: s.name,
        displayName: s.displayName,
        ...(s.description === undefined ? {} : { description: s.description }),
        enabled: s.enabled,
        requiresAuth: s.requiresAuth,
        status: this.state(s.name),
        tools: counts.get(s.name) ?? 0,
        ...(list ? { listedAt: new Date(list.listedAt).toISOString(), expiresAt: new Date(list.expiresAt).toISOString(), ttlFrom: list.ttlFrom } : {}),
        ...(st?.state === 'down' ? { error: st.error, since: new Date(st.since).toISOString(), nextAttemptAt: new Date(st.nextAttemptAt).toISOString() } : {}),
      };
    });
  }

  toolCounts() {
    const counts = new Map();
    for (const t of this.router.tools()) if (t.enabled) counts.set(t.server, (counts.get(t.server) ?? 0) + 1);
    return counts;
  }

  /**
   * The tools grouped by server (the seed's listToolsByCategory), each as the seed's
   * MCPToolDefinition without its parameters: `mcp` narrows it to one server.
   */
  toolsView(mcp) {
    const byServer = {};
    const only = mcp === undefined ? null : mcp;
    for (const s of this.servers) if (only === null || s.name === only) byServer[s.name] = [];
    const originals = new Map();
    for (const [server, list] of this.lists) originals.set(server, new Map(list.tools.map((t) => [t.name, t])));
    for (const t of this.router.tools()) {
      if (!t.enabled || !(t.server in byServer)) continue;
      const original = originals.get(t.server)?.get(t.upstream);
      byServer[t.server].push({
        prefixedName: t.name,
        mcpName: t.server,
        originalName: t.upstream,
        description: original?.description ?? '',
      });
    }
    const view = { tools: byServer };
    if (only === null) {
      view.builtins = BUILTIN_TOOLS.map((t) => ({ name: t.name, description: t.description }));
      view.deprecated = Object.entries(this.aliases).map(([name, use]) => ({ name, use }));
    } else {
      view.deprecated = Object.entries(this.aliases).filter(([, use]) => this.serverOf(use) === only).map(([name, use]) => ({ name, use }));
    }
    return view;
  }

  async builtinListMcps(args = {}) {
    const extra = Object.keys(args ?? {});
    if (extra.length) return toolError(`list_mcps takes no arguments (got ${extra.join(', ')})`);
    await this.fresh();
    const mcps = this.mcpsView();
    const lines = mcps.map((m) => `- ${m.name} (${m.displayName}): ${m.status}, ${m.tools} tool${m.tools === 1 ? '' : 's'}${m.description ? ` — ${m.description}` : ''}${m.error ? ` [${m.error.code}: ${m.error.message}]` : ''}`);
    const text = mcps.length ? `${mcps.length} MCP server${mcps.length === 1 ? '' : 's'}:\n${lines.join('\n')}` : 'No MCP servers are configured.';
    return { content: [{ type: 'text', text }], structuredContent: { mcps } };
  }

  async builtinListTools(args = {}) {
    const { mcp, ...rest } = args ?? {};
    const extra = Object.keys(rest);
    if (extra.length) return toolError(`list_tools takes only "mcp" (got ${extra.join(', ')})`);
    if (mcp !== undefined && typeof mcp !== 'string') return toolError('"mcp" must be the name of an MCP server (a string)');
    if (mcp !== undefined && !this.server(mcp)) {
      return toolError(`unknown MCP "${mcp}": the servers are ${this.servers.map((s) => s.name).join(', ') || 'none'} (call list_mcps)`);
    }
    await this.fresh(mcp === undefined ? undefined : [mcp]);
    const view = this.toolsView(mcp);
    const lines = [];
    if (view.builtins) lines.push(`built-in: ${view.builtins.map((b) => b.name).join(', ')}`);
    for (const [server, tools] of Object.entries(view.tools)) {
      const state = this.state(server);
      lines.push(`${server}${state === 'up' ? '' : ` (${state})`}: ${tools.map((t) => t.prefixedName).join(', ') || 'no tools'}`);
    }
    if (view.deprecated.length) lines.push(`deprecated: ${view.deprecated.map((d) => `${d.name} -> ${d.use}`).join(', ')}`);
    return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: view };
  }

  // ---- Admin (RPC from the Worker; each answer is { status, body }) ---------------------------

  /** Runs admin changes one at a time, and turns an ApiError into its answer. */
  serial(agent, fn) {
    const run = this.queue.then(async () => {
      try {
        await this.remember(agent);
        return await fn();
      } catch (e) {
        if (e instanceof ApiError) return e.toAnswer();
        console.error(`[${this.agent}] admin:`, e?.stack ?? e);
        return new ApiError('internal_error', 'the registry failed; nothing was changed').toAnswer();
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /** Stores a new configuration once the package accepts it, and makes it the live one. */
  async commit(servers, aliases, routing = this.routing) {
    const router = this.rebuild(servers, aliases, routing);
    await this.ctx.storage.put({ servers, aliases, routing });
    this.servers = servers;
    this.aliases = aliases;
    this.routing = routing;
    this.router = router;
    this.toolsMaybeChanged();
  }

  /** PUT a server: added (201) or replaced (200), then listed if it is enabled. */
  putServer(agent, name, body) {
    return this.serial(agent, async () => {
      const cfg = checkServerConfig(body, name, { allowHttp: this.settings.ALLOW_HTTP_UPSTREAMS });
      const prev = this.server(name);
      if (!prev && this.servers.length >= MAX_SERVERS) {
        throw new ApiError('invalid_server', `an agent has at most ${MAX_SERVERS} servers`, { diagnostics: [] });
      }
      const servers = prev ? this.servers.map((s) => (s.name === name ? cfg : s)) : [...this.servers, cfg];
      const reconnect = !prev || prev.url !== cfg.url || prev.requiresAuth !== cfg.requiresAuth;
      if (reconnect) await this.forget(name);
      else if (prev.enabled && !cfg.enabled) this.pause(name);
      await this.commit(servers, this.aliases);
      // Listed now when it is new, changed, expired or down (an admin who saves it again means to try it).
      const discovery = cfg.enabled ? await this.discover(this.state(name) === 'down' ? [name] : this.dueNow([name])) : [];
      return { status: prev ? 200 : 201, body: { server: this.adminView(name), created: !prev, discovery } };
    });
  }

  /**
   * PUT a gateway.json (the mcp-naming-gateway package's config file): the agent's servers become
   * its `mcpServers` (HTTP upstreams; the others are removed), its aliases, provider and patterns
   * its `router`'s; then the enabled servers are listed (when due).
   */
  putGateway(agent, body) {
    return this.serial(agent, async () => {
      const { servers, aliases, routing, warnings } = checkGatewayConfig(body, { allowHttp: this.settings.ALLOW_HTTP_UPSTREAMS, env: this.env });
      const same = (a, b) => a.url === b.url && a.requiresAuth === b.requiresAuth && JSON.stringify(a.headers ?? {}) === JSON.stringify(b.headers ?? {});
      for (const prev of this.servers) {
        const next = servers.find((s) => s.name === prev.name);
        if (!next || !same(prev, next)) await this.forget(prev.name);
        else if (prev.enabled && !next.enabled) this.pause(prev.name);
      }
      await this.commit(servers, aliases, routing);
      const due = servers.filter((s) => s.enabled).flatMap((s) => (this.state(s.name) === 'down' ? [s.name] : this.dueNow([s.name])));
      const discovery = await this.discover(due);
      return { status: 200, body: { servers: servers.map((s) => this.adminView(s.name)), aliases, warnings, discovery } };
    });
  }

  /** Enables or disables a server; enabling lists it (when due), disabling keeps its names known. */
  setEnabled(agent, name, enabled) {
    return this.serial(agent, async () => {
      const prev = this.server(name);
      if (!prev) throw new ApiError('server_not_found', `no server "${name}" in agent "${agent}"`);
      if (prev.enabled !== enabled) {
        if (!enabled) this.pause(name);
        await this.commit(this.servers.map((s) => (s.name === name ? { ...s, enabled } : s)), this.aliases);
      }
      let discovery = [];
      if (enabled) {
        const due = this.dueNow([name]);
        if (this.state(name) === 'down') due.push(name);
        discovery = await this.discover(due);
      }
      return { status: 200, body: { server: this.adminView(name), discovery } };
    });
  }

  removeServer(agent, name) {
    return this.serial(agent, async () => {
      if (!this.server(name)) throw new ApiError('server_not_found', `no server "${name}" in agent "${agent}"`);
      const servers = this.servers.filter((s) => s.name !== name);
      this.rebuild(servers, this.aliases); // the package refuses aliases left pointing at it
      await this.forget(name);
      await this.commit(servers, this.aliases);
      return { status: 200, body: { removed: name } };
    });
  }

  putAliases(agent, body) {
    return this.serial(agent, async () => {
      const { aliases, warnings } = checkAliases(body);
      await this.commit(this.servers, aliases);
      return { status: 200, body: { aliases, warnings } };
    });
  }

  /** Lists the given servers (or every enabled one) now, whatever their cache says. */
  rediscover(agent, names) {
    return this.serial(agent, async () => {
      for (const n of names ?? []) if (!this.server(n)) throw new ApiError('server_not_found', `no server "${n}" in agent "${agent}"`);
      const targets = (names ?? this.servers.map((s) => s.name)).filter((n) => this.server(n).enabled);
      return { status: 200, body: { discovery: await this.discover(targets, { force: true }) } };
    });
  }

  /** The admin's view: the servers with their URL, cache and status. */
  getServers(agent) {
    return this.serial(agent, async () => ({ status: 200, body: { agent: this.agent, servers: this.servers.map((s) => this.adminView(s.name)), aliases: this.aliases } }));
  }

  /** list_mcps and list_tools over HTTP, for the agent's user. */
  async view(agent, what, mcp) {
    try {
      await this.remember(agent);
      const result = what === 'mcps' ? await this.builtinListMcps({}) : await this.builtinListTools(mcp === null ? {} : { mcp });
      if (result.isError) throw new ApiError('server_not_found', result.content[0].text);
      return { status: 200, body: result.structuredContent };
    } catch (e) {
      if (e instanceof ApiError) return e.toAnswer();
      console.error(`[${this.agent}] view:`, e?.stack ?? e);
      return new ApiError('internal_error', 'the registry failed').toAnswer();
    }
  }

  adminView(name) {
    const cfg = this.server(name);
    const list = this.lists.get(name);
    const st = this.status.get(name);
    return {
      ...cfg,
      // A gateway.json server's headers: their names only (a value may be a secret).
      ...(cfg.headers ? { headers: Object.keys(cfg.headers) } : {}),
      status: this.state(name),
      ...(list ? { cache: { tools: list.tools.length, skipped: list.skipped, listedAt: new Date(list.listedAt).toISOString(), expiresAt: new Date(list.expiresAt).toISOString(), ttlMs: list.ttlMs, ttlFrom: list.ttlFrom, cacheScope: list.cacheScope ?? null, serverInfo: list.serverInfo } } : {}),
      ...(st?.state === 'down' ? { error: st.error, attempts: st.attempts, nextAttemptAt: new Date(st.nextAttemptAt).toISOString() } : {}),
    };
  }

  /** A server's connection, cache and status go (it was replaced or removed). */
  async forget(name) {
    this.generation.set(name, this.gen(name) + 1);
    this.dropUpstream(name);
    this.lists.delete(name);
    this.status.delete(name);
    await this.ctx.storage.delete([`list:${name}`, `status:${name}`]);
  }

  /** A disabled server: no connection, its last list kept, a running listing ignored. */
  pause(name) {
    this.generation.set(name, this.gen(name) + 1);
    this.dropUpstream(name);
  }
}

/** A tools/call result the model reads as a failed call (bad arguments to a built-in). */
function toolError(text) {
  return { content: [{ type: 'text', text }], isError: true };
}

const objectSchema = (properties, extra = {}) => ({ type: 'object', properties, additionalProperties: false, ...extra });

/** The built-ins as tools/list shows them. */
export const BUILTIN_TOOLS = [
  {
    name: 'list_mcps',
    title: 'List MCP servers',
    description: 'Lists the MCP servers this agent can use: name, description, whether it is enabled and up, and how many tools it has. MCP tools are named <mcp>__<tool>.',
    inputSchema: objectSchema({}),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'list_tools',
    title: 'List tools',
    description: 'Lists the tools this agent can use, grouped by MCP server, with the built-ins and the deprecated names that still work. Give "mcp" for one server only.',
    inputSchema: objectSchema({ mcp: { type: 'string', description: 'An MCP server name, as list_mcps gives it' } }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
];
if (BUILTIN_TOOLS.map((t) => t.name).join() !== BUILTINS.join()) throw new Error('BUILTIN_TOOLS and BUILTINS disagree');

/** A tools/list result for `exposeTools`: the tools, and the caching the upstream said (if it did). */
function listResult(tools, ttlMs, cacheScope) {
  const result = { tools };
  if (typeof ttlMs === 'number') result.ttlMs = ttlMs;
  if (typeof cacheScope === 'string') result.cacheScope = cacheScope;
  return result;
}
