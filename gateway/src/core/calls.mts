// A client's request, forwarded: the Router decides where it goes and what the upstream gets
// (`forward`: the name or URI, `_meta` for the upstream's revision, a retry's state opened, the
// `Mcp-Name` and `Mcp-Param-*` headers), the upstream answers, and the Router decides what the
// client gets (`rewriteResponse`: URIs, the envelope of its revision, a state sealed). Between the
// two, the host's part: the client's progress token swapped for one of the gateway's, its
// cancellation passed on, a 2026-07-28 client's call to a 2025-11-25 upstream held for input (the
// bridge), a decision event for the logs and metrics. The lists, paged by the Router and filtered
// by what the caller's scopes reach.
import type { ServerContext } from '@modelcontextprotocol/server';
import type { DecisionEvent } from '../core-api.mjs';
import type { ForwardMethod, Router } from 'mcp-naming';
import { caller, header, paramHeaders } from './context.mjs';
import { asRpc, fromUpstream, unavailable, upstreamError } from './refusals.mjs';
import type { Bridge } from './bridge.mjs';
import type { Call, Session } from './clients.mjs';
import type { Subscriptions } from './listen.mjs';
import type { Json, ListKind, Upstream } from './upstream.mjs';

export const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

/** What forwarding needs of the gateway. */
export interface CallHost {
  router(): Router;
  upstream(server: string): Upstream | undefined;
  readonly bridge: Bridge;
  readonly subs: Subscriptions;
  readonly progress: Progress;
  emit(e: DecisionEvent): void;
  /** A 2026-07-28 request asks for log messages down to `level`: a 2025 upstream's session is set at least that verbose. */
  wantLevel(level: string): void;
}

/** Who is asking: a 2026-07-28 request, or a 2025-11-25 session's. */
export interface Asker {
  era: 'modern' | 'legacy';
  session?: Session;
}

/** Progress: the gateway's own token upstream, the client's token back. */
export class Progress {
  private next = 0;
  private readonly map = new Map<string, { call: Call; token: unknown }>();

  /** Swaps the client's token (if any) in `params` for one of the gateway's; returns it to forget. */
  take(server: string, params: Json, call: Call): string | undefined {
    const meta = params._meta as Json | undefined;
    if (meta?.progressToken === undefined) return undefined;
    const token = `${server}/${++this.next}`;
    this.map.set(token, { call, token: meta.progressToken });
    params._meta = { ...meta, progressToken: token };
    return token;
  }

  forget(token: string | undefined): void {
    if (token !== undefined) this.map.delete(token);
  }

  /** An upstream's progress, to the client under its own token (late ones are dropped). */
  relay(params: Json | undefined): void {
    const to = this.map.get(String(params?.progressToken));
    if (to === undefined) return;
    to.call.ctx.mcpReq.notify({ method: 'notifications/progress', params: { ...params, progressToken: to.token } } as never).catch(() => {});
  }
}

/** The request's params as the client sent them: the SDK lifts its envelope, input responses and state out. */
export function rawParams(request: { params?: unknown }, ctx: ServerContext): Json {
  const params: Json = { ...((request.params ?? {}) as Json) };
  const envelope = ctx.mcpReq.envelope as Json | undefined;
  if (envelope !== undefined && Object.keys(envelope).length > 0) params._meta = { ...((params._meta as Json | undefined) ?? {}), ...envelope };
  if (ctx.mcpReq.inputResponses !== undefined) params.inputResponses = ctx.mcpReq.inputResponses;
  const state = ctx.mcpReq.requestState();
  if (typeof state === 'string') params.requestState = state;
  return params;
}

/** The revision of a request (2026-07-28: its envelope's; a session's requests: none). */
export function versionOf(ctx: ServerContext, asker: Asker): string | undefined {
  if (asker.era === 'legacy') return undefined;
  const v = (ctx.mcpReq.envelope as Json | undefined)?.[PROTOCOL_VERSION];
  return typeof v === 'string' ? v : undefined;
}

