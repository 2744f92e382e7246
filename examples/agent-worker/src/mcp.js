// The agent's MCP endpoint, served from its Durable Object with the official SDK: a Server per
// session over the SDK's Web-standard Streamable HTTP transport (Request in, Response out), its
// tools/list and tools/call answered by the registry. Sessions live in the object's memory: after
// a restart a client's old session id is answered 404, and the client starts a new session (as
// the spec has it), while the registry itself answers from storage.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { discardBody } from '../../workers-shared/body.js';

/** The largest MCP message the endpoint reads (1 MiB). */
export const MAX_MCP_BODY = 1024 * 1024;

const INSTRUCTIONS = 'Tools of MCP servers are named <mcp>__<tool> (memory__save); built-in tools have no prefix. '
  + 'Call list_mcps to see the servers and list_tools (optionally with "mcp") to see their tools.';

/**
 * A JSON-RPC error for the SDK to send as it is. The SDK's McpError puts "MCP error <code>: "
 * before its message, and the client adds it again: the message is kept as the package wrote it.
 */
export function rpcError({ code, message, data }) {
  return Object.assign(new McpError(code, message, data), { message });
}

export class McpEndpoint {
  /** @param {import('./registry.js').AgentRegistry} registry */
  constructor(registry) {
    this.registry = registry;
    this.sessions = new Map(); // session id -> { transport, server }, least recently used first
  }

  /** Answers one HTTP request of the Streamable HTTP transport. */
  async handle(request) {
    const id = request.headers.get('mcp-session-id');
    let session = id === null ? undefined : this.sessions.get(id);
    if (id !== null && !session) {
      await discardBody(request); // read, so that the client's keep-alive connection survives the refusal
      return Response.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found: start a new session' }, id: null }, { status: 404 });
    }
    if (session) {
      this.sessions.delete(id); // most recently used goes last
      this.sessions.set(id, session);
    } else {
      if (request.method !== 'POST') {
        await discardBody(request);
        return Response.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: send initialize first (POST), then use the Mcp-Session-Id it answers' }, id: null }, { status: 400 });
      }
      session = this.open();
    }
    const response = await session.transport.handleRequest(request);
    if (!request.bodyUsed) await discardBody(request); // a refusal the transport gave before reading it
    if (!session.transport.sessionId) await session.transport.close(); // not an initialize: nothing to keep
    return response;
  }

  open() {
    const server = this.newServer();
    const session = { server, transport: null };
    session.transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: MAX_MCP_BODY,
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, session);
        this.evict();
      },
      onsessionclosed: (sid) => { this.sessions.delete(sid); },
    });
    session.transport.onclose = () => {
      if (session.transport.sessionId) this.sessions.delete(session.transport.sessionId);
    };
    server.connect(session.transport);
    return session;
  }

  /** Past MAX_SESSIONS, the least recently used sessions are closed (their clients get 404 and start again). */
  evict() {
    const max = this.registry.settings.MAX_SESSIONS;
    while (this.sessions.size > max) {
      const [oldest, session] = this.sessions.entries().next().value;
      this.sessions.delete(oldest);
      session.transport.close().catch(() => {});
    }
  }

  newServer() {
    const server = new Server(
      { name: 'mcp-naming-agent-registry', version: '0.1.0' },
      { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    );
    server.setRequestHandler(ListToolsRequestSchema, (req) => this.registry.listToolsResult(req.params?.cursor));
    server.setRequestHandler(CallToolRequestSchema, (req, extra) => this.registry.callTool(req.params, {
      header: extra.requestInfo?.headers?.['mcp-name'],
      signal: extra.signal,
    }));
    return server;
  }

  /** notifications/tools/list_changed to every session (delivered on its GET stream, if it has one). */
  notifyToolsChanged() {
    for (const { server } of this.sessions.values()) server.sendToolListChanged().catch(() => {});
  }
}
