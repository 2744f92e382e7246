// One remote MCP server as the registry reaches it: an official SDK Client over Streamable HTTP,
// connected on first use, its tools listed page by page (with the `ttlMs` each page carries), its
// calls forwarded with the Mcp-Name header, and its notifications/tools/list_changed passed on.
// Failures are UpstreamErrors with a stable code; JSON-RPC errors the server itself answers are
// kept as they are (McpError) so that the caller can pass them through.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { CallToolResultSchema, ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { encodeMcpNameHeader } from 'mcp-naming';

/** A tools/list page, checked only as far as the registry needs: each tool is the Router's to judge (onInvalid: 'skip'). */
const ToolsPageSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

/** At most this many pages of one server's tools/list (a server that pages forever is cut off). */
const MAX_PAGES = 100;

/** Why an upstream could not be used; `code` is stable (README: Discovery). */
export class UpstreamError extends Error {
  constructor(code, message, cause) {
    super(message, { cause });
    this.code = code;
  }
}

/** The error as the registry stores and reports it. */
export function describeError(e) {
  if (e instanceof UpstreamError) return { code: e.code, message: e.message };
  return classify(e);
}

function classify(e) {
  if (e instanceof UpstreamError) return e;
  if (e instanceof StreamableHTTPError) {
    const status = e.code;
    if (status === 401 || status === 403) return new UpstreamError('upstream_unauthorized', `the server refused our credentials (HTTP ${status})`, e);
    if (status === 404) return new UpstreamError('upstream_session_lost', 'the server no longer knows our session (HTTP 404)', e);
    return new UpstreamError('upstream_http_error', `the server answered HTTP ${status}`, e);
  }
  if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) return new UpstreamError('upstream_timeout', 'the server did not answer in time', e);
  if (e instanceof McpError && e.code === ErrorCode.ConnectionClosed) return new UpstreamError('upstream_unreachable', 'the connection to the server closed', e);
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return new UpstreamError('upstream_timeout', 'the server did not answer in time', e);
  if (e instanceof McpError) return new UpstreamError('upstream_error', `the server answered an error: ${e.message}`, e);
  if (e instanceof TypeError || /fetch|network|connect|refused|reset/i.test(String(e?.message))) {
    return new UpstreamError('upstream_unreachable', `the server cannot be reached: ${e.message}`, e);
  }
  return new UpstreamError('upstream_error', String(e?.message ?? e), e);
}

/** True for an error the server itself answered (JSON-RPC), which says nothing about its health. */
export function isServerAnswer(e) {
  return e instanceof McpError && e.code !== ErrorCode.RequestTimeout && e.code !== ErrorCode.ConnectionClosed;
}

// Adds the Mcp-Name header (SEP-2243) to the POST of a tools/call.
function fetchWithMcpName(url, init) {
  if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) {
    try {
      const message = JSON.parse(init.body);
      if (message?.method === 'tools/call' && typeof message.params?.name === 'string') {
        const headers = new Headers(init.headers);
        headers.set('mcp-name', encodeMcpNameHeader(message.params.name));
        init = { ...init, headers };
      }
    } catch { /* not one JSON-RPC message: sent as it is */ }
  }
  return fetch(url, init);
}

export class Upstream {
  /**
   * @param {string} name the server's name in the registry
   * @param {string} url its Streamable HTTP endpoint
   * @param {{ headers?: Record<string, string>, onToolsChanged: () => void, onError: (e: Error) => void }} options
   */
  constructor(name, url, { headers = {}, onToolsChanged, onError }) {
    this.name = name;
    this.url = url;
    this.headers = headers;
    this.onToolsChanged = onToolsChanged;
    this.onError = onError;
    this.checking = null;
    this.client = null;
    this.connecting = null;
    this.closed = false;
  }

