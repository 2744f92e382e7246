// The hand-written declarations mcp-naming shipped as index.d.ts before they were generated from
// the TypeScript glue (pkg-config/src), kept as they were: tests/ts/contract.mts holds the
// generated ones to them (nothing may disappear or narrow). Never edit; add to the glue.
// Types of the mcp-naming package. The names and shapes are a contract: see the README.

export type ConventionId = "mcp" | "chora" | "syntropy" | "claude" | "agent" | "openproject" | "registry";
export type Provider = "openai" | "anthropic" | "gemini" | "bedrock" | "mistral";

export declare const CONVENTIONS: readonly ConventionId[];
export declare const PROVIDERS: readonly Provider[];
/** The router's named styles ("syntropy", "claude", "agent", "chora") and peer styles ("openai-agents", "langchain", …). */
export declare const ROUTER_STYLES: readonly string[];

/** One problem with a name. `start`/`end` are UTF-16 offsets into the input, as JS indexes strings. */
export interface Diagnostic {
  code: string;
  severity: "error" | "warning";
  message: string;
  start: number;
  end: number;
}

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

export declare class NamingError extends Error {
  constructor(code: string, message: string, diagnostics?: Diagnostic[], suggestions?: string[]);
  readonly name: "NamingError";
  code: string;
  diagnostics: Diagnostic[];
  suggestions: string[];
  /** The backend server the error is about (tool_removed, tool_disabled), where there is one. */
  server?: string;
  /** The JSON-RPC error an MCP server answers with (-32602 for unknown or disabled tools, prompts, resources and bad arguments). */
  toJsonRpcError(): JsonRpcError;
  /** A tools/call result with `isError: true` whose text carries the message and the suggestions. */
  toCallToolResult(): { isError: true; content: { type: "text"; text: string }[] };
}

export interface JsonRpcError {
  code: number;
  message: string;
  data: { code: string; suggestions: string[]; diagnostics: Diagnostic[]; server?: string };
}

/** The `Mcp-Name` header value (SEP-2243): the value itself when header-safe, else `=?base64?…?=`. */
export declare function encodeMcpNameHeader(value: string): string;
/** The value an `Mcp-Name` header carries. @throws NamingError invalid_header */
export declare function decodeMcpNameHeader(header: string): string;

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
  convention: "chora";
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

/** Validates a name; never throws for a string name. */
export declare function validateToolName<C extends ConventionId>(name: string, convention: C, options?: Options): Report<C>;
/** The same verdict as validateToolName, with nothing allocated. */
export declare function isValidToolName(name: string, convention: ConventionId, options?: Options): boolean;
/** Verdicts for many names in one boundary crossing. */
export declare function validateToolNames(names: readonly string[], convention: ConventionId, options?: Options): boolean[];
/** @throws NamingError */
export declare function parseToolName<C extends ConventionId>(name: string, convention: C, options?: Options): PartsMap[C];
/** @throws NamingError */
export declare function formatToolName<C extends ConventionId>(parts: PartsMap[C], convention: C, options?: Options): string;
/** @throws NamingError */
export declare function convertToolName(name: string, from: ConventionId, to: ConventionId, options?: Options): string;
export declare function detectConventions(name: string, options?: Options): ConventionId[];
export declare function conventions(): readonly ConventionInfo[];
/** @throws NamingError */
export declare function parseResourceUri(uri: string): ResourceUriParts;
/** @throws NamingError */
export declare function formatResourceUri(parts: { namespace: string; type: string; id: string; query?: Record<string, string> }): string;
export declare function validateResourceUri(uri: string, options?: { expectedNamespace?: string }): ResourceUriReport;
/** @throws NamingError */
export declare function namespaceFromSlug(slug: string): string;
export declare function checkProviders(name: string): Record<Provider, boolean>;
export declare function fitToolName(name: string, provider: Provider, options?: { taken?: readonly string[] }): string;
export declare function fitToolNames(names: readonly string[], provider: Provider): string[];
/** @throws NamingError */
export declare function syntropyLayers(name: string, options?: Options): SyntropyLayers;
export declare function checkToolState(state: ToolState, options?: Options): FileCheck;
export declare function isToolEnabled(state: ToolState, name: string): boolean;
export declare function checkAllowList(
  settings: readonly string[] | { allow?: string[]; permissions?: { allow?: string[] } },
  options?: Options,
): FileCheck;
/** @throws NamingError */
export declare function matchesPermission(rule: string, name: string): boolean;
export declare function normalizeServerName(server: string): string;

/** A peer gateway's or agent SDK's naming, reproduced exactly. */
export type PeerId =
  | "openai-agents" | "langchain" | "litellm" | "contextforge" | "docker"
  | "fastmcp" | "agentgateway" | "metamcp" | "cloudflare-agents";

