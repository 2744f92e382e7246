// The JavaScript face of mcp-naming: argument checks, decoding of compact reports, NamingError.
// Every decision is made in the Rust core; this file only converts and checks types.
// The build turns it into api.cjs for CommonJS (export keywords become module.exports).

import * as glue from './glue-names.mjs';
import TABLES from './tables.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, strings, call } from './shared.mjs';
import { makeRouter } from './router.mjs';

export { NamingError };

/** The initialized glue, instantiated by the first call that needs the core (see install). */
let wasm = () => {
  throw new Error('mcp-naming: import the package by its name ("mcp-naming"), not this file');
};
let memory = null;
let input = new Uint8Array(0);
let output = new Uint32Array(0);
const encoder = new TextEncoder();

/**
 * Called once by the entry file with the .wasm (base64 text, or a compiled WebAssembly.Module
 * in workerd); nothing is compiled until a call needs the core.
 */
export default function install(source) {
  wasm = lazyCore(glue, source, (w) => {
    memory = w.wasm_memory();
    grow(1024);
  });
}

/** Makes the input buffer hold `bytes` and refreshes the views of wasm memory. */
function grow(bytes) {
  const at = wasm().input_buffer(bytes);
  input = new Uint8Array(memory.buffer, at, bytes);
  output = new Uint32Array(memory.buffer);
}

/**
 * Writes `text` as UTF-8 into the wasm input buffer and returns its length in bytes: the cheap
 * way across the boundary (no allocation, no call into wasm to make room).
 */
