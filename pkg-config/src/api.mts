// The JavaScript face of mcp-naming: argument checks, decoding of compact reports, NamingError.
// Every decision is made in the Rust core; this file only converts and checks types. Options
// objects go to the core as they are: its reader names an unknown key or a wrong type by path.

import * as glue from './glue-names.mjs';
import TABLES from './tables.mjs';
import type { ConventionId, Provider } from './tables.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, strings, call } from './shared.mjs';
import type { Diagnostic, WasmSource } from './shared.mjs';
import { bindRouter } from './router.mjs';

export { NamingError };
export { Router } from './router.mjs';
export type { Code, Diagnostic, JsonRpcError } from './shared.mjs';
export type { ConventionId, Provider } from './tables.mjs';
export type {
  PeerId, PeerStyle, RouterStyle, RouterConfig, RouterPattern, ExposedTool, ExposedResource, Exposure,
  ExposeOptions, ListOptions, MapOptions, Mapped, Route, McpObject, McpTool, McpPrompt, McpResource,
  McpResourceTemplate, ListCache, ListPage, ToolResult, SearchHit, SearchOptions, Relay, CompletionReference,
  ToolOverride, ForwardMethod, Incoming, Header, Forwarded, Rewritten, UpstreamDecision, ListenDecision,
  SubscriptionFilter, UpstreamListen, ListenedUri, Era,
} from './router.mjs';

/** The parts of a name, by convention. */
export interface PartsMap {
  mcp: { name: string };
  chora: { namespace: string; tool: string };
  syntropy: { server: string | null; tool: string };
  claude: { server: string; tool: string };
  agent: { mcp: string | null; tool: string };
  openproject: { action: string; entity: string };
  registry: { segments: string[] };
}
export type Parts<C extends ConventionId = ConventionId> = PartsMap[C];

/** The verdict on a name: its errors and warnings, its parts when valid, a suggestion when one is clear. */
export interface Report<C extends ConventionId = ConventionId> {
  valid: boolean;
  convention: C;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  parts: PartsMap[C] | null;
  suggestion: string | null;
}

export interface Options {
  /** Chora: the namespace the name must have; also the server for conversions of names without one. */
  expectedNamespace?: string;
  /** Syntropy, Claude, agent: the known servers (matched longest first). */
  servers?: string[];
  /** Syntropy, agent: the gateway's own tools. */
  builtins?: string[];
  /** Chora: the project claiming the namespace (reserved namespaces warn for other projects). */
  project?: string;
  /** OpenProject: the known actions, replacing the default list. */
  actions?: string[];
}

export interface ConventionInfo {
  id: ConventionId;
  title: string;
  grammar: string;
  examples: { valid: readonly string[]; invalid: readonly string[] };
}

export interface ResourceUriParts {
  namespace: string;
  type: string;
  id: string;
  query: Record<string, string>;
}

export interface ResourceUriReport {
  valid: boolean;
  convention: 'chora';
  errors: Diagnostic[];
  warnings: Diagnostic[];
  parts: ResourceUriParts | null;
  suggestion: string | null;
}

export interface SyntropyLayers {
  permission: string;
  registry: string;
  server: string | null;
  pool: string | null;
  upstreamPrefix: string | null;
  upstreamTool: string;
  backendName: string;
}

/** A problem of one entry of a file: `path` names it (`enabled[1]`, `allow[0]`). */
export interface EntryDiagnostic extends Diagnostic {
  path: string;
  /** The entry as it should be written, where one is clear. */
  suggestion?: string;
}

export interface FileCheck {
  valid: boolean;
  errors: EntryDiagnostic[];
}

export interface ToolState {
  enabled?: string[];
  disabled?: string[];
}

type Glue = typeof glue;

/** The initialized glue, instantiated by the first call that needs the core (see install). */
let wasm: () => Glue = () => {
  throw new Error('mcp-naming: import the package by its name ("mcp-naming"), not this file');
};
let memory: WebAssembly.Memory | null = null;
let input = new Uint8Array(0);
let output = new Uint32Array(0);
const encoder = new TextEncoder();

/**
 * Called once by the entry file with the .wasm (base64 text, or a compiled WebAssembly.Module
 * in workerd); nothing is compiled until a call needs the core.
 * @internal
 */
