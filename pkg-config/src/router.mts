// The Router's host half: it keeps the MCP objects (the upstream lists as given) and the table
// of routed names, so that hits never enter wasm; the core decides every name, route,
// collision, fit, suggestion and URI rewrite from names and URIs alone. No MCP object, schema
// or result text crosses into wasm: an expose sends the items' names, a result walk sends the
// URIs it finds, a miss sends the name.
import { describe, invalidArgument, string, strings, object, call } from './shared.mjs';
import type { Diagnostic } from './shared.mjs';
import type { Code, Provider, RouterStyleId } from './tables.mjs';
import type { WasmRouter } from './glue-names.mjs';

/** A peer gateway's or agent SDK's naming, reproduced exactly. */
export type PeerId =
  | 'openai-agents' | 'langchain' | 'litellm' | 'contextforge' | 'docker'
  | 'fastmcp' | 'agentgateway' | 'metamcp' | 'cloudflare-agents';

/** A peer's parameters; `prefixes` maps a configured server name to the name the peer knows it by. */
export type PeerStyle =
  /** OpenAI Agents SDK with includeServerInToolNames: the JavaScript SDK (default) or the Python one. */
  | { peer: 'openai-agents'; sdk?: 'js' | 'python' }
  /** LangChain MCP adapters with prefixToolNameWithServerName; `prefix` is its additionalToolNamePrefix. */
  | { peer: 'langchain'; prefix?: string }
  /** LiteLLM: MCP_TOOL_PREFIX_SEPARATOR (default "-"); `prefixes` are server aliases. */
  | { peer: 'litellm'; separator?: string; prefixes?: Record<string, string> }
  /** IBM ContextForge: GATEWAY_TOOL_NAME_SEPARATOR. */
  | { peer: 'contextforge'; separator?: '-' | '--' | '_' | '.' }
  /** Docker MCP gateway: the tool-name-prefix feature; `prefixes` are catalog prefixes. */
  | { peer: 'docker'; toolNamePrefix?: boolean; prefixes?: Record<string, string> }
  | { peer: 'fastmcp' }
  /** agentgateway's prefix mode (default "conditional": prefixed once more than one target is configured). */
  | { peer: 'agentgateway'; mode?: 'conditional' | 'always' | 'never' }
  /** MetaMCP; `prefixes` stand for serverInfo names. */
  | { peer: 'metamcp'; prefixes?: Record<string, string> }
  /** Cloudflare agents: ids as MCPClientManager.connect takes them, or normalized as addMcpServer stores them. */
  | { peer: 'cloudflare-agents'; normalize?: boolean; prefixes?: Record<string, string> };

export type RouterStyle =
  | 'syntropy' | 'claude' | 'agent' | 'chora' | PeerId
  | PeerStyle
  | { separator: string; prefix?: string; pattern?: string };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/**
 * Every style name above is one the core knows, and the other way round: the build fails here
 * when a style is added to one side only.
 * @internal
 */
export type StyleNamesAgree = Holds<Same<Extract<RouterStyle, string> | PeerStyle['peer'], RouterStyleId>>;

export type RouterPattern = string | { server: string; tool: string };

export interface RouterConfig {
  style: RouterStyle;
  /** The gateway's own server name as clients see it (syntropy: "syntropy"; claude: "gateway"). */
  gateway?: string;
  servers: {
    name: string;
    /** How the backend writes its names ("hyphens": `_` in the exposed name is `-` upstream). */
    upstream?: 'same' | 'hyphens';
    /** Syntropy: default "syn-<name>". */
    pool?: string;
    /** Syntropy: default "mcp__<name>__". */
    upstreamPrefix?: string;
    enabled?: boolean;
  }[];
  /** The gateway's own tools, routed to no server. */
  builtins?: string[];
  /** Old exposed name -> current exposed name. */
  aliases?: Record<string, string>;
  /**
   * Patterns, `*` wildcard, over exposed, qualified and upstream names, or `{ server, tool }`
   * globs over one server's upstream names; disabled wins; empty enabled = all.
   */
  enabled?: RouterPattern[];
  disabled?: RouterPattern[];
  /** Fit exposed names to this provider. */
  provider?: Provider;
  /** Route only what the table holds (default true); false routes names of never-listed servers by parse. */
  strict?: boolean;
  /**
   * When names carry the server: "always" (default); "conditional": only names more than one server
   * serves (the rest stay bare, whatever order servers list in); "never": a shared name is a collision.
   */
  prefixMode?: 'always' | 'conditional' | 'never';
}

