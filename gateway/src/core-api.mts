// The interface between the gateway's two halves (GATEWAY-LAYOUT.md): the core (src/core/,
// issue 34 part B: upstreams, both MCP revisions, the bridge) implements it; the product half
// (everything else in src/: the command line, the config file, HTTP, auth, reload, logs,
// metrics) uses it. Types only: nothing here runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouterConfig } from 'mcp-naming';

/** One upstream server, as the config file's `mcpServers` gives it (`${VAR}` already expanded). */
export interface CoreUpstream {
  /** `stdio`, `http` (Streamable HTTP, either revision) or `sse` (the 2024-11-05 HTTP+SSE transport). */
  type: 'stdio' | 'http' | 'sse';
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** The longest one request to it may take, in ms. */
  timeout?: number;
}

/** What the core runs: the upstreams and the Router's configuration (style and servers filled in). */
export interface CoreConfig {
  mcpServers: Record<string, CoreUpstream>;
  router: RouterConfig;
  /** The key sealing an upstream's `requestState` (2026-07-28): the same in every process behind one address. */
  requestStateKey?: string;
  /**
   * This process's id among several behind one load balancer (`--instance`): the core starts
   * every 2025-11-25 `Mcp-Session-Id` it issues with `<instanceId>.`, so that the balancer can
   * send a session's later requests to the process that holds it (README: scale-out).
   */
  instanceId?: string;
  /** Default per-request timeout (ms) and start-up timeout (ms) for an upstream. */
  timeoutMs?: number;
  startupTimeoutMs?: number;
}

/** Every routing decision, as it is made. */
export interface DecisionEvent {
  /** The JSON-RPC method (`tools/call`, `resources/read`, `tools/list`…). */
  method: string;
  /** The name (or URI) the client used. */
  exposed?: string;
  /** The name (or URI) the upstream got. */
  upstream?: string;
  /** The server it went to. */
  server?: string;
  /** From the decision to the upstream's answer (or the refusal), in ms. */
  latencyMs: number;
  /** The error's code, when it failed: the package's `data.code` (`unknown_tool`…) or the JSON-RPC code as text. */
  code?: string;
  /** The JSON-RPC error code, when it failed. */
  rpc?: number;
}

/** What the product half decided about the caller of one HTTP request. */
export interface RequestAuth {
  /** Who: the token's name, or the JWT's `sub`. */
  subject?: string;
  /** The scopes the caller holds. */
  scopes: string[];
  /**
   * Whether the caller may use this server (and this tool of it: its upstream name). The core
   * filters what it lists with it (a caller sees only the tools it may call); the product half
   * has already refused a call it does not allow, before `handle` (see `target`).
   */
  allow(server: string, tool?: string): boolean;
}

/** What `handle` gets besides the request. */
export interface RequestContext {
  /** The caller, when the gateway has auth (absent: no auth configured, everything allowed). */
  auth?: RequestAuth;
  /**
   * The parsed JSON body of a POST (the product half reads it to check scopes and sizes, so the
   * stream is consumed: the core must use this, as the SDK's `handleRequest(req, res, body)` does).
   */
  body?: unknown;
}

/** Where one JSON-RPC request goes, as the Router maps it (without forwarding anything). */
export interface RequestTarget {
  server: string;
  /** For `tools/call` (and discovery's `call_tool`): the tool's upstream name. */
  tool?: string;
}

export interface GatewayCore {
  /** Serve one Streamable HTTP request on the MCP endpoint (POST/GET/DELETE), with what auth decided. */
  handle(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void>;
  /** Serve MCP over this process's stdin/stdout. */
  connectStdio(): Promise<void>;
  /**
   * Where a JSON-RPC request would go (`tools/call` → its server and upstream tool,
   * `prompts/get`, `resources/read`, `completion/complete`, `resources/subscribe` → their
   * server), or null for one that goes to no single server (`initialize`, lists, `ping`) or that
   * the Router refuses (the core answers those itself in `handle`). The product half asks this
   * before `handle`, and answers 403 itself for a call the caller may not make: nothing of it
   * reaches the core's upstreams.
   */
  target(message: unknown): RequestTarget | null;
  /** Apply a new config without dropping what is in flight: start new upstreams, stop removed ones, re-expose, send list_changed. */
  reload(config: CoreConfig): Promise<{ added: string[]; removed: string[]; changed: string[] }>;
  /** Every upstream connected and listed at least once (readiness). */
  ready(): boolean;
  /** Per upstream: connected?, last error, revision. */
  status(): Record<string, { connected: boolean; revision?: string; error?: string }>;
  /** Every routing decision, as it is made (logs and metrics subscribe). */
  on(event: 'decision', listener: (e: DecisionEvent) => void): void;
  close(): Promise<void>;
}

export interface CoreOptions {
  /** Where the core's own log lines go (stderr by default; JSON-wrapped with `--log json`). */
  log?: (line: string) => void;
}

export type CreateGatewayCore = (config: CoreConfig, options?: CoreOptions) => Promise<GatewayCore>;