export default function install(source: WasmSource): void {
  wasm = lazyCore(glue, source, (w) => {
    memory = w.wasm_memory();
    grow(1024);
  });
}

/** Makes the input buffer hold `bytes` and refreshes the views of wasm memory. */
function grow(bytes: number): void {
  const at = wasm().input_buffer(bytes);
  input = new Uint8Array(memory!.buffer, at, bytes);
  output = new Uint32Array(memory!.buffer);
}

/**
 * Writes `text` as UTF-8 into the wasm input buffer and returns its length in bytes: the cheap
 * way across the boundary (no allocation, no call into wasm to make room).
 */
function put(text: string): number {
  if (memory === null) wasm();
  const n = text.length;
  if (input.buffer !== memory!.buffer || n * 3 > input.length) grow(Math.max(1024, n * 3));
  if (n > 24) return encoder.encodeInto(text, input).written;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return encoder.encodeInto(text, input).written;
    input[i] = c;
  }
  return n;
}

/** The index in the u32 view of the output buffer at `ptr` (the view refreshed if memory grew). */
function out(ptr: number): number {
  if (output.buffer !== memory!.buffer) output = new Uint32Array(memory!.buffer);
  return ptr >>> 2;
}

/** The convention ids, from the core. */
export const CONVENTIONS: readonly ConventionId[] = Object.freeze([...TABLES.conventions]);
/** The provider ids, from the core. */
export const PROVIDERS: readonly Provider[] = Object.freeze([...TABLES.providers]);
/** The router's named styles ("syntropy", "claude", "agent", "chora") and peer styles ("openai-agents", "langchain", …). */
export const ROUTER_STYLES: readonly string[] = Object.freeze([...TABLES.styles]);
// Every table comes from the core, written into tables.mjs by the build: conventions, providers,
// the parts of each convention, codes, styles, option keys.
const CONVENTION_INDEX = new Map<unknown, number>(CONVENTIONS.map((id, i) => [id, i]));
const PROVIDER_INDEX = new Map<unknown, number>(PROVIDERS.map((id, i) => [id, i]));
const NONE = 0xffffffff;
/** The errors and warnings of a report that has none: one frozen empty array. */
const NONE_FOUND = Object.freeze([]) as unknown as Diagnostic[];

// ---- Fast paths: verdicts that never cross into wasm.
// The core emits, per convention (default options), a regular expression matching exactly the
// ASCII names it finds valid, and one matching exactly the ASCII names it finds valid with no
// diagnostic at all, whose named groups are the parts; both for names up to the convention's
// maximum length, which is checked first (tables.mjs, written at build). A name with a character
// above 0x7F, or longer than the maximum, is invalid in every convention. Each regex is compiled
// on first use. tests/js/fast-paths.test.mjs holds them equal to the core.
const PATTERNS = CONVENTIONS.map((id) => TABLES.patterns?.[id] ?? null);
const MAX_LENGTH = PATTERNS.map((p) => p?.maxLength ?? 0);
const VALID_RE: (RegExp | null | undefined)[] = CONVENTIONS.map(() => undefined);
const CLEAN_RE: (RegExp | null | undefined)[] = CONVENTIONS.map(() => undefined);
const CODES = TABLES.codes;
const PARTS = TABLES.parts;

function validRe(c: number): RegExp | null {
  let re = VALID_RE[c];
  if (re === undefined) re = VALID_RE[c] = PATTERNS[c]?.valid ? new RegExp(PATTERNS[c]!.valid!) : null;
  return re;
}

function cleanRe(c: number): RegExp | null {
  let re = CLEAN_RE[c];
  if (re === undefined) re = CLEAN_RE[c] = PATTERNS[c]?.clean ? new RegExp(PATTERNS[c]!.clean!) : null;
  return re;
}

/** The verdict of the patterns (default options), or undefined when the core must answer. */
function fastVerdict(name: string, c: number): boolean | undefined {
  const re = validRe(c);
  if (re === null) return undefined;
  return name.length <= MAX_LENGTH[c]! && re.test(name);
}

/**
 * Per convention: whether its clean pattern is one named group around the whole name (mcp's
 * `^(?<name>…)$`), so that a test() answers what exec() would, groups and all.
 */
