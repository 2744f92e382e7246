// The Router's host half: it keeps the MCP objects (the upstream lists as given) and the table
// of routed names, so that hits never enter wasm; the core decides every name, route,
// collision, fit, suggestion and URI rewrite from names and URIs alone. No MCP object, schema
// or result text crosses into wasm: an expose sends the items' names, a result walk sends the
// URIs it finds, a miss sends the name.
import { describe, invalidArgument, string, strings, object, call } from './shared.mjs';

/** 0xFFFFFFFF in a placement: the name (or header) is the upstream name itself (else the next string). */
const SAME = 0xffffffff;
const ENABLED = 1;
const LISTED = 2;
const ROUTED = 4;
const SHOWN = ENABLED | LISTED;
const HIT = ENABLED | ROUTED;
const EMPTY = Object.freeze([]);
const NO_LIST = Object.freeze({ items: EMPTY, ups: EMPTY });

/** Deep equality of two MCP objects (JSON values, keys in order); past 64 levels, unequal. */
function same(a, b, depth = 0) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (depth > 64 || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i] || !same(a[ka[i]], b[kb[i]], depth + 1)) return false;
  }
  return true;
}

/** One kind's objects and names: tools, prompts, resources or resource templates. */
class Side {
  constructor(kind, key, field, servers, segments) {
    this.kind = kind;
    this.key = key;
    this.field = field;
    /** Per server: the items of its last list, and their upstream names. */
    this.lists = Array.from({ length: servers }, () => NO_LIST);
    /** Per segment: its records ({ name, server, index, upstream, item, flags, header }), in order. */
    this.segs = Array.from({ length: segments }, () => []);
    /** Per segment: its shown records, or null when they must be found again. */
    this.shown = new Array(segments).fill(null);
    /** Enabled routed records by name (a disabled one is a miss: the core words its error). */
    this.hits = new Map();
    /** Moved on whenever what a client sees changes (paging cursors name it). */
    this.gen = 0;
  }

  /** The shown records of every segment, found again where a change left them stale. */
  visible() {
    for (let s = 0; s < this.segs.length; s++) {
      if (this.shown[s] !== null) continue;
      const seg = this.segs[s];
      // Usually every record is shown: the segment itself serves, no copy.
      this.shown[s] = seg.every((r) => (r.flags & SHOWN) === SHOWN) ? seg : seg.filter((r) => (r.flags & SHOWN) === SHOWN);
    }
    return this.shown;
  }
}

/**
 * The Router class over a core: `deps` are the entry's glue (`core()`, the initialized
 * wasm-bindgen glue; `putNames(names)`, writing them to the input buffer; `output(ptr)`, the
 * output buffer's u32 view and index). Options objects are read by the core.
 */
