// The gateway's state and its wiring: the Router (rebuilt on reload, fed again with what every
// upstream answered and listed), the upstreams, the clients (2025-11-25 sessions, 2026-07-28
// listen streams), and what passes from an upstream to the clients: its lists (exposed; a change
// announced to every client that wants to know), its notifications (progress and log messages to
// the request they belong to, resource updates to their subscribers, list changes listed again),
// its requests (sampling, elicitation, roots: to the client whose request it serves, through the
// bridge for a 2026-07-28 client, refused when whose it is cannot be told).
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { ClientContext } from '@modelcontextprotocol/client';
import { NamingError, Router, type RouterConfig } from 'mcp-naming';
import type { CoreConfig, CoreUpstream, DecisionEvent } from '../core-api.mjs';
import { Bridge } from './bridge.mjs';
import { Progress, type CallHost, type Placements } from './calls.mjs';
import { LEVELS, Session, admits, type Call, type ListName, type Stream } from './clients.mjs';
import { Subscriptions, type ListenHost } from './listen.mjs';
import { ambiguous, clientLacks, noCarrier } from './refusals.mjs';
import { KINDS, Upstream, type Json, type ListKind, type ServerRequest, type UpstreamEvents } from './upstream.mjs';

const EXPOSE: Record<ListKind, 'exposeTools' | 'exposePrompts' | 'exposeResources' | 'exposeResourceTemplates'> = {
  tools: 'exposeTools', prompts: 'exposePrompts', resources: 'exposeResources', resourceTemplates: 'exposeResourceTemplates',
};
const LISTED: Record<ListKind, ListName> = { tools: 'tools', prompts: 'prompts', resources: 'resources', resourceTemplates: 'resources' };
const CAPABILITY: Record<string, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** What an upstream said about itself and listed, kept to feed a new Router on reload. */
interface Record_ {
  answer?: { result: Json; initialize: boolean };
  lists: Partial<Record<ListKind, Json>>;
}

export class Hub implements CallHost, ListenHost, UpstreamEvents {
  private current: Router;
  private config: CoreConfig;
  /** The requestStateKey: the configuration's, or one drawn once for this process (so a reload keeps held states valid). */
  private readonly key: string;
  readonly upstreams = new Map<string, Upstream>();
  private readonly records = new Map<Upstream, Record_>();
  private readonly listedOnce = new Set<Upstream>();
  readonly sessions = new Set<Session>();
  readonly streams = new Set<Stream>();
  readonly bridge: Bridge;
  readonly subs: Subscriptions;
  readonly progress = new Progress();
  readonly placements: Placements = { tools: new Map(), prompts: new Map(), resources: new Map(), resourceTemplates: new Map() };
  private readonly emitter = new EventEmitter();
  private discovered: Json | undefined;
  /** The level 2025 upstreams' sessions are set to: the most verbose any client asked for. */
  private upstreamLevel: string | undefined;
  private modernLevel: string | undefined;
  private pendingAnnounce = new Set<ListName>();
  private closing = false;

  constructor(config: CoreConfig, readonly log: (line: string) => void, private readonly version: string) {
    this.config = config;
    this.key = config.requestStateKey ?? config.router.requestStateKey ?? randomBytes(32).toString('base64url');
    this.current = this.newRouter(config.router);
    this.bridge = new Bridge((server) => this.upstreams.get(server)?.timeout ?? config.timeoutMs ?? 10_000);
    this.subs = new Subscriptions(this);
    for (const [name, cfg] of Object.entries(config.mcpServers)) this.add(name, cfg);
  }

  private newRouter(config: RouterConfig): Router {
    return new Router({ ...config, requestStateKey: config.requestStateKey ?? this.key });
  }

