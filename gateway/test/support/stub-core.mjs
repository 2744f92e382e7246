// A TEST-ONLY stand-in for the core half (gateway/src/core/, issue 34 part B), with exactly the
// interface of src/core-api.mts: never shipped. It is small on purpose: the official SDK v1
// (Client to each upstream over stdio or Streamable HTTP; Server over Streamable HTTP, 2025-11-25
// sessions and stateless requests), mcp-naming's Router for names and routes, tools only. It lets
// the product half (auth, scopes, reload, logs, metrics, nginx) be tested end to end in front of
// real upstream processes until the real core lands; then the same tests run against the real
// one (GATEWAY_CORE=real, see test/support/gateway.mjs).
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Router, NamingError } from 'mcp-naming';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ErrorCode, CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export async function createGatewayCore(config, options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const events = new EventEmitter();
  const ups = new Map(); // name -> { cfg, client, tools, error, inflight }
  const sessions = new Map(); // Mcp-Session-Id -> { transport, server }
  let router = new Router(config.router);
  let current = config;

  async function connect(name, cfg) {
    const u = { cfg, client: undefined, tools: [], error: undefined, inflight: 0 };
    ups.set(name, u);
    const client = new Client({ name: 'stub-core', version: '0' });
    try {
      const transport = cfg.type === 'stdio'
        ? new StdioClientTransport({ command: cfg.command, args: cfg.args ?? [], env: { ...process.env, ...cfg.env }, cwd: cfg.cwd, stderr: 'inherit' })
        : new StreamableHTTPClientTransport(new URL(cfg.url), { requestInit: { headers: cfg.headers } });
      await client.connect(transport, { timeout: config.startupTimeoutMs ?? 10_000 });
      u.tools = (await client.listTools()).tools;
      u.client = client;
    } catch (e) {
      u.error = e.message;
      log(`${name}: failed to start: ${e.message}`);
    }
  }

  function exposeAll() {
    let changed = false;
    for (const [name, u] of ups) changed = router.exposeTools(name, { tools: u.tools }, { onInvalid: 'skip' }).changed || changed;
    return changed;
  }

  await Promise.all(Object.entries(config.mcpServers).map(([name, cfg]) => connect(name, cfg)));
  exposeAll();

  const emit = (e) => events.emit('decision', e);

  function newServer(ctx) {
    const server = new Server({ name: 'mcp-naming-gateway (stub core)', version: '0' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      const start = performance.now();
      const byName = new Map(router.tools().map((t) => [t.name, t]));
      const list = router.listTools();
      const allow = ctx.auth?.allow;
      const tools = allow ? list.tools.filter((t) => { const e = byName.get(t.name); return !e || allow(e.server, e.upstream); }) : list.tools;
      emit({ method: 'tools/list', latencyMs: performance.now() - start });
      return { ...list, tools };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const start = performance.now();
      const exposed = request.params.name;
      const r = router; // a reload meanwhile does not change how this call's result is rewritten
      let mapped;
      try {
        mapped = router.mapCallTool(request.params);
      } catch (e) {
        if (!(e instanceof NamingError)) throw e;
        const rpc = e.toJsonRpcError();
        emit({ method: 'tools/call', exposed, latencyMs: performance.now() - start, code: rpc.data?.code ?? String(rpc.code), rpc: rpc.code });
        throw Object.assign(new McpError(rpc.code, rpc.message, rpc.data), { message: rpc.message });
      }
      const u = ups.get(mapped.server);
      if (!u?.client) {
        emit({ method: 'tools/call', exposed, upstream: mapped.params.name, server: mapped.server, latencyMs: performance.now() - start, code: 'upstream_unavailable', rpc: ErrorCode.InternalError });
        throw new McpError(ErrorCode.InternalError, `server "${mapped.server}" is unavailable`);
      }
      u.inflight++;
      try {
        const result = await u.client.callTool(mapped.params, undefined, { timeout: u.cfg.timeout ?? config.timeoutMs ?? 10_000 });
        emit({ method: 'tools/call', exposed, upstream: mapped.params.name, server: mapped.server, latencyMs: performance.now() - start });
        return r.rewriteResult(mapped.server, result);
      } catch (e) {
        emit({ method: 'tools/call', exposed, upstream: mapped.params.name, server: mapped.server, latencyMs: performance.now() - start, code: String(e.code ?? 'upstream_error'), rpc: Number.isInteger(e.code) ? e.code : ErrorCode.InternalError });
        throw e;
      } finally {
        u.inflight--;
      }
    });
    return server;
  }

  const instance = config.instanceId ?? '';
  return {
    async handle(req, res, ctx) {
      const id = req.headers['mcp-session-id'];
      if (id !== undefined) {
        const session = sessions.get(id);
        if (!session) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
        session.ctx.auth = ctx.auth;
        return session.transport.handleRequest(req, res, ctx.body);
      }
      const initialize = [ctx.body].flat().some((m) => m?.method === 'initialize');
      const sessionCtx = { auth: ctx.auth };
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: initialize ? () => `${instance ? `${instance}.` : ''}${randomUUID()}` : undefined,
        onsessioninitialized: (sid) => sessions.set(sid, { transport, server, ctx: sessionCtx }),
      });
      transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
      const server = newServer(sessionCtx);
      await server.connect(transport);
      await transport.handleRequest(req, res, ctx.body);
      if (!initialize) res.on('close', () => transport.close());
    },
    async connectStdio() {
      await newServer({}).connect(new StdioServerTransport());
    },
    target(message) {
      if (message?.method !== 'tools/call' || typeof message.params !== 'object') return null;
      try {
        const { server, params } = router.mapCallTool(message.params);
        return { server, tool: params.name };
      } catch {
        return null;
      }
    },
    async reload(next) {
      const before = current.mcpServers;
      const after = next.mcpServers;
      const added = Object.keys(after).filter((n) => !(n in before));
      const removed = Object.keys(before).filter((n) => !(n in after));
      const changed = Object.keys(after).filter((n) => n in before && JSON.stringify(before[n]) !== JSON.stringify(after[n]));
      const old = [...removed, ...changed].map((n) => [n, ups.get(n)]);
      await Promise.all([...added, ...changed].map((n) => connect(n, after[n])));
      for (const n of removed) ups.delete(n);
      router = new Router(next.router);
      current = next;
      exposeAll();
      for (const { server } of sessions.values()) server.sendToolListChanged().catch(() => {});
      // What was in flight to a replaced or removed upstream finishes before it is closed.
      for (const [, u] of old) {
        void (async () => {
          const deadline = Date.now() + 30_000;
          while (u?.inflight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          await u?.client?.close().catch(() => {});
        })();
      }
      return { added, removed, changed };
    },
    ready: () => [...ups.values()].every((u) => u.client),
    status: () => Object.fromEntries([...ups].map(([n, u]) => [n, { connected: Boolean(u.client), revision: u.client ? '2025-11-25' : undefined, ...(u.error && { error: u.error }) }])),
    on: (event, listener) => void events.on(event, listener),
    async close() {
      for (const { transport } of sessions.values()) await transport.close().catch(() => {});
      await Promise.all([...ups.values()].map((u) => u.client?.close().catch(() => {})));
    },
  };
}