export interface ExposedTool {
  /** As the gateway lists it in tools/list. */
  name: string;
  /** As the client shows it: `mcp__<gateway>__<name>` for syntropy/claude, else = name. */
  qualified: string;
  server: string;
  /** The backend's own tool name. */
  upstream: string;
  /** False when the configuration hides it: not listed, and calls are tool_disabled. */
  enabled: boolean;
}

export interface ExposedResource {
  /** As the gateway lists it (the upstream's own URI unless two servers share it). */
  uri: string;
  server: string;
  upstream: string;
}

export interface Exposure<T = ExposedTool> {
  exposed: T[];
  /** Items left out with `onInvalid: 'skip'`. */
  skipped: { name: string; code: Code; message: string }[];
  /** The merged list the client sees changed: send notifications/…/list_changed. */
  changed: boolean;
  /** `enabled` / `disabled` patterns that match nothing (code unmatched_pattern), with the pattern's `path`. */
  warnings: Diagnostic[];
}

export interface ExposeOptions {
  /** "throw" (default): one bad item fails the list; "skip": it is left out and reported. */
  onInvalid?: 'throw' | 'skip';
}

export interface ListOptions {
  cursor?: string;
  pageSize?: number;
}

export interface MapOptions {
  /** The incoming `Mcp-Name` header: a request whose header and body disagree is refused (name_mismatch). */
  header?: string;
}

export interface Mapped<P> {
  server: string;
  /** The params for the upstream: its own name or URI, everything else kept. */
  params: P;
  /** The `Mcp-Name` header to send upstream. */
  header: string;
}

type McpObject = { [key: string]: unknown };

export interface Route {
  server: string | null;
  /** The backend's own tool name. */
  tool: string;
  builtin: boolean;
  pool?: string;
  upstreamPrefix?: string;
  /** Reached through an alias. */
  deprecated?: boolean;
}

/** The glue of the entry that installed the router (api.mts): the core, the input and output buffers. @internal */
export interface RouterDeps {
  /** The initialized wasm-bindgen glue. */
  core(): {
    WasmRouter: typeof WasmRouter;
    expose_skips(opts: unknown): boolean;
    list_shape_error(key: string, resultGot: string | null, memberGot: string | null): unknown;
    list_page(total: number, generation: number, opts: unknown): unknown[];
    take_text(): string;
  };
  /** Writes names to the input buffer: their total UTF-8 length and each one's. */
  putNames(names: readonly string[]): [number, Uint32Array];
  /** The output buffer's u32 view and the index of `ptr` in it. */
  output(ptr: number): [Uint32Array, number];
}

let deps: RouterDeps | null = null;

/**
 * Called once by api.mts with its glue.
 * @internal
 */
export function bindRouter(d: RouterDeps): void {
  deps = d;
}

const core = () => deps!.core();

/** 0xFFFFFFFF in a placement: the name (or header) is the upstream name itself (else the next string). */
const SAME = 0xffffffff;
const ENABLED = 1;
const LISTED = 2;
const ROUTED = 4;
const SHOWN = ENABLED | LISTED;
const HIT = ENABLED | ROUTED;
const EMPTY: readonly never[] = Object.freeze([]);

/** One kept list: a server's items as it gave them, and their upstream names. */
interface List {
  items: readonly unknown[];
  ups: readonly string[];
}
const NO_LIST: List = Object.freeze({ items: EMPTY, ups: EMPTY });

/** An entry of the table: the item of `server`'s list at `index`, under `name`. */
interface Rec {
  name: string;
  server: number;
  index: number;
  upstream: string;
  item: unknown;
  flags: number;
  header: string;
}