const SUBJECT: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri', 'resources/subscribe': 'uri', 'resources/unsubscribe': 'uri' };
const ROUND_TRIPS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The name or URI a request is about, for the decision event. */
function subject(method: string, params: Json): string | undefined {
  const key = SUBJECT[method];
  if (key !== undefined) return typeof params[key] === 'string' ? (params[key] as string) : undefined;
  const ref = params.ref as Json | undefined;
  return typeof ref?.name === 'string' ? ref.name : typeof ref?.uri === 'string' ? ref.uri : undefined;
}

/** A JSON-RPC error's code as the decision event's `code` and `rpc`. */
function failure(e: unknown): { code: string; rpc: number } {
  const err = e as { code?: unknown; data?: { code?: unknown } };
  const rpc = typeof err?.code === 'number' ? err.code : -32603;
  return { code: typeof err?.data?.code === 'string' ? err.data.code : String(rpc), rpc };
}

/** Forwards one client request of `method` to its upstream; what the client gets. */
export async function forward(host: CallHost, method: ForwardMethod, request: { params?: unknown }, ctx: ServerContext, asker: Asker): Promise<Json> {
  const start = performance.now();
  const router = host.router(); // the one this call was mapped with rewrites its result
  const params = rawParams(request, ctx);
  const version = versionOf(ctx, asker);
  const exposed = subject(method, params);
  const event = (more: Partial<DecisionEvent>) => host.emit({ method, ...(exposed !== undefined && { exposed }), latencyMs: performance.now() - start, ...more });
  const options = { ...(header('mcp-name') !== undefined && { header: header('mcp-name') }), ...(version !== undefined && { protocolVersion: version }) };

  // Discovery: the gateway answers search_tools and get_tool_details itself.
  if (method === 'tools/call') {
    let answered;
    try {
      answered = router.discoveryResult(params as { name: string }, options);
    } catch (e) {
      event(failure(asRpc(e)));
      throw asRpc(e);
    }
    if (answered !== null) {
      event({});
      return router.resultEnvelope(answered as Json, version);
    }
  }

  const session = asker.session;
  if (session !== undefined) {
    // A session's client said who it is once: each request to a 2026-07-28 upstream carries it (the Router keeps what that upstream may get).
    const meta: Json = { ...((params._meta as Json | undefined) ?? {}) };
    meta[PROTOCOL_VERSION] ??= session.server.getNegotiatedProtocolVersion() ?? '2025-11-25';
    meta[CLIENT_CAPABILITIES] ??= session.capabilities;
    const info = session.server.getClientVersion();
    if (info !== undefined) meta[CLIENT_INFO] ??= info;
    if (session.level !== undefined) meta[LOG_LEVEL] ??= session.level;
    params._meta = meta;
  }
  let mapped;
  try {
    mapped = router.forward(method, params, { ...(options.header !== undefined && { name: options.header }), params: paramHeaders(), ...(version !== undefined && { protocolVersion: version }) });
  } catch (e) {
    event(failure(asRpc(e)));
    throw asRpc(e);
  }
  const server = mapped.server;
  const upstreamName = subject(method, mapped.params);
  const routed = { server, ...(upstreamName !== undefined && { upstream: upstreamName }) };
  const u = host.upstream(server);
  if (!u?.connected) {
    const e = unavailable(server, u?.error ?? 'it is not started');
    event({ ...routed, ...failure(e) });
    throw e;
  }
  const envelope = ctx.mcpReq.envelope as Json | undefined;
  const logLevel = asker.era === 'modern' && typeof envelope?.[LOG_LEVEL] === 'string' ? (envelope[LOG_LEVEL] as string) : undefined;
  if (logLevel !== undefined) host.wantLevel(logLevel);
  const call: Call = {
    era: asker.era,
    ctx,
    ...(session && { session }),
    capabilities: (asker.era === 'modern' ? (envelope?.[CLIENT_CAPABILITIES] as Json | undefined) : session?.capabilities) ?? {},
    ...(logLevel !== undefined && { logLevel }),
  };
  const headers = { name: mapped.header, ...(mapped.paramHeaders && { params: mapped.paramHeaders }) };
  const upstreamParams: Json = { ...mapped.params };
  const token = host.progress.take(server, upstreamParams, call);
  let result: Json;
  try {
    if (method === 'completion/complete' && !(u.client?.getServerCapabilities() as Json | undefined)?.completions) {
      result = { completion: { values: [], hasMore: false } }; // an upstream that does not complete has nothing to offer
    } else if ((method === 'resources/subscribe' || method === 'resources/unsubscribe') && session !== undefined) {
      const uri = String(upstreamParams.uri);
      if (method === 'resources/unsubscribe') await host.subs.remove(session, server, uri);
      else if (!(await host.subs.add(session, server, uri))) throw upstreamError(server, -32603, `resources/subscribe ${uri} was not taken`, undefined);
      result = {};
    } else if (asker.era === 'modern' && u.era === 'legacy' && ROUND_TRIPS.has(method)) {
      // The bridge: a 2025 upstream's requests during the call become an input_required result.
      const state = upstreamParams.requestState;
      const { requestState: _, inputResponses, ...sent } = upstreamParams;
      result = typeof state === 'string'
        ? await host.bridge.resume(server, state, inputResponses, call)
        : await host.bridge.run(server, call, (signal) => u.request(method, sent, headers, signal), u.inflight);
    } else {
      u.inflight.add(call);
      try {
        result = await u.request(method, upstreamParams, headers, ctx.mcpReq.signal);
      } finally {
        u.inflight.delete(call);
      }
    }
  } catch (e) {
    const mappedError = fromUpstream(server, e, (code) => router.clientErrorCode(code, version));
    event({ ...routed, ...failure(mappedError) });
    throw mappedError;
  } finally {
    host.progress.forget(token);
  }
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') {
    event(routed);
    return result;
  }
  let out: Json;
  try {
    out = router.rewriteResponse(server, method, result, version).result;
  } catch (e) {
    event({ ...routed, ...failure(asRpc(e)) });
    throw asRpc(e);
  }
  event(routed);
  return out;
}