  private add(name: string, cfg: CoreUpstream): Upstream {
    const u = new Upstream(name, cfg, { timeoutMs: this.config.timeoutMs ?? 10_000, startupTimeoutMs: this.config.startupTimeoutMs ?? 10_000, version: this.version }, this);
    this.upstreams.set(name, u);
    this.records.set(u, { lists: {} });
    return u;
  }

  /** Starts every upstream (each bounded by the start-up timeout). */
  async start(): Promise<void> {
    await Promise.all([...this.upstreams.values()].map((u) => u.start()));
  }

  router(): Router {
    return this.current;
  }

  upstream(server: string): Upstream | undefined {
    return this.upstreams.get(server);
  }

  /** The gateway's `server/discover` result (the Router's), kept until an upstream answers again. */
  discover(): Json {
    return (this.discovered ??= this.current.discover());
  }

  serverInfo(): Json {
    return ((this.discover()._meta as Json | undefined)?.[SERVER_INFO] ?? { name: 'mcp-naming-gateway', version: this.version }) as Json;
  }

  emit(e: DecisionEvent): void {
    this.emitter.emit('decision', e);
  }

  onDecision(listener: (e: DecisionEvent) => void): void {
    this.emitter.on('decision', listener);
  }

  // ---- What upstreams say and send.

  answered(u: Upstream, result: Json, initialize: boolean): void {
    if (this.upstreams.get(u.name) !== u) return;
    const d = this.current.upstreamAnswered(u.name, result, initialize);
    for (const w of d.warnings as { message?: string }[]) this.log(`${u.name}: ${w.message}`);
    this.records.get(u)!.answer = { result, initialize };
    this.discovered = undefined;
  }

  listed(u: Upstream, kind: ListKind, result: Json): void {
    if (this.upstreams.get(u.name) !== u) return;
    this.records.get(u)!.lists[kind] = result;
    this.expose(u.name, kind, result);
  }

  up(u: Upstream): void {
    this.listedOnce.add(u);
    void this.subs.sync(u.name, true);
    void this.setLevel(u);
  }

  down(u: Upstream, reason: string): void {
    if (this.upstreams.get(u.name) !== u) return;
    for (const kind of Object.keys(KINDS) as ListKind[]) {
      if (this.records.get(u)!.lists[kind] === undefined) continue;
      delete this.records.get(u)!.lists[kind];
      this.expose(u.name, kind, { [KINDS[kind].key]: [] });
    }
    this.bridge.drop(u.name);
    void this.subs.sync(u.name, true);
    if (!this.closing) this.log(`${u.name}: ${reason}`);
  }

  /** Exposes one of a server's lists; tells the clients when what they see changed. */
  private expose(server: string, kind: ListKind, result: Json): void {
    let exposure;
    try {
      exposure = this.current[EXPOSE[kind]](server, result as never, { onInvalid: 'skip' });
    } catch (e) {
      return this.log(`${server}: ${KINDS[kind].method}: ${(e as Error).message}`);
    }
    for (const s of exposure.skipped) this.log(`${server}: left out ${s.name}: ${s.message}`);
    const map = this.placements[kind];
    for (const [k, v] of map) if (v.server === server) map.delete(k);
    for (const item of exposure.exposed as { name?: string; uri?: string; server: string; upstream: string }[]) {
      map.set(item.name ?? item.uri ?? '', { server: item.server, upstream: item.upstream });
    }
    if (exposure.changed) this.announce(LISTED[kind]);
  }

  /** Tells every client that wants to know that a merged list changed (once per turn of the event loop). */
  announce(list: ListName): void {
    if (this.pendingAnnounce.has(list)) return;
    this.pendingAnnounce.add(list);
    queueMicrotask(() => {
      this.pendingAnnounce.delete(list);
      for (const s of this.sessions) s.listChanged(list);
      for (const s of this.streams) {
        if (s.filter[`${list}ListChanged`] === true) s.write(this.current.listenNotice(list, s.id) as unknown as Json);
      }
    });
  }

