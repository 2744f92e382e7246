// mcp-naming/codemode: tools as code for agents (code mode) and the MCP Registry's server names,
// with their own .wasm, loaded only by those who import this entry. Every decision is made in the
// Rust core; this file only converts and checks types.
import * as glue from './glue-codemode.mjs';
import { NamingError, lazyCore, invalidArgument, string, strings, call } from './shared.mjs';
import type { Diagnostic, WasmSource } from './shared.mjs';
import { registerCodeMode } from './codemode-part.mjs';
import type { CodeMode, CodeModeOptions } from './codemode-part.mjs';

export { NamingError };
export type { Code, Diagnostic } from './shared.mjs';
export type {
  CodeMode,
  CodeModeDiagnostic,
  CodeModeFile,
  CodeModeFunction,
  CodeModeLanguage,
  CodeModeLayout,
  CodeModeNamespace,
  CodeModeOptions,
  CodeModeView,
} from './codemode-part.mjs';

/** A tool object as tools/list gives it (code mode reads name, description, inputSchema, outputSchema). */
export interface CodeModeTool {
  name: string;
  description?: string;
  inputSchema?: object;
  outputSchema?: object;
  [key: string]: unknown;
}

/** One server's tools: its tool objects, or its tools/list result. */
export interface ServerTools {
  server: string;
  tools: readonly CodeModeTool[] | { tools: readonly CodeModeTool[] };
}

/** `validateServerName`'s answer, as `validateToolName` answers. */
export interface ServerNameReport {
  valid: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  parts: { namespace: string; name: string } | null;
  suggestion: string | null;
}

/** `checkMcpNameMarker`'s answer. */
export interface McpNameMarkerCheck {
  valid: boolean;
  /** missing_mcp_name, or mcp_name_mismatch per other name declared (spans into the README). */
  errors: Diagnostic[];
  /** The names the README's `mcp-name:` markers declare. */
  declared: string[];
}

let wasm: () => typeof glue = () => {
  throw new Error('mcp-naming: import mcp-naming/codemode by its name, not this file');
};

/**
 * Called once by the entry file with the .wasm (base64 text, or a WebAssembly.Module in workerd).
 * @internal
 */
export default function install(source: WasmSource): void {
  wasm = lazyCore(glue, source);
  registerCodeMode({
    catalog: (catalog, options) => call(() => wasm().code_mode_catalog(catalog, options)),
    resolve: (catalogJson, namespace, identifier, options) => {
      const [catalog, index] = indexOf(catalogJson, options);
      // A miss enters the core, for its unknown_server or unknown_tool with suggestions.
      return index.get(`${namespace}\0${identifier}`)
        ?? call(() => wasm().code_mode_catalog_resolve(catalog, namespace, identifier, options));
    },
  });
}

/**
 * A router's calls mapped back without entering the .wasm each time: `namespace\0identifier` →
 * exposed name, the first listing of an identifier winning (as the core resolves), for the last
 * few catalogs (as JSON text, one string from the router's core) and options seen: a router's
 * catalog changes only when it exposes again.
 */
const indexes = new Map<string, [unknown, Map<string, string>]>();

function indexOf(catalogJson: string, options: unknown): [unknown, Map<string, string>] {
  const key = `${JSON.stringify(options ?? null)}\0${catalogJson}`;
  let entry = indexes.get(key);
  if (entry === undefined) {
    const catalog = JSON.parse(catalogJson) as { tools: { name: string }[] }[];
    const ids = call(() => wasm().code_mode_catalog_identifiers(catalog, options)) as [string, string[]][];
    const index = new Map<string, string>();
    ids.forEach(([namespace, tools], si) => tools.forEach((identifier, ti) => {
      const at = `${namespace}\0${identifier}`;
      if (!index.has(at)) index.set(at, catalog[si]!.tools[ti]!.name);
    }));
    if (indexes.size >= 8) indexes.delete(indexes.keys().next().value!);
    entry = [catalog, index];
    indexes.set(key, entry);
  }
  return entry;
}

/**
 * Tools as code: every server a namespace and every tool a function of `options.language`, named
 * by `options.view`, with declarations (and with layout "files" one file per tool).
 * @throws NamingError invalid_argument (a malformed input, two servers of one name, a peer view without such a language or layout)
 */
export function codeMode(servers: readonly ServerTools[], options?: CodeModeOptions): CodeMode {
  if (!Array.isArray(servers)) throw invalidArgument('servers must be an array of { server, tools }', 'servers');
  return call(() => wasm().code_mode(servers, options));
}

/**
 * The way back: the server and the tool `namespace.identifier` calls in `codeMode(servers, options)`.
 * @throws NamingError unknown_server, unknown_tool (with suggestions)
 */
export function resolveCodeMode(servers: readonly ServerTools[], namespace: string, identifier: string, options?: CodeModeOptions): { server: string; tool: string } {
  if (!Array.isArray(servers)) throw invalidArgument('servers must be an array of { server, tools }', 'servers');
  string(namespace, 'namespace');
  string(identifier, 'identifier');
  const [si, ti] = call(() => wasm().code_mode_resolve(servers, namespace, identifier, options));
  const s = servers[si!]!;
  const tools = Array.isArray(s.tools) ? s.tools : (s.tools as { tools: readonly CodeModeTool[] }).tools;
  return { server: s.server, tool: tools[ti!]!.name };
}

/** Checks an MCP Registry server name (`io.github.owner/server`) with the registry's rules; never throws. */
export function validateServerName(name: string): ServerNameReport {
  return wasm().validate_server_name(string(name, 'name'));
}

/** Whether a package README declares `name` with its `mcp-name:` marker, as the registry checks it; never throws on strings. */
export function checkMcpNameMarker(readme: string, name: string): McpNameMarkerCheck {
  return wasm().check_mcp_name_marker(string(readme, 'readme'), string(name, 'name'));
}

/** Short readable prefixes for registry names (the last part, more where two would meet), one per name. */
export function registryPrefixes(names: readonly string[]): string[] {
  return wasm().registry_prefixes(strings(names, 'names'));
}