const LIST_METHODS: Record<ListKind, 'listTools' | 'listPrompts' | 'listResources' | 'listResourceTemplates'> = {
  tools: 'listTools', prompts: 'listPrompts', resources: 'listResources', resourceTemplates: 'listResourceTemplates',
};
const WIRE: Record<ListKind, string> = { tools: 'tools/list', prompts: 'prompts/list', resources: 'resources/list', resourceTemplates: 'resources/templates/list' };

/** Where each exposed item lives (for the caller's scopes). */
export type Placements = Record<ListKind, Map<string, { server: string; upstream: string }>>;

/** A page of a merged list, as the Router pages it, less what the caller's scopes do not reach. */
export function list(host: CallHost, kind: ListKind, request: { params?: unknown }, ctx: ServerContext, asker: Asker, placements: Placements): Json {
  const start = performance.now();
  const cursor = (request.params as Json | undefined)?.cursor;
  const version = versionOf(ctx, asker);
  let page: Json;
  try {
    page = host.router()[LIST_METHODS[kind]]({ ...(typeof cursor === 'string' && { cursor }), ...(version !== undefined && { protocolVersion: version }) }) as unknown as Json;
  } catch (e) {
    host.emit({ method: WIRE[kind], latencyMs: performance.now() - start, ...failure(asRpc(e)) });
    throw asRpc(e);
  }
  const allow = caller.getStore()?.auth?.allow;
  if (allow !== undefined) {
    const key = kind === 'resourceTemplates' ? 'resourceTemplates' : kind;
    const field = kind === 'tools' || kind === 'prompts' ? 'name' : kind === 'resources' ? 'uri' : 'uriTemplate';
    const items = page[key] as Json[];
    page = {
      ...page,
      [key]: items.filter((item) => {
        const p = placements[kind].get(String(item[field]));
        // The discovery meta-tools are the gateway's own.
        if (p === undefined) return true;
        return kind === 'tools' ? allow(p.server, p.upstream) : allow(p.server);
      }),
    };
  }
  host.emit({ method: WIRE[kind], latencyMs: performance.now() - start });
  return page;
}