const WHOLE = CONVENTIONS.map((_, c) => {
  const clean = PATTERNS[c]?.clean;
  const part = PARTS[c]!;
  return typeof clean === 'string' && part.length === 1 && clean.startsWith(`^(?<${part[0]}>`) && clean.endsWith(')$')
    && !clean.slice(4 + part[0]!.length, -2).includes('(?<');
});
const WHOLE_MATCH = { groups: null };
type CleanMatch = typeof WHOLE_MATCH | RegExpExecArray;

/** The clean match of a name (default options), or null. */
function cleanMatch(name: string, c: number): CleanMatch | null {
  const re = cleanRe(c);
  if (re === null || name.length > MAX_LENGTH[c]!) return null;
  if (WHOLE[c]) return re.test(name) ? WHOLE_MATCH : null;
  return re.exec(name);
}

/** The report of a name the clean regex matched: valid, no diagnostics, the parts from its groups. */
function cleanReport(name: string, c: number, m: CleanMatch): Report {
  const names = PARTS[c]!;
  let parts: Record<string, unknown>;
  if (names.length === 1 && PATTERNS[c]!.split !== null) {
    parts = { [names[0]!]: name.split(PATTERNS[c]!.split!) };
  } else if (m === WHOLE_MATCH) {
    parts = { [names[0]!]: name };
  } else {
    parts = {};
    for (let i = 0; i < names.length; i++) parts[names[i]!] = m.groups?.[names[i]!] ?? null;
  }
  return { valid: true, convention: CONVENTIONS[c]!, errors: NONE_FOUND, warnings: NONE_FOUND, parts: parts as Parts, suggestion: null };
}

/** The Mcp-Name header value for a tool name, prompt name or URI (SEP-2243): the value itself when header-safe, else `=?base64?…?=`. */
export function encodeMcpNameHeader(value: string): string {
  string(value, 'value');
  return wasm().encode_mcp_name(value);
}

/**
 * The name or URI an Mcp-Name header carries.
 * @throws NamingError invalid_header for a bad `=?base64?…?=` form.
 */
export function decodeMcpNameHeader(header: string): string {
  string(header, 'header');
  return call(() => wasm().decode_mcp_name(header));
}

/** The index of `id` in `index`, or the invalid_argument error naming the id and the choices. */
function indexOf(index: Map<unknown, number>, ids: readonly string[], id: unknown, what: string): number {
  const i = typeof id === 'string' ? index.get(id) : undefined;
  if (i !== undefined) return i;
  const named = typeof id === 'string' ? JSON.stringify(id.length > 40 ? id.slice(0, 40) + '…' : id) : `(${describe(id)})`;
  throw invalidArgument(`unknown ${what} ${named}: use one of ${ids.join(', ')}`, what);
}

const conventionIndex = (id: unknown): number => indexOf(CONVENTION_INDEX, CONVENTIONS, id, 'convention');
const providerIndex = (id: unknown): number => indexOf(PROVIDER_INDEX, PROVIDERS, id, 'provider');

/**
 * Has the core read the options (every key and value is checked there) for the next call on the
 * input buffer: read before a name is written there, so that a getter of theirs that calls back
 * into this package cannot overwrite it. True when they differ from the defaults; the fast
 * paths answer otherwise.
 */
function readOptions(opts: unknown): boolean {
  if (opts === undefined || opts === null) return false;
  return call(() => wasm().read_options(opts));
}

function slice(name: string, r: Uint32Array, at: number): string | null {
  return r[at] === NONE ? null : name.slice(r[at], r[at + 1]);
}

/** Parts as the core names them; a lone `segments` part is a list of every span. */
function decodeParts(name: string, convention: number, r: Uint32Array, at: number, count: number): Parts {
  const names = PARTS[convention]!;
  if (names.length === 1 && names[0] === 'segments') {
    const segments = new Array<string | null>(count);
    for (let i = 0; i < count; i++) segments[i] = slice(name, r, at + 2 * i);
    return { segments } as Parts;
  }
  const parts: Record<string, string | null> = {};
  for (let i = 0; i < names.length; i++) parts[names[i]!] = slice(name, r, at + 2 * i);
  return parts as Parts;
}