/** A peer's parameters; `prefixes` maps a configured server name to the name the peer knows it by. */
export type PeerStyle =
  /** OpenAI Agents SDK with includeServerInToolNames: the JavaScript SDK (default) or the Python one. */
  | { peer: "openai-agents"; sdk?: "js" | "python" }
  /** LangChain MCP adapters with prefixToolNameWithServerName; `prefix` is its additionalToolNamePrefix. */
  | { peer: "langchain"; prefix?: string }
  /** LiteLLM: MCP_TOOL_PREFIX_SEPARATOR (default "-"); `prefixes` are server aliases. */
  | { peer: "litellm"; separator?: string; prefixes?: Record<string, string> }
  /** IBM ContextForge: GATEWAY_TOOL_NAME_SEPARATOR. */
  | { peer: "contextforge"; separator?: "-" | "--" | "_" | "." }
  /** Docker MCP gateway: the tool-name-prefix feature; `prefixes` are catalog prefixes. */
  | { peer: "docker"; toolNamePrefix?: boolean; prefixes?: Record<string, string> }
  | { peer: "fastmcp" }
  /** agentgateway's prefix mode (default "conditional": prefixed once more than one target is configured). */
  | { peer: "agentgateway"; mode?: "conditional" | "always" | "never" }
  /** MetaMCP; `prefixes` stand for serverInfo names. */
  | { peer: "metamcp"; prefixes?: Record<string, string> }
  /** Cloudflare agents: ids as MCPClientManager.connect takes them, or normalized as addMcpServer stores them. */
  | { peer: "cloudflare-agents"; normalize?: boolean; prefixes?: Record<string, string> };

export type RouterStyle =
  | "syntropy" | "claude" | "agent" | "chora" | PeerId
  | PeerStyle
  | { separator: string; prefix?: string; pattern?: string };

export interface RouterConfig {
  style: RouterStyle;
  /** The gateway's own server name as clients see it (syntropy: "syntropy"; claude: "gateway"). */
  gateway?: string;
  servers: {
    name: string;
    /** How the backend writes its names ("hyphens": `_` in the exposed name is `-` upstream). */
    upstream?: "same" | "hyphens";
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
  prefixMode?: "always" | "conditional" | "never";
}

export type RouterPattern = string | { server: string; tool: string };

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
  skipped: { name: string; code: string; message: string }[];
  /** The merged list the client sees changed: send notifications/…/list_changed. */
  changed: boolean;
  /** `enabled` / `disabled` patterns that match nothing (code unmatched_pattern). */
  warnings: Diagnostic[];
}

export interface ExposeOptions {
  /** "throw" (default): one bad item fails the list; "skip": it is left out and reported. */
  onInvalid?: "throw" | "skip";
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

export declare class Router {
  /** @throws NamingError invalid_config */
  constructor(config: RouterConfig);
  /** @throws NamingError (name_collision, unknown_server, invalid_tool_name) */
  expose(server: string, tools: readonly string[]): ExposedTool[];
  /** @throws NamingError (unknown_tool with suggestions, tool_disabled) */
  route(name: string): Route;
  tryRoute(name: string): Route | null;
  isEnabled(name: string): boolean;
  tools(): ExposedTool[];
  rewriteToolsList<T extends { tools: { name: string }[] }>(server: string, result: T): T;
  /** Replaces the server's tools. @throws NamingError (unknown_server; with onInvalid "throw": invalid_tool_name, name_collision, confusable_name) */
  exposeTools(server: string, result: { tools: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedTool>;
  exposePrompts(server: string, result: { prompts: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedTool>;
  exposeResources(server: string, result: { resources: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedResource>;
  exposeResourceTemplates(server: string, result: { resourceTemplates: McpObject[] } | McpObject[], options?: ExposeOptions): Exposure<ExposedResource>;
  /** @throws NamingError invalid_cursor */
  listTools(options?: ListOptions): { tools: (McpObject & { name: string })[]; nextCursor?: string };
  listPrompts(options?: ListOptions): { prompts: (McpObject & { name: string })[]; nextCursor?: string };
  listResources(options?: ListOptions): { resources: (McpObject & { uri: string })[]; nextCursor?: string };
  listResourceTemplates(options?: ListOptions): { resourceTemplates: (McpObject & { uriTemplate: string })[]; nextCursor?: string };
  /** @throws NamingError (unknown_tool, tool_removed, tool_disabled, name_mismatch, invalid_header) */
  mapCallTool<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P>;
  /** @throws NamingError (unknown_prompt, prompt_removed, name_mismatch) */
  mapGetPrompt<P extends { name: string }>(params: P, options?: MapOptions): Mapped<P>;
  /** @throws NamingError (unknown_resource, name_mismatch) */
  mapReadResource<P extends { uri: string }>(params: P, options?: MapOptions): Mapped<P>;
  /** The name this router exposes for the tool `from` exposes as `name` (migrating permission files, eval sets). @throws NamingError unknown_tool */
  migrateName(name: string, from: Router): string;
  /** A tools/call or resources/read result with its URIs readable back through the gateway. */
  rewriteResult<T extends object>(server: string, result: T): T;
  exposeResource(server: string, uri: string): string;
  /** @throws NamingError unknown_resource */
  routeResource(uri: string): { server: string; uri: string };
}

/** An MCP client whose naming `clientView` reproduces. */
export type Client = 'claude-code' | 'codex' | 'vscode' | 'gemini-cli' | 'cline' | 'openai-agents';
export declare const CLIENTS: readonly Client[];
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
 * The names `client` shows for the tools of the server the user named `server` (for `vscode`:
 * the server's announced title or name, else its label), with `client_hashed`,
 * `client_collision`, `client_refused` and `client_tool_cap` diagnostics.
 * @throws NamingError `invalid_argument` for an unknown client or arguments of the wrong type.
 */
export declare function clientView(client: Client, server: string, tools: readonly string[]): ClientView;
