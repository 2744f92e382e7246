// The Router's host half: an applier of the core's decisions (src/router/decide) to the MCP
// objects, which stay here. Each message call reads its arguments, walks them with the core's
// probe (probe.mts: names, URIs and types cross, never a payload), hands the finds to the core
// and applies the decision that comes back. What it keeps to apply them: the upstream lists as
// given, the placement of their names (per segment, as the core wrote it), the tool views, and
// the table of routed names that answers a hit without entering wasm.
import { describe, invalidArgument, string, strings, call } from './shared.mjs';
import type { Diagnostic } from './shared.mjs';
import type { Client, ClientView } from './api.mjs';
import type * as Glue from './glue-names.mjs';
import type {
  Accept, Edit, Found, HostFacts, HostTables, Insert, ItemView, ListDecision, ListenDecision, ListKind, ListTable, Method,
  NotificationDecision, ParamsDecision, PatternStep, Probe, RequestDecision, ResultDecision, SubscriptionFilter,
  UpstreamDecision, View,
} from './contract.gen.mjs';
import { apply, find, findPaths } from './probe.mjs';
import type {
  CompletionReference, ExposedResource, ExposedTool, ExposeOptions, Exposure, Forwarded, ForwardMethod, Header, Incoming,
  ListOptions, ListPage, ListResults, Mapped, MapOptions, McpObject, McpPrompt, McpResource, McpResourceTemplate, McpTool, Relay,
  Rewritten, Route, RouterConfig, SearchHit, SearchOptions, ToolResult,
} from './router-types.mjs';
// Code mode (issue 37): its own part, mcp-naming/codemode; these are its types and its slot.
import { codeModePart } from './codemode-part.mjs';
import type { CodeMode, CodeModeOptions } from './codemode-part.mjs';

export type * from './router-types.mjs';
export type { UpstreamDecision, ListenDecision, SubscriptionFilter, UpstreamListen, ListenedUri, Era } from './contract.gen.mjs';

/** The glue of the entry that installed the router (api.mts): the core, the input and output buffers. @internal */
export interface RouterDeps {
  /** The initialized wasm-bindgen glue. */
  core(): Pick<typeof Glue, 'WasmRouter' | 'host_tables' | 'expose_skips' | 'list_shape_error' | 'take_text' | 'client_error_code_for'>;
  /** Writes strings to the input buffer: their total UTF-8 length and each one's. */
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

/** The core's tables, read once: the probes by name, the lists, the placement's flags, the meta-tools. */
interface Tables {
  probes: Map<Probe, readonly (readonly PatternStep[])[]>;
  lists: readonly ListTable[];
  same: number;
  enabled: number;
  listed: number;
  /** Enabled and listed: in the list a client sees. */
  shown: number;
  /** Enabled and routed: a hit of the table. */
  hit: number;
  metaTools: readonly McpTool[];
}
let TABLES: Tables | null = null;
function tables(): Tables {
  if (TABLES !== null) return TABLES;
  const t: HostTables = core().host_tables();
  const { enabled, listed, routed, same } = t.flags;
  const metaTools = Object.freeze(t.metaTools.map((m) => Object.freeze(m as McpTool)));
  TABLES = { probes: new Map(t.probes.map((p) => [p.probe, p.patterns])), lists: t.lists, same, enabled, listed, shown: enabled | listed, hit: enabled | routed, metaTools };
  return TABLES;
}
const probe = (p: Probe) => tables().probes.get(p)!;

/** The probe each request is read with (the core's `Method::probe`). */
const PROBE: Record<Method, Probe> = {
  'tools/call': 'callTool', 'tools/call#meta': 'metaCall', 'prompts/get': 'getPrompt', 'resources/read': 'readResource',
  'resources/subscribe': 'readResource', 'resources/unsubscribe': 'readResource', 'completion/complete': 'complete',
};

const EMPTY: readonly never[] = Object.freeze([]);
const isObject = (v: unknown): v is McpObject => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A list result's member as it may cross: what is not an object (a payload) as it is. */
const flat = (v: unknown) => (v !== null && (typeof v === 'object' || typeof v === 'function') ? null : v);

/** One kept list: a server's items as it gave them, and their upstream names. */
interface List {
  items: readonly unknown[];
  ups: readonly string[];
}
const NO_LIST: List = Object.freeze({ items: EMPTY, ups: EMPTY });

/** An entry of the placement: the item of `server`'s list at `index`, under `name`. */
interface Rec {
  name: string;
  server: number;
  index: number;
  upstream: string;
  item: unknown;
  flags: number;
  header: string;
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

/** One list's objects and names: tools, prompts, resources or resource templates. */
class Side {
  /** Per server: the items of its last list, and their upstream names. */
  lists: List[];
  /** Per server: the list result's caching members it was exposed with. */
  caches: unknown[];
  /** Per segment: its records, in order. */
  segs: Rec[][];
  /** Per segment: its shown records, or null when they must be found again. */
  shown: (Rec[] | null)[];
  /** Enabled routed records by name (a disabled one is a miss: the core words its error). */
  hits = new Map<unknown, Rec>();
  /** Moved on whenever what a client sees changes (paging cursors name it). */
  gen = 0;
  /** Tools, per server: its views (the edits that show an item as clients see it), and the items with them made. */
  views: (readonly ItemView[] | undefined)[];
  alt: (Map<number, McpObject> | undefined)[];