/** Decodes the compact report the core wrote to the output buffer (layout: bindings/src/lib.rs, validate_in). */
function report(name: string, convention: number, ptr: number): Report {
  let at = out(ptr) + 1;
  const r = output;
  const valid = r[at++] === 1;
  const spanCount = r[at++]!;
  const parts = spanCount > 0 ? decodeParts(name, convention, r, at, spanCount) : null;
  at += 2 * spanCount;
  const count = r[at++]!;
  const quads = at;
  at += 4 * count;
  const hasSuggestion = r[at++] === 1;
  const textCount = r[at++]!;
  let errors = NONE_FOUND;
  let warnings = NONE_FOUND;
  let suggestion: string | null = null;
  if (textCount > 0) {
    // Read every number before the next call into wasm, which may grow memory.
    const lengths = r.slice(at, at + textCount);
    const diags = r.slice(quads, quads + 4 * count);
    const text = wasm().take_text();
    const pieces = new Array<string>(textCount);
    for (let i = 0, from = 0; i < textCount; i++) {
      pieces[i] = text.slice(from, from + lengths[i]!);
      from += lengths[i]!;
    }
    errors = [];
    warnings = [];
    for (let i = 0; i < count; i++) {
      const warning = diags[4 * i + 1] === 1;
      const d: Diagnostic = { code: CODES[diags[4 * i]!]!, severity: warning ? 'warning' : 'error', message: pieces[i]!, start: diags[4 * i + 2]!, end: diags[4 * i + 3]! };
      (warning ? warnings : errors).push(d);
    }
    if (hasSuggestion) suggestion = pieces[count]!;
  }
  return { valid, convention: CONVENTIONS[convention]!, errors, warnings, parts, suggestion };
}

/**
 * Validates a tool name; never throws for a string name. A clean name (valid, no diagnostic)
 * is answered by the fast-path patterns; any other crosses into the core once.
 */
export function validateToolName<C extends ConventionId>(name: string, convention: C, options?: Options): Report<C> {
  string(name, 'name');
  const c = conventionIndex(convention);
  const withOptions = readOptions(options);
  if (!withOptions) {
    const m = cleanMatch(name, c);
    if (m !== null) return cleanReport(name, c, m) as Report<C>;
  }
  const len = put(name);
  return report(name, c, call(() => wasm().validate_in(len, c, withOptions))) as Report<C>;
}

/** One convention's verdict on a name in `explainName`, with how far the name is from valid. */
export type Explanation = Report & {
  /** 0 for a valid name; else the edit distance to the report's suggestion (how near a miss it is). */
  distance: number;
};

/**
 * Every convention's verdict on a name, the valid ones first, then the near misses by distance
 * (each with its suggestion): what a playground or a linter shows a user who does not know
 * which convention a name was meant for.
 */
export function explainName(name: string, options?: Options): Explanation[] {
  string(name, 'name');
  return call(() => wasm().explain_name(name, options));
}

/** The verdict of validateToolName, without building a report (nothing allocated). */
export function isValidToolName(name: string, convention: ConventionId, options?: Options): boolean {
  // The hot lane, before the checks that word errors: a string, a known convention, no options.
  if (options === undefined && typeof name === 'string') {
    const c = CONVENTION_INDEX.get(convention);
    const v = c === undefined ? undefined : fastVerdict(name, c);
    if (v !== undefined) return v;
  }
  string(name, 'name');
  const c = conventionIndex(convention);
  if (!readOptions(options)) return fastVerdict(name, c) ?? wasm().is_valid_in(put(name), c);
  const len = put(name);
  return call(() => wasm().is_valid_in_with(len, c));
}

/** Verdicts for many names: by the fast-path patterns, or (with options) crossing into wasm once. */
export function validateToolNames(names: readonly string[], convention: ConventionId, options?: Options): boolean[] {
  strings(names, 'names');
  const c = conventionIndex(convention);
  const withOptions = readOptions(options);
  const re = withOptions ? null : validRe(c);
  if (re === null) return coreVerdicts(names, c, withOptions);
  const max = MAX_LENGTH[c]!;
  const verdicts = new Array<boolean>(names.length);
  for (let i = 0; i < names.length; i++) verdicts[i] = names[i]!.length <= max && re.test(names[i]!);
  return verdicts;
}

