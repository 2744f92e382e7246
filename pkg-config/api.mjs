// The JavaScript face of mcp-naming: argument checks, decoding of compact reports, NamingError.
// Every decision is made in the Rust core; this file only converts and checks types.
// The build turns it into api.cjs for CommonJS (export keywords become module.exports).

let w = null;
let memory = null;
let input = new Uint8Array(0);
let output = new Uint32Array(0);
const encoder = new TextEncoder();

/** Installs the initialized wasm-bindgen exports (called once by the entry file). */
export default function setWasm(wasm) {
  w = wasm;
  memory = w.wasm_memory();
  grow(1024);
  // Every table comes from the core: conventions, providers, the parts of each convention, codes.
  const [conventionIds, providerIds, partNames, codes, styles] = w.tables();
  ROUTER_STYLES.push(...styles);
  Object.freeze(ROUTER_STYLES);
  CONVENTIONS.push(...conventionIds);
  PROVIDERS.push(...providerIds);
  Object.freeze(CONVENTIONS);
  Object.freeze(PROVIDERS);
  conventionIds.forEach((id, i) => CONVENTION_INDEX.set(id, i));
  providerIds.forEach((id, i) => PROVIDER_INDEX.set(id, i));
  PARTS = partNames;
  CODES = codes;
}

/** Makes the input buffer hold `bytes` and refreshes the views of wasm memory. */
function grow(bytes) {
  const at = w.input_buffer(bytes);
  input = new Uint8Array(memory.buffer, at, bytes);
  output = new Uint32Array(memory.buffer);
}

/**
 * Writes `text` as UTF-8 into the wasm input buffer and returns its length in bytes: the cheap
 * way across the boundary (no allocation, no call into wasm to make room).
 */
function put(text) {
  const n = text.length;
  if (input.buffer !== memory.buffer || n * 3 > input.length) grow(Math.max(1024, n * 3));
  if (n > 24) return encoder.encodeInto(text, input).written;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return encoder.encodeInto(text, input).written;
    input[i] = c;
  }
  return n;
}

/** The index in the u32 view of the output buffer at `ptr` (the view refreshed if memory grew). */
function out(ptr) {
  if (output.buffer !== memory.buffer) output = new Uint32Array(memory.buffer);
  return ptr >>> 2;
}

/** The convention ids and provider ids, filled from the core when the wasm is installed. */
export const CONVENTIONS = [];
export const PROVIDERS = [];
/** The router's named styles. */
export const ROUTER_STYLES = [];
const CONVENTION_INDEX = new Map();
const PROVIDER_INDEX = new Map();
const NONE = 0xffffffff;
const EMPTY = Object.freeze([]);
let CODES = null;
let PARTS = null;

export class NamingError extends Error {
  constructor(code, message, diagnostics = [], suggestions = [], server = undefined) {
    super(message);
    this.name = 'NamingError';
    this.code = code;
    this.diagnostics = diagnostics;
    this.suggestions = suggestions;
    // The backend server the error is about (tool_removed, tool_disabled), where there is one.
    if (server !== undefined) this.server = server;
  }

  /** The JSON-RPC error an MCP server answers with: -32602 for what the client asked wrong. */
  toJsonRpcError() {
    return {
      code: w.json_rpc_code(this.code),
      message: this.message,
      data: this.server === undefined
        ? { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics }
        : { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics, server: this.server },
    };
  }

  /** A tools/call result with isError, for gateways that let the model read and fix its call. */
  toCallToolResult() {
    return { isError: true, content: [{ type: 'text', text: w.call_tool_text(this.code, this.message, this.suggestions) }] };
  }
}

/** The Mcp-Name header value for a tool name, prompt name or URI (SEP-2243): =?base64?…?= when not header-safe. */
export function encodeMcpNameHeader(value) {
  string(value, 'value');
  return w.encode_mcp_name(value);
}

