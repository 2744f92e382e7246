// Resource subscriptions, whoever asks: a 2025-11-25 session's `resources/subscribe`, or the
// `resourceSubscriptions` of a 2026-07-28 client's `subscriptions/listen` (as the Router splits
// them per upstream). Per upstream, the URIs anyone wants, and what the gateway opened there for
// them: `resources/subscribe` of each URI on a 2025 upstream's session (unsubscribed when no one
// wants it any more), one `subscriptions/listen` of its own to a 2026 upstream whose filter is every
// URI wanted there and the list changes the gateway hears of (reopened when that changes). Each
// `resources/updated` goes to everyone who wants its URI, in their own form (the Router's
// decision). And the 2026 client's listen stream itself: acknowledged with what the upstreams
// acknowledged (`Router.acknowledge`), its notifications tagged with its subscription id.
import type { Router } from 'mcp-naming';
import { asRpc } from './refusals.mjs';
import type { Session, Stream } from './clients.mjs';
import type { Json, Upstream } from './upstream.mjs';

type Subscriber = Session | Stream;

/** What the subscriptions need of the gateway. */
export interface ListenHost {
  router(): Router;
  upstream(server: string): Upstream | undefined;
  log(line: string): void;
  serverInfo(): Json;
  streams: Set<Stream>;
}

export class Subscriptions {
  /** Per server: per upstream URI, who wants it. */
  private readonly wants = new Map<string, Map<string, Set<Subscriber>>>();
  /** Per server: the URIs its upstream took (subscribed on a 2025 session, or acknowledged on the listen stream). */
  private readonly taken = new Map<string, Set<string>>();
  /** One change at a time per server. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly host: ListenHost) {}

  private of(server: string): Map<string, Set<Subscriber>> {
    let m = this.wants.get(server);
    if (m === undefined) this.wants.set(server, (m = new Map()));
    return m;
  }

  /** `sub` wants `uri` of `server`: whether the upstream took it. */
  async add(sub: Subscriber, server: string, uri: string): Promise<boolean> {
    const m = this.of(server);
    if (!m.has(uri)) m.set(uri, new Set());
    m.get(uri)!.add(sub);
    if ('subscriptions' in sub) sub.subscriptions.add(`${server}\n${uri}`);
    await this.sync(server);
    return this.taken.get(server)?.has(uri) ?? false;
  }

  /** `sub` no longer wants `uri` of `server`. */
  async remove(sub: Subscriber, server: string, uri: string): Promise<void> {
    const set = this.wants.get(server)?.get(uri);
    if (!set?.delete(sub)) return;
    if ('subscriptions' in sub) sub.subscriptions.delete(`${server}\n${uri}`);
    if (set.size === 0) this.wants.get(server)!.delete(uri);
    await this.sync(server);
  }

  /** Everything `sub` wanted (its session or stream closed). */
  async removeAll(sub: Subscriber): Promise<void> {
    const servers: string[] = [];
    for (const [server, m] of this.wants) {
      for (const [uri, set] of m) {
        if (set.delete(sub) && set.size === 0) m.delete(uri);
        if (!servers.includes(server)) servers.push(server);
      }
    }
    if ('subscriptions' in sub) sub.subscriptions.clear();
    await Promise.all(servers.map((s) => this.sync(s).catch(() => {})));
  }

  /**
   * Brings what is open upstream in line with what is wanted (and, on a 2026 upstream, with the
   * list changes the gateway listens for: `Router.controlListen`). After a restart everything is
   * opened again.
   */
  sync(server: string, fresh = false): Promise<void> {
    const run = async () => {
      const u = this.host.upstream(server);
      const wanted = [...(this.wants.get(server)?.keys() ?? [])];
      if (fresh) this.taken.delete(server);
      if (!u?.connected) return void this.taken.delete(server);
      let taken = this.taken.get(server);
      if (taken === undefined) this.taken.set(server, (taken = new Set()));
      if (u.era === 'modern') {
        const control = this.host.router().controlListen(server) ?? {};
        const filter: Json = { ...control, ...(wanted.length > 0 && { resourceSubscriptions: wanted }) };
        try {
          const subscription = await u.openListen(filter);
          const honored = (subscription?.honoredFilter.resourceSubscriptions ?? []) as string[];
          this.taken.set(server, new Set(honored));
        } catch (e) {
          this.host.log(`${server}: subscriptions/listen failed: ${(e as Error).message}`);
          this.taken.set(server, new Set());
        }
        return;
      }
      for (const uri of wanted.filter((x) => !taken.has(x))) {
        try {
          await u.request('resources/subscribe', { uri }, {});
          taken.add(uri);
        } catch (e) {
          this.host.log(`${server}: resources/subscribe ${uri} failed: ${(e as Error).message}`);
        }
      }
      for (const uri of [...taken].filter((x) => !wanted.includes(x))) {
        taken.delete(uri);
        await u.request('resources/unsubscribe', { uri }, {}).catch((e: Error) => this.host.log(`${server}: resources/unsubscribe ${uri} failed: ${e.message}`));
      }
    };
    const next = (this.queues.get(server) ?? Promise.resolve()).then(run, run);
    this.queues.set(server, next.catch(() => {}));
    return next;
  }