/** The core's facts about a configuration (bindings/src/router.rs, facts). */
interface Facts {
  servers: { name: string; pool?: string; upstreamPrefix?: string }[];
  qualifiedPrefix: string;
  builtins: [string, boolean][];
  aliases: [string, string][];
  segments: number;
}

/** Deep equality of two MCP objects (JSON values, keys in order); past 64 levels, unequal. */
function same(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (depth > 64 || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i] || !same((a as McpObject)[ka[i]!], (b as McpObject)[kb[i]!], depth + 1)) return false;
  }
  return true;
}

type Key = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
type Field = 'name' | 'uri' | 'uriTemplate';
const KINDS: [Key, Field][] = [['tools', 'name'], ['prompts', 'name'], ['resources', 'uri'], ['resourceTemplates', 'uriTemplate']];

/** One kind's objects and names: tools, prompts, resources or resource templates. */
class Side {
  /** Per server: the items of its last list, and their upstream names. */
  lists: List[];
  /** Per segment: its records, in order. */
  segs: Rec[][];
  /** Per segment: its shown records, or null when they must be found again. */
  shown: (Rec[] | null)[];
  /** Enabled routed records by name (a disabled one is a miss: the core words its error). */
  hits = new Map<unknown, Rec>();
  /** Moved on whenever what a client sees changes (paging cursors name it). */
  gen = 0;

  constructor(readonly kind: number, readonly key: Key, readonly field: Field, servers: number, segments: number) {
    this.lists = Array.from({ length: servers }, () => NO_LIST);
    this.segs = Array.from({ length: segments }, () => []);
    this.shown = new Array(segments).fill(null);
  }

  /** The shown records of every segment, found again where a change left them stale. */
  visible(): Rec[][] {
    for (let s = 0; s < this.segs.length; s++) {
      if (this.shown[s] !== null) continue;
      const seg = this.segs[s]!;
      // Usually every record is shown: the segment itself serves, no copy.
      this.shown[s] = seg.every((r) => (r.flags & SHOWN) === SHOWN) ? seg : seg.filter((r) => (r.flags & SHOWN) === SHOWN);
    }
    return this.shown as Rec[][];
  }

  /** A shown record as the client sees it: its item under the exposed name. */
  written(r: Rec): McpObject {
    // A literal key where it can be: the common case builds faster.
    return this.field === 'name' ? { ...(r.item as McpObject), name: r.name } : { ...(r.item as McpObject), [this.field]: r.name };
  }
}

/**
 * A gateway's routing table. Exposed names are kept in a JS Map with the upstream objects, so
 * routing and mapping a hit never enters wasm; misses are answered by the core, with
 * suggestions. Options objects are read by the core.
 *
 * The Router is its MCP message calls: `exposeTools`, `exposePrompts`, `exposeResources`,
 * `exposeResourceTemplates` (a server's list result), `listTools`, `listPrompts`,
 * `listResources`, `listResourceTemplates` (the merged lists), `mapCallTool`, `mapGetPrompt`,
 * `mapReadResource` (a request's upstream), `rewriteResult` and `migrateName`. The calls of its
 * first version are sugar over them where their answer follows from theirs: `expose`
 * (`exposeTools` of bare names), `rewriteToolsList` (`exposeTools`, then the server's part of
 * `listTools`), `tools` (the entries of `listTools`), `exposeResource` (`exposeResources` of the
 * server's list and one more URI), `routeResource` (`mapReadResource`). `route`, `tryRoute` and
 * `isEnabled` answer about a name, where no message call does: they are deprecated (see each).
 */
export class Router {
  #core: WasmRouter;
  #names: string[];
  #index: Map<string, number>;
  #facts: Facts;
  #qp: string;
  #builtins: Map<string, Readonly<Route>>;
  #sides: Side[];
  /** The tools' routed records (the hot lane's table). */
  #tools: Map<unknown, Rec>;
  #routes = new WeakMap<Rec, Readonly<Route>>();