/** The name or URI an Mcp-Name header carries; throws NamingError invalid_header for a bad =?base64?…?= form. */
export function decodeMcpNameHeader(header) {
  string(header, 'header');
  return call(() => w.decode_mcp_name(header));
}

/** The type of a value as the core words it: "a string", "a number", "an array", "null", … */
function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean';
    case 'object': return 'an object';
    case 'function': return 'a function';
    default: return `a ${typeof value}`;
  }
}

/** An invalid_argument error whose one diagnostic names the path of the offending value. */
function invalidArgument(message, path) {
  const diagnostic = { code: 'invalid_argument', severity: 'error', message, start: 0, end: 0 };
  if (path !== undefined) diagnostic.path = path;
  return new NamingError('invalid_argument', message, [diagnostic]);
}

function string(value, what) {
  if (typeof value !== 'string') throw invalidArgument(`${what} must be a string, got ${describe(value)}`, what);
  return value;
}

function strings(value, what) {
  if (!Array.isArray(value)) throw invalidArgument(`${what} must be an array of strings, got ${describe(value)}`, what);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') throw invalidArgument(`${what}[${i}] must be a string, got ${describe(value[i])}`, `${what}[${i}]`);
  }
  return value;
}

function object(value, what) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(`${what} must be an object, got ${describe(value)}`, what);
  }
  return value;
}

/** Throws the core's unknown-key error for the first key of `value` outside `keys`. */
function onlyKeys(value, keys, what) {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) call(() => { throw w.unknown_key(key, keys, what); });
  }
  return value;
}

/** The index of `id` in `index`, or the invalid_argument error naming the id and the choices. */
function indexOf(index, ids, id, what) {
  const i = typeof id === 'string' ? index.get(id) : undefined;
  if (i !== undefined) return i;
  const named = typeof id === 'string' ? JSON.stringify(id.length > 40 ? id.slice(0, 40) + '…' : id) : `(${describe(id)})`;
  throw invalidArgument(`unknown ${what} ${named}: use one of ${ids.join(', ')}`, what);
}

const conventionIndex = (id) => indexOf(CONVENTION_INDEX, CONVENTIONS, id, 'convention');
const providerIndex = (id) => indexOf(PROVIDER_INDEX, PROVIDERS, id, 'provider');

/**
 * The options as a plain snapshot of the known fields, each read once here: the core then reads
 * values that cannot change under it (a getter, a Proxy, or a getter that calls back into this
 * package while a name sits in the input buffer).
 */
let OPTION_KEYS = null;
function options(value) {
  if (value === undefined || value === null) return undefined;
  object(value, 'options');
  if (OPTION_KEYS === null) OPTION_KEYS = w.option_keys();
  onlyKeys(value, OPTION_KEYS, 'options');
  const snapshot = {};
  for (const key of ['expectedNamespace', 'project']) {
    const v = value[key];
    if (v !== undefined) snapshot[key] = string(v, `options.${key}`);
  }
  for (const key of ['servers', 'builtins', 'actions']) {
    const v = value[key];
    if (v !== undefined) snapshot[key] = strings(v, `options.${key}`).slice();
  }
  return snapshot;
}

/** An options object (or nothing) whose keys are all in `keys`. */
function known(value, keys) {
  if (value === undefined || value === null) return {};
  return onlyKeys(object(value, 'options'), keys, 'options');
}

/** Runs a wasm call; an error object it throws becomes a NamingError. */
function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (e && typeof e === 'object' && typeof e.code === 'string' && !(e instanceof Error)) {
      throw new NamingError(e.code, e.message, e.diagnostics ?? [], e.suggestions ?? [], e.server);
    }
    throw e;
  }
}

function slice(name, r, at) {
  return r[at] === NONE ? null : name.slice(r[at], r[at + 1]);
}

