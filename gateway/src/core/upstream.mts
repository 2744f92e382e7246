// One upstream MCP server: its connection (stdio, Streamable HTTP, or the 2024-11-05 HTTP+SSE
// transport) on the official SDK v2 client, which negotiates the revision (`server/discover`,
// else `initialize`); its lists, read whole; what it sends on its own, handed to the gateway; and
// its resilience: a request that fails is followed by a ping, and an upstream that stops answering
// or closes is restarted with backoff (0.5 s doubling to 30 s, afresh once it stayed up 30 s).
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type ClientContext, type McpSubscription, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { CoreUpstream } from '../core-api.mjs';
import { outgoing } from './context.mjs';

export type Json = Record<string, unknown>;
export type ListKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** Per list: the capability that says the upstream has it, its method, its result's member. */
export const KINDS: Record<ListKind, { cap: string; method: string; key: string }> = {
  tools: { cap: 'tools', method: 'tools/list', key: 'tools' },
  prompts: { cap: 'prompts', method: 'prompts/list', key: 'prompts' },
  resources: { cap: 'resources', method: 'resources/list', key: 'resources' },
  resourceTemplates: { cap: 'resources', method: 'resources/templates/list', key: 'resourceTemplates' },
};

/** The requests an upstream of 2025-11-25 may send its client. */
export const SERVER_REQUESTS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;
export type ServerRequest = (typeof SERVER_REQUESTS)[number];

/** What the gateway does with what an upstream says and sends. */
export interface UpstreamEvents {
  log(line: string): void;
  /** It answered `server/discover` (or `initialize`): the Router records it (throws when it cannot be served). */
  answered(u: Upstream, result: Json, initialize: boolean): void;
  /** One of its lists, every page. */
  listed(u: Upstream, kind: ListKind, result: Json): void;
  /** A notification it sent. */
  notification(u: Upstream, notification: { method: string; params?: Json }): void;
  /** A request it sent (2025-11-25: sampling, elicitation, roots). */
  request(u: Upstream, request: { method: ServerRequest; params?: Json }, ctx: ClientContext): Promise<Json>;
  /** It is connected, answered and listed (again, after a restart). */
  up(u: Upstream): void;
  /** It went away (its lists must go). */
  down(u: Upstream, reason: string): void;
}

export interface UpstreamOptions {
  timeoutMs: number;
  startupTimeoutMs: number;
  version: string;
}

/** The client capabilities the gateway declares to an upstream: what it can carry to its clients. */
const CLIENT_CAPABILITIES = { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } };

export class Upstream {
  client: Client | undefined;
  era: 'modern' | 'legacy' | undefined;
  /** The revision spoken to it. */
  version: string | undefined;
  error: string | undefined;
  /** Set once it is stopped for good (removed, or the gateway closes). */
  stopped = false;
  /** The client requests being forwarded to it. */
  readonly inflight = new Set<object>();
  /** The gateway's own `subscriptions/listen` to it (2026-07-28), and its filter. */
  listen: { subscription: McpSubscription; filter: Json } | undefined;
  private delay = 500;
  private upAt = 0;
  private listing: Promise<unknown> = Promise.resolve();
  private starting: Promise<void> | undefined;
  private transport: Transport | undefined;

  constructor(
    readonly name: string,
    readonly cfg: CoreUpstream,
    private readonly options: UpstreamOptions,
    private readonly events: UpstreamEvents,
  ) {}