/** The core's verdicts for many names, crossing into wasm once. */
function coreVerdicts(names: readonly string[], c: number, withOptions: boolean): boolean[] {
  // Each name is encoded straight into the input buffer, its UTF-8 length noted: no join, and
  // the core splits by bytes.
  const [at, lengths] = putNames(names);
  const bytes = call(() => wasm().is_valid_many_in(at, lengths, c, withOptions));
  const verdicts = new Array<boolean>(bytes.length);
  for (let i = 0; i < bytes.length; i++) verdicts[i] = bytes[i] === 1;
  return verdicts;
}

/**
 * Parses a tool name into its parts.
 * @throws NamingError when it is invalid (the code of its first error).
 */
export function parseToolName<C extends ConventionId>(name: string, convention: C, options?: Options): PartsMap[C] {
  const r = validateToolName(name, convention, options);
  if (r.valid) return r.parts!;
  call(() => wasm().parse_error(name, CONVENTION_INDEX.get(convention)!, options));
  throw new NamingError('invalid_argument', 'the core found no error in an invalid name');
}

/**
 * Formats parts into a tool name: the exact inverse of parseToolName.
 * @throws NamingError
 */
export function formatToolName<C extends ConventionId>(parts: PartsMap[C], convention: C, options?: Options): string {
  const c = conventionIndex(convention);
  return call(() => wasm().format_name(parts, c, options));
}

/**
 * Converts a tool name from one convention to another, where that means something.
 * @throws NamingError
 */
export function convertToolName(name: string, from: ConventionId, to: ConventionId, options?: Options): string {
  string(name, 'name');
  const f = conventionIndex(from);
  const t = conventionIndex(to);
  return call(() => wasm().convert_name(name, f, t, options));
}

