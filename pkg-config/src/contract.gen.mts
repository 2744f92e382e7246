// Generated from the Rust types of src/router/decide and src/router/probe by tests/contract.rs
// (MCP_NAMING_BLESS=1 cargo test --test contract); do not edit.

/** What a host needs of its router's configuration to apply the decisions (and answer the hits of its own route table). */
export interface HostFacts {
  /** The configured servers, in configuration order (a server index is a place here). */
  servers: ServerFacts[];
  /** What a client puts before an exposed name (`mcp__<gateway>__`), or empty. */
  qualifiedPrefix: string;
  /** The gateway's built-ins. */
  builtins: Builtin[];
  /** The aliases. */
  aliases: Alias[];
  /** How many segments tool and prompt placements place names in. */
  segments: number;
  /** The called names a host reads with `Probe::MetaCall` and never answers from its own table (the discovery meta-tools' names, bare and qualified); empty without discovery. */
  metaNames: string[];
  /** Whether the host hands over the tools' texts (`Probe::ToolText`) from the first expose (discovery searches from the start); else from the first search. */
  searching: boolean;
}

/** A configured server as a host names it. */
export interface ServerFacts {
  /** Its name. */
  name: string;
  /** Syntropy: its pool key. */
  pool?: string | null;
  /** Syntropy: the backend's own prefix. */
  upstreamPrefix?: string | null;
}

/** A gateway built-in. */
export interface Builtin {
  /** Its name. */
  name: string;
  /** Whether the configuration offers it. */
  enabled: boolean;
}

/** An alias: an old exposed name, and the current one it stands for. */
export interface Alias {
  /** The old name. */
  old: string;
  /** The current one. */
  current: string;
}

/** What every host reads once, whatever its router. */
export interface HostTables {
  /** Every probe's patterns. */
  probes: ProbeTable[];
  /** The merged lists, in the order hosts number them. */
  lists: ListTable[];
  /** The placement's flags. */
  flags: PlacementFlags;
  /** The discovery meta-tools' definitions, as `tools/list` shows them. */
  metaTools: unknown[];
  /** The page size of a list request that names none. */
  defaultPageSize: number;
}

/** The patterns of one probe. */
export interface ProbeTable {
  /** Which probe. */
  probe: Probe;
  /** Its patterns, in the order `Found::pattern` counts them. */
  patterns: PatternStep[][];
}

/** What a probe reads: an item of an upstream list, a client's request params, an upstream's result or notification. Each probe's first pattern of a message (`Probe::CallTool` and the rest below it) is the empty one: the object itself, so that the core words what it is when it is not an object. */
export type Probe = 'tool' | 'toolText' | 'callTool' | 'metaCall' | 'getPrompt' | 'readResource' | 'complete' | 'notification' | 'result' | 'toolHeaders' | 'requestMeta' | 'listen' | 'response';

/** A step of a `Pattern`: how a host walks from a value to the ones the core needs. */
export type PatternStep = {
  step: 'key';
  arg: string;
} | {
  step: 'each';
} | {
  step: 'keys';
} | {
  step: 'where';
  arg: [string, string];
} | {
  step: 'deep';
  arg: string;
} | {
  step: 'deepAll';
  arg: string;
};

/** One merged list, as hosts number them (the index in `HostTables::lists`). */
export interface ListTable {
  /** Which list. */
  list: ListKind;
  /** The list result's member. */
  key: string;
  /** The item's identifying member. */
  field: string;
}

/** A merged list a client asks for. */
export type ListKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** The bits of a placed entry's flags, and the marker of a name that is the upstream's own. */
export interface PlacementFlags {
  /** Offered by the configuration. */
  enabled: number;
  /** In the list a client sees. */
  listed: number;
  /** Calls to its name reach it. */
  routed: number;
  /** In a written placement, a name (or header) that is the upstream's own. */
  same: number;
}

/** A client's request, as a host hands it over. */
export interface Request {
  /** Which request. */
  method: Method;
  /** What the method's probe found in its params. */
  found: Found[];
  /** The `Mcp-Name` header the transport received, if any. */
  header?: string | null;
  /** The protocol revision the request declares, if known. */
  protocolVersion?: string | null;
  /** What the host will do with the decision. */
  accept?: Accept;
  /** What `Probe::RequestMeta` found in its params (MCP 2026-07-28): the decision then edits its `_meta` for the upstream it goes to. Empty: `_meta` passes as it is. */
  meta?: Found[];
}

/** A request a client sends a gateway, that an upstream answers (or the gateway itself). */
export type Method = 'tools/call' | 'tools/call#meta' | 'prompts/get' | 'resources/read' | 'resources/subscribe' | 'resources/unsubscribe' | 'completion/complete';

/** A value a probe found: which pattern of the probe found it, where, and what it is. */
export interface Found {
  /** The index of the pattern (in `probes`) that found it. */
  pattern: number;
  /** Where it is. */
  path: Step[];
  /** What it is. */
  value: Scalar;
}

