// The Router's host half: it keeps the MCP objects (the upstream lists as given) and the table
// of routed names, so that hits never enter wasm; the core decides every name, route,
// collision, fit, suggestion and URI rewrite from names and URIs alone. No MCP object, schema
// or result text crosses into wasm: an expose sends the items' names, a result walk sends the
// URIs it finds, a miss sends the name.
import { describe, invalidArgument, string, strings, object, call } from './shared.mjs';
import type { Diagnostic } from './shared.mjs';
import type { Code, Provider, RouterStyleId } from './tables.mjs';
import type { Client, ClientView } from './api.mjs';
import { putToolTexts, discoveryCall } from './discovery.mjs';
import type { SearchHit, ToolResult } from './discovery.mjs';

export type { SearchHit, ToolResult } from './discovery.mjs';

/** `searchTools` options. */
export interface SearchOptions {
  /** How many tools at most (default 10, at most 1,000). */
  limit?: number;
  /** Only this server's tools. */
  server?: string;
}
import type { WasmRouter } from './glue-names.mjs';

/** A peer gateway's or agent SDK's naming, reproduced exactly. */
export type PeerId =
  | 'openai-agents' | 'langchain' | 'litellm' | 'contextforge' | 'docker'
  | 'fastmcp' | 'agentgateway' | 'metamcp' | 'cloudflare-agents'
  | 'toolhive' | 'envoy-ai-gateway' | 'bedrock-agentcore' | '1mcp' | 'obot';

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
  | { peer: 'cloudflare-agents'; normalize?: boolean; prefixes?: Record<string, string> }
  /**
   * ToolHive vMCP: `strategy` is its conflictResolution (default "prefix"), `prefix` its
   * prefixFormat (default "{workload}_"), `priority` its priorityOrder; `prefixes` are workloads.
   */
  | {
      peer: 'toolhive';
      strategy?: 'prefix' | 'priority' | 'manual';
      prefix?: string;
      priority?: string[];
      prefixes?: Record<string, string>;
    }
  /** Envoy AI Gateway: `<backend>__<tool>`. */
  | { peer: 'envoy-ai-gateway' }
  /** Amazon Bedrock AgentCore Gateway: `<target>___<tool>`. */
  | { peer: 'bedrock-agentcore' }
  /** 1MCP: `<server>_1mcp_<tool>`. */
  | { peer: '1mcp' }
  /** Obot: `prefixes` are the servers' toolPrefix values. */
  | { peer: 'obot'; prefixes?: Record<string, string> };

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
  /**
   * Progressive discovery for catalogs too large to list: `listTools()` gives the meta-tools
   * `search_tools`, `get_tool_details` and `call_tool` (plus the tools `always` matches) instead
   * of every tool; with `maxListed`, only while more tools than that are listed (Copilot takes
   * 128). `discoveryResult` answers the first two, `mapCallTool` maps `call_tool` to the tool it
   * names.
   */
  discovery?: { mode: 'search'; always?: RouterPattern[]; maxListed?: number };
  /**
   * Per-tool settings, keyed by the server and the tool's upstream name: the name it is exposed
   * under (checked and routed like any exposed name), the description clients see, or `enabled:
   * false` to hide it. An entry for a tool the server does not list is an unmatched_pattern
   * warning; two entries giving one name are an invalid_config naming both.
   */
  tools?: ToolOverride[];
  /**
   * What happens when servers share a tool name and names may be bare (prefixMode "conditional" or
   * "never"): "prefix" (default: as prefixMode says), `{ priority: [servers…], others? }` (the first
   * server in the list keeps the bare name; the others are prefixed, or dropped with others
   * "drop"), or "manual" (every conflict is refused until a `tools` entry renames one side).
   * The answer is the same whatever order the servers list in.
   */
  conflicts?: 'prefix' | 'manual' | { priority: string[]; others?: 'prefix' | 'drop' };
}