/** Parts as the core names them; a lone `segments` part is a list of every span. */
function decodeParts(name, convention, r, at, count) {
  const names = PARTS[convention];
  if (names.length === 1 && names[0] === 'segments') {
    const segments = new Array(count);
    for (let i = 0; i < count; i++) segments[i] = slice(name, r, at + 2 * i);
    return { segments };
  }
  const parts = {};
  for (let i = 0; i < names.length; i++) parts[names[i]] = slice(name, r, at + 2 * i);
  return parts;
}

/** Decodes the compact report the core wrote to the output buffer (layout: src/js/mod.rs, validate_in). */
function report(name, convention, ptr) {
  let at = out(ptr) + 1;
  const r = output;
  const valid = r[at++] === 1;
  const spanCount = r[at++];
  const parts = spanCount > 0 ? decodeParts(name, convention, r, at, spanCount) : null;
  at += 2 * spanCount;
  const count = r[at++];
  const quads = at;
  at += 4 * count;
  const hasSuggestion = r[at++] === 1;
  const textCount = r[at++];
  let errors = EMPTY;
  let warnings = EMPTY;
  let suggestion = null;
  if (textCount > 0) {
    // Read every number before the next call into wasm, which may grow memory.
    const lengths = r.slice(at, at + textCount);
    const diags = r.slice(quads, quads + 4 * count);
    const text = w.take_text();
    const pieces = new Array(textCount);
    for (let i = 0, from = 0; i < textCount; i++) {
      pieces[i] = text.slice(from, from + lengths[i]);
      from += lengths[i];
    }
    errors = [];
    warnings = [];
    for (let i = 0; i < count; i++) {
      const warning = diags[4 * i + 1] === 1;
      const d = { code: CODES[diags[4 * i]], severity: warning ? 'warning' : 'error', message: pieces[i], start: diags[4 * i + 2], end: diags[4 * i + 3] };
      (warning ? warnings : errors).push(d);
    }
    if (hasSuggestion) suggestion = pieces[count];
  }
  return { valid, convention: CONVENTIONS[convention], errors, warnings, parts, suggestion };
}

/** Validates a tool name; never throws for a string name. */
export function validateToolName(name, convention, opts) {
  string(name, 'name');
  const c = conventionIndex(convention);
  const o = options(opts);
  const len = put(name);
  return report(name, c, call(() => w.validate_in(len, c, o)));
}

/** The verdict of validateToolName, without building a report. */
export function isValidToolName(name, convention, opts) {
  string(name, 'name');
  const c = conventionIndex(convention);
  if (opts === undefined) return w.is_valid_in(put(name), c);
  const o = options(opts);
  const len = put(name);
  return call(() => w.is_valid_in_with(len, c, o));
}

/** Verdicts for many names, crossing into wasm once. */
export function validateToolNames(names, convention, opts) {
  strings(names, 'names');
  const c = conventionIndex(convention);
  const o = options(opts);
  // Each name is encoded straight into the input buffer, its UTF-8 length noted: no join, and
  // the core splits by bytes.
  let units = 0;
  for (let i = 0; i < names.length; i++) units += names[i].length;
  if (input.buffer !== memory.buffer || units * 3 > input.length) grow(Math.max(1024, units * 3));
  const lengths = new Uint32Array(names.length);
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const n = name.length;
    let k = 0;
    if (n <= 32) {
      for (; k < n; k++) {
        const ch = name.charCodeAt(k);
        if (ch > 0x7f) break;
        input[at + k] = ch;
      }
    }
    const written = k === n ? n : encoder.encodeInto(name, input.subarray(at)).written;
    lengths[i] = written;
    at += written;
  }
  const bytes = call(() => w.is_valid_many_in(at, lengths, c, o));
  const out = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] === 1;
  return out;
}

/** Parses a tool name into its parts; throws a NamingError when it is invalid. */
export function parseToolName(name, convention, opts) {
  const r = validateToolName(name, convention, opts);
  if (r.valid) return r.parts;
  call(() => w.parse_error(name, CONVENTION_INDEX.get(convention), options(opts)));
  throw new NamingError('invalid_argument', 'the core found no error in an invalid name');
}