  /** The connected client, connecting once however many callers wait for it. */
  connect({ timeout, signal } = {}) {
    if (this.closed) return Promise.reject(new UpstreamError('upstream_closed', 'the connection was closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open({ timeout, signal }).finally(() => { this.connecting = null; });
    return this.connecting;
  }

  async open({ timeout, signal }) {
    const client = new Client({ name: 'mcp-naming-agent-worker', version: '0.1.0' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    const transport = new StreamableHTTPClientTransport(new URL(this.url), {
      requestInit: { headers: this.headers },
      fetch: fetchWithMcpName,
      // The notification stream (GET) is re-opened twice at most; after that, list_changed is
      // missed until the next connection, and the cached lists' expiry covers it.
      reconnectionOptions: { initialReconnectionDelay: 500, maxReconnectionDelay: 5000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (this.client === client) this.onToolsChanged();
    });
    client.onerror = (e) => {
      if (this.client === client) this.onError(e);
    };
    try {
      await client.connect(transport, { timeout, signal });
    } catch (e) {
      client.close().catch(() => {});
      throw classify(e);
    }
    if (this.closed) {
      client.close().catch(() => {});
      throw new UpstreamError('upstream_closed', 'the connection was closed');
    }
    client.onclose = () => { if (this.client === client) this.client = null; };
    this.client = client;
    return client;
  }

  /**
   * Runs `fn(client)` on the connected client. A server that lost our session (404: the request
   * was not processed) gets one new session and the request again. Errors are classified; an
   * error the server answered (JSON-RPC) is thrown as it is.
   */
  async withSession(fn, { timeout, signal }) {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connect({ timeout, signal }).catch((e) => { throw classify(e); });
      try {
        return await fn(client);
      } catch (e) {
        if (isServerAnswer(e)) throw e;
        const error = classify(e);
        if (error.code === 'upstream_session_lost' && attempt === 0) {
          this.drop(client);
          continue;
        }
        throw error;
      }
    }
  }

  /** Every page of the server's tools, the smallest `ttlMs` its pages gave and their `cacheScope` (null if none). */
  async listTools({ timeout, signal }) {
    try {
      return await this.withSession(async (client) => {
        const tools = [];
        let ttlMs = null;
        let cacheScope = null;
        let cursor;
        let pages = 0;
        do {
          const page = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ToolsPageSchema, { timeout, signal });
          tools.push(...page.tools);
          if (Number.isFinite(page.ttlMs) && page.ttlMs >= 0) ttlMs = ttlMs === null ? page.ttlMs : Math.min(ttlMs, page.ttlMs);
          // SEP-2549: one private page makes the list private (it is kept for this agent only anyway).
          if (page.cacheScope === 'private' || page.cacheScope === 'public') cacheScope = cacheScope === 'private' ? 'private' : page.cacheScope;
          cursor = page.nextCursor;
          pages++;
        } while (cursor !== undefined && pages < MAX_PAGES);
        return { tools, ttlMs, cacheScope, serverInfo: client.getServerVersion() ?? null, truncated: cursor !== undefined };
      }, { timeout, signal });
    } catch (e) {
      throw classify(e); // for discovery, an error the server answered is a failure too
    }
  }

  /** Forwards a tools/call (params already mapped to the upstream's own name). */
  callTool(params, { timeout, signal }) {
    return this.withSession((client) => client.request({ method: 'tools/call', params }, CallToolResultSchema, { timeout, signal }), { timeout, signal });
  }

  /**
   * Answers whether the server still answers a ping within `timeout`: on a new session if it lost
   * ours, or if the connection was replaced while the ping was under way (a ping may be repeated).
   */
  async ping(timeout) {
    for (let attempt = 0; attempt < 2; attempt++) {
      let client = null;
      try {
        client = await this.connect({ timeout });
        await client.ping({ timeout });
        return true;
      } catch (e) {
        if (isServerAnswer(e)) return true; // it answered, if not with a pong
        if (classify(e).code !== 'upstream_session_lost' && (client === null || this.client === client)) return false;
        if (client) this.drop(client);
      }
    }
    return false;
  }

  drop(client) {
    if (this.client === client) this.client = null;
    client.close().catch(() => {});
  }

  /** Ends the connection; this Upstream is not used again. */
  close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    client?.close().catch(() => {});
  }
}