/** The conventions a name is valid in. */
export function detectConventions(name: string, options?: Options): ConventionId[] {
  string(name, 'name');
  const withOptions = readOptions(options);
  if (!withOptions && PATTERNS.every((p) => p !== null)) {
    return CONVENTIONS.filter((_, i) => fastVerdict(name, i));
  }
  const mask = call(() => wasm().detect_mask(name, withOptions));
  return CONVENTIONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

let conventionList: readonly ConventionInfo[] | null = null;
/** Every convention with its title, grammar and examples. */
export function conventions(): readonly ConventionInfo[] {
  if (conventionList === null) {
    const list: ConventionInfo[] = wasm().conventions();
    for (const c of list) {
      Object.freeze(c.examples.valid);
      Object.freeze(c.examples.invalid);
      Object.freeze(c.examples);
      Object.freeze(c);
    }
    conventionList = Object.freeze(list);
  }
  return conventionList;
}

/**
 * Parses a Chora resource URI `namespace://type/id[?query]`.
 * @throws NamingError
 */
export function parseResourceUri(uri: string): ResourceUriParts {
  string(uri, 'uri');
  return call(() => wasm().parse_uri(uri));
}

/**
 * Formats a resource URI, percent-encoding the query.
 * @throws NamingError
 */
export function formatResourceUri(parts: { namespace: string; type: string; id: string; query?: Record<string, string> }): string {
  return call(() => wasm().format_uri(parts));
}

/** Validates a resource URI; never throws for a string. */
export function validateResourceUri(uri: string, options?: { expectedNamespace?: string }): ResourceUriReport {
  string(uri, 'uri');
  return call(() => wasm().validate_uri(uri, options));
}

/**
 * The Chora namespace for a project slug.
 * @throws NamingError
 */
export function namespaceFromSlug(slug: string): string {
  string(slug, 'slug');
  return call(() => wasm().namespace_from_slug(slug));
}

/** Which model providers accept a name as a tool name. */
export function checkProviders(name: string): Record<Provider, boolean> {
  string(name, 'name');
  const mask = wasm().providers_mask(name);
  const verdicts = {} as Record<Provider, boolean>;
  for (let i = 0; i < PROVIDERS.length; i++) verdicts[PROVIDERS[i]!] = (mask & (1 << i)) !== 0;
  return verdicts;
}

/** Fits a name to a provider: unchanged when it passes; otherwise sanitized, and hashed when too long or taken. */
export function fitToolName(name: string, provider: Provider, options?: { taken?: readonly string[] }): string {
  string(name, 'name');
  const p = providerIndex(provider);
  return call(() => wasm().fit_name(name, p, options));
}

/** Fits many names to a provider, each avoiding the ones before it: the results are distinct. */
export function fitToolNames(names: readonly string[], provider: Provider): string[] {
  strings(names, 'names');
  const p = providerIndex(provider);
  return call(() => wasm().fit_names(names as string[], p));
}

/**
 * The four layers of a Syntropy name (permission, registry, pool and upstream prefix, upstream tool).
 * @throws NamingError
 */
export function syntropyLayers(name: string, options?: Options): SyntropyLayers {
  string(name, 'name');
  return call(() => wasm().syntropy_layers(name, options));
}

/** Checks a Syntropy tool-state file `{ enabled: [], disabled: [] }`. */
export function checkToolState(state: ToolState, options?: Options): FileCheck {
  return call(() => wasm().check_tool_state(state, options));
}

/** Whether a tool-state file enables a tool (disabled wins; an empty enabled list enables all). */
export function isToolEnabled(state: ToolState, name: string): boolean {
  string(name, 'name');
  return call(() => wasm().tool_state_enables(state, name));
}

/** Checks the Syntropy entries of a Claude Code allow-list: an array, `{ allow }` or `{ permissions: { allow } }`. */
export function checkAllowList(
  settings: readonly string[] | { allow?: string[]; permissions?: { allow?: string[] } },
  options?: Options,
): FileCheck {
  return call(() => wasm().check_allow(settings, options));
}

/**
 * Whether a Claude Code permission rule (`mcp__server`, `mcp__server__*`, `mcp__server__tool`) covers a tool name.
 * @throws NamingError
 */
export function matchesPermission(rule: string, name: string): boolean {
  string(rule, 'rule');
  string(name, 'name');
  return call(() => wasm().matches_permission(rule, name));
}

/** A server name as Claude Code writes it (characters outside [A-Za-z0-9_-] become "_"). */
export function normalizeServerName(server: string): string {
  string(server, 'server');
  return wasm().normalize_server_name(server);
}

/** Writes `names` into the input buffer, one after the other: their UTF-8 bytes and lengths. */
function putNames(names: readonly string[]): [number, Uint32Array] {
  if (memory === null) wasm();
  let units = 0;
  for (let i = 0; i < names.length; i++) units += names[i]!.length;
  if (input.buffer !== memory!.buffer || units * 3 > input.length) grow(Math.max(1024, units * 3));
  const lengths = new Uint32Array(names.length);
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
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

// A gateway's routing table (router.mts): the objects there, the decisions in the core.
bindRouter({
  core: () => wasm(),
  putNames,
  output: (ptr) => {
    const at = out(ptr);
    return [output, at];
  },
});

/** An MCP client whose naming `clientView` reproduces. */
export type Client = 'claude-code' | 'codex' | 'vscode' | 'gemini-cli' | 'cline' | 'openai-agents';

/** Client ids `clientView` takes (the core refuses any other with `invalid_argument`). */
export const CLIENTS: readonly Client[] = Object.freeze(['claude-code', 'codex', 'vscode', 'gemini-cli', 'cline', 'openai-agents'] as const);

/** One exposed tool as a client shows it; `shown` is null when the client lists no tool for it. */
export interface ClientShownTool {
  name: string;
  shown: string | null;
  diagnostics: Diagnostic[];
}

export interface ClientView {
  tools: ClientShownTool[];
  /** `client_tool_cap`, or `client_refused` for the server as a whole. */
  diagnostics: Diagnostic[];
}

/**
 * The names `client` shows the model for the tools of the server the user named `server` (for
 * `vscode`: the server's announced title or name, else its label): `{ tools: [{ name, shown,
 * diagnostics }], diagnostics }`, with `client_hashed`, `client_collision`, `client_refused` and
 * `client_tool_cap` where the client cuts, merges or refuses names. `shown` is `null` for a tool
 * the client does not list at all.
 * @throws NamingError `invalid_argument` for an unknown client or arguments of the wrong type.
 */
export function clientView(client: Client, server: string, tools: readonly string[]): ClientView {
  string(client, 'client');
  string(server, 'server');
  strings(tools, 'tools');
  return call(() => wasm().client_view(client, server, tools as string[]));
}