  constructor(readonly list: ListTable, readonly index: number, servers: number, segments: number) {
    this.lists = new Array<List>(servers).fill(NO_LIST);
    this.caches = new Array<unknown>(servers).fill(null);
    this.views = new Array(servers).fill(undefined);
    this.alt = new Array(servers).fill(undefined);
    this.segs = Array.from({ length: segments }, () => []);
    this.shown = new Array(segments).fill(null);
  }

  /** The shown records of every segment, found again where a change left them stale. */
  visible(): Rec[][] {
    const shown = tables().shown;
    for (let s = 0; s < this.segs.length; s++) {
      if (this.shown[s] !== null) continue;
      const seg = this.segs[s]!;
      // Usually every record is shown: the segment itself serves, no copy.
      this.shown[s] = seg.every((r) => (r.flags & shown) === shown) ? seg : seg.filter((r) => (r.flags & shown) === shown);
    }
    return this.shown as Rec[][];
  }

  /**
   * Item `index` of server `server` as a client sees it: its view's edits made, under `name`
   * (the edit that sets the list's field, made here as a spread: the common case builds faster).
   */
  item(server: number, index: number, name: string): McpObject {
    const item = (this.alt[server]?.get(index) ?? this.lists[server]?.items[index]) as McpObject | undefined;
    return this.list.field === 'name' ? { ...item, name } : { ...item, [this.list.field]: name };
  }

  /** A record as clients see it: `item` for the record the placement holds (the hot loop of the lists). */
  written(r: Rec): McpObject {
    const alt = this.alt[r.server];
    const item = (alt === undefined ? r.item : (alt.get(r.index) ?? r.item)) as McpObject;
    return this.list.field === 'name' ? { ...item, name: r.name } : { ...item, [this.list.field]: r.name };
  }

  /** Shown records `start..end`, as clients see them. */
  page(start: number, end: number): McpObject[] {
    const items = new Array<McpObject>(Math.max(0, end - start));
    let k = 0;
    let skip = start;
    for (const s of this.visible()) {
      if (k === items.length) break;
      if (skip >= s.length) {
        skip -= s.length;
        continue;
      }
      for (let i = skip; i < s.length && k < items.length; i++) items[k++] = this.written(s[i]!);
      skip = 0;
    }
    return items;
  }

  /** The shown records under `names`, in that order, as clients see them. */
  named(names: readonly string[]): McpObject[] {
    if (names.length === 0) return [];
    const by = new Map<string, Rec>();
    const keep = new Set(names);
    for (const seg of this.visible()) for (const r of seg) if (keep.has(r.name) && !by.has(r.name)) by.set(r.name, r);
    return names.flatMap((n) => {
      const r = by.get(n);
      return r === undefined ? [] : [this.written(r)];
    });
  }
}

/**
 * A gateway's routing table. Exposed names are kept in a JS Map with the upstream objects, so
 * routing and mapping a hit never enters wasm; everything else is the core's decision, applied
 * here. Options objects are read by the core.
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
 *
 * Its type parameters are the types of the MCP objects the gateway's upstreams list, as its SDK
 * names them: what `listTools()` and the other lists give is a page of them (by default the MCP
 * schema's shapes, `McpTool` and the rest, which the official SDKs' handlers take as they are).
 * The objects are kept as given and checked by no one here: the parameters say what they are.
 */
export class Router<
  Tool extends { name: string } = McpTool,
  Prompt extends { name: string } = McpPrompt,
  Resource extends { uri: string } = McpResource,
  ResourceTemplate extends { uriTemplate: string } = McpResourceTemplate,
> {
  #core: Glue.WasmRouter;
  #facts: HostFacts;
  #names: string[];
  #index: Map<string, number>;
  #qp: string;
  /** The called names read with the meta-tools' probe, never answered from the table. */
  #meta: Set<unknown>;
  #builtins: Map<string, Readonly<Route>>;
  /** Each list's objects and placement, by the core's name of the list. */
  #sides: Record<ListKind, Side>;
  /** The tools' routed records (the hot lane's table). */
  #tools: Map<unknown, Rec>;
  #routes = new WeakMap<Rec, Readonly<Route>>();
  /**
   * Whether tools' texts (descriptions, parameter names) go to the core with their names: from
   * the start with `discovery`, else from the first `searchTools` (a gateway that never searches
   * hands the core names only).
   */
  #searching: boolean;

  /** @throws NamingError invalid_config */
  constructor(config: RouterConfig) {
    this.#core = call(() => new (core().WasmRouter)(withStateKey(config)));
    const facts: HostFacts = this.#core.facts();
    this.#facts = facts;
    this.#names = facts.servers.map((s) => s.name);
    this.#index = new Map(this.#names.map((n, i) => [n, i]));
    this.#qp = facts.qualifiedPrefix;
    this.#meta = new Set(facts.metaNames);
    this.#builtins = new Map(facts.builtins.filter((b) => b.enabled).map((b) => [b.name, Object.freeze({ server: null, tool: b.name, builtin: true })]));
    const n = this.#names.length;
    // Tools and prompts are placed in the facts' segments, resources in one segment a server.
    const named = (list: ListTable) => list.list === 'tools' || list.list === 'prompts';
    const side = (list: ListTable, i: number) => new Side(list, i, n, named(list) ? facts.segments : n);
    this.#sides = Object.fromEntries(tables().lists.map((list, i) => [list.list, side(list, i)])) as Record<ListKind, Side>;
    this.#tools = this.#sides.tools.hits;
    this.#searching = facts.searching;
  }

  // ---- Exposing: the names go to the core; the objects stay here, re-keyed by its placement.

  #expose(k: ListKind, server: string, result: unknown, opts: unknown): Exposure<ExposedTool | ExposedResource> {
    string(server, 'server');
    const side = this.#sides[k];
    const key = side.list.key;
    if (result === null || typeof result !== 'object') throw this.#shape(key, describe(result), null);
    const list = Array.isArray(result) ? result : (result as McpObject)[key];
    if (!Array.isArray(list)) throw this.#shape(key, null, list === undefined ? null : describe(list));
    // Read before the names go to the input buffer (a getter cannot overwrite them).
    const skip = opts === undefined ? false : call(() => core().expose_skips(opts));
    const given = Array.isArray(result) ? {} : { ttlMs: flat((result as McpObject).ttlMs), cacheScope: flat((result as McpObject).cacheScope) };
    return this.#exposeList(side, server, list, skip, given);
  }