  /** The longest one request to it may take. */
  get timeout(): number {
    return this.cfg.timeout ?? this.options.timeoutMs;
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects, records its answer, lists everything it has; never throws (a failure is `error`, and a restart). */
  start(): Promise<void> {
    return (this.starting ??= this.connect().finally(() => (this.starting = undefined)));
  }

  private async connect(): Promise<void> {
    const client = new Client({ name: 'mcp-naming-gateway', version: this.options.version }, {
      capabilities: CLIENT_CAPABILITIES,
      versionNegotiation: { mode: 'auto', probe: { timeoutMs: Math.min(this.options.startupTimeoutMs, 5000) } },
      // 2026-07-28 input_required results go to the gateway's clients as they are.
      inputRequired: { autoFulfill: false },
      listMaxPages: 0,
    });
    const relay = (notification: { method: string; params?: Json }) => {
      if (this.client === client) this.events.notification(this, notification);
    };
    for (const method of ['notifications/tools/list_changed', 'notifications/prompts/list_changed', 'notifications/resources/list_changed',
      'notifications/resources/updated', 'notifications/message', 'notifications/progress'] as const) {
      client.setNotificationHandler(method, (n) => relay(n as { method: string; params?: Json }));
    }
    client.fallbackNotificationHandler = async (n) => relay(n as { method: string; params?: Json });
    for (const method of SERVER_REQUESTS) {
      client.setRequestHandler(method, (request, ctx) => this.events.request(this, request as { method: ServerRequest; params?: Json }, ctx) as never);
    }
    try {
      let modern = false;
      const transport = completeByDefault(this.newTransport(), () => modern);
      this.transport = transport;
      await client.connect(transport, { timeout: this.options.startupTimeoutMs });
      client.onclose = () => this.down(client, 'its connection closed');
      client.onerror = (e) => this.events.log(`${this.name}: ${e.message}`);
      this.era = client.getProtocolEra() ?? 'legacy';
      modern = this.era === 'modern';
      this.version = client.getNegotiatedProtocolVersion();
      if (this.era === 'modern') this.events.answered(this, (client.getDiscoverResult() ?? {}) as Json, false);
      else this.events.answered(this, { protocolVersion: this.version, capabilities: client.getServerCapabilities() ?? {}, instructions: client.getInstructions() }, true);
      this.client = client;
      this.error = undefined;
      this.upAt = Date.now();
      await this.relist(Object.keys(KINDS) as ListKind[], this.options.startupTimeoutMs);
      this.events.up(this);
      this.events.log(`${this.name}: up (${this.version})`);
    } catch (e) {
      this.error = `failed to start: ${(e as Error).message}`;
      this.client = undefined;
      this.down(client, this.error, true);
    }
  }

  private newTransport(): Transport {
    const { type, command, args = [], env, cwd, url, headers } = this.cfg;
    if (type === 'stdio') {
      return new StdioClientTransport({ command: command!, args, ...(env && { env: { ...inheritedEnv(), ...env } }), ...(cwd && { cwd }), stderr: 'inherit' });
    }
    const init = { requestInit: { ...(headers && { headers }) }, fetch: fetchWithHeaders };
    return type === 'sse' ? new SSEClientTransport(new URL(url!), init) : new StreamableHTTPClientTransport(new URL(url!), init);
  }

  /** Lists every page of `kinds` (those its capabilities have), then hands each list over; one listing at a time. */
  relist(kinds: ListKind[], timeout = this.timeout): Promise<void> {
    const run = async () => {
      const client = this.client;
      if (!client) return;
      const caps = (client.getServerCapabilities() ?? {}) as Json;
      for (const kind of kinds) {
        if (!caps[KINDS[kind].cap]) continue;
        const items: unknown[] = [];
        const pages: Json[] = [];
        let cursor: string | undefined;
        do {
          let page: Json;
          try {
            page = (await client.request({ method: KINDS[kind].method, params: cursor ? { cursor } : {} } as never, { timeout } as never)) as Json;
          } catch (e) {
            // A server with resources and no templates (or the like) lists nothing of that kind.
            if (!isMethodNotFound(e)) throw e;
            page = {};
          }
          items.push(...((page[KINDS[kind].key] as unknown[]) ?? []));
          pages.push(page);
          cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
        } while (cursor && items.length < 100_000);
        if (this.client === client) this.events.listed(this, kind, { [KINDS[kind].key]: items, ...listCache(pages) });
      }
    };
    const next = this.listing.then(run, run);
    this.listing = next.catch(() => {});
    return next;
  }

  /**
   * Sends one request, with the headers the Router decided (`Mcp-Name`, `Mcp-Param-*`, on HTTP);
   * an `input_required` result (2026-07-28) comes back as it is. A failure that may mean the
   * upstream stopped answering is followed by a ping: no answer, and it is restarted.
   */
  async request(method: string, params: Json, headers: { name?: string; params?: { name: string; value: string }[] }, signal?: AbortSignal): Promise<Json> {
    const client = this.client;
    if (!client) throw new Error('not connected');
    try {
      return (await outgoing.run({ method, ...headers }, () =>
        client.request({ method, params } as never, { timeout: this.timeout, ...(signal && { signal }), allowInputRequired: true } as never))) as Json;
    } catch (e) {
      if (!signal?.aborted && isTransportFailure(e)) client.ping({ timeout: 2000 }).catch(() => this.down(client, 'it stopped answering'));
      throw e;
    }
  }

  /** Opens (or reopens, with another filter) the gateway's own listen stream to it; closes it for an empty filter. */
  async openListen(filter: Json): Promise<McpSubscription | undefined> {
    const client = this.client;
    if (!client || this.era !== 'modern') return undefined;
    const old = this.listen;
    if (old && JSON.stringify(old.filter) === JSON.stringify(filter)) return old.subscription;
    let opened: McpSubscription | undefined;
    if (Object.keys(filter).length > 0) {
      opened = await client.listen(filter as never, { timeout: this.timeout });
      if (this.client !== client) {
        void opened.close();
        return undefined;
      }
      this.listen = { subscription: opened, filter };
      void opened.closed.then((how) => {
        if (how === 'remote' && this.listen?.subscription === opened && this.client === client) this.down(client, 'its listen stream closed');
      });
    } else {
      this.listen = undefined;
    }
    if (old) void old.subscription.close().catch(() => {});
    return opened;
  }

  /** It went away: its lists go, and it is started again after the backoff. */
  private down(client: Client, reason: string, failedToStart = false): void {
    if (this.stopped) return void client.close().catch(() => {});
    if (!failedToStart && this.client !== client) return; // that client is already gone
    const wasUp = this.client === client;
    this.client = undefined;
    this.listen = undefined;
    if (!failedToStart) this.error = reason;
    void client.close().catch(() => {});
    if (wasUp || failedToStart) this.events.down(this, reason);
    if (this.upAt && Date.now() - this.upAt > 30_000) this.delay = 500; // it had been up a while: back off afresh
    this.events.log(`${this.name}: down (${reason}); restarting in ${this.delay} ms`);
    setTimeout(() => {
      if (!this.stopped) void this.start();
    }, this.delay).unref();
    this.delay = Math.min(this.delay * 2, 30_000);
  }

  /** The process id of a stdio upstream (to be sure it is gone at exit). */
  get pid(): number | null {
    return this.transport instanceof StdioClientTransport ? this.transport.pid : null;
  }

  /** Stops it for good. */
  async close(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await this.listen?.subscription.close().catch(() => {});
    this.listen = undefined;
    await client?.close().catch(() => {});
  }
}

/** What the pages of one list say about caching it (SEP-2549), as one list result. */
function listCache(pages: Json[]): Json {
  const cache: Json = {};
  if (pages.every((p) => typeof p.ttlMs === 'number')) cache.ttlMs = Math.min(...pages.map((p) => p.ttlMs as number));
  if (pages.some((p) => p.cacheScope === 'private')) cache.cacheScope = 'private';
  else if (pages.every((p) => p.cacheScope === 'public')) cache.cacheScope = 'public';
  return cache;
}

/**
 * A 2026-07-28 upstream's result without `resultType` is complete: a client MUST assume so (SEP-2322;
 * the conformance suite's sep-2322-client-request-state), where the SDK v2 client refuses it. The
 * transport's `onmessage` (what the SDK's Client sets, and the transport calls) stamps it on every
 * response's result once the upstream speaks 2026-07-28 (`modern()`), before the SDK reads it.
 */
function completeByDefault(transport: Transport, modern: () => boolean): Transport {
  type OnMessage = NonNullable<Transport['onmessage']>;
  let handler: OnMessage | undefined;
  const stamped = (h: OnMessage): OnMessage => (message, extra) => {
    const m = message as { id?: unknown; method?: unknown; result?: unknown };
    const result = m.result as Json | undefined;
    const complete = modern() && m.id !== undefined && m.method === undefined && typeof result === 'object' && result !== null && !Array.isArray(result) && result.resultType === undefined;
    h((complete ? { ...m, result: { ...result, resultType: 'complete' } } : message) as never, extra as never);
  };
  // The handler of the moment, stamped (the SDK reads it to wrap it, and sets the wrapper back).
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => handler && stamped(handler),
    set: (h: OnMessage | undefined) => void (handler = h),
  });
  return transport;
}