/** One `tools` entry of a RouterConfig. */
export interface ToolOverride {
  server: string;
  /** The tool's name as the server lists it. */
  tool: string;
  /** The name to expose it under instead of the style's. */
  name?: string;
  /** The description clients see instead of the server's. */
  description?: string;
  /** false: not listed, and calls are tool_disabled. */
  enabled?: boolean;
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
  /** Items per page, a whole number of at least 1; default 1,000 (a larger list comes in pages, each with the `nextCursor` of the next). */
  pageSize?: number;
}

export interface MapOptions {
  /** The incoming `Mcp-Name` header: a request whose header and body disagree is refused (name_mismatch). */
  header?: string;
  /**
   * The protocol revision the request declares (`MCP-Protocol-Version`): from "2026-07-28" on, a
   * request without its `Mcp-Name` header is refused (name_mismatch, -32020, SEP-2243).
   */
  protocolVersion?: string;
}

/** What a gateway does with a notification an upstream sent (`rewriteNotification`). */
export interface Relay<N> {
  /** The notification to send the client (a resources/updated URI in its gateway form), or null. */
  forward: N | null;
  /** The list to ask that server for again (then `expose*` it): a list_changed is not forwarded as is. */
  relist: 'tools' | 'prompts' | 'resources' | null;
}

/** A `completion/complete` reference. */
export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

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
    notice(method: string): number;
    merge_list_cache(lists: unknown[]): ListCache;
    meta_tools(): (McpObject & { name: string })[];
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

/** The discovery meta-tools as `tools/list` shows them (the core's definitions), read once. */
let META: readonly (McpObject & { name: string })[] | null = null;
const metaTools = () => (META ??= Object.freeze(core().meta_tools().map((t) => Object.freeze(t))));
const META_NAMES = new Set(['search_tools', 'get_tool_details', 'call_tool']);

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
  /** The descriptions the configuration's `tools` entries give: [server index, upstream, description]. */
  descriptions: [number, string, string][];
  /** The configuration has `discovery`. */
  discovery: boolean;
}

/** What SEP-2549 lets a list result say about its caching. */
export interface ListCache {
  /** How long a client may keep the list, in milliseconds. */
  ttlMs?: number;
  /** "public": any user's client may share it; "private": one user's. */
  cacheScope?: 'public' | 'private';
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

/** The MCP Apps UI resource URIs a tool's `_meta` names (`ui.resourceUri`, `ui/resourceUri`), or null. */
function uiUris(meta: unknown): string[] | null {
  if (meta === null || typeof meta !== 'object') return null;
  const ui = (meta as McpObject).ui;
  const nested = ui !== null && typeof ui === 'object' ? (ui as McpObject).resourceUri : undefined;
  const flat = (meta as McpObject)['ui/resourceUri'];
  const out: string[] = [];
  if (typeof nested === 'string') out.push(nested);
  if (typeof flat === 'string' && flat !== nested) out.push(flat);
  return out.length === 0 ? null : out;
}

/** A tool with its `_meta` UI resource URIs replaced as `map` says; all else as it was. */
function withUiUris(tool: McpObject, map: Map<string, string>): McpObject {
  const swap = (v: unknown) => (typeof v === 'string' ? (map.get(v) ?? v) : v);
  const meta = { ...(tool._meta as McpObject) };
  if ('ui/resourceUri' in meta) meta['ui/resourceUri'] = swap(meta['ui/resourceUri']);
  const ui = meta.ui;
  if (ui !== null && typeof ui === 'object' && !Array.isArray(ui) && 'resourceUri' in ui) meta.ui = { ...(ui as McpObject), resourceUri: swap((ui as McpObject).resourceUri) };
  return { ...tool, _meta: meta };
}

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
  /** Per server: what its last list said about caching (SEP-2549), undefined before it listed. */
  caches: (ListCache | undefined)[];
  /** What the merged list may say about caching (the core merges the caches). */
  cache: ListCache = {};
  /**
   * Tools only, per server: the objects clients see in place of the server's own (a description
   * from the configuration, MCP Apps UI URIs in their gateway form), by index in its list.
   */
  alt: (Map<number, McpObject> | undefined)[];