  #shape(key: string, resultGot: string | null, memberGot: string | null): never {
    return call(() => { throw core().list_shape_error(key, resultGot, memberGot); });
  }

  #exposeList(side: Side, server: string, list: readonly unknown[], skip: boolean, cache: unknown): Exposure<ExposedTool | ExposedResource> {
    const field = side.list.field;
    const n = list.length;
    const ups = new Array<string>(n);
    const badAt: number[] = [];
    const badGot: string[] = [];
    for (let i = 0; i < n; i++) {
      const item = list[i];
      let got;
      if (isObject(item)) {
        const v = item[field];
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
    // Tools: what the Tool probe finds (their UI resources), and their texts once searching.
    const foundAt: number[] = [];
    const finds: Found[][] = [];
    // Tools' x-mcp-header annotations and their schemas' types (MCP 2026-07-28), where they have any.
    const headersAt: number[] = [];
    const headerFinds: Found[][] = [];
    let strings: string[] = ups;
    let texts: Uint32Array | undefined;
    if (side === this.#sides.tools) {
      const patterns = probe('tool');
      const headers = probe('toolHeaders');
      for (let i = 0; i < n; i++) {
        const found = find(list[i], patterns);
        if (found.length !== 0) {
          foundAt.push(i);
          finds.push(found);
        }
        // The rules are about annotations: a tool with none (the probe's first pattern finds
        // nothing) has none to break, and its schema is walked no further.
        if (find(list[i], headers.slice(0, 1)).length === 0) continue;
        headersAt.push(i);
        headerFinds.push(find(list[i], headers));
      }
      if (this.#searching) [strings, texts] = toolTexts(ups, list);
    }
    const [bytes, lengths] = deps!.putNames(strings);
    const ptr: number = call(() => this.#core.expose(side.index, server, bytes, lengths, Uint32Array.from(badAt), badGot, skip, texts, Uint32Array.from(foundAt), finds, Uint32Array.from(headersAt), headerFinds, cache));
    // The text first: taking it may grow wasm memory, which would detach an earlier view. It
    // is a JSON array of the names that are not the upstream names (JSON.parse makes flat
    // strings, which are fast Map keys; slices of one string are not).
    const text: string[] = JSON.parse(core().take_text());
    const [data, start] = deps!.output(ptr);
    const si = this.#index.get(server)!;
    side.caches[si] = cache;
    return this.#apply(side, si, { items: list, ups }, data, start + 1, text);
  }

  /** Applies a placement the core wrote (layout: bindings/src/router.rs, write_placement). */
  #apply(side: Side, si: number, newList: List, data: Uint32Array, at: number, text: string[]): Exposure<ExposedTool | ExposedResource> {
    const { same: SAME, shown: SHOWN, hit: HIT } = tables();
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
        const nameAt = data[at++];
        const headerAt = data[at++];
        const list = side.lists[server]!;
        const upstream = list.ups[index]!;
        const name = nameAt === SAME ? upstream : text[t++]!;
        const header = headerAt === SAME ? upstream : text[t++]!;
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
    const extra: { skipped: Exposure['skipped']; warnings: Diagnostic[]; views: View[] } | null = hasExtra ? this.#core.take_extra() : null;
    if (extra !== null && this.#views(extra.views) && side === this.#sides.tools) changed = true;
    return { exposed: this.#exposed(side, si), skipped: extra?.skipped ?? [], changed, warnings: extra?.warnings ?? [] };
  }

  /** Takes the tool views that changed; whether what a client sees of the tools changed with them. */
  #views(views: readonly View[]): boolean {
    const tools = this.#sides.tools;
    let changed = false;
    for (const v of views) {
      changed ||= !same(tools.views[v.server] ?? EMPTY, v.items);
      tools.views[v.server] = v.items;
      const items = tools.lists[v.server]!.items;
      tools.alt[v.server] = v.items.length === 0 ? undefined : new Map(v.items.map((i) => [i.index, apply(items[i.index] as McpObject, i.edits)]));
    }
    if (changed) tools.gen++;
    return changed;
  }

  /** Server `si`'s listed records, in its list's order. */
  #listed(side: Side, si: number): Rec[] {
    // A peer style places every server's names in one segment, in the peer's order.
    const { listed } = tables();
    const recs = side.segs[side.segs.length === 1 ? 0 : si]!.filter((r) => r.server === si && (r.flags & listed) !== 0);
    return recs.sort((a, b) => a.index - b.index);
  }

  /** Server `si`'s listed items, in its list's order, as the answer of an expose. */
  #exposed(side: Side, si: number): (ExposedTool | ExposedResource)[] {
    const recs = this.#listed(side, si);
    const server = this.#names[si]!;
    const { enabled } = tables();
    return side.list.list === 'tools' || side.list.list === 'prompts'
      ? recs.map((r) => ({ name: r.name, qualified: this.#qp + r.name, server, upstream: r.upstream, enabled: (r.flags & enabled) !== 0 }))
      : recs.map((r) => ({ uri: r.name, server, upstream: r.upstream }));
  }

  /**
   * Replaces the server's tools with its tools/list result (or tools array): what a gateway calls
   * whenever a server lists its tools.
   * @throws NamingError (unknown_server; with onInvalid "throw": invalid_tool_name, name_collision, confusable_name)
   */
  exposeTools(server: string, result: { tools: readonly McpObject[] } | readonly McpObject[], options?: ExposeOptions): Exposure<ExposedTool> {
    return this.#expose('tools', server, result, options) as Exposure<ExposedTool>;
  }

  /** Replaces the server's prompts with its prompts/list result (or prompts array). */
  exposePrompts(server: string, result: { prompts: readonly McpObject[] } | readonly McpObject[], options?: ExposeOptions): Exposure<ExposedTool> {
    return this.#expose('prompts', server, result, options) as Exposure<ExposedTool>;
  }

  /** Replaces the server's resources with its resources/list result (or resources array). */
  exposeResources(server: string, result: { resources: readonly McpObject[] } | readonly McpObject[], options?: ExposeOptions): Exposure<ExposedResource> {
    return this.#expose('resources', server, result, options) as Exposure<ExposedResource>;
  }

  /** Replaces the server's resource templates with its resources/templates/list result. */
  exposeResourceTemplates(server: string, result: { resourceTemplates: readonly McpObject[] } | readonly McpObject[], options?: ExposeOptions): Exposure<ExposedResource> {
    return this.#expose('resourceTemplates', server, result, options) as Exposure<ExposedResource>;
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
    this.exposeTools(server, result);
    const side = this.#sides.tools;
    const { enabled } = tables();
    const tools = this.#listed(side, this.#index.get(server)!).filter((r) => (r.flags & enabled) !== 0).map((r) => side.written(r));
    return { ...(isObject(result) ? result : {}), tools } as T;
  }

  // ---- Lists: a page the core decides, of the records kept here.

  #list(k: ListKind, options: unknown): McpObject {
    const side = this.#sides[k];
    let total = 0;
    for (const s of side.visible()) total += s.length;
    const d: ListDecision = call(() => this.#core.decide_list(side.index, total, side.gen, options));
    const items = d.decision === 'page' ? side.page(d.start, d.end) : [...d.meta.map((i) => tables().metaTools[i]!), ...side.named(d.names)];
    const page: McpObject = { [side.list.key]: items };
    if (d.nextCursor != null) page.nextCursor = d.nextCursor;
    if (d.cache.ttlMs != null) page.ttlMs = d.cache.ttlMs;
    if (d.cache.cacheScope != null) page.cacheScope = d.cache.cacheScope;
    // The options were read by the core: a protocolVersion here is a string.
    const version = (options as ListOptions | undefined)?.protocolVersion;
    return version === undefined ? page : apply(page, this.#core.result_envelope(version));
  }

  /**
   * The merged tools/list result: full tool objects under their exposed names, disabled ones left
   * out; in pages of `pageSize` (default 1,000: the core's `defaultPageSize`).
   * @throws NamingError (invalid_cursor; invalid_argument for a page size that is not a whole number of at least 1)
   */
  listTools(options?: ListOptions): ListPage<'tools', Tool> {
    return this.#list('tools', options) as ListPage<'tools', Tool>;
  }

  /** The merged prompts/list result. */
  listPrompts(options?: ListOptions): ListPage<'prompts', Prompt> {
    return this.#list('prompts', options) as ListPage<'prompts', Prompt>;
  }

  /** The merged resources/list result. */
  listResources(options?: ListOptions): ListPage<'resources', Resource> {
    return this.#list('resources', options) as ListPage<'resources', Resource>;
  }

  /** The merged resources/templates/list result. */
  listResourceTemplates(options?: ListOptions): ListPage<'resourceTemplates', ResourceTemplate> {
    return this.#list('resourceTemplates', options) as ListPage<'resourceTemplates', ResourceTemplate>;
  }

  /**
   * The merged `list` (`tools`, `prompts`, `resources`, `resourceTemplates`) for a client of
   * revision `protocolVersion` (MCP 2026-07-28 and before; null or absent: none said): as
   * `listTools()` and the others with `{ ...options, protocolVersion }`, the envelope of that
   * revision (`resultType`, the gateway's `serverInfo`) and caching that always says something
   * from 2026-07-28 on. The npm spelling of the core's `Gateway::list_result` (and Python's
   * `list_result`).
   * @throws NamingError (invalid_argument for an unknown list; as `listTools`)
   */
  listResult<K extends keyof ListResults>(
    list: K,
    protocolVersion?: string | null,
    options?: ListOptions,
  ): ListResults<Tool, Prompt, Resource, ResourceTemplate>[K] {
    if (typeof list !== 'string' || !Object.hasOwn(this.#sides, list)) {
      throw invalidArgument(`list must be one of ${Object.keys(this.#sides).join(', ')}, got ${describe(list)}`, 'list');
    }
    if (protocolVersion == null) return this.#list(list, options) as ListResults<Tool, Prompt, Resource, ResourceTemplate>[K];
    string(protocolVersion, 'protocolVersion');
    // Options that are not an object go as they are, for the core to word.
    const opts = options == null ? { protocolVersion } : isObject(options) ? { ...options, protocolVersion } : options;
    return this.#list(list, opts) as ListResults<Tool, Prompt, Resource, ResourceTemplate>[K];
  }

  /**
   * The enabled exposed tools: sugar for the entries of `listTools()` (every page, in its order),
   * each with its server and upstream name.
   */
  tools(): ExposedTool[] {
    const list: ExposedTool[] = [];
    for (const s of this.#sides.tools.visible()) {
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
      if (s.pool != null) made.pool = s.pool;
      if (s.upstreamPrefix != null) made.upstreamPrefix = s.upstreamPrefix;
      route = Object.freeze(made);
      this.#routes.set(r, route);
    }
    return route;
  }

  #builtin(name: unknown): Readonly<Route> | undefined {
    if (typeof name !== 'string') return undefined;
    const bare = this.#qp !== '' && name.startsWith(this.#qp) ? name.slice(this.#qp.length) : name;
    return this.#tools.has(name) ? undefined : this.#builtins.get(bare);
  }

  /** The route of an exposed name or an offered built-in, from the table here; else undefined. */
  #local(name: unknown): Readonly<Route> | undefined {
    const r = this.#hit(this.#sides.tools, name);
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
    if (this.#hit(this.#sides.tools, name) !== undefined) return true;
    string(name, 'name');
    return this.#core.is_enabled(name);
  }

  // ---- Requests: the core's decision, applied to the params.

  #decide(method: Method, params: unknown, options: unknown, accept: Accept): RequestDecision {
    const found = find(params, probe(PROBE[method]));
    return call(() => this.#core.decide_request(method, found, accept, options, undefined));
  }

  #forward<P>(params: P, d: RequestDecision): Mapped<P> {
    if (d.decision !== 'forward') throw new Error(`mcp-naming: the core decided ${d.decision} for a request to forward`);
    return { server: d.server, params: apply(params, d.edits), header: d.header };
  }

  /** A request of the list `k`: a hit of its table without options answered here, else the core's. */
  #map<P>(k: ListKind, method: Method, params: P, options: unknown): Mapped<P> {
    if ((options === undefined || options === null) && isObject(params)) {
      const side = this.#sides[k];
      const field = side.list.field;
      // Resource URIs are never qualified.
      const r = k === 'resources' ? side.hits.get(params[field]) : this.#hit(side, params[field]);
      if (r !== undefined) return { server: this.#names[r.server]!, params: { ...params, [field]: r.upstream }, header: r.header };
    }
    return this.#forward(params, this.#decide(method, params, options, 'forward'));
  }

  /** Whether a tools/call of these params is read with the meta-tools' probe (discovery). */
  #isMeta(params: unknown): boolean {
    return this.#meta.size !== 0 && isObject(params) && this.#meta.has(params.name);
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
      const side = this.#sides.tools;
      for (let si = 0; si < this.#names.length; si++) {
        const list = side.lists[si]!;
        if (list !== NO_LIST) this.#exposeList(side, this.#names[si]!, list.items, true, side.caches[si]);
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
    if (isObject(params) && !this.#isMeta(params)) return null;
    const d = this.#decide('tools/call#meta', params, options, 'answer');
    if (d.decision !== 'answer') return null;
    // The tools it names are put in from the objects kept here: their schemas never cross.
    const tools = this.#sides.tools;
    const insert = (i: Insert): Edit => {
      const tool = tools.item(i.server, i.index, i.name);
      return { op: 'set', path: i.path, value: i.text ? JSON.stringify(tool) : tool };
    };
    return apply(d.result as ToolResult, d.inserts.map(insert));
  }

  /**
   * The upstream tools/call params ({ server, params, header }); with discovery, a `call_tool`
   * call is mapped to the tool it names, with its inner arguments.
   * @throws NamingError (unknown_tool, tool_removed, tool_disabled, name_mismatch, invalid_header; invalid_argument for search_tools and get_tool_details, answered by discoveryResult)
   */
  mapCallTool<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P> {
    // The hot lane: an exposed name, no header to check.
    if (options === undefined && params !== null && typeof params === 'object') {
      const r = this.#tools.get(params.name);
      if (r !== undefined && (this.#meta.size === 0 || !this.#meta.has(params.name))) return { server: this.#names[r.server]!, params: { ...params, name: r.upstream }, header: r.header };
    }
    if (this.#isMeta(params)) return this.#forward(params, this.#decide('tools/call#meta', params, options, 'forward'));
    return this.#map('tools', 'tools/call', params, options);
  }

  /**
   * The upstream prompts/get params ({ server, params, header }).
   * @throws NamingError (unknown_prompt, prompt_removed, name_mismatch)
   */
  mapGetPrompt<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P> {
    return this.#map('prompts', 'prompts/get', params, options);
  }

  /**
   * The upstream resources/read params ({ server, params, header }).
   * @throws NamingError (unknown_resource, name_mismatch)
   */
  mapReadResource<P extends { uri: string }>(params: P, options?: MapOptions): Mapped<P> {
    return this.#map('resources', 'resources/read', params, options);
  }

  /**
   * The upstream resources/subscribe params ({ server, params, header }): the resource, a link
   * from a result or an expansion of a template, as its server knows it. A gateway counts
   * subscriptions per upstream URI and unsubscribes upstream when the last client does.
   * @throws NamingError unknown_resource
   */
  mapSubscribe<P extends { uri: string }>(params: P): Mapped<P> {
    return this.#map('resources', 'resources/subscribe', params, undefined);
  }

  /**
   * The upstream resources/unsubscribe params, as `mapSubscribe`.
   * @throws NamingError unknown_resource
   */
  mapUnsubscribe<P extends { uri: string }>(params: P): Mapped<P> {
    return this.#map('resources', 'resources/unsubscribe', params, undefined);
  }

  /**
   * The upstream completion/complete params ({ server, params, header }): `ref` (a prompt's
   * name, a resource template's URI) as its server knows it; the argument and context untouched.
   * @throws NamingError (unknown_prompt, prompt_removed, unknown_resource; invalid_argument for a ref of another type)
   */
  mapComplete<P extends { ref: CompletionReference }>(params: P): Mapped<P> {
    return this.#forward(params, this.#decide('completion/complete', params, undefined, 'forward'));
  }

  // ---- What passes from an upstream to the clients: walked here; only the URIs they carry cross.

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
    const found = find(notification, probe('notification'));
    const d: NotificationDecision = call(() => this.#core.decide_notification(server, found));
    switch (d.decision) {
      case 'relist':
        return { forward: null, relist: d.list };
      case 'acknowledged':
        // A listen stream's acknowledgement: the host's listen stream collects it; nothing to forward.
        return { forward: null, relist: null };
      default:
        return { forward: apply(notification, d.edits), relist: null };
    }
  }

  /** A tools/call, resources/read or prompts/get result with every URI rewritten so the client can read it back through the gateway. */
  rewriteResult<T extends object>(server: string, result: T): T {
    string(server, 'server');
    const found = find(result, probe('result'));
    const d: ResultDecision = call(() => this.#core.decide_result(server, found));
    return apply(result, d.edits);
  }

  // ---- MCP 2026-07-28: discovery, per-request _meta, multi round-trip results, listen streams,
  // parameter headers. Each call walks its object with the core's probe and applies the decision.

  /**
   * Records what upstream `server` said about itself: its `server/discover` result, or (with
   * `initialize`) its `initialize` result. Only its versions, capabilities, instructions and
   * caching cross. Answers the revision to speak to it (`era` "modern": every request carries
   * it; "legacy": a session), and the capabilities the gateway does not carry (with a warning each).
   * @throws NamingError (unknown_server; unsupported_protocol_version for an upstream that speaks no revision the gateway does)
   */
  upstreamAnswered(server: string, result: McpObject, initialize = false): UpstreamDecision {
    string(server, 'server');
    if (!isObject(result)) throw invalidArgument(`result must be an object, got ${describe(result)}`, 'result');
    // The members the core reads, and nothing else of the result.
    const keys = initialize ? ['protocolVersion', 'capabilities', 'instructions'] : ['supportedVersions', 'capabilities', 'instructions', 'ttlMs', 'cacheScope'];
    const answer = Object.fromEntries(keys.filter((k) => Object.hasOwn(result, k)).map((k) => [k, result[k]]));
    return call(() => this.#core.upstream_answered(server, answer, initialize === true));
  }

  /**
   * The gateway's own `server/discover` result (MCP 2026-07-28): the revisions it serves, the
   * capabilities it carries of its upstreams', their instructions, its identity; a function of
   * what each upstream answered (`upstreamAnswered`), whatever order they answered in.
   */
  discover(): McpObject {
    return this.#core.decide_discover();
  }

  /**
   * The gateway's own `initialize` result for a client of revision `requested` (2025-11-25 and
   * before): that revision if the gateway speaks it, else its newest.
   * @throws NamingError unsupported_protocol_version (a revision that has no initialize)
   */
  initialize(requested: string): McpObject {
    string(requested, 'requested');
    return call(() => this.#core.decide_initialize(requested));
  }

  /**
   * `result`, a result the gateway builds itself (a list page, a meta-tool's answer), with the
   * envelope of the client's revision: from 2026-07-28 on `resultType: "complete"` and the
   * gateway's `serverInfo` in `_meta`; unchanged before.
   */
  resultEnvelope<T extends object>(result: T, protocolVersion?: string): T {
    if (protocolVersion !== undefined) string(protocolVersion, 'protocolVersion');
    return apply(result, this.#core.result_envelope(protocolVersion));
  }

  /**
   * A client's request for its upstream, as every revision sends it: the server; the params
   * with the name or URI as the upstream knows it, `_meta` as that upstream's revision wants it
   * (MCP 2026-07-28) and a retry's `requestState` opened (only for the server and method it was
   * sealed for); the `Mcp-Name` header; and the `Mcp-Param-*` headers (SEP-2243) from the
   * arguments, the client's own (`incoming.params`) checked against them. A discovery
   * `call_tool` maps to the tool it names.
   * @throws NamingError (unknown_tool, tool_disabled, unknown_prompt, unknown_resource…; name_mismatch, param_mismatch and invalid_header: -32020, HTTP 400; invalid_request_state; invalid_argument for a value no header can carry)
   */
  forward<P extends object>(method: ForwardMethod, params: P, incoming?: Incoming): Forwarded<P> {
    string(method, 'method');
    const given: Header[] = [];
    let options: MapOptions | undefined;
    if (incoming !== undefined && incoming !== null) {
      if (!isObject(incoming)) throw invalidArgument(`incoming must be an object, got ${describe(incoming)}`, 'incoming');
      const { name, params: headers, protocolVersion } = incoming as Incoming;
      options = { ...(name !== undefined && { header: name }), ...(protocolVersion !== undefined && { protocolVersion }) };
      if (headers !== undefined) {
        if (!isObject(headers)) throw invalidArgument(`incoming.params must be an object of headers, got ${describe(headers)}`, 'incoming.params');
        for (const [k, v] of Object.entries(headers)) given.push({ name: k, value: string(v, `incoming.params.${k}`) });
      }
    }
    const m: Method = method === 'tools/call' && this.#isMeta(params) ? 'tools/call#meta' : (method as Method);
    if (!(m in PROBE)) throw invalidArgument(`method must be one of ${Object.keys(PROBE).filter((k) => !k.includes('#')).join(', ')}, got ${describe(method)}`, 'method');
    const found = find(params, probe(PROBE[m]));
    const meta = find(params, probe('requestMeta'));
    const d: RequestDecision = call(() => this.#core.decide_request(m, found, 'forward', options, meta));
    if (d.decision !== 'forward') throw new Error(`mcp-naming: the core decided ${d.decision} for a request to forward`);
    const forwarded: Forwarded<P> = { server: d.server, params: apply(params, d.edits), header: d.header };
    const reads = d.reads ?? [];
    if (reads.length === 0 && given.length === 0) return forwarded;
    const calls = m === 'tools/call' || m === 'tools/call#meta';
    const values = calls ? findPaths(forwarded.params, reads.map((r) => r.path)) : [];
    const p: ParamsDecision = call(() => this.#core.decide_params(calls ? reads : [], values, given, options?.protocolVersion));
    if (p.headers.length > 0) forwarded.paramHeaders = p.headers;
    return forwarded;
  }

  /**
   * An upstream's `tools/call`, `prompts/get` or `resources/read` result (MCP 2026-07-28 and
   * before) for a client of revision `protocolVersion`: its URIs in the client's form (those in
   * an `input_required` result's sampling requests too), `resultType` and the gateway's
   * `serverInfo` for a 2026 client (neither for an older one), and an `input_required` result's
   * `requestState` sealed to this server and method.
   * @throws NamingError (unknown_server; invalid_argument for a result that is not an object, an unknown resultType, input_required where the method cannot have it; invalid_config without a requestStateKey to seal with)
   */
  rewriteResponse<R extends object>(server: string, method: ForwardMethod, result: R, protocolVersion?: string | null): Rewritten<R> {
    string(server, 'server');
    string(method, 'method');
    // null is no revision said, as Python's None (and the case files' null) is.
    if (protocolVersion != null) string(protocolVersion, 'protocolVersion');
    const found = find(result, probe('response'));
    const d: ResultDecision = call(() => this.#core.decide_response(server, method, found, protocolVersion ?? undefined));
    return { result: apply(result, d.edits), inputRequired: d.inputRequired === true };
  }

  /**
   * What to do with a client's `subscriptions/listen` params (MCP 2026-07-28): the list changes
   * the gateway announces on the stream (`lists`), each subscribed URI's server and upstream
   * form (`uris`), and the upstream streams (or, on a 2025 upstream, `resources/subscribe`s) to
   * open (`upstreams`).
   * @throws NamingError (invalid_argument for a malformed filter, with its path; unknown_resource with suggestions; tool_disabled)
   */
  listen(params: McpObject): ListenDecision {
    return call(() => this.#core.decide_listen(find(params, probe('listen'))));
  }

  /**
   * The client's `notifications/subscriptions/acknowledged` filter for the listen `params`, once
   * the upstreams answered: `acks` holds each upstream's acknowledged filter (`[server, filter]`;
   * for a `resources/subscribe`, the URIs that succeeded). A URI no upstream acknowledged is
   * left out.
   * @throws NamingError as `listen`; invalid_argument for an ack that is not a filter
   */
  acknowledge(params: McpObject, acks: readonly (readonly [string, SubscriptionFilter])[]): SubscriptionFilter {
    if (!Array.isArray(acks)) throw invalidArgument(`acks must be an array of [server, filter], got ${describe(acks)}`, 'acks');
    const servers = acks.map((a, i) => string(Array.isArray(a) ? a[0] : undefined, `acks[${i}][0]`));
    const listen = probe('listen');
    const finds = acks.map((a) => find({ notifications: a[1] }, listen));
    return call(() => this.#core.acknowledge(find(params, listen), servers, finds));
  }

  /**
   * What to do with a notification `server` sent on a stream the gateway opened for the client's
   * listen stream `subscription` (its request id): `forward` it to that stream (a
   * `resources/updated` URI in the client's form, tagged with the subscription), or `relist`
   * that server's list; neither for an upstream's acknowledgement (collect it for `acknowledge`).
   * @throws NamingError (unknown_server; invalid_argument for a subscription id that is not a string or a number)
   */
  listened<N extends { method: string; params?: McpObject }>(server: string, notification: N, subscription: string | number): Relay<N> {
    string(server, 'server');
    const d: NotificationDecision = call(() => this.#core.decide_listened(server, find(notification, probe('notification')), subscription));
    switch (d.decision) {
      case 'relist':
        return { forward: null, relist: d.list };
      case 'acknowledged':
        return { forward: null, relist: null };
      default:
        return { forward: apply(notification, d.edits), relist: null };
    }
  }

  /**
   * The filter of the gateway's own `subscriptions/listen` to upstream `server` (MCP
   * 2026-07-28), for the list changes it announces, or null (a 2025 upstream's session says
   * them; or it announces none).
   * @throws NamingError unknown_server
   */
  controlListen(server: string): SubscriptionFilter | null {
    string(server, 'server');
    return call(() => this.#core.control_listen(server));
  }

  /**
   * The gateway's own `notifications/<list>/list_changed` for a client's listen stream
   * `subscription`: send it to the streams whose acknowledged filter asks for that list.
   */
  listenNotice(list: 'tools' | 'prompts' | 'resources', subscription: string | number): { method: string; params: McpObject } {
    return call(() => this.#core.listen_notice(string(list, 'list'), subscription));
  }

  /**
   * The JSON-RPC error code for a client of revision `protocolVersion`, for an upstream's error
   * `code`: -32002 (resource not found, before 2026-07-28) is -32602 for a 2026 client.
   */
  clientErrorCode(code: number, protocolVersion?: string): number {
    if (protocolVersion !== undefined) string(protocolVersion, 'protocolVersion');
    return core().client_error_code_for(code, protocolVersion);
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

  // ---- Code mode (issue 37): the core lists the catalog (servers, labels, exposed names and
  // tool parts); mcp-naming/codemode, once imported, projects it with its own .wasm.

  /**
   * Code mode over this router's enabled exposed tools: each server a namespace (named after its
   * prefix, for a registry name), each tool a function, with declarations from the objects the
   * router keeps. Needs `import 'mcp-naming/codemode'` (its own .wasm).
   * @throws NamingError invalid_argument (mcp-naming/codemode not imported, bad options)
   */
  codeMode(options?: CodeModeOptions): CodeMode {
    const catalog = this.#core.code_mode_catalog() as { tools: { name: string; tool?: unknown }[] }[];
    const objects = new Map<string, unknown>();
    const side = this.#sides.tools;
    for (const seg of side.visible()) for (const r of seg) objects.set(r.name, side.written(r));
    for (const s of catalog) for (const t of s.tools) t.tool = objects.get(t.name);
    return codeModePart().catalog(catalog, options) as CodeMode;
  }

  /**
   * The upstream call `namespace.identifier(args)` makes in `codeMode(options)`: mapCallTool of
   * the tool's exposed name, `{ server, params: { name, arguments }, header }`.
   * @throws NamingError unknown_server, unknown_tool (with suggestions), then as mapCallTool
   */
  mapCodeModeCall(namespace: string, identifier: string, args?: unknown, options?: CodeModeOptions): Mapped<{ name: string; arguments?: unknown }> {
    const name = codeModePart().resolve(this.#core.code_mode_catalog_json(), string(namespace, 'namespace'), string(identifier, 'identifier'), options);
    return this.mapCallTool(args === undefined ? { name } : { name, arguments: args });
  }

  // ---- End of code mode.

  /**
   * The name this router exposes for the tool `from` (another Router) exposes as `name`:
   * migrates permission files and eval sets.
   * @throws NamingError unknown_tool
   */
  migrateName(name: string, from: Router<{ name: string }, { name: string }, { uri: string }, { uriTemplate: string }>): string {
    string(name, 'name');
    if (!(from instanceof Router)) throw invalidArgument(`from must be a Router, got ${describe(from)}`, 'from');
    return call(() => this.#core.migrate(name, from.#core));
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
    const list = this.#sides.resources.lists[si!]!;
    const items = list.ups.includes(uri) ? list.items : [...list.items, { uri }];
    const exposed = this.exposeResources(server, items as McpObject[]).exposed;
    return exposed.find((r) => r.upstream === uri)?.uri ?? uri;
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

/**
 * The strings of an expose with texts: the names, then per tool what the ToolText probe found
 * (its description, pattern 0, then its parameters' names, pattern 1); and per tool
 * `[descriptionCount, parameterCount]`.
 */
function toolTexts(ups: readonly string[], list: readonly unknown[]): [string[], Uint32Array] {
  const strings = ups.slice();
  const counts = new Uint32Array(2 * list.length);
  const patterns = probe('toolText');
  for (let i = 0; i < list.length; i++) {
    for (const f of find(list[i], patterns)) {
      if (f.value.type !== 'string') continue;
      strings.push(f.value.value);
      counts[2 * i + (f.pattern === 0 ? 0 : 1)]!++;
    }
  }
  return [strings, counts];
}

/**
 * The configuration with a `requestStateKey` of the platform's randomness when it names none
 * (32 bytes from `crypto.getRandomValues`, URL-safe Base64), as the native `Gateway::new` does
 * with the operating system's: a gateway seals the upstreams' `requestState` with it. Where the
 * platform has no `crypto` the configuration goes as it is.
 */
function withStateKey(config: RouterConfig): RouterConfig {
  if (!isObject(config) || Object.hasOwn(config, 'requestStateKey')) return config;
  const random = globalThis.crypto?.getRandomValues;
  if (typeof random !== 'function') return config;
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  const requestStateKey = btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { ...config, requestStateKey };
}