/** A -32601 (Method not found), as a JSON-RPC error or in the body of an HTTP 404 (2026-07-28 servers answer it so). */
function isMethodNotFound(e: unknown): boolean {
  const err = e as { code?: unknown; data?: { status?: unknown; text?: unknown } };
  return err?.code === -32601 || (err?.data?.status === 404 && /"code":-32601\b/.test(String(err.data.text)));
}

/** Not a JSON-RPC error the upstream answered (the SDK's own errors have string codes): a timeout, a closed connection, a failed fetch. */
function isTransportFailure(e: unknown): boolean {
  return typeof (e as { code?: unknown })?.code !== 'number';
}

/** The environment a stdio upstream inherits (the SDK's default set is narrower once `env` is given). */
function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * Adds the headers the Router decided for the request being sent (`Mcp-Name` for calls, reads
 * and gets; `Mcp-Param-*` for calls) to its POST, and nothing to any other message.
 */
const fetchWithHeaders = (url: string | URL, init?: RequestInit): Promise<Response> => {
  const o = outgoing.getStore();
  if (o === undefined || typeof init?.body !== 'string' || (o.name === undefined && !o.params?.length)) return fetch(url, init);
  let method: unknown;
  try {
    method = (JSON.parse(init.body) as { method?: unknown }).method;
  } catch {
    return fetch(url, init);
  }
  if (method !== o.method) return fetch(url, init);
  const headers = new Headers(init.headers);
  if (o.name !== undefined) headers.set('mcp-name', o.name);
  for (const h of o.params ?? []) headers.set(h.name, h.value);
  return fetch(url, { ...init, headers });
};