  notification(u: Upstream, n: { method: string; params?: Json }): void {
    if (n.method === 'notifications/progress') return this.progress.relay(n.params);
    if (n.method === 'notifications/resources/updated') return this.subs.updated(u.name, n);
    let relay;
    try {
      relay = this.current.rewriteNotification(u.name, n);
    } catch (e) {
      return this.log(`${u.name}: ${n.method}: ${(e as Error).message}`);
    }
    if (relay.relist) {
      const kinds: ListKind[] = relay.relist === 'resources' ? ['resources', 'resourceTemplates'] : [relay.relist];
      return void u.relist(kinds).catch((e: Error) => this.log(`${u.name}: re-listing failed: ${e.message}`));
    }
    const forward = relay.forward;
    if (forward === null) return;
    const from = this.origin(u);
    if (from instanceof Session) {
      if (forward.method !== 'notifications/message' || admits(from.level, forward.params?.level)) from.notify(forward);
      return;
    }
    if (forward.method === 'notifications/message') {
      const level = forward.params?.level;
      if (from) {
        const threshold = from.era === 'modern' ? from.logLevel : from.session?.level;
        if (from.era === 'modern' && threshold === undefined) return; // 2026-07-28: no log messages without a logLevel
        if (admits(threshold, level)) from.ctx.mcpReq.notify(forward as never).catch(() => {});
        return;
      }
      for (const s of this.sessions) if (admits(s.level, level)) s.notify(forward);
      return;
    }
    if (from?.era === 'modern') return; // a 2026-07-28 client takes notifications of its request only (progress, logs)
    if (from) return void from.ctx.mcpReq.notify(forward as never).catch(() => {});
    for (const s of this.sessions) s.notify(forward);
  }

  /**
   * Whose a message an upstream sends on its own is: the client request in flight to it (the
   * newest, when every request in flight came from one 2025 session); with nothing in flight,
   * the one session connected, if there is only one (always so on stdio); else no one's.
   */
  private origin(u: Upstream): Call | Session | undefined {
    const calls = [...u.inflight] as Call[];
    const newest = calls.at(-1);
    if (newest === undefined) {
      const [only] = this.sessions;
      return this.sessions.size === 1 ? only : undefined;
    }
    if (calls.length === 1) return newest;
    return newest.era === 'legacy' && calls.every((c) => c.era === 'legacy' && c.session === newest.session) ? newest : undefined;
  }

  /** An upstream's request (sampling, elicitation, roots): asked of the client whose request it serves. */
  async request(u: Upstream, request: { method: ServerRequest; params?: Json }, upstream: ClientContext): Promise<Json> {
    const from = this.origin(u);
    if (from === undefined) throw u.inflight.size === 0 && this.sessions.size === 0 ? noCarrier(u.name, request.method) : ambiguous(u.name, request.method);
    if (!(from instanceof Session) && from.asks) return from.asks(request);
    if (!(from instanceof Session) && from.era === 'modern') throw noCarrier(u.name, request.method);
    const capability = CAPABILITY[request.method]!;
    if (!from.capabilities[capability]) throw clientLacks(capability);
    const options = { signal: upstream.mcpReq.signal, timeout: 24 * 3600_000 }; // the upstream's own timeout bounds it
    const message = { method: request.method, params: request.params };
    if (from instanceof Session) return (await from.server.request(message as never, options as never)) as Json;
    return (await from.ctx.mcpReq.send(message as never, options as never)) as Json;
  }

  /** A client's roots changed: every 2025 upstream is told (a 2026 upstream asks for them in each request). */
  rootsChanged(): void {
    for (const u of this.upstreams.values()) if (u.era === 'legacy') u.client?.sendRootsListChanged().catch(() => {});
  }

  // ---- Logging: 2025 upstreams' sessions are set to the most verbose level any client asked for.

  wantLevel(level: string): void {
    if (this.modernLevel !== undefined && LEVELS.indexOf(level as never) >= LEVELS.indexOf(this.modernLevel as never)) return;
    this.modernLevel = level;
    void this.levelChanged();
  }

