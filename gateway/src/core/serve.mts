// The gateway as an MCP server, on the official SDK v2, both revisions on one endpoint:
// - 2026-07-28 (per-request `_meta`, no session): the SDK's `createMcpHandler`, a fresh Server per
//   request whose `server/discover` and capabilities are the Router's decision; the
//   `Mcp-Param-*` and `Mcp-Name` headers checked before it by the Router (HTTP 400, -32020);
//   `subscriptions/listen` served by the gateway (listen.mts), which opens what the upstreams must.
// - 2025-11-25 and before: an `initialize` opens a session (one Server over the SDK's sessionful
//   transport, its id starting with the instance id); a request with no session is served
//   statelessly; an unknown session is 404.
// - stdio: the SDK's stdio entry, which pins the connection to the era its client opens with.
// Every handler hands its request to calls.mts; nothing here decides.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest, type McpHttpHandler, type ServerContext } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { NamingError, type ForwardMethod } from 'mcp-naming';
import type { RequestContext } from '../core-api.mjs';
import { caller, header, paramHeaders } from './context.mjs';
import { forward, list, type Asker } from './calls.mjs';
import { Session } from './clients.mjs';
import type { Hub } from './hub.mjs';
import type { Json, ListKind } from './upstream.mjs';
import { jsonRpcError, toWebRequest, writeResponse } from './web.mjs';

/** The revisions the gateway serves statelessly, as the SDK names them. */
const MODERN = '2026-07-28';
const CHECKED: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);
const LISTS: [string, ListKind][] = [['tools/list', 'tools'], ['prompts/list', 'prompts'], ['resources/list', 'resources'], ['resources/templates/list', 'resourceTemplates']];

/** One SDK Server for one 2026-07-28 request, or one 2025-11-25 session; its capabilities and identity the Router's. */
export function buildServer(hub: Hub, asker: Asker): Server {
  const discover = hub.discover();
  const capabilities = (asker.era === 'modern' ? discover.capabilities : hub.router().initialize('2025-11-25').capabilities) as Json;
  const hint = { ...(typeof discover.ttlMs === 'number' && { ttlMs: discover.ttlMs }), ...(discover.cacheScope !== undefined && { cacheScope: discover.cacheScope }) };
  const server = new Server(hub.serverInfo() as never, {
    capabilities: capabilities as never,
    ...(typeof discover.instructions === 'string' && { instructions: discover.instructions }),
    ...(asker.era === 'modern' && Object.keys(hint).length > 0 && { cacheHints: { 'server/discover': hint } as never }),
  });
  const on = (method: string, handler: (request: { params?: unknown }, ctx: ServerContext) => Promise<Json> | Json) =>
    server.setRequestHandler(method as never, handler as never);
  const resources = capabilities.resources as Json | undefined;
  for (const [method, kind] of LISTS) {
    if (capabilities[kind === 'resourceTemplates' ? 'resources' : kind] !== undefined) on(method, (r, ctx) => list(hub, kind, r, ctx, asker, hub.placements));
  }
  const forwarded: [ForwardMethod, boolean][] = [
    ['tools/call', capabilities.tools !== undefined], ['prompts/get', capabilities.prompts !== undefined],
    ['resources/read', resources !== undefined], ['completion/complete', capabilities.completions !== undefined],
    ['resources/subscribe', asker.era === 'legacy' && resources?.subscribe === true],
    ['resources/unsubscribe', asker.era === 'legacy' && resources?.subscribe === true],
  ];
  for (const [method, served] of forwarded) if (served) on(method, (r, ctx) => forward(hub, method, r, ctx, asker));
  if (asker.era === 'legacy' && capabilities.logging !== undefined) {
    on('logging/setLevel', (r) => {
      if (asker.session) asker.session.level = String((r.params as Json | undefined)?.level);
      void hub.levelChanged();
      return {};
    });
  }
  return server;
}

