// Search and discovery mode for router.mts (issue 26): the functions the Router class calls.
// Every decision is the core's (bindings/src/router.rs: expose_texts, search_tools,
// discovery_listing, meta_tool, search_result, details_target,
// call_tool_target, meta_tools); this file only lays out what crosses and re-keys the objects
// that stay here. Tool arguments of `call_tool` never cross: only the inner name does.

type McpObject = { [key: string]: unknown };

/** An MCP tool result, as the core builds it. */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: McpObject;
  isError?: boolean;
}

/** A tool `searchTools` found. */
export interface SearchHit {
  /** The exposed name (what `tools/call` and `call_tool` take). */
  name: string;
  server: string;
  upstream: string;
  /** Above 0; higher is better; comparable within one search. */
  score: number;
  /** The fields the query's words were found in. */
  matched: ('name' | 'description' | 'parameters')[];
  /** The description it was indexed with (a `tools` override's, else the server's). */
  description?: string;
}

/** The core's methods this file calls (bindings/src/router.rs). @internal */
export interface DiscoveryCore {
  expose_texts(server: string, len: number, lengths: Uint32Array, badAt: Uint32Array, badGot: string[], skip: boolean, texts: Uint32Array): number;
  search_tools(query: string, opts: unknown): SearchHit[];
  discovery_listing(): string[] | null;
  meta_tool(name: string): string | null;
  search_result(args: unknown): ToolResult;
  details_target(args: unknown): { tool?: { name: string; serverIndex: number; server: string; upstream: string }; result?: ToolResult };
  call_tool_target(name: string, args: unknown, opts: unknown): { server: string; upstream: string; header: string };
}

const NONE = 0xffffffff;

/**
 * The input buffer for `expose_texts`: the names, then per tool its description (if a string)
 * and its `inputSchema.properties` keys; `texts` per tool `[descriptionLength | NONE,
 * parameterCount, parameterLength*]`. `putNames` is the entry's (api.mts).
 * @internal
 */
export function putToolTexts(
  putNames: (names: readonly string[]) => [number, Uint32Array],
  ups: readonly string[],
  list: readonly unknown[],
): [bytes: number, lengths: Uint32Array, texts: Uint32Array] {
  const strings: string[] = ups.slice();
  const shape: number[] = [];
  for (const item of list) {
    const tool = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as McpObject) : {};
    const description = tool.description;
    if (typeof description === 'string') strings.push(description);
    const schema = tool.inputSchema;
    const properties = schema !== null && typeof schema === 'object' ? (schema as McpObject).properties : undefined;
    const names = properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
    for (const p of names) strings.push(p);
    shape.push(typeof description === 'string' ? 1 : 0, names.length);
  }
  const [bytes, all] = putNames(strings);
  const n = ups.length;
  const texts: number[] = [];
  let at = n;
  for (let i = 0; i < shape.length; i += 2) {
    texts.push(shape[i] === 1 ? all[at++]! : NONE);
    const count = shape[i + 1]!;
    texts.push(count);
    for (let k = 0; k < count; k++) texts.push(all[at++]!);
  }
  return [bytes, all.subarray(0, n), Uint32Array.from(texts)];
}

/**
 * A `tools/call` of a discovery meta-tool: `{ result }` for `search_tools` and
 * `get_tool_details` (the gateway answers them; `objectOf` gives the tool object of a server's
 * upstream tool as `listTools` would show it), `{ mapped }` for `call_tool` (the upstream params:
 * its own name, the inner arguments, everything else kept), `null` for any other name (map it
 * as usual). Throws the core's NamingError for a `call_tool` naming no tool (unknown_tool with
 * suggestions, ...).
 * @internal
 */
export function discoveryCall<P extends { name: string; arguments?: unknown }>(
  core: DiscoveryCore,
  params: P,
  options: unknown,
  objectOf: (serverIndex: number, upstream: string) => McpObject | undefined,
): { result: ToolResult } | { mapped: { server: string; params: McpObject; header: string } } | null {
  const meta = core.meta_tool(params.name);
  if (meta === null) return null;
  const args = params.arguments;
  if (meta === 'search_tools') return { result: core.search_result(args) };
  if (meta === 'get_tool_details') {
    const t = core.details_target(args);
    if (t.tool === undefined) return { result: t.result! };
    // The tool object stays here: its schema never crosses into wasm. It is the object as
    // listTools shows it (the configuration's description, UI URIs), under its exposed name.
    const shown: McpObject = { ...(objectOf(t.tool.serverIndex, t.tool.upstream) ?? {}), name: t.tool.name };
    return { result: { content: [{ type: 'text', text: JSON.stringify(shown) }], structuredContent: shown } };
  }
  const target = core.call_tool_target(params.name, args, options);
  const { arguments: _outer, ...rest } = params as McpObject;
  const inner = args !== null && typeof args === 'object' ? (args as McpObject).arguments : undefined;
  const upstream: McpObject = { ...rest, name: target.upstream };
  if (inner !== undefined && inner !== null) upstream.arguments = inner;
  return { mapped: { server: target.server, params: upstream, header: target.header } };
}