  /** @throws NamingError invalid_config */
  constructor(config: RouterConfig) {
    this.#core = call(() => new (core().WasmRouter)(config));
    const facts: Facts = this.#core.facts();
    this.#facts = facts;
    this.#names = facts.servers.map((s) => s.name);
    this.#index = new Map(this.#names.map((n, i) => [n, i]));
    this.#qp = facts.qualifiedPrefix;
    this.#builtins = new Map(facts.builtins.filter(([, on]) => on).map(([b]) => [b, Object.freeze({ server: null, tool: b, builtin: true })]));
    const n = this.#names.length;
    this.#sides = KINDS.map(([key, field], kind) => new Side(kind, key, field, n, kind < 2 ? facts.segments : n));
    this.#tools = this.#sides[0]!.hits;
  }

  // ---- Exposing: the names go to the core; the objects stay here, re-keyed by its placement.

  #expose(kind: number, server: string, result: unknown, opts: unknown): Exposure<ExposedTool | ExposedResource> {
    string(server, 'server');
    const side = this.#sides[kind]!;
    if (result === null || typeof result !== 'object') throw this.#shape(side.key, describe(result), null);
    const list = Array.isArray(result) ? result : (result as McpObject)[side.key];
    if (!Array.isArray(list)) throw this.#shape(side.key, null, list === undefined ? null : describe(list));
    // Read before the names go to the input buffer (a getter cannot overwrite them).
    const skip = opts === undefined ? false : call(() => core().expose_skips(opts));
    return this.#exposeList(side, server, list, skip);
  }

  #shape(key: string, resultGot: string | null, memberGot: string | null): never {
    return call(() => { throw core().list_shape_error(key, resultGot, memberGot); });
  }

  #exposeList(side: Side, server: string, list: readonly unknown[], skip: boolean): Exposure<ExposedTool | ExposedResource> {
    const field = side.field;
    const n = list.length;
    const ups = new Array<string>(n);
    const badAt: number[] = [];
    const badGot: string[] = [];
    for (let i = 0; i < n; i++) {
      const item = list[i];
      let got;
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        const v = (item as McpObject)[field];
        if (typeof v === 'string') {
          ups[i] = v;
          continue;
        }
        got = v === undefined ? 'nothing' : describe(v);
      } else {
        got = describe(item);
      }
      ups[i] = '';
      badAt.push(i);
      badGot.push(got);
    }
    const [bytes, lengths] = deps!.putNames(ups);
    const ptr = call(() => this.#core.expose(side.kind, server, bytes, lengths, Uint32Array.from(badAt), badGot, skip));
    // The text first: taking it may grow wasm memory, which would detach an earlier view. It
    // is a JSON array of the names that are not the upstream names (JSON.parse makes flat
    // strings, which are fast Map keys; slices of one string are not).
    const text: string[] = JSON.parse(core().take_text());
    const [data, start] = deps!.output(ptr);
    const si = this.#index.get(server)!;
    return this.#apply(side, si, { items: list, ups }, data, start + 1, text);
  }

  /** Applies a placement the core wrote (layout: bindings/src/router.rs, write_placement). */
  #apply(side: Side, si: number, newList: List, data: Uint32Array, at: number, text: string[]): Exposure<ExposedTool | ExposedResource> {
    const namesChanged = data[at++] === 1;
    const hasExtra = data[at++] === 1;
    side.lists[si] = newList;
    let t = 0;
    const before: Rec[] = [];
    const after: Rec[] = [];
    const segments = data[at++]!;
    for (let k = 0; k < segments; k++) {
      const slot = data[at++]!;
      const count = data[at++]!;
      const old = side.segs[slot]!;
      for (const r of old) if ((r.flags & SHOWN) === SHOWN) before.push(r);
      const recs = new Array<Rec>(count);
      for (let j = 0; j < count; j++) {
        const server = data[at++]!;
        const index = data[at++]!;
        const flags = data[at++]!;
        const nameLength = data[at++];
        const headerLength = data[at++];
        const list = side.lists[server]!;
        const upstream = list.ups[index]!;
        const name = nameLength === SAME ? upstream : text[t++]!;
        const header = headerLength === SAME ? upstream : text[t++]!;
        const r: Rec = { name, server, index, upstream, item: list.items[index], flags, header };
        recs[j] = r;
        if ((flags & HIT) === HIT) side.hits.set(name, r);
        if ((flags & SHOWN) === SHOWN) after.push(r);
      }
      side.segs[slot] = recs;
      side.shown[slot] = null;
      // Old names no new record took leave the table (a name listed again was overwritten).
      for (const r of old) if ((r.flags & HIT) === HIT && side.hits.get(r.name) === r) side.hits.delete(r.name);
    }
    const renamed = data[at++]!;
    for (let k = 0; k < renamed; k++) {
      const slot = data[at++]!;
      const pos = data[at++]!;
      const enabled = data[at++] === 1;
      at++;
      const name = text[t++]!;
      const old = side.segs[slot]![pos]!;
      if (side.hits.get(old.name) === old) side.hits.delete(old.name);
      const r: Rec = { ...old, name, flags: (old.flags & ~ENABLED) | (enabled ? ENABLED : 0) };
      side.segs[slot]![pos] = r;
      if ((r.flags & HIT) === HIT) side.hits.set(name, r);
      side.shown[slot] = null;
    }
    // The core knows whether names changed; whether the objects did is known here.
    let changed = namesChanged;
    for (let i = 0; !changed && i < after.length; i++) {
      if (after[i]!.item !== before[i]!.item && !same(after[i]!.item, before[i]!.item)) changed = true;
    }
    if (changed) side.gen++;
    const extra: Pick<Exposure, 'skipped' | 'warnings'> | null = hasExtra ? this.#core.take_extra() : null;
    return {
      exposed: this.#exposed(side, si),
      skipped: extra?.skipped ?? [],
      changed,
      warnings: extra?.warnings ?? [],
    };
  }

  /** Server `si`'s listed records, in its list's order. */
  #listed(side: Side, si: number): Rec[] {
    // A peer style places every server's names in one segment, in the peer's order.
    const recs = side.segs[side.segs.length === 1 ? 0 : si]!.filter((r) => r.server === si && (r.flags & LISTED) !== 0);
    return recs.sort((a, b) => a.index - b.index);
  }

  /** Server `si`'s listed items, in its list's order, as the answer of an expose. */
  #exposed(side: Side, si: number): (ExposedTool | ExposedResource)[] {
    const recs = this.#listed(side, si);
    const server = this.#names[si]!;
    return side.kind < 2
      ? recs.map((r) => ({ name: r.name, qualified: this.#qp + r.name, server, upstream: r.upstream, enabled: (r.flags & ENABLED) !== 0 }))
      : recs.map((r) => ({ uri: r.name, server, upstream: r.upstream }));
  }

  /**
   * Replaces the server's tools with its tools/list result (or tools array): what a gateway calls
   * whenever a server lists its tools.
   * @throws NamingError (unknown_server; with onInvalid "throw": invalid_tool_name, name_collision, confusable_name)
   */
  exposeTools(server: string, result: { tools: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedTool> {
    return this.#expose(0, server, result, options) as Exposure<ExposedTool>;
  }

  /** Replaces the server's prompts with its prompts/list result (or prompts array). */
  exposePrompts(server: string, result: { prompts: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedTool> {
    return this.#expose(1, server, result, options) as Exposure<ExposedTool>;
  }

  /** Replaces the server's resources with its resources/list result (or resources array). */
  exposeResources(server: string, result: { resources: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedResource> {
    return this.#expose(2, server, result, options) as Exposure<ExposedResource>;
  }

  /** Replaces the server's resource templates with its resources/templates/list result. */
  exposeResourceTemplates(server: string, result: { resourceTemplates: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedResource> {
    return this.#expose(3, server, result, options) as Exposure<ExposedResource>;
  }

  /**
   * Exposes a server's tools by name, replacing what it exposed before: sugar for
   * `exposeTools(server, tools.map((name) => ({ name }))).exposed`.
   * @throws NamingError (name_collision, unknown_server, invalid_tool_name)
   */
  expose(server: string, tools: readonly string[]): ExposedTool[] {
    string(server, 'server');
    strings(tools, 'tools');
    return this.exposeTools(server, tools.map((name) => ({ name }))).exposed;
  }

  /**
   * An MCP tools/list result with every name exposed and disabled tools dropped; all else
   * untouched: sugar for `exposeTools(server, result)`, then `result` with the server's tools as
   * `listTools()` writes them, in the server's order.
   */
  rewriteToolsList<T extends { tools: { name: string }[] }>(server: string, result: T): T {
    string(server, 'server');
    object(result, 'result');
    this.exposeTools(server, result);
    const side = this.#sides[0]!;
    const tools = this.#listed(side, this.#index.get(server)!).filter((r) => (r.flags & ENABLED) !== 0).map((r) => side.written(r));
    return { ...result, tools };
  }

  // ---- Lists: pages of the kept lists.

  #list(kind: number, opts: unknown): Record<string, unknown> {
    const side = this.#sides[kind]!;
    const shown = side.visible();
    let total = 0;
    for (const s of shown) total += s.length;
    let start = 0;
    let end = total;
    let next: string | null = null;
    if (opts !== undefined && opts !== null) [start, end, next] = call(() => core().list_page(total, side.gen, opts)) as [number, number, string | null];
    const items = new Array<McpObject>(end - start);
    let k = 0;
    let skip = start;
    for (const s of shown) {
      if (k === items.length) break;
      if (skip >= s.length) {
        skip -= s.length;
        continue;
      }
      for (let i = skip; i < s.length && k < items.length; i++) items[k++] = side.written(s[i]!);
      skip = 0;
    }
    const page: Record<string, unknown> = { [side.key]: items };
    if (next !== null) page.nextCursor = next;
    return page;
  }

  /**
   * The merged tools/list result: full tool objects under their exposed names, disabled ones left out.
   * @throws NamingError invalid_cursor
   */
  listTools(options?: ListOptions): { tools: (McpObject & { name: string })[]; nextCursor?: string } {
    return this.#list(0, options) as { tools: (McpObject & { name: string })[]; nextCursor?: string };
  }

  /** The merged prompts/list result. */
  listPrompts(options?: ListOptions): { prompts: (McpObject & { name: string })[]; nextCursor?: string } {
    return this.#list(1, options) as { prompts: (McpObject & { name: string })[]; nextCursor?: string };
  }

  /** The merged resources/list result. */
  listResources(options?: ListOptions): { resources: (McpObject & { uri: string })[]; nextCursor?: string } {
    return this.#list(2, options) as { resources: (McpObject & { uri: string })[]; nextCursor?: string };
  }

  /** The merged resources/templates/list result. */
  listResourceTemplates(options?: ListOptions): { resourceTemplates: (McpObject & { uriTemplate: string })[]; nextCursor?: string } {
    return this.#list(3, options) as { resourceTemplates: (McpObject & { uriTemplate: string })[]; nextCursor?: string };
  }

  /**
   * The enabled exposed tools: sugar for the entries of `listTools()` (every page, in its order),
   * each with its server and upstream name.
   */
  tools(): ExposedTool[] {
    const list: ExposedTool[] = [];
    for (const s of this.#sides[0]!.visible()) {
      for (const r of s) list.push({ name: r.name, qualified: this.#qp + r.name, server: this.#names[r.server]!, upstream: r.upstream, enabled: true });
    }
    return list;
  }

  // ---- Routing: hits from the table here, everything else from the core.

  /** The record routed under `name` (or under it without the qualified prefix). */
  #hit(side: Side, name: unknown): Rec | undefined {
    let r = side.hits.get(name);
    if (r === undefined && this.#qp !== '' && typeof name === 'string' && name.startsWith(this.#qp)) r = side.hits.get(name.slice(this.#qp.length));
    return r;
  }

  /** A record's route, made once and frozen (kept beside the record, not in it: most
   * gateways map calls and never ask for routes). */
  #route(r: Rec): Readonly<Route> {
    let route = this.#routes.get(r);
    if (route === undefined) {
      const s = this.#facts.servers[r.server]!;
      const made: Route = { server: s.name, tool: r.upstream, builtin: false };
      if (s.pool !== undefined) made.pool = s.pool;
      if (s.upstreamPrefix !== undefined) made.upstreamPrefix = s.upstreamPrefix;
      route = Object.freeze(made);
      this.#routes.set(r, route);
    }
    return route;
  }

  #builtin(name: unknown): Readonly<Route> | undefined {
    if (typeof name !== 'string') return undefined;
    const bare = this.#qp !== '' && name.startsWith(this.#qp) ? name.slice(this.#qp.length) : name;
    return this.#sides[0]!.hits.has(name) ? undefined : this.#builtins.get(bare);
  }

  /** The route of an exposed name or an offered built-in, from the table here; else undefined. */
  #local(name: unknown): Readonly<Route> | undefined {
    const r = this.#hit(this.#sides[0]!, name);
    return r !== undefined ? this.#route(r) : this.#builtin(name);
  }

  /**
   * The backend and its own tool name for a name (exposed, qualified, a built-in, an alias).
   * @deprecated The name-level answer of the first Router: use `mapCallTool({ name })` to route a
   * call (its server, its upstream params and header). A built-in is refused there (answer it in
   * the gateway; the configuration's `builtins` list them), pools and upstream prefixes are the
   * configuration's, and an alias routes without the `deprecated` mark.
   * @throws NamingError (unknown_tool with suggestions, tool_removed, tool_disabled)
   */
  route(name: string): Route {
    return this.#local(name) ?? call(() => this.#core.route(string(name, 'name')));
  }

  /**
   * As route, but null instead of an error.
   * @deprecated As `route`: use `mapCallTool({ name })`, whose error says why a name does not route.
   */
  tryRoute(name: string): Route | null {
    return this.#local(name) ?? this.#core.try_route(string(name, 'name'));
  }

  /**
   * Whether a name is enabled by the configuration (servers, enabled and disabled patterns),
   * listed or not.
   * @deprecated Of a listed tool, `exposeTools(…).exposed[i].enabled` says it, and a call to a
   * disabled one fails with tool_disabled (`mapCallTool`).
   */
  isEnabled(name: string): boolean {
    if (this.#hit(this.#sides[0]!, name) !== undefined) return true;
    string(name, 'name');
    return this.#core.is_enabled(name);
  }

  #mapped<P extends McpObject>(r: Rec, field: Field, params: P): Mapped<P> {
    return { server: this.#names[r.server]!, params: { ...params, [field]: r.upstream }, header: r.header };
  }

  #map<P extends McpObject>(kind: number, field: Field, params: P, opts: unknown): Mapped<P> {
    object(params, 'params');
    const name = params[field];
    if (typeof name !== 'string') throw invalidArgument(`params.${field} must be a string, got ${describe(name)}`);
    // A hit without options is answered here; options (a header to check) go to the core.
    if (opts === undefined || opts === null) {
      const side = this.#sides[kind]!;
      const r = kind === 2 ? side.hits.get(name) : this.#hit(side, name);
      if (r !== undefined) return this.#mapped(r, field, params);
    }
    const t: { server: string; upstream: string; header: string } = call(() => this.#core.target(kind, name, opts));
    return { server: t.server, params: { ...params, [field]: t.upstream }, header: t.header };
  }

  /**
   * The upstream tools/call params ({ server, params, header }).
   * @throws NamingError (unknown_tool, tool_removed, tool_disabled, name_mismatch, invalid_header)
   */
  mapCallTool<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P> {
    // The hot lane: an exposed name, no header to check.
    if (options === undefined && params !== null && typeof params === 'object') {
      const r = this.#tools.get(params.name);
      if (r !== undefined) return { server: this.#names[r.server]!, params: { ...params, name: r.upstream }, header: r.header };
    }
    return this.#map(0, 'name', params as P & McpObject, options);
  }

  /**
   * The upstream prompts/get params ({ server, params, header }).
   * @throws NamingError (unknown_prompt, prompt_removed, name_mismatch)
   */
  mapGetPrompt<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P> {
    return this.#map(1, 'name', params as P & McpObject, options);
  }

  /**
   * The upstream resources/read params ({ server, params, header }).
   * @throws NamingError (unknown_resource, name_mismatch)
   */
  mapReadResource<P extends { uri: string }>(params: P, options?: MapOptions): Mapped<P> {
    return this.#map(2, 'uri', params as P & McpObject, options);
  }

  /**
   * The name this router exposes for the tool `from` (another Router) exposes as `name`:
   * migrates permission files and eval sets.
   * @throws NamingError unknown_tool
   */
  migrateName(name: string, from: Router): string {
    string(name, 'name');
    if (!(from instanceof Router)) throw invalidArgument(`from must be a Router, got ${describe(from)}`, 'from');
    return call(() => this.#core.migrate(name, from.#core));
  }

  // ---- Results: walked here; only the URIs they carry go to the core.

  #uri(server: string, holder: unknown): unknown {
    const uri = (holder as McpObject | null | undefined)?.uri;
    if (typeof uri !== 'string') return holder;
    const exposed = this.#core.rewrite_uri(server, uri);
    return exposed === uri ? holder : { ...(holder as McpObject), uri: exposed };
  }

  /** A content block: a resource_link's URI, or an embedded resource's. */
  #block(server: string, block: unknown): unknown {
    if (block === null || typeof block !== 'object') return block;
    const type = (block as McpObject).type;
    if (type === 'resource_link') return this.#uri(server, block);
    if (type === 'resource') {
      const resource = (block as McpObject).resource;
      const inner = this.#uri(server, resource);
      return inner === resource ? block : { ...(block as McpObject), resource: inner };
    }
    return block;
  }

  /** A tools/call, resources/read or prompts/get result with every URI rewritten so the client can read it back through the gateway. */
  rewriteResult<T extends object>(server: string, result: T): T {
    string(server, 'server');
    object(result, 'result');
    if (!this.#index.has(server)) call(() => this.#core.check_server(server));
    const given = result as McpObject;
    let out = given;
    const each = (key: string, fn: (v: unknown) => unknown) => {
      const list = given[key];
      if (!Array.isArray(list)) return;
      let copy: unknown[] | null = null;
      for (let i = 0; i < list.length; i++) {
        const next = fn(list[i]);
        if (next !== list[i]) (copy ??= list.slice())[i] = next;
      }
      if (copy !== null) {
        if (out === given) out = { ...given };
        out[key] = copy;
      }
    };
    each('content', (b) => this.#block(server, b));
    each('contents', (c) => (c !== null && typeof c === 'object' ? this.#uri(server, c) : c));
    each('messages', (m) => {
      if (m === null || typeof m !== 'object' || (m as McpObject).content === undefined) return m;
      const content = this.#block(server, (m as McpObject).content);
      return content === (m as McpObject).content ? m : { ...(m as McpObject), content };
    });
    return out as T;
  }

  // ---- Resources one at a time.

  /**
   * Exposes one more resource URI of a server (kept with the ones it listed) and answers the URI
   * the gateway lists it under: sugar for `exposeResources(server, [...its resources, { uri }])`.
   */
  exposeResource(server: string, uri: string): string {
    string(server, 'server');
    string(uri, 'uri');
    const si = this.#index.get(server);
    if (si === undefined) call(() => this.#core.check_server(server));
    const side = this.#sides[2]!;
    const list = side.lists[si!]!;
    const at = list.ups.indexOf(uri);
    const items = at < 0 ? [...list.items, { uri }] : list.items;
    const exposed = this.exposeResources(server, items as McpObject[]).exposed;
    return exposed.find((r) => r.upstream === uri)!.uri;
  }

  /**
   * The server and the backend's own URI for an exposed resource URI: sugar for
   * `mapReadResource({ uri })`.
   * @throws NamingError unknown_resource
   */
  routeResource(uri: string): { server: string; uri: string } {
    string(uri, 'uri');
    const { server, params } = this.mapReadResource({ uri });
    return { server, uri: params.uri };
  }
}