function put(text) {
  if (memory === null) wasm();
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
// Every table comes from the core, written into tables.mjs by the build: conventions, providers,
// the parts of each convention, codes, styles, option keys.
CONVENTIONS.push(...TABLES.conventions);
PROVIDERS.push(...TABLES.providers);
ROUTER_STYLES.push(...TABLES.styles);
Object.freeze(CONVENTIONS);
Object.freeze(PROVIDERS);
Object.freeze(ROUTER_STYLES);
CONVENTIONS.forEach((id, i) => CONVENTION_INDEX.set(id, i));
PROVIDERS.forEach((id, i) => PROVIDER_INDEX.set(id, i));
const NONE = 0xffffffff;
const EMPTY = Object.freeze([]);

// ---- Fast paths: verdicts that never cross into wasm.
// The core emits, per convention (default options), a regular expression matching exactly the
// ASCII names it finds valid, and one matching exactly the ASCII names it finds valid with no
// diagnostic at all, whose named groups are the parts; both for names up to the convention's
// maximum length, which is checked first (tables.mjs, written at build). A name with a character
// above 0x7F, or longer than the maximum, is invalid in every convention. Each regex is compiled
// on first use. tests/js/fast-paths.test.mjs holds them equal to the core.
const PATTERNS = CONVENTIONS.map((id) => TABLES.patterns?.[id] ?? null);
const MAX_LENGTH = PATTERNS.map((p) => p?.maxLength ?? 0);
const VALID_RE = CONVENTIONS.map(() => undefined);
const CLEAN_RE = CONVENTIONS.map(() => undefined);

function validRe(c) {
  let re = VALID_RE[c];
  if (re === undefined) re = VALID_RE[c] = PATTERNS[c]?.valid ? new RegExp(PATTERNS[c].valid) : null;
  return re;
}

function cleanRe(c) {
  let re = CLEAN_RE[c];
  if (re === undefined) re = CLEAN_RE[c] = PATTERNS[c]?.clean ? new RegExp(PATTERNS[c].clean) : null;
  return re;
}

/** The verdict of the patterns (default options), or undefined when the core must answer. */
function fastVerdict(name, c) {
  const re = validRe(c);
  if (re === null) return undefined;
  return name.length <= MAX_LENGTH[c] && re.test(name);
}

/**
 * Per convention: whether its clean pattern is one named group around the whole name (mcp's
 * `^(?<name>…)$`), so that a test() answers what exec() would, groups and all.
 */
const WHOLE = CONVENTIONS.map((_, c) => {
  const clean = PATTERNS[c]?.clean;
  const part = TABLES.parts[c];
  return typeof clean === 'string' && part.length === 1 && clean.startsWith(`^(?<${part[0]}>`) && clean.endsWith(')$')
    && !clean.slice(4 + part[0].length, -2).includes('(?<');
});
const WHOLE_MATCH = { groups: null };

/** The clean match of a name (default options), or null. */
function cleanMatch(name, c) {
  const re = cleanRe(c);
  if (re === null || name.length > MAX_LENGTH[c]) return null;
  if (WHOLE[c]) return re.test(name) ? WHOLE_MATCH : null;
  return re.exec(name);
}

/** The report of a name the clean regex matched: valid, no diagnostics, the parts from its groups. */
function cleanReport(name, c, m) {
  const names = PARTS[c];
  let parts;
  if (names.length === 1 && PATTERNS[c].split !== null) {
    parts = { [names[0]]: name.split(PATTERNS[c].split) };
  } else if (m === WHOLE_MATCH) {
    parts = { [names[0]]: name };
  } else {
    parts = {};
    for (let i = 0; i < names.length; i++) parts[names[i]] = m.groups[names[i]] ?? null;
  }
  return { valid: true, convention: CONVENTIONS[c], errors: EMPTY, warnings: EMPTY, parts, suggestion: null };
}
const CODES = TABLES.codes;
const PARTS = TABLES.parts;

/** The Mcp-Name header value for a tool name, prompt name or URI (SEP-2243): =?base64?…?= when not header-safe. */
export function encodeMcpNameHeader(value) {
  string(value, 'value');
  return wasm().encode_mcp_name(value);
}

/** The name or URI an Mcp-Name header carries; throws NamingError invalid_header for a bad =?base64?…?= form. */
export function decodeMcpNameHeader(header) {
  string(header, 'header');
  return call(() => wasm().decode_mcp_name(header));
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
 * Has the core read the options (every key and value is checked there) for the next call on the
 * input buffer: read before a name is written there, so that a getter of theirs that calls back
 * into this package cannot overwrite it. True when they differ from the defaults; the fast
 * paths answer otherwise.
 */
function readOptions(opts) {
  if (opts === undefined || opts === null) return false;
  return call(() => wasm().read_options(opts));
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
    const text = wasm().take_text();
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

/**
 * Validates a tool name; never throws for a string name. A clean name (valid, no diagnostic)
 * is answered by the fast-path patterns; any other crosses into the core once.
 */
export function validateToolName(name, convention, opts) {
  string(name, 'name');
  const c = conventionIndex(convention);
  const withOptions = readOptions(opts);
  if (!withOptions) {
    const m = cleanMatch(name, c);
    if (m !== null) return cleanReport(name, c, m);
  }
  const len = put(name);
  return report(name, c, call(() => wasm().validate_in(len, c, withOptions)));
}

/** The verdict of validateToolName, without building a report. */
export function isValidToolName(name, convention, opts) {
  // The hot lane, before the checks that word errors: a string, a known convention, no options.
  if (opts === undefined && typeof name === 'string') {
    const c = CONVENTION_INDEX.get(convention);
    const v = c === undefined ? undefined : fastVerdict(name, c);
    if (v !== undefined) return v;
  }
  string(name, 'name');
  const c = conventionIndex(convention);
  if (!readOptions(opts)) return fastVerdict(name, c) ?? wasm().is_valid_in(put(name), c);
  const len = put(name);
  return call(() => wasm().is_valid_in_with(len, c));
}

/** Verdicts for many names: by the fast-path patterns, or (with options) crossing into wasm once. */
export function validateToolNames(names, convention, opts) {
  strings(names, 'names');
  const c = conventionIndex(convention);
  const withOptions = readOptions(opts);
  const re = withOptions ? null : validRe(c);
  if (re === null) return coreVerdicts(names, c, withOptions);
  const max = MAX_LENGTH[c];
  const out = new Array(names.length);
  for (let i = 0; i < names.length; i++) out[i] = names[i].length <= max && re.test(names[i]);
  return out;
}

/** The core's verdicts for many names, crossing into wasm once. */
function coreVerdicts(names, c, withOptions) {
  // Each name is encoded straight into the input buffer, its UTF-8 length noted: no join, and
  // the core splits by bytes.
  const [at, lengths] = putNames(names);
  const bytes = call(() => wasm().is_valid_many_in(at, lengths, c, withOptions));
  const out = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] === 1;
  return out;
}

/** Parses a tool name into its parts; throws a NamingError when it is invalid. */
export function parseToolName(name, convention, opts) {
  const r = validateToolName(name, convention, opts);
  if (r.valid) return r.parts;
  call(() => wasm().parse_error(name, CONVENTION_INDEX.get(convention), opts));
  throw new NamingError('invalid_argument', 'the core found no error in an invalid name');
}

/** Formats parts into a tool name: the exact inverse of parseToolName. */
export function formatToolName(parts, convention, opts) {
  const c = conventionIndex(convention);
  return call(() => wasm().format_name(parts, c, opts));
}

/** Converts a tool name from one convention to another, where that means something. */
export function convertToolName(name, from, to, opts) {
  string(name, 'name');
  const f = conventionIndex(from);
  const t = conventionIndex(to);
  return call(() => wasm().convert_name(name, f, t, opts));
}

/** The conventions a name is valid in. */
export function detectConventions(name, opts) {
  string(name, 'name');
  const withOptions = readOptions(opts);
  if (!withOptions && PATTERNS.every((p) => p !== null)) {
    return CONVENTIONS.filter((_, i) => fastVerdict(name, i));
  }
  const mask = call(() => wasm().detect_mask(name, withOptions));
  return CONVENTIONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

let conventionList = null;
/** Every convention with its title, grammar and examples. */
export function conventions() {
  if (conventionList === null) {
    conventionList = wasm().conventions();
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
  return call(() => wasm().parse_uri(uri));
}

/** Formats a resource URI, percent-encoding the query. */
export function formatResourceUri(parts) {
  return call(() => wasm().format_uri(parts));
}

/** Validates a resource URI; never throws for a string. */
export function validateResourceUri(uri, opts) {
  string(uri, 'uri');
  return call(() => wasm().validate_uri(uri, opts));
}

/** The Chora namespace for a project slug. */
export function namespaceFromSlug(slug) {
  string(slug, 'slug');
  return call(() => wasm().namespace_from_slug(slug));
}

/** Which model providers accept a name as a tool name. */
export function checkProviders(name) {
  string(name, 'name');
  const mask = wasm().providers_mask(name);
  const out = {};
  for (let i = 0; i < PROVIDERS.length; i++) out[PROVIDERS[i]] = (mask & (1 << i)) !== 0;
  return out;
}

/** Fits a name to a provider: unchanged when it passes; otherwise sanitized, and hashed when too long or taken. */
export function fitToolName(name, provider, opts) {
  string(name, 'name');
  const p = providerIndex(provider);
  return call(() => wasm().fit_name(name, p, opts));
}

/** Fits many names to a provider, each avoiding the ones before it: the results are distinct. */
export function fitToolNames(names, provider) {
  strings(names, 'names');
  const p = providerIndex(provider);
  return call(() => wasm().fit_names(names, p));
}

/** The four layers of a Syntropy name (permission, registry, pool and upstream prefix, upstream tool). */
export function syntropyLayers(name, opts) {
  string(name, 'name');
  return call(() => wasm().syntropy_layers(name, opts));
}

/** Checks a Syntropy tool-state file `{ enabled: [], disabled: [] }`. */
export function checkToolState(state, opts) {
  return call(() => wasm().check_tool_state(state, opts));
}

/** Whether a tool-state file enables a tool (disabled wins; an empty enabled list enables all). */
export function isToolEnabled(state, name) {
  string(name, 'name');
  return call(() => wasm().tool_state_enables(state, name));
}

/** Checks the Syntropy entries of a Claude Code allow-list: an array, `{ allow }` or `{ permissions: { allow } }`. */
export function checkAllowList(settings, opts) {
  return call(() => wasm().check_allow(settings, opts));
}

/** Whether a Claude Code permission rule (`mcp__server`, `mcp__server__*`, `mcp__server__tool`) covers a tool name. */
export function matchesPermission(rule, name) {
  string(rule, 'rule');
  string(name, 'name');
  return call(() => wasm().matches_permission(rule, name));
}

/** A server name as Claude Code writes it (characters outside [A-Za-z0-9_-] become "_"). */
export function normalizeServerName(server) {
  string(server, 'server');
  return wasm().normalize_server_name(server);
}

/** Writes `names` into the input buffer, one after the other: their UTF-8 bytes and lengths. */
function putNames(names) {
  if (memory === null) wasm();
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
  return [at, lengths];
}

/** A gateway's routing table (pkg-config/router.mjs): the objects here, the decisions in the core. */
export const Router = makeRouter({
  core: () => wasm(),
  putNames,
  output: (ptr) => {
    const at = out(ptr);
    return [output, at];
  },
});

/** Client ids `clientView` takes (the core refuses any other with `invalid_argument`). */
export const CLIENTS = Object.freeze(['claude-code', 'codex', 'vscode', 'gemini-cli', 'cline', 'openai-agents']);

/**
 * The names `client` shows the model for the tools of the server the user named `server`:
 * `{ tools: [{ name, shown, diagnostics }], diagnostics }`, with `client_hashed`,
 * `client_collision`, `client_refused` and `client_tool_cap` where the client cuts, merges or
 * refuses names. `shown` is `null` for a tool the client does not list at all.
 */
export function clientView(client, server, tools) {
  string(client, 'client');
  string(server, 'server');
  strings(tools, 'tools');
  return call(() => wasm().client_view(client, server, tools));
}