export function makeRouter({ core, putNames, output }) {
  const KINDS = [['tools', 'name'], ['prompts', 'name'], ['resources', 'uri'], ['resourceTemplates', 'uriTemplate']];

  /**
   * A gateway's routing table. Exposed names are kept in a JS Map with the upstream objects, so
   * routing and mapping a hit never enters wasm; misses are answered by the core, with
   * suggestions.
   */
  return class Router {
    #core;
    #names;
    #index;
    #facts;
    #qp;
    #builtins;
    #sides;
    /** The tools' routed records (the hot lane's table). */
    #tools;
    #routes = new WeakMap();

    constructor(config) {
      this.#core = call(() => new (core().WasmRouter)(config));
      const facts = this.#core.facts();
      this.#facts = facts;
      this.#names = facts.servers.map((s) => s.name);
      this.#index = new Map(this.#names.map((n, i) => [n, i]));
      this.#qp = facts.qualifiedPrefix;
      this.#builtins = new Map(facts.builtins.filter(([, on]) => on).map(([b]) => [b, Object.freeze({ server: null, tool: b, builtin: true })]));
      const n = this.#names.length;
      this.#sides = KINDS.map(([key, field], kind) => new Side(kind, key, field, n, kind < 2 ? facts.segments : n));
      this.#tools = this.#sides[0].hits;
    }

    // ---- Exposing: the names go to the core; the objects stay here, re-keyed by its placement.

    #expose(kind, server, result, opts) {
      string(server, 'server');
      const side = this.#sides[kind];
      if (result === null || typeof result !== 'object') throw this.#shape(side.key, describe(result), null);
      const list = Array.isArray(result) ? result : result[side.key];
      if (!Array.isArray(list)) throw this.#shape(side.key, null, list === undefined ? null : describe(list));
      // Read before the names go to the input buffer (a getter cannot overwrite them).
      const skip = opts === undefined ? false : call(() => core().expose_skips(opts));
      return this.#exposeList(side, server, list, skip);
    }

    #shape(key, resultGot, memberGot) {
      return call(() => { throw core().list_shape_error(key, resultGot, memberGot); });
    }

    #exposeList(side, server, list, skip) {
      const field = side.field;
      const n = list.length;
      const ups = new Array(n);
      const badAt = [];
      const badGot = [];
      for (let i = 0; i < n; i++) {
        const item = list[i];
        let got;
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
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
      const [bytes, lengths] = putNames(ups);
      const ptr = call(() => this.#core.expose(side.kind, server, bytes, lengths, Uint32Array.from(badAt), badGot, skip));
      // The text first: taking it may grow wasm memory, which would detach an earlier view. It
      // is a JSON array of the names that are not the upstream names (JSON.parse makes flat
      // strings, which are fast Map keys; slices of one string are not).
      const text = JSON.parse(core().take_text());
      const [data, start] = output(ptr);
      const si = this.#index.get(server);
      return this.#apply(side, si, { items: list, ups }, data, start + 1, text);
    }

    /** Applies a placement the core wrote (layout: bindings/src/router.rs, write_placement). */
    #apply(side, si, newList, data, at, text) {
      const namesChanged = data[at++] === 1;
      const hasExtra = data[at++] === 1;
      side.lists[si] = newList;
      let t = 0;
      const before = [];
      const after = [];
      const segments = data[at++];
      for (let k = 0; k < segments; k++) {
        const slot = data[at++];
        const count = data[at++];
        const old = side.segs[slot];
        for (const r of old) if ((r.flags & SHOWN) === SHOWN) before.push(r);
        const recs = new Array(count);
        for (let j = 0; j < count; j++) {
          const server = data[at++];
          const index = data[at++];
          const flags = data[at++];
          const nameLength = data[at++];
          const headerLength = data[at++];
          const list = side.lists[server];
          const upstream = list.ups[index];
          const name = nameLength === SAME ? upstream : text[t++];
          const header = headerLength === SAME ? upstream : text[t++];
          const r = { name, server, index, upstream, item: list.items[index], flags, header };
          recs[j] = r;
          if ((flags & HIT) === HIT) side.hits.set(name, r);
          if ((flags & SHOWN) === SHOWN) after.push(r);
        }
        side.segs[slot] = recs;
        side.shown[slot] = null;
        // Old names no new record took leave the table (a name listed again was overwritten).
        for (const r of old) if ((r.flags & HIT) === HIT && side.hits.get(r.name) === r) side.hits.delete(r.name);
      }
      const renamed = data[at++];
      for (let k = 0; k < renamed; k++) {
        const slot = data[at++];
        const pos = data[at++];
        const enabled = data[at++] === 1;
        at++;
        const name = text[t++];
        const old = side.segs[slot][pos];
        if (side.hits.get(old.name) === old) side.hits.delete(old.name);
        const r = { ...old, name, flags: (old.flags & ~ENABLED) | (enabled ? ENABLED : 0) };
        side.segs[slot][pos] = r;
        if ((r.flags & HIT) === HIT) side.hits.set(name, r);
        side.shown[slot] = null;
      }
      // The core knows whether names changed; whether the objects did is known here.
      let changed = namesChanged;
      for (let i = 0; !changed && i < after.length; i++) {
        if (after[i].item !== before[i].item && !same(after[i].item, before[i].item)) changed = true;
      }
      if (changed) side.gen++;
      const extra = hasExtra ? this.#core.take_extra() : null;
      return {
        exposed: this.#exposed(side, si),
        skipped: extra?.skipped ?? [],
        changed,
        warnings: extra?.warnings ?? [],
      };
    }

    /** Server `si`'s listed items, in its list's order, as the answer of an expose. */
    #exposed(side, si) {
      // A peer style places every server's names in one segment, in the peer's order.
      const recs = side.segs[side.segs.length === 1 ? 0 : si].filter((r) => r.server === si && (r.flags & LISTED) !== 0);
      recs.sort((a, b) => a.index - b.index);
      const server = this.#names[si];
      return side.kind < 2
        ? recs.map((r) => ({ name: r.name, qualified: this.#qp + r.name, server, upstream: r.upstream, enabled: (r.flags & ENABLED) !== 0 }))
        : recs.map((r) => ({ uri: r.name, server, upstream: r.upstream }));
    }

    /** Exposes a server's tools (its whole tools/list, by name), replacing what it exposed before. */
    expose(server, tools) {
      string(server, 'server');
      strings(tools, 'tools');
      return this.#exposeList(this.#sides[0], server, tools.map((name) => ({ name })), false).exposed;
    }

    /** Exposes a server's tools from its tools/list result (or tools array), replacing its table. */
    exposeTools(server, result, opts) { return this.#expose(0, server, result, opts); }

    /** Exposes a server's prompts from its prompts/list result (or prompts array). */
    exposePrompts(server, result, opts) { return this.#expose(1, server, result, opts); }

    /** Exposes a server's resources from its resources/list result (or resources array). */
    exposeResources(server, result, opts) { return this.#expose(2, server, result, opts); }

    /** Exposes a server's resource templates from its resources/templates/list result. */
    exposeResourceTemplates(server, result, opts) { return this.#expose(3, server, result, opts); }

    /** An MCP tools/list result with every name exposed and disabled tools dropped; all else untouched. */
    rewriteToolsList(server, result) {
      string(server, 'server');
      object(result, 'result');
      this.#expose(0, server, result);
      const si = this.#index.get(server);
      const side = this.#sides[0];
      const byIndex = new Map();
      for (const seg of side.segs) for (const r of seg) if (r.server === si && (r.flags & SHOWN) === SHOWN) byIndex.set(r.index, r);
      const tools = [];
      for (let i = 0; i < side.lists[si].items.length; i++) {
        const r = byIndex.get(i);
        if (r !== undefined) tools.push({ ...r.item, name: r.name });
      }
      return { ...result, tools };
    }

    // ---- Lists: pages of the kept lists.

    #list(kind, opts) {
      const side = this.#sides[kind];
      const shown = side.visible();
      let total = 0;
      for (const s of shown) total += s.length;
      let start = 0;
      let end = total;
      let next = null;
      if (opts !== undefined && opts !== null) [start, end, next] = call(() => core().list_page(total, side.gen, opts));
      const items = new Array(end - start);
      const field = side.field;
      let k = 0;
      let skip = start;
      for (const s of shown) {
        if (k === items.length) break;
        if (skip >= s.length) {
          skip -= s.length;
          continue;
        }
        for (let i = skip; i < s.length && k < items.length; i++) {
          const r = s[i];
          items[k++] = field === 'name' ? { ...r.item, name: r.name } : { ...r.item, [field]: r.name };
        }
        skip = 0;
      }
      const page = { [side.key]: items };
      if (next !== null) page.nextCursor = next;
      return page;
    }

    /** The merged tools/list result: full tool objects under their exposed names, disabled ones left out. */
    listTools(opts) { return this.#list(0, opts); }

    /** The merged prompts/list result. */
    listPrompts(opts) { return this.#list(1, opts); }

    /** The merged resources/list result. */
    listResources(opts) { return this.#list(2, opts); }

    /** The merged resources/templates/list result. */
    listResourceTemplates(opts) { return this.#list(3, opts); }

    /** The enabled exposed tools. */
    tools() {
      const out = [];
      for (const s of this.#sides[0].visible()) {
        for (const r of s) out.push({ name: r.name, qualified: this.#qp + r.name, server: this.#names[r.server], upstream: r.upstream, enabled: true });
      }
      return out;
    }

    // ---- Routing: hits from the table here, everything else from the core.

    /** The record routed under `name` (or under it without the qualified prefix). */
    #hit(side, name) {
      let r = side.hits.get(name);
      if (r === undefined && this.#qp !== '' && typeof name === 'string' && name.startsWith(this.#qp)) r = side.hits.get(name.slice(this.#qp.length));
      return r;
    }

    /** A record's route, made once and frozen (kept beside the record, not in it: most
     * gateways map calls and never ask for routes). */
    #route(r) {
      let route = this.#routes.get(r);
      if (route === undefined) {
        const s = this.#facts.servers[r.server];
        route = { server: s.name, tool: r.upstream, builtin: false };
        if (s.pool !== undefined) route.pool = s.pool;
        if (s.upstreamPrefix !== undefined) route.upstreamPrefix = s.upstreamPrefix;
        this.#routes.set(r, Object.freeze(route));
      }
      return route;
    }

    #builtin(name) {
      if (typeof name !== 'string') return undefined;
      const bare = this.#qp !== '' && name.startsWith(this.#qp) ? name.slice(this.#qp.length) : name;
      return this.#sides[0].hits.has(name) ? undefined : this.#builtins.get(bare);
    }

    /** The route of an exposed name or an offered built-in, from the table here; else undefined. */
    #local(name) {
      const r = this.#hit(this.#sides[0], name);
      return r !== undefined ? this.#route(r) : this.#builtin(name);
    }

    /** The backend and its own tool name for a name; throws NamingError (unknown_tool, tool_disabled). */
    route(name) {
      return this.#local(name) ?? call(() => this.#core.route(string(name, 'name')));
    }

    /** As route, but null instead of an error. */
    tryRoute(name) {
      return this.#local(name) ?? this.#core.try_route(string(name, 'name'));
    }

    /** Whether a name is enabled by the configuration (servers, enabled and disabled patterns). */
    isEnabled(name) {
      if (this.#hit(this.#sides[0], name) !== undefined) return true;
      string(name, 'name');
      return this.#core.is_enabled(name);
    }

    #mapped(r, field, params) {
      return { server: this.#names[r.server], params: { ...params, [field]: r.upstream }, header: r.header };
    }

    #map(kind, field, params, opts) {
      object(params, 'params');
      const name = params[field];
      if (typeof name !== 'string') throw invalidArgument(`params.${field} must be a string, got ${describe(name)}`);
      // A hit without options is answered here; options (a header to check) go to the core.
      if (opts === undefined || opts === null) {
        const side = this.#sides[kind === 2 ? 2 : kind];
        const r = kind === 2 ? side.hits.get(name) : this.#hit(side, name);
        if (r !== undefined) return this.#mapped(r, field, params);
      }
      const t = call(() => this.#core.target(kind, name, opts));
      return { server: t.server, params: { ...params, [field]: t.upstream }, header: t.header };
    }

    /** The upstream tools/call params ({ server, params, header }), or a NamingError. */
    mapCallTool(params, opts) {
      // The hot lane: an exposed name, no header to check.
      if (opts === undefined && params !== null && typeof params === 'object') {
        const r = this.#tools.get(params.name);
        if (r !== undefined) return { server: this.#names[r.server], params: { ...params, name: r.upstream }, header: r.header };
      }
      return this.#map(0, 'name', params, opts);
    }

    /** The upstream prompts/get params ({ server, params, header }), or a NamingError. */
    mapGetPrompt(params, opts) { return this.#map(1, 'name', params, opts); }

    /** The upstream resources/read params ({ server, params, header }), or a NamingError. */
    mapReadResource(params, opts) { return this.#map(2, 'uri', params, opts); }

    /** The name this router exposes for the tool `from` (another Router) exposes as `name`: migrates permission files and eval sets. */
    migrateName(name, from) {
      string(name, 'name');
      if (!(from instanceof Router)) throw invalidArgument(`from must be a Router, got ${describe(from)}`, 'from');
      return call(() => this.#core.migrate(name, from.#core));
    }

    // ---- Results: walked here; only the URIs they carry go to the core.

    #uri(server, holder) {
      const uri = holder?.uri;
      if (typeof uri !== 'string') return holder;
      const exposed = this.#core.rewrite_uri(server, uri);
      return exposed === uri ? holder : { ...holder, uri: exposed };
    }

    /** A content block: a resource_link's URI, or an embedded resource's. */
    #block(server, block) {
      if (block === null || typeof block !== 'object') return block;
      const type = block.type;
      if (type === 'resource_link') return this.#uri(server, block);
      if (type === 'resource') {
        const inner = this.#uri(server, block.resource);
        return inner === block.resource ? block : { ...block, resource: inner };
      }
      return block;
    }

    /** A tools/call, resources/read or prompts/get result with every URI rewritten so the client can read it back through the gateway. */
    rewriteResult(server, result) {
      string(server, 'server');
      object(result, 'result');
      if (!this.#index.has(server)) call(() => this.#core.check_server(server));
      let out = result;
      const each = (key, fn) => {
        const list = result[key];
        if (!Array.isArray(list)) return;
        let copy = null;
        for (let i = 0; i < list.length; i++) {
          const next = fn(list[i]);
          if (next !== list[i]) (copy ??= list.slice())[i] = next;
        }
        if (copy !== null) {
          if (out === result) out = { ...result };
          out[key] = copy;
        }
      };
      each('content', (b) => this.#block(server, b));
      each('contents', (c) => (c !== null && typeof c === 'object' ? this.#uri(server, c) : c));
      each('messages', (m) => {
        if (m === null || typeof m !== 'object' || m.content === undefined) return m;
        const content = this.#block(server, m.content);
        return content === m.content ? m : { ...m, content };
      });
      return out;
    }

    // ---- Resources one at a time.

    /** Exposes a backend's resource URI under the gateway's scheme. */
    exposeResource(server, uri) {
      string(server, 'server');
      string(uri, 'uri');
      const exposed = call(() => this.#core.expose_resource(server, uri));
      const si = this.#index.get(server);
      const side = this.#sides[2];
      if (!side.segs[si].some((r) => r.name === exposed)) {
        const list = side.lists[si];
        const item = { uri };
        side.lists[si] = { items: [...list.items, item], ups: [...list.ups, uri] };
        const r = { name: exposed, server: si, index: list.items.length, upstream: uri, item, flags: ENABLED | LISTED | ROUTED, header: uri };
        side.segs[si] = [...side.segs[si], r];
        side.shown[si] = null;
        side.hits.set(exposed, r);
        side.gen++;
      }
      return exposed;
    }

    /** The server and the backend's own URI for an exposed resource URI; throws unknown_resource. */
    routeResource(uri) {
      string(uri, 'uri');
      const r = this.#sides[2].hits.get(uri);
      if (r !== undefined) return { server: this.#names[r.server], uri: r.upstream };
      return call(() => this.#core.route_resource(uri));
    }
  };
}