/** One step into an MCP object: an object's member, or an array's element. */
export type Step = number | string;

/** A value a host found, as it crosses: a string as it is; any other JSON value as what it is, so that no payload (an object, an array) ever crosses where the core needs a name. */
export type Scalar = {
  type: 'string';
  value: string;
} | {
  type: 'number';
  value: number;
} | {
  type: 'boolean';
  value: boolean;
} | {
  type: 'null';
} | {
  type: 'array';
} | {
  type: 'object';
};

/** What the host will do with the decision: send the request on, answer it itself, or either. */
export type Accept = 'either' | 'forward' | 'answer';

/** What to do with a client's request. */
export type RequestDecision = {
  decision: 'forward';
  /** The upstream server. */
  server: string;
  /** The `Mcp-Name` header to send with it. */
  header: string;
  /** The changes to its params (the name or URI as the upstream knows it, its `_meta` for that upstream, a retry's `requestState` unsealed, …). */
  edits: Edit[];
  /** The values its `Mcp-Param-*` headers need (SEP-2243): read them from the edited params and hand them to `Router::decide_params`. Empty for most tools. */
  reads?: ParamRead[];
} | {
  decision: 'answer';
  /** The result. */
  result: unknown;
  /** The host's items to put in. */
  inserts: Insert[];
} | {
  decision: 'pass';
};

/** A change a decision asks of a host's object. Every path is into the object as the host holds it before any edit of the same decision. */
export type Edit = {
  op: 'set';
  /** Where. */
  path: Step[];
  /** The new value. */
  value: unknown;
} | {
  op: 'take';
  /** Where. */
  path: Step[];
  /** From where. */
  from: Step[];
} | {
  op: 'remove';
  /** Where. */
  path: Step[];
};

/** A value a call's headers need: where it is in the params as forwarded, and its header. */
export interface ParamRead {
  /** The header: `Mcp-Param-{name}`. */
  header: string;
  /** Where the value is, in the params after the decision's edits (`arguments`, then the property names). */
  path: Step[];
  /** Whether the client's own header is checked against it (a call of the tool by its name; not a discovery `call_tool`, whose own schema declares no header). */
  checked: boolean;
}

/** Where a host's own item goes into an answer. */
export interface Insert {
  /** Where in the answer. */
  path: Step[];
  /** The tool: item `index` of server `server`'s last `tools/list` (server index in the configuration), as the host lists it (its exposed name and its `View`). */
  server: number;
  /** Its place in that list. */
  index: number;
  /** Its exposed name. */
  name: string;
  /** As its JSON text instead of the object itself. */
  text: boolean;
}

/** A page of a merged list, as a host asks for it. */
export interface ListRequest {
  /** Which list. */
  list: ListKind;
  /** The client's cursor. */
  cursor?: string | null;
  /** How many items a page holds (default `DEFAULT_PAGE_SIZE`). */
  pageSize?: number | null;
  /** How many items the host lists (its shown entries). */
  total: number;
  /** The host's generation of the list: moved on whenever what a client sees changed. */
  generation: number;
  /** The revision of the client's request: from 2026-07-28 the page's caching says something always (`ListCache::or_claim_nothing`). */
  protocolVersion?: string | null;
}

/** Which items a page of a merged list holds, and what the list says about itself. */
export type ListDecision = {
  decision: 'page';
  /** The first item. */
  start: number;
  /** One past the last. */
  end: number;
  /** The cursor of the next page. */
  nextCursor?: string | null;
  /** What the merged list may say about its caching (SEP-2549). */
  cache: ListCache;
} | {
  decision: 'discovery';
  /** The meta-tools on this page. */
  meta: number[];
  /** The listed tools on this page, by exposed name. */
  names: string[];
  /** The cursor of the next page. */
  nextCursor?: string | null;
  /** What the merged list may say about its caching (SEP-2549). */
  cache: ListCache;
};

/** A list's caching members, as one upstream gave them or as merged for the client. */
export interface ListCache {
  /** `ttlMs`: milliseconds the list may be kept. */
  ttlMs?: number | null;
  /** `cacheScope`. */
  cacheScope?: CacheScope | null;
}

/** Who may share a cached list (`cacheScope`). */
export type CacheScope = 'public' | 'private';

/** What to do with an upstream's notification. */
export type NotificationDecision = {
  decision: 'forward';
  /** The changes. */
  edits: Edit[];
} | {
  decision: 'relist';
  /** The list. */
  list: Listed;
} | {
  decision: 'acknowledged';
};

export type Listed = 'tools' | 'prompts' | 'resources';

/** What to do with an upstream's result before the client gets it. */
export interface ResultDecision {
  /** The changes (every URI in the form the client reads it back through the gateway). */
  edits: Edit[];
  /** An `input_required` result (MCP 2026-07-28): a client of 2026-07-28 gets it, edited; for a client of 2025-11-25 and before the host's bridge asks its `inputRequests` as requests of its own and retries. */
  inputRequired: boolean;
}