/** Formats parts into a tool name: the exact inverse of parseToolName. */
export function formatToolName(parts, convention, opts) {
  object(parts, 'parts');
  const c = conventionIndex(convention);
  onlyKeys(parts, PARTS[c], 'parts');
  const o = options(opts);
  return call(() => w.format_name(parts, c, o));
}

/** Converts a tool name from one convention to another, where that means something. */
export function convertToolName(name, from, to, opts) {
  string(name, 'name');
  const f = conventionIndex(from);
  const t = conventionIndex(to);
  const o = options(opts);
  return call(() => w.convert_name(name, f, t, o));
}

/** The conventions a name is valid in. */
export function detectConventions(name, opts) {
  string(name, 'name');
  const o = options(opts);
  const mask = call(() => w.detect_mask(name, o));
  return CONVENTIONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

let conventionList = null;
/** Every convention with its title, grammar and examples. */
export function conventions() {
  if (conventionList === null) {
    conventionList = w.conventions();
    for (const c of conventionList) {
      Object.freeze(c.examples.valid);
      Object.freeze(c.examples.invalid);
      Object.freeze(c.examples);
      Object.freeze(c);
    }
    Object.freeze(conventionList);
  }
  return conventionList;
}

/** Parses a Chora resource URI `namespace://type/id[?query]`. */
export function parseResourceUri(uri) {
  string(uri, 'uri');
  return call(() => w.parse_uri(uri));
}

/** Formats a resource URI, percent-encoding the query. */
export function formatResourceUri(parts) {
  onlyKeys(object(parts, 'parts'), ['namespace', 'type', 'id', 'query'], 'parts');
  if (parts.query !== undefined && parts.query !== null) {
    const q = object(parts.query, 'parts.query');
    for (const [k, v] of Object.entries(q)) {
      if (typeof v !== 'string') throw invalidArgument(`parts.query.${k} must be a string, got ${describe(v)}`);
    }
  }
  return call(() => w.format_uri(parts));
}

/** Validates a resource URI; never throws for a string. */
export function validateResourceUri(uri, opts) {
  string(uri, 'uri');
  return w.validate_uri(uri, options(opts)?.expectedNamespace);
}

/** The Chora namespace for a project slug. */
export function namespaceFromSlug(slug) {
  string(slug, 'slug');
  return call(() => w.namespace_from_slug(slug));
}

/** Which model providers accept a name as a tool name. */
export function checkProviders(name) {
  string(name, 'name');
  const mask = w.providers_mask(name);
  const out = {};
  for (let i = 0; i < PROVIDERS.length; i++) out[PROVIDERS[i]] = (mask & (1 << i)) !== 0;
  return out;
}

/** Fits a name to a provider: unchanged when it passes; otherwise sanitized, and hashed when too long or taken. */
export function fitToolName(name, provider, opts) {
  string(name, 'name');
  const p = providerIndex(provider);
  const o = known(opts, ['taken']);
  const taken = o.taken === undefined ? [] : strings(o.taken, 'options.taken');
  return call(() => w.fit_name(name, p, taken));
}

/** Fits many names to a provider, each avoiding the ones before it: the results are distinct. */
export function fitToolNames(names, provider) {
  strings(names, 'names');
  const p = providerIndex(provider);
  return call(() => w.fit_names(names, p));
}

/** The four layers of a Syntropy name (permission, registry, pool and upstream prefix, upstream tool). */
export function syntropyLayers(name, opts) {
  string(name, 'name');
  const o = options(opts);
  return call(() => w.syntropy_layers(name, o));
}

/** Checks a Syntropy tool-state file `{ enabled: [], disabled: [] }`. */
export function checkToolState(state, opts) {
  onlyKeys(object(state, 'state'), ['enabled', 'disabled'], 'state');
  const o = options(opts);
  return call(() => w.check_tool_state(state, o));
}

/** Whether a tool-state file enables a tool (disabled wins; an empty enabled list enables all). */
export function isToolEnabled(state, name) {
  onlyKeys(object(state, 'state'), ['enabled', 'disabled'], 'state');
  string(name, 'name');
  return call(() => w.tool_state_enables(state, name));
}

/** Checks the Syntropy entries of a Claude Code allow-list: an array, `{ allow }` or `{ permissions: { allow } }`. */
export function checkAllowList(settings, opts) {
  const o = options(opts);
  return call(() => w.check_allow(settings, o));
}

/** Whether a Claude Code permission rule (`mcp__server`, `mcp__server__*`, `mcp__server__tool`) covers a tool name. */
export function matchesPermission(rule, name) {
  string(rule, 'rule');
  string(name, 'name');
  return call(() => w.matches_permission(rule, name));
}

/** A server name as Claude Code writes it (characters outside [A-Za-z0-9_-] become "_"). */
export function normalizeServerName(server) {
  string(server, 'server');
  return w.normalize_server_name(server);
}

/**
 * A gateway's routing table. Names it has exposed (and built-ins, and aliases to them) are kept
 * in a JS Map, so routing them never enters wasm; other names are parsed, diagnosed and answered
 * with suggestions by the core.
 */
export class Router {
  #core;
  #hits = new Map();

  constructor(config) {
    object(config, 'config');
    this.#core = call(() => new w.WasmRouter(config));
    this.#refresh();
  }

  #refresh() {
    const hits = new Map();
    for (const [name, route] of this.#core.routes()) hits.set(name, Object.freeze(route));
    this.#hits = hits;
  }

  /** Exposes a server's tools (its whole tools/list), replacing what it exposed before. */
  expose(server, tools) {
    string(server, 'server');
    strings(tools, 'tools');
    const exposed = call(() => this.#core.expose(server, tools));
    this.#refresh();
    return exposed;
  }

  /** The backend and its own tool name for a name; throws NamingError (unknown_tool, tool_disabled). */
  route(name) {
    const hit = this.#hits.get(name);
    if (hit !== undefined) return hit;
    string(name, 'name');
    return call(() => this.#core.route(name));
  }

  /** As route, but null instead of an error. */
  tryRoute(name) {
    const hit = this.#hits.get(name);
    if (hit !== undefined) return hit;
    string(name, 'name');
    return this.#core.try_route(name);
  }

  /** Whether a name is enabled by the configuration (servers, enabled and disabled patterns). */
  isEnabled(name) {
    if (this.#hits.has(name)) return true;
    string(name, 'name');
    return this.#core.is_enabled(name);
  }

  /** The enabled exposed tools. */
  tools() {
    return this.#core.tools();
  }

  /** An MCP tools/list result with every name exposed and disabled tools dropped; all else untouched. */
  rewriteToolsList(server, result) {
    string(server, 'server');
    object(result, 'result');
    const out = call(() => this.#core.rewrite_tools_list(server, result));
    this.#refresh();
    return out;
  }

  /** Exposes a server's tools from its tools/list result (or tools array), replacing its table. */
  exposeTools(server, result, opts) {
    return this.#expose((skip) => this.#core.expose_tools(server, result, skip), server, result, opts, true);
  }

  /** Exposes a server's prompts from its prompts/list result (or prompts array). */
  exposePrompts(server, result, opts) {
    return this.#expose((skip) => this.#core.expose_prompts(server, result, skip), server, result, opts, false);
  }

  /** Exposes a server's resources from its resources/list result (or resources array). */
  exposeResources(server, result, opts) {
    return this.#expose((skip) => this.#core.expose_resources(server, result, skip), server, result, opts, false);
  }

  /** Exposes a server's resource templates from its resources/templates/list result. */
  exposeResourceTemplates(server, result, opts) {
    return this.#expose((skip) => this.#core.expose_resource_templates(server, result, skip), server, result, opts, false);
  }

  #expose(fn, server, result, opts, tools) {
    string(server, 'server');
    if (result === null || typeof result !== 'object') throw invalidArgument(`result must be an object or an array, got ${describe(result)}`);
    const o = known(opts, ['onInvalid']);
    const mode = o.onInvalid ?? 'throw';
    if (mode !== 'throw' && mode !== 'skip') throw invalidArgument(`options.onInvalid must be "throw" or "skip", got ${describe(mode)}`);
    const answer = call(() => fn(mode === 'skip'));
    if (tools) this.#refresh();
    return answer;
  }

  #list(kind, opts) {
    const o = known(opts, ['cursor', 'pageSize']);
    const cursor = o.cursor === undefined || o.cursor === null ? undefined : string(o.cursor, 'options.cursor');
    let size;
    if (o.pageSize !== undefined && o.pageSize !== null) {
      if (!Number.isInteger(o.pageSize) || o.pageSize < 1 || o.pageSize > 0xffffffff) {
        throw invalidArgument(`options.pageSize must be a whole number of at least 1, got ${describe(o.pageSize)}`);
      }
      size = o.pageSize;
    }
    return call(() => this.#core.list(kind, cursor, size));
  }

  /** The merged tools/list result: full tool objects under their exposed names, disabled ones left out. */
  listTools(opts) { return this.#list(0, opts); }

  /** The merged prompts/list result. */
  listPrompts(opts) { return this.#list(1, opts); }

  /** The merged resources/list result. */
  listResources(opts) { return this.#list(2, opts); }

  /** The merged resources/templates/list result. */
  listResourceTemplates(opts) { return this.#list(3, opts); }

  #map(kind, field, params, opts) {
    object(params, 'params');
    const name = params[field];
    if (typeof name !== 'string') throw invalidArgument(`params.${field} must be a string, got ${describe(name)}`);
    const o = known(opts, ['header']);
    const header = o.header === undefined || o.header === null ? undefined : string(o.header, 'options.header');
    const t = call(() => this.#core.target(kind, name, header));
    return { server: t.server, params: { ...params, [field]: t.upstream }, header: t.header };
  }

  /** The upstream tools/call params ({ server, params, header }), or a NamingError. */
  mapCallTool(params, opts) { return this.#map(0, 'name', params, opts); }

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

  /** A tools/call or resources/read result with every URI rewritten so the client can read it back through the gateway. */
  rewriteResult(server, result) {
    string(server, 'server');
    object(result, 'result');
    return call(() => this.#core.rewrite_result(server, result));
  }

  /** Exposes a backend's resource URI under the gateway's scheme. */
  exposeResource(server, uri) {
    string(server, 'server');
    string(uri, 'uri');
    return call(() => this.#core.expose_resource(server, uri));
  }

  /** The server and the backend's own URI for an exposed resource URI; throws unknown_resource. */
  routeResource(uri) {
    string(uri, 'uri');
    return call(() => this.#core.route_resource(uri));
  }
}

// ---- OpenProject's data conventions

function number(value, what) {
  if (typeof value !== 'number') throw invalidArgument(`${what} must be a number, got ${describe(value)}`);
  return value;
}

/** A duration as ISO 8601: "2h 30m" -> "PT2H30M", "90m" -> "PT1H30M", "PT2H" -> "PT2H". */
export function parseDuration(text) {
  string(text, 'text');
  return call(() => w.parse_duration(text));
}

/** An ISO 8601 duration as people write it: "PT2H30M" -> "2h 30m". */
export function formatDuration(iso) {
  string(iso, 'iso');
  return call(() => w.format_duration(iso));
}

/** The collection envelope: { items, offset, page_size, total, next_offset }. */
export function pageEnvelope(items, page) {
  if (!Array.isArray(items)) throw invalidArgument(`items must be an array, got ${describe(items)}`);
  const p = page === undefined || page === null ? {} : onlyKeys(object(page, 'page'), ['offset', 'pageSize', 'total'], 'page');
  const opt = (key) => (p[key] === undefined || p[key] === null ? undefined : number(p[key], `page.${key}`));
  const [offset, pageSize, total, next] = call(() => w.page(items.length, opt('offset'), opt('pageSize'), opt('total')));
  return { items, offset, page_size: pageSize, total, next_offset: next < 0 ? null : next };
}

/** The numeric id at the end of a HAL href, or null. */
export function idFromHref(href) {
  if (href === null || href === undefined) return null;
  string(href, 'href');
  return w.id_from_href(href) ?? null;
}

/** A HAL link for display; the undisclosed URN is { id: null, title: "Restricted", restricted: true }. */
export function linkValue(link) {
  object(link, 'link');
  if (link.href !== null && link.href !== undefined) string(link.href, 'link.href');
  if (link.title !== null && link.title !== undefined) string(link.title, 'link.title');
  return w.link_value(link.href ?? undefined, link.title ?? undefined);
}

/** "Error: [Category] - description." for an HTTP status, in OpenProject's taxonomy. */
export function errorMessage(status, details) {
  number(status, 'status');
  if (details !== undefined && details !== null) string(details, 'details');
  return call(() => w.error_message(status, details ?? undefined));
}

/** The candidate a name resolves to: identifier exact, then name exact, then name contains (case-insensitive). */
export function resolveByName(query, candidates) {
  string(query, 'query');
  if (!Array.isArray(candidates)) throw invalidArgument(`candidates must be an array, got ${describe(candidates)}`);
  const names = candidates.map((c, i) => string(object(c, `candidates[${i}]`).name, `candidates[${i}].name`));
  const identifiers = candidates.map((c, i) => (c.identifier === undefined || c.identifier === null ? null : string(c.identifier, `candidates[${i}].identifier`)));
  // Case folding is JavaScript's own (Unicode-aware), so the .wasm carries no case tables.
  const fold = (list) => list.map((s) => (s === null ? null : s.toLowerCase()));
  return candidates[call(() => w.resolve_by_name(query, query.toLowerCase(), names, identifiers, fold(names), fold(identifiers)))];
}

/** "customField16" -> "custom_field_16". */
export function customFieldName(key) {
  string(key, 'key');
  return call(() => w.custom_field_name(key));
}

/** Throws NamingError duplicate_tool_name when a tool name is registered twice. */
export function checkToolRegistry(names) {
  strings(names, 'names');
  call(() => w.check_tool_registry(names));
}

/** A real calendar date "YYYY-MM-DD" as { year, month, day }; throws invalid_date otherwise. */
export function parseDate(text) {
  string(text, 'text');
  return call(() => w.parse_date(text));
}

// ---- The tool registry

/** Field-by-field check of a language profile; never throws. */
export function validateLanguageProfile(profile) {
  return w.validate_language_profile(profile);
}

/** Field-by-field check of a tool descriptor (input/output schemas in the supported JSON Schema subset); never throws. */
export function validateToolDescriptor(descriptor) {
  return w.validate_tool_descriptor(descriptor);
}

/** The descriptors for a language: its own and the language-neutral (null) ones. */
export function toolsForLanguage(descriptors, language) {
  if (!Array.isArray(descriptors)) throw invalidArgument(`descriptors must be an array, got ${describe(descriptors)}`);
  string(language, 'language');
  return Array.from(call(() => w.tools_for_language(descriptors, language)), (i) => descriptors[i]);
}

/** Checks an execution request: metadata, input against the schema, dry run, scopes, workspace paths. */
export function checkExecuteRequest(descriptor, request, caller) {
  onlyKeys(object(caller, 'caller'), ['scopes', 'caller_id'], 'caller');
  const scopes = strings(caller.scopes ?? [], 'caller.scopes');
  return w.check_execute_request(descriptor, request, scopes);
}

/** A path normalized inside the workspace root, or NamingError path_outside_workspace / invalid_path. */
export function resolveWorkspacePath(root, path) {
  string(root, 'root');
  string(path, 'path');
  return call(() => w.resolve_workspace_path(root, path));
}