  constructor(readonly kind: number, readonly key: Key, readonly field: Field, servers: number, segments: number) {
    this.lists = Array.from({ length: servers }, () => NO_LIST);
    this.caches = new Array(servers).fill(undefined);
    this.alt = new Array(servers).fill(undefined);
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
    if (this.field !== 'name') return { ...(r.item as McpObject), [this.field]: r.name };
    const alt = this.alt[r.server];
    const item = alt === undefined ? r.item : (alt.get(r.index) ?? r.item);
    return { ...(item as McpObject), name: r.name };
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
  /** The configuration's descriptions, by server index and upstream name (`${si}\0${upstream}`). */
  #descs: Map<string, string>;
  /** Per server: its tools' objects with the configuration's descriptions, by index in its list. */
  #described: (Map<number, McpObject> | undefined)[];
  /** Per server: its tools that name MCP Apps UI resources (index in its list, the URIs). */
  #ui: ({ index: number; uris: string[] }[] | undefined)[];
  /**
   * Whether tools' texts (descriptions, parameter names) go to the core with their names: from
   * the start with `discovery`, else from the first `searchTools` (a gateway that never searches
   * hands the core names only).
   */
  #searching: boolean;

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
    this.#descs = new Map(facts.descriptions.map(([si, upstream, d]) => [`${si}\0${upstream}`, d]));
    this.#described = new Array(n).fill(undefined);
    this.#ui = new Array(n).fill(undefined);
    this.#searching = facts.discovery;
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
    const exposure = this.#exposeList(side, server, list, skip);
    const si = this.#index.get(server)!;
    this.#cache(side, si, result);
    if (kind === 0) {
      this.#describe(si);
      exposure.warnings.push(...this.#decorate(si, false));
    } else if (kind >= 2) {
      // The UI resources' gateway form follows the resources: every tool naming one is looked at again.
      for (let i = 0; i < this.#names.length; i++) {
        const warnings = this.#decorate(i, kind === 2 && i === si);
        if (warnings.length !== 0) exposure.warnings.push(...warnings);
      }
    }
    return exposure;
  }

  /** Keeps what a list result said about caching (SEP-2549) and merges it with the others'. */
  #cache(side: Side, si: number, result: unknown): void {
    const c: { ttlMs?: number; cacheScope?: string } = {};
    if (!Array.isArray(result)) {
      // What is not a number or a string says nothing (the core reads the rest).
      const { ttlMs, cacheScope } = result as McpObject;
      if (typeof ttlMs === 'number') c.ttlMs = ttlMs;
      if (typeof cacheScope === 'string') c.cacheScope = cacheScope;
    }
    side.caches[si] = c as ListCache;
    const given = side.caches.filter((x) => x !== undefined);
    side.cache = given.some((x) => x.ttlMs !== undefined || x.cacheScope !== undefined) ? call(() => core().merge_list_cache(given)) : {};
  }