/** Every tool view of one server, replacing what the host kept for it. */
export interface View {
  /** The server's index in the configuration. */
  server: number;
  /** Its items shown otherwise than the server gave them. */
  items: ItemView[];
}

/** How a host shows one item of an upstream's list beyond its exposed name: the configuration's description, its MCP Apps UI URIs in their gateway form. */
export interface ItemView {
  /** Its place in the server's list. */
  index: number;
  /** The changes to the item. */
  edits: Edit[];
}

/** What an upstream said about itself, as a host hands it over: its `server/discover` result (2026-07-28), or its `initialize` result (2025-11-25 and before). Only versions, capabilities and instructions cross. */
export type Answered = {
  answered: 'discover';
  /** Its `supportedVersions`. */
  supportedVersions: string[];
  /** Its `capabilities`. */
  capabilities: unknown;
  /** Its `instructions`. */
  instructions?: string | null;
  /** Its `ttlMs` and `cacheScope`. */
  cache?: ListCache;
} | {
  answered: 'initialize';
  /** Its `protocolVersion`. */
  protocolVersion: string;
  /** Its `capabilities`. */
  capabilities: unknown;
  /** Its `instructions`. */
  instructions?: string | null;
};

/** How the gateway speaks to an upstream that answered, and what of it it cannot carry. */
export interface UpstreamDecision {
  /** Its era: `modern` (every request carries the revision), `legacy` (a session after `initialize`, bridged by the host). */
  era: Era;
  /** The revision the gateway sends it (`_meta` and `MCP-Protocol-Version`), or negotiated. */
  version: string;
  /** The capabilities (and extensions) the gateway leaves out, each as `name` or `extensions.<id>` / `experimental.<id>`. */
  dropped: string[];
  /** What a person should know: one `invalid_argument` warning per capability dropped. */
  warnings: unknown[];
}

/** Which side of the handshake a revision is on. */
export type Era = 'legacy' | 'modern';

/** The gateway's own answer to `server/discover`, or to `initialize`. */
export interface DiscoverDecision {
  /** The result to answer with, whole (it holds nothing of an upstream's but what the upstreams said about themselves). */
  result: unknown;
}

/** What to do with a client's `subscriptions/listen`. */
export interface ListenDecision {
  /** The upstream streams (or subscriptions) to open, in configuration order. */
  upstreams: UpstreamListen[];
  /** The list changes the gateway will announce on the stream (no URI: those are the upstreams' to acknowledge). */
  lists: SubscriptionFilter;
  /** Each subscribed URI, and where it lives. */
  uris: ListenedUri[];
}

/** What the gateway asks an upstream for a client's stream. */
export type UpstreamListen = {
  open: 'listen';
  /** The upstream server. */
  server: string;
  /** The filter. */
  notifications: SubscriptionFilter;
} | {
  open: 'subscribe';
  /** The upstream server. */
  server: string;
  /** The URIs as the upstream knows them. */
  uris: string[];
};

/** A notification filter, as `subscriptions/listen` and its acknowledgement carry it. */
export interface SubscriptionFilter {
  /** `notifications/tools/list_changed`. */
  toolsListChanged?: boolean;
  /** `notifications/prompts/list_changed`. */
  promptsListChanged?: boolean;
  /** `notifications/resources/list_changed`. */
  resourcesListChanged?: boolean;
  /** `notifications/resources/updated` of these URIs. */
  resourceSubscriptions?: string[];
}

/** A client URI of a stream, and where it lives. */
export interface ListenedUri {
  /** As the client wrote it. */
  uri: string;
  /** Its server. */
  server: string;
  /** As the server knows it. */
  upstream: string;
}

/** An upstream's result, as a host hands it over. */
export interface Response {
  /** The request it answers. */
  method: Method;
  /** What `Probe::Response` found in it. */
  found: Found[];
  /** The revision of the client's request (`None`: 2025-11-25 and before, as for `initialize`d sessions). */
  protocolVersion?: string | null;
}

/** What a host hands over for a call's parameter headers. */
export interface ParamsRequest {
  /** The forward decision's reads. */
  reads: ParamRead[];
  /** The values found at their paths (`crate::router::probe::find_paths`): each found's pattern is the index of its read. */
  found: Found[];
  /** The `Mcp-Param-*` headers the client sent (any case). */
  given?: Header[];
  /** The revision of the client's request: from 2026-07-28 a value in the body needs its header. */
  protocolVersion?: string | null;
}

/** A header as a transport received it, or as it sends it. */
export interface Header {
  /** Its name. */
  name: string;
  /** Its value. */
  value: string;
}

/** The headers to send upstream with a call. */
export interface ParamsDecision {
  /** Each `Mcp-Param-*` header, the annotated ones from the values, then the client's that no annotation names (an intermediary forwards what it does not recognize). */
  headers: Header[];
}