  /** An upstream's `resources/updated`: to everyone who wants its URI, in their form. */
  updated(server: string, notification: { method: string; params?: Json }): void {
    const uri = notification.params?.uri;
    const subs = typeof uri === 'string' ? this.wants.get(server)?.get(uri) : undefined;
    for (const sub of subs ?? []) {
      try {
        if ('subscriptions' in sub) {
          const { forward } = this.host.router().rewriteNotification(server, notification);
          if (forward) sub.notify(forward);
        } else {
          const { forward } = this.host.router().listened(server, notification, sub.id);
          if (forward) sub.write(forward as unknown as Json);
        }
      } catch (e) {
        this.host.log(`${server}: ${notification.method}: ${(e as Error).message}`);
      }
    }
  }

  /**
   * A 2026-07-28 client's `subscriptions/listen` (`message`, one JSON-RPC request), served as an
   * SSE stream: the upstreams' subscriptions opened, the acknowledgement first, then every
   * notification for it, tagged; closed when the client goes (`signal`).
   */
  async serve(message: { id: string | number; params?: Json }, signal: AbortSignal): Promise<Response> {
    const router = this.host.router();
    const params = message.params ?? {};
    let decision;
    try {
      decision = router.listen(params);
    } catch (e) {
      const err = asRpc(e) as { code: number; message: string; data?: unknown };
      return Response.json({ jsonrpc: '2.0', id: message.id, error: { code: err.code, message: err.message, ...(err.data !== undefined && { data: err.data }) } });
    }
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const frame = (data: Json) => {
      if (!closed) controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...data })}\n\n`));
    };
    const stream: Stream = { id: message.id, filter: {}, write: (n) => frame(n) };
    // The URIs of the upstreams that can subscribe (the others go unacknowledged).
    const capable = new Set(decision.upstreams.map((u) => u.server));
    const mine = decision.uris.filter((u) => capable.has(u.server));
    await Promise.all(mine.map((u) => this.add(stream, u.server, u.upstream).catch(() => false)));
    const acks = [...capable].map((server): [string, Json] => [server, { resourceSubscriptions: mine.filter((u) => u.server === server && this.taken.get(server)?.has(u.upstream)).map((u) => u.upstream) }]);
    const ack = router.acknowledge(params, acks as never) as Json;
    stream.filter = ack;
    let keepAlive: NodeJS.Timeout | undefined;
    const teardown = (graceful: boolean) => {
      if (closed) return;
      if (graceful) frame({ id: message.id, result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': message.id, 'io.modelcontextprotocol/serverInfo': this.host.serverInfo() } } });
      closed = true;
      clearInterval(keepAlive);
      this.host.streams.delete(stream);
      void this.removeAll(stream);
      try {
        controller.close();
      } catch {
        // already closed
      }
    };
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
        frame({ method: 'notifications/subscriptions/acknowledged', params: { notifications: ack, _meta: { 'io.modelcontextprotocol/subscriptionId': message.id } } });
        if (Object.keys(ack).length === 0) return teardown(true);
        this.host.streams.add(stream);
        keepAlive = setInterval(() => {
          if (!closed) controller.enqueue(encoder.encode(': keepalive\n\n'));
        }, 15_000);
        keepAlive.unref();
      },
      cancel: () => teardown(false),
    });
    if (signal.aborted) teardown(false);
    else signal.addEventListener('abort', () => teardown(false), { once: true });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' } });
  }

  /** Closes every listen stream (graceful: the client is told). */
  closeAll(): void {
    for (const s of [...this.host.streams]) s.write({ id: s.id, result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': s.id } } });
  }
}