  /** Server `si`'s tools with the descriptions the configuration gives them. */
  #describe(si: number): void {
    const list = this.#sides[0]!.lists[si]!;
    let described: Map<number, McpObject> | undefined;
    const ui: { index: number; uris: string[] }[] = [];
    for (let i = 0; i < list.items.length; i++) {
      const item = list.items[i];
      if (item === null || typeof item !== 'object') continue;
      if (this.#descs.size !== 0) {
        const d = this.#descs.get(`${si}\0${list.ups[i]}`);
        if (d !== undefined) (described ??= new Map()).set(i, { ...(item as McpObject), description: d });
      }
      const meta = (item as McpObject)._meta;
      if (meta !== undefined) {
        const uris = uiUris(meta);
        if (uris !== null) ui.push({ index: i, uris });
      }
    }
    this.#described[si] = described;
    this.#ui[si] = ui.length === 0 ? undefined : ui;
  }

  /**
   * Server `si`'s tools as clients see them beyond their names: the descriptions, and each UI
   * resource URI in the form its resource is listed in (asked of the core, which also remembers
   * it so that reading it routes back); `warn`: the unlisted_ui_resource warnings.
   */
  #decorate(si: number, warn: boolean): Diagnostic[] {
    const side = this.#sides[0]!;
    const described = this.#described[si];
    const ui = this.#ui[si];
    const warnings: Diagnostic[] = [];
    if (ui === undefined) {
      side.alt[si] = described;
      return warnings;
    }
    const alt = new Map(described);
    const list = side.lists[si]!;
    const server = this.#names[si]!;
    for (const { index, uris } of ui) {
      const map = new Map<string, string>();
      for (const uri of uris) {
        const r: { uri: string; warning?: Diagnostic } = call(() => this.#core.ui_resource(server, list.ups[index]!, uri));
        if (warn && r.warning !== undefined) warnings.push(r.warning);
        if (r.uri !== uri) map.set(uri, r.uri);
      }
      if (map.size !== 0) alt.set(index, withUiUris((alt.get(index) ?? list.items[index]) as McpObject, map));
    }
    side.alt[si] = alt.size === 0 ? undefined : alt;
    return warnings;
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
    let ptr: number;
    if (side.kind === 0 && this.#searching) {
      const [bytes, lengths, texts] = putToolTexts(deps!.putNames, ups, list);
      ptr = call(() => this.#core.expose_texts(server, bytes, lengths, Uint32Array.from(badAt), badGot, skip, texts));
    } else {
      const [bytes, lengths] = deps!.putNames(ups);
      ptr = call(() => this.#core.expose(side.kind, server, bytes, lengths, Uint32Array.from(badAt), badGot, skip));
    }
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
      const flags = data[at++]!;
      at++;
      const name = text[t++]!;
      const old = side.segs[slot]![pos]!;
      if (side.hits.get(old.name) === old) side.hits.delete(old.name);
      const r: Rec = { ...old, name, flags };
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

  /** tools/list while discovery is on: the meta-tools, then the listed tools `always` keeps. */
  #discoveryList(side: Side, listing: string[]): Rec[] {
    const out: Rec[] = metaTools().map((t) => ({ name: t.name, server: -1, index: -1, upstream: t.name, item: t, flags: SHOWN, header: t.name }));
    if (listing.length !== 0) {
      const keep = new Set(listing);
      for (const seg of side.visible()) for (const r of seg) if (keep.has(r.name)) out.push({ ...r, item: side.written(r) });
    }
    return out;
  }

  #list(kind: number, opts: unknown): unknown {
    const side = this.#sides[kind]!;
    const listing = kind === 0 && this.#facts.discovery ? this.#core.discovery_listing() : null;
    const shown = listing === null ? side.visible() : [this.#discoveryList(side, listing)];
    let total = 0;
    for (const s of shown) total += s.length;
    // The core pages every list (without pageSize, pages of its default size).
    const [start, end, next] = call(() => core().list_page(total, side.gen, opts)) as [number, number, string | null];
    const items = new Array<McpObject>(end - start);
    let k = 0;
    let skip = start;
    for (const s of shown) {
      if (k === items.length) break;
      if (skip >= s.length) {
        skip -= s.length;
        continue;
      }
      for (let i = skip; i < s.length && k < items.length; i++) {
        const r = s[i]!;
        items[k++] = listing === null ? side.written(r) : (r.item as McpObject);
      }
      skip = 0;
    }
    const page: Record<string, unknown> = { [side.key]: items };
    if (next !== null) page.nextCursor = next;
    if (side.cache.ttlMs !== undefined) page.ttlMs = side.cache.ttlMs;
    if (side.cache.cacheScope !== undefined) page.cacheScope = side.cache.cacheScope;
    return page;
  }

  /**
   * The merged tools/list result: full tool objects under their exposed names, disabled ones left out.
   * @throws NamingError invalid_cursor
   */
  listTools(options?: ListOptions): { tools: (McpObject & { name: string })[]; nextCursor?: string } & ListCache {
    return this.#list(0, options) as { tools: (McpObject & { name: string })[]; nextCursor?: string } & ListCache;
  }

  /** The merged prompts/list result. */
  listPrompts(options?: ListOptions): { prompts: (McpObject & { name: string })[]; nextCursor?: string } & ListCache {
    return this.#list(1, options) as { prompts: (McpObject & { name: string })[]; nextCursor?: string } & ListCache;
  }

  /** The merged resources/list result. */
  listResources(options?: ListOptions): { resources: (McpObject & { uri: string })[]; nextCursor?: string } & ListCache {
    return this.#list(2, options) as { resources: (McpObject & { uri: string })[]; nextCursor?: string } & ListCache;
  }

  /** The merged resources/templates/list result. */
  listResourceTemplates(options?: ListOptions): { resourceTemplates: (McpObject & { uriTemplate: string })[]; nextCursor?: string } & ListCache {
    return this.#list(3, options) as { resourceTemplates: (McpObject & { uriTemplate: string })[]; nextCursor?: string } & ListCache;
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

  /** The meta-tool `name` calls, with `discovery` configured (the core decides; only these names cross). */
  #meta(name: unknown): string | null {
    if (!this.#facts.discovery || typeof name !== 'string') return null;
    const bare = this.#qp !== '' && name.startsWith(this.#qp) ? name.slice(this.#qp.length) : name;
    return META_NAMES.has(bare) ? this.#core.meta_tool(name) : null;
  }

  /**
   * The exposed tools that match a query best, best first: `[{ name, server, upstream, score,
   * matched, description? }]`, ranked over each tool's name (split into words whatever its case
   * or separators), description and input parameter names, with exact-name and prefix boosts
   * and misspelled words reaching the nearest ones; ties by name. The first search hands the
   * core the listed tools' texts and builds the index; each `exposeTools` keeps it up to date.
   * @throws NamingError (invalid_argument: an empty or over-long query, a limit out of 1-1000, an unknown key; unknown_server)
   */
  searchTools(query: string, options?: SearchOptions): SearchHit[] {
    string(query, 'query');
    if (!this.#searching) {
      this.#searching = true;
      const side = this.#sides[0]!;
      for (let si = 0; si < this.#names.length; si++) {
        const list = side.lists[si]!;
        if (list !== NO_LIST) this.#exposeList(side, this.#names[si]!, list.items, true);
      }
    }
    return call(() => this.#core.search_tools(query, options));
  }

  /**
   * The gateway's own answer to a tools/call of the discovery meta-tools `search_tools` and
   * `get_tool_details` (an MCP tool result; `isError` with suggestions for a bad call), or null
   * for any other call (`call_tool` included: map it with `mapCallTool`). With `options`, the
   * request's `Mcp-Name` header is checked as `mapCallTool` checks it.
   * @throws NamingError name_mismatch (the header disagrees with the call)
   */
  discoveryResult(params: { name: string; arguments?: unknown }, options?: MapOptions): ToolResult | null {
    object(params, 'params');
    const meta = this.#meta(params.name);
    if (meta === null || meta === 'call_tool') return null;
    if (options !== undefined && options !== null) call(() => this.#core.check_header(params.name, options));
    const side = this.#sides[0]!;
    const found = call(() => discoveryCall(this.#core, params, undefined, (si, upstream) => {
      const list = side.lists[si];
      const index = list === undefined ? -1 : list.ups.indexOf(upstream);
      if (index < 0) return undefined;
      return (side.alt[si]?.get(index) ?? list!.items[index]) as McpObject;
    }));
    return found !== null && 'result' in found ? found.result : null;
  }

  /**
   * The upstream tools/call params ({ server, params, header }); with discovery, a `call_tool`
   * call is mapped to the tool it names, with its inner arguments.
   * @throws NamingError (unknown_tool, tool_removed, tool_disabled, name_mismatch, invalid_header; invalid_argument for search_tools and get_tool_details, answered by discoveryResult)
   */
  mapCallTool<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P> {
    if (this.#facts.discovery && params !== null && typeof params === 'object') {
      const meta = this.#meta(params.name);
      if (meta === 'call_tool') {
        const found = call(() => discoveryCall(this.#core, params as P & { arguments?: unknown }, options, () => undefined));
        if (found !== null && 'mapped' in found) return found.mapped as Mapped<P>;
      } else if (meta !== null) {
        if (options !== undefined && options !== null) call(() => this.#core.check_header(params.name, options));
        throw invalidArgument(`"${meta}" is answered by the gateway itself (discovery), not by an upstream`);
      }
    }
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
   * The upstream resources/subscribe params ({ server, params, header }): the resource, a link
   * from a result or an expansion of a template, as its server knows it. A gateway counts
   * subscriptions per upstream URI and unsubscribes upstream when the last client does.
   * @throws NamingError unknown_resource
   */
  mapSubscribe<P extends { uri: string }>(params: P): Mapped<P> {
    return this.#map(2, 'uri', params as P & McpObject, undefined);
  }

  /**
   * The upstream resources/unsubscribe params, as `mapSubscribe`.
   * @throws NamingError unknown_resource
   */
  mapUnsubscribe<P extends { uri: string }>(params: P): Mapped<P> {
    return this.#map(2, 'uri', params as P & McpObject, undefined);
  }

  /**
   * The upstream completion/complete params ({ server, params, header }): `ref` (a prompt's
   * name, a resource template's URI) as its server knows it; the argument and context untouched.
   * @throws NamingError (unknown_prompt, prompt_removed, unknown_resource; invalid_argument for a ref of another type)
   */
  mapComplete<P extends { ref: CompletionReference }>(params: P): Mapped<P> {
    object(params, 'params');
    const ref = (params as McpObject).ref;
    if (ref === undefined) throw invalidArgument('params.ref is missing');
    if (ref === null || typeof ref !== 'object' || Array.isArray(ref)) throw invalidArgument(`params.ref must be an object, got ${describe(ref)}`);
    const type = (ref as McpObject).type;
    if (typeof type !== 'string') throw invalidArgument(`params.ref.type must be a string, got ${describe(type)}`);
    const field = type === 'ref/prompt' ? 'name' : 'uri';
    const value = (ref as McpObject)[field];
    // The core words a type it does not know before a missing member.
    if (typeof value !== 'string') {
      if (type !== 'ref/prompt' && type !== 'ref/resource') call(() => this.#core.completion_target(type, ''));
      throw invalidArgument(`params.ref.${field} must be a string, got ${describe(value)}`);
    }
    const t: { server: string; upstream: string; header: string } = call(() => this.#core.completion_target(type, value));
    return { server: t.server, params: { ...params, ref: { ...ref, [field]: t.upstream } }, header: t.header };
  }

  /**
   * What to do with a notification an upstream sent: `forward` it (a resources/updated URI in
   * the form the client reads it back through the gateway; progress, logging, cancellation and
   * the rest untouched), or `relist` that server's tools, prompts or resources (a list_changed:
   * the gateway lists the server again, exposes the result, and tells the client when the
   * exposure says `changed`).
   * @throws NamingError (unknown_server; invalid_argument for a notification without a string method)
   */
  rewriteNotification<N extends { method: string; params?: McpObject }>(server: string, notification: N): Relay<N> {
    string(server, 'server');
    if (!this.#index.has(server)) call(() => this.#core.check_server(server));
    if (notification === null || typeof notification !== 'object' || Array.isArray(notification)) throw invalidArgument(`notification must be an object, got ${describe(notification)}`);
    const method = (notification as McpObject).method;
    if (typeof method !== 'string') throw invalidArgument(`notification.method must be a string, got ${describe(method)}`);
    switch (core().notice(method)) {
      case 1: {
        const params = (notification as McpObject).params;
        const uri = params !== null && typeof params === 'object' ? (params as McpObject).uri : undefined;
        if (typeof uri !== 'string') return { forward: notification, relist: null };
        const exposed = call(() => this.#core.rewrite_uri(server, uri));
        return { forward: exposed === uri ? notification : { ...notification, params: { ...(params as McpObject), uri: exposed } }, relist: null };
      }
      case 2:
        return { forward: null, relist: 'tools' };
      case 3:
        return { forward: null, relist: 'prompts' };
      case 4:
        return { forward: null, relist: 'resources' };
      default:
        return { forward: notification, relist: null };
    }
  }

  /**
   * What `client` shows the model of this gateway's listed tools, the user having named the
   * gateway `server` (default: the configured gateway name): `clientView` of the top level,
   * over `listTools()`'s names.
   * @throws NamingError invalid_argument (an unknown client)
   */
  clientView(client: Client, options?: { server?: string }): ClientView {
    string(client, 'client');
    return call(() => this.#core.client_view(client, options));
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

