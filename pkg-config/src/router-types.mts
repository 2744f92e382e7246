// The Router's public types: its configuration, its options and what it answers. The MCP
// objects it keeps and lists are the host's own: `Router<Tool, Prompt, Resource, ResourceTemplate>`
// names their types (by default the MCP schema's shapes below), so that what `listTools()` and
// the other lists give is what an SDK's handlers return.
import type { Diagnostic } from './shared.mjs';
import type { Code, Provider, RouterStyleId } from './tables.mjs';

/** Any MCP object, as it comes from the wire: its members unread. */
export type McpObject = { [key: string]: unknown };

/**
 * A tool as the MCP schema has it (`name`, an object `inputSchema`), every other member as the
 * upstream gave it: the default type of the tools a Router lists. A type literal, not an
 * interface, so that it is assignable to the SDKs' `Tool` and their result types (which take any
 * other member).
 */
export type McpTool = { name: string; inputSchema: { type: 'object'; [key: string]: unknown }; [key: string]: unknown };
/** A prompt as the MCP schema has it: the default type of the prompts a Router lists. */
export type McpPrompt = { name: string; [key: string]: unknown };
/** A resource as the MCP schema has it (`uri`, `name`): the default type of the resources a Router lists. */
export type McpResource = { uri: string; name: string; [key: string]: unknown };
/** A resource template as the MCP schema has it (`uriTemplate`, `name`). */
export type McpResourceTemplate = { uriTemplate: string; name: string; [key: string]: unknown };

/** What SEP-2549 lets a list result say about its caching. */
export type ListCache = {
  /** How long a client may keep the list, in milliseconds. */
  ttlMs?: number;
  /** "public": any user's client may share it; "private": one user's. */
  cacheScope?: 'public' | 'private';
};

/** A page of a merged list: `{ tools: [...] }` (or prompts, …), the next cursor, its caching. */
export type ListPage<K extends string, T> = { [key in K]: T[] } & { nextCursor?: string } & ListCache;

/** Each merged list `Router.listResult` gives, by its name: its page, of the Router's item types. */
export interface ListResults<Tool = McpTool, Prompt = McpPrompt, Resource = McpResource, ResourceTemplate = McpResourceTemplate> {
  tools: ListPage<'tools', Tool>;
  prompts: ListPage<'prompts', Prompt>;
  resources: ListPage<'resources', Resource>;
  resourceTemplates: ListPage<'resourceTemplates', ResourceTemplate>;
}

/** An MCP tool result, as the core builds it (discovery's answers). */
export type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: McpObject;
  isError?: boolean;
};

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

/** `searchTools` options. */
export interface SearchOptions {
  /** How many tools at most (default 10, at most 1,000). */
  limit?: number;
  /** Only this server's tools. */
  server?: string;
}

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
  /**
   * MCP 2026-07-28: the key (32 bytes or more) sealing an upstream's `requestState` to its server
   * and method before a client sees it (`rewriteResponse`), and opening it on the retry
   * (`forward`). Every gateway process behind one address must share it. Without one, the
   * Router draws 32 random bytes of its platform's (`crypto.getRandomValues`) for its own.
   */
  requestStateKey?: string;
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
  /**
   * The revision of the client's request: from "2026-07-28" on, the page carries `resultType`,
   * the gateway's `serverInfo` in `_meta`, and its caching (`ttlMs`, `cacheScope`) always.
   */
  protocolVersion?: string;
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

/** A request `forward` maps (MCP 2026-07-28 and before). */
export type ForwardMethod = 'tools/call' | 'prompts/get' | 'resources/read' | 'resources/subscribe' | 'resources/unsubscribe' | 'completion/complete';

/** What the transport received with a request, besides its body (`forward`). */
export interface Incoming {
  /** The `Mcp-Name` header. */
  name?: string;
  /** The `Mcp-Param-*` headers, by name (any case): checked against the arguments they mirror. */
  params?: Record<string, string>;
  /** The request's revision (its `_meta` protocol version, or its `MCP-Protocol-Version` header). */
  protocolVersion?: string;
}

/** A header to send (`Forwarded.paramHeaders`). */
export interface Header {
  name: string;
  value: string;
}

/** A request as the upstream gets it (`forward`). */
export interface Forwarded<P> extends Mapped<P> {
  /** The `Mcp-Param-*` headers to send with it (SEP-2243); absent when there are none. */
  paramHeaders?: Header[];
}

/** An upstream's result for the client (`rewriteResponse`). */
export interface Rewritten<R> {
  /** The result to send: URIs in the client's form, the client's revision's envelope, a `requestState` sealed. */
  result: R;
  /**
   * An `input_required` result: a client of 2026-07-28 gets it as it is; for an older client the
   * gateway asks its `inputRequests` itself and retries (`forward` opens the sealed state again).
   */
  inputRequired: boolean;
}

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