/** The HTTP and stdio faces of the gateway. */
export class Front {
  private readonly modern: McpHttpHandler;
  private readonly sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; session: Session }>();
  private stdio: StdioServerHandle | undefined;

  constructor(private readonly hub: Hub, private readonly instanceId: string | undefined) {
    this.modern = createMcpHandler(() => buildServer(hub, { era: 'modern' }), {
      legacy: 'reject',
      onerror: (e) => {
        if (!/^Rejected inbound request/.test(e.message)) hub.log(`http: ${e.message}`);
      },
    });
  }

  /** Serves one HTTP request on the MCP endpoint (the product half checked auth, Host and the body's size). */
  async handle(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> {
    const request = toWebRequest(req, res, ctx.body);
    await caller.run({ ...(ctx.auth && { auth: ctx.auth }), headers: req.headers }, async () => {
      const { response, done } = await this.route(request, ctx.body);
      await writeResponse(res, response);
      await done?.();
    });
  }

  private async route(request: Request, body: unknown): Promise<{ response: Response; done?: () => Promise<void> }> {
    const id = request.headers.get('mcp-session-id');
    const entry = id === null ? undefined : this.sessions.get(id);
    if (id !== null && entry === undefined) return { response: jsonRpcError(404, null, -32001, 'Session not found') };
    // SEP-2243, whatever the revision: a header that disagrees with its body is refused before anything else.
    for (const message of request.method === 'POST' ? [body].flat() : []) {
      const refused = this.refusedHeaders(message as Json | null);
      if (refused) return { response: refused };
    }
    if (entry !== undefined) return { response: await entry.transport.handleRequest(request, { parsedBody: body }) };
    if (request.method !== 'POST' || (await isLegacyRequest(request, body))) {
      const initialize = [body].flat().some((m) => (m as Json | null)?.method === 'initialize');
      return initialize ? this.newSession(request, body) : this.stateless(request, body);
    }
    const message = body as Json | null;
    if (message?.method === 'subscriptions/listen' && message.id !== undefined && this.claims(request, message)) {
      return { response: await this.hub.subs.serve(message as { id: string | number; params?: Json }, request.signal) };
    }
    return { response: await this.modern.fetch(request, { parsedBody: body }) };
  }

  /** Whether a 2026-07-28 request claims the revision the gateway serves, in its header and its `_meta` (else the SDK answers it). */
  private claims(request: Request, message: Json): boolean {
    const meta = (message.params as Json | undefined)?._meta as Json | undefined;
    return request.headers.get('mcp-protocol-version') === MODERN && meta?.['io.modelcontextprotocol/protocolVersion'] === MODERN;
  }

  /**
   * SEP-2243: a call, read or get whose `Mcp-Name` or `Mcp-Param-*` headers disagree with its
   * body (or lack where the revision requires them) is refused before anything is forwarded,
   * with the Router's HTTP status (400) and JSON-RPC error (-32020).
   */
  private refusedHeaders(message: Json | null): Response | undefined {
    const method = message?.method;
    if (typeof method !== 'string' || !CHECKED.has(method) || message?.id === undefined || typeof message.params !== 'object' || message.params === null) return undefined;
    const params = message.params as Json;
    const version = (params._meta as Json | undefined)?.['io.modelcontextprotocol/protocolVersion'] ?? header('mcp-protocol-version');
    const name = header('mcp-name');
    try {
      this.hub.router().forward(method as ForwardMethod, params, {
        ...(name !== undefined && { name }), params: paramHeaders(), ...(typeof version === 'string' && { protocolVersion: version }),
      });
    } catch (e) {
      if (e instanceof NamingError && e.httpStatus !== 200) {
        const { code, message: text, data } = e.toJsonRpcError();
        return jsonRpcError(e.httpStatus, message?.id, code, text, data);
      }
    }
    return undefined;
  }

  /** A 2025-11-25 `initialize`: a new session, its id starting with this process's instance id. */
  private async newSession(request: Request, body: unknown): Promise<{ response: Response }> {
    const asker: Asker = { era: 'legacy' };
    const server = buildServer(this.hub, asker);
    const session = new Session(server);
    asker.session = session;
    const prefix = this.instanceId ? `${this.instanceId}.` : '';
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => `${prefix}${randomUUID()}`,
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, { transport, session });
        this.hub.sessions.add(session);
      },
    });
    transport.onclose = () => this.ended(transport.sessionId, session);
    this.rootsOf(server);
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (transport.sessionId === undefined) await transport.close();
    return { response };
  }

  /** A session's roots: a client that has them tells the 2025 upstreams they changed, when it connects and when it says so. */
  private rootsOf(server: Server): void {
    const changed = () => this.hub.rootsChanged();
    server.setNotificationHandler('notifications/roots/list_changed', changed);
    const initialized = server.oninitialized;
    server.oninitialized = () => {
      initialized?.();
      if ((server.getClientCapabilities() as Json | undefined)?.roots) changed();
    };
  }

  private ended(id: string | undefined, session: Session): void {
    if (session.closed) return;
    session.closed = true;
    if (id !== undefined) this.sessions.delete(id);
    this.hub.sessions.delete(session);
    void this.hub.subs.removeAll(session);
    void this.hub.levelChanged();
  }

  /** A 2025-11-25 request with no session: answered by a Server of its own, closed with the answer. */
  private async stateless(request: Request, body: unknown): Promise<{ response: Response; done: () => Promise<void> }> {
    const server = buildServer(this.hub, { era: 'legacy' });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    return { response, done: () => transport.close().catch(() => {}) };
  }

  /** Serves MCP over this process's stdin and stdout (one client: a 2025 session, or 2026 requests). */
  async connectStdio(): Promise<void> {
    this.stdio = serveStdio(({ era }) => {
      const asker: Asker = { era };
      const server = buildServer(this.hub, asker);
      const session = new Session(server);
      if (era === 'legacy') asker.session = session;
      server.oninitialized = () => this.hub.sessions.add(session);
      if (era === 'legacy') this.rootsOf(server);
      if (era === 'modern') this.hub.sessions.add(session);
      server.onclose = () => this.ended(undefined, session);
      return server;
    }, { onerror: (e) => this.hub.log(`stdio: ${e.message}`) });
  }

  async close(): Promise<void> {
    this.hub.subs.closeAll();
    for (const { transport } of this.sessions.values()) await transport.close().catch(() => {});
    await this.modern.close().catch(() => {});
    await this.stdio?.close().catch(() => {});
  }
}