  async levelChanged(): Promise<void> {
    const asked = [...[...this.sessions].map((s) => s.level), this.modernLevel].filter((l): l is string => l !== undefined);
    const wanted = LEVELS.find((l) => asked.includes(l));
    if (wanted === undefined || wanted === this.upstreamLevel) return;
    this.upstreamLevel = wanted;
    await Promise.all([...this.upstreams.values()].map((u) => this.setLevel(u)));
  }

  private async setLevel(u: Upstream): Promise<void> {
    const level = this.upstreamLevel;
    if (level === undefined || u.era !== 'legacy' || !(u.client?.getServerCapabilities() as Json | undefined)?.logging) return;
    await u.request('logging/setLevel', { level }, {}).catch((e: Error) => this.log(`${u.name}: logging/setLevel failed: ${e.message}`));
  }

  // ---- Reload, state, shutdown.

  /**
   * A new configuration: new and changed upstreams started, a new Router fed with what the kept
   * ones answered and listed, removed and replaced upstreams closed once their calls in flight
   * finished (a call's result is rewritten by the Router it was mapped with), every client told.
   */
  async reload(next: CoreConfig): Promise<{ added: string[]; removed: string[]; changed: string[] }> {
    const before = this.config.mcpServers;
    const after = next.mcpServers;
    const added = Object.keys(after).filter((n) => !(n in before));
    const removed = Object.keys(before).filter((n) => !(n in after));
    const changed = Object.keys(after).filter((n) => n in before && JSON.stringify(before[n]) !== JSON.stringify(after[n]));
    const router = this.newRouter(next.router); // throws on a configuration the core refuses: nothing changed yet
    const retired = [...removed, ...changed].map((n) => this.upstreams.get(n)).filter((u): u is Upstream => u !== undefined);
    this.config = next;
    this.current = router;
    this.discovered = undefined;
    for (const u of retired) this.upstreams.delete(u.name);
    for (const k of Object.values(this.placements)) k.clear();
    for (const [name, u] of this.upstreams) {
      const record = this.records.get(u)!;
      try {
        if (record.answer) router.upstreamAnswered(name, record.answer.result, record.answer.initialize);
      } catch (e) {
        if (!(e instanceof NamingError)) throw e;
        this.log(`${name}: ${e.message}`);
      }
      for (const [kind, result] of Object.entries(record.lists) as [ListKind, Json][]) this.expose(name, kind, result);
    }
    const fresh = [...added, ...changed].map((n) => this.add(n, after[n]!));
    await Promise.all(fresh.map((u) => u.start()));
    for (const list of ['tools', 'prompts', 'resources'] as const) this.announce(list);
    for (const u of retired) void this.retire(u);
    return { added, removed, changed };
  }

  /** Closes an upstream once what is in flight to it finished (30 s at most). */
  private async retire(u: Upstream): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (u.inflight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.records.delete(u);
    this.listedOnce.delete(u);
    this.bridge.drop(u.name);
    await u.close();
  }

  ready(): boolean {
    return [...this.upstreams.values()].every((u) => u.connected && this.listedOnce.has(u));
  }

  status(): Record<string, { connected: boolean; revision?: string; error?: string }> {
    return Object.fromEntries([...this.upstreams].map(([n, u]) => [n, {
      connected: u.connected,
      ...(u.connected && u.version !== undefined && { revision: u.version }),
      ...(u.error !== undefined && !u.connected && { error: u.error }),
    }]));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.bridge.drop();
    await Promise.all([...this.upstreams.values()].map((u) => u.close()));
  }

  /** Every upstream's process id (stdio), to be sure none outlives the gateway. */
  pids(): number[] {
    return [...this.upstreams.values()].map((u) => u.pid).filter((p): p is number => p !== null);
  }
}
