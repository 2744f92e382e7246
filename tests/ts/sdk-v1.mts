// A gateway on the official TypeScript SDK v1 (@modelcontextprotocol/sdk 1.32), checked with
// `tsc --strict --noEmit` (tests/ts/tsconfig.sdk.json): every answer of the Router goes to the
// SDK as it is and every SDK object comes in as it is, with no cast and no `any`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema, CompleteRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, LoggingMessageNotificationSchema,
  McpError, PromptListChangedNotificationSchema, ReadResourceRequestSchema, ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema, SubscribeRequestSchema, ToolListChangedNotificationSchema, UnsubscribeRequestSchema,
  type Prompt, type Resource, type ResourceTemplate, type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { NamingError, Router, type RouterConfig } from 'mcp-naming';

const LISTS: ('tools' | 'prompts' | 'resources')[] = ['tools', 'prompts', 'resources'];

/** The upstreams: a name and the command that starts it. */
export interface Upstream {
  name: string;
  command: string;
  args: string[];
}

/** A NamingError as the JSON-RPC error the SDK sends (its code, message and data). */
function rpc(e: unknown): unknown {
  if (!(e instanceof NamingError)) return e;
  const { code, message, data } = e.toJsonRpcError();
  return new McpError(code, message, data);
}

async function naming<T>(answer: () => T | Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (e) {
    throw rpc(e);
  }
}

export async function gateway(upstreams: Upstream[]): Promise<Server> {
  const config: RouterConfig = { style: 'claude', servers: upstreams.map((u) => ({ name: u.name })), discovery: { mode: 'search', maxListed: 128 } };
  // The default object types are the MCP schema's; the SDK's own name the same objects.
  const router = new Router(config);
  const typed = new Router<Tool, Prompt, Resource, ResourceTemplate>(config);
  const clients = new Map<string, Client>();
  const server = new Server(
    { name: 'gateway', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, completions: {}, logging: {} } },
  );
  const client = (name: string): Client => {
    const c = clients.get(name);
    if (c === undefined) throw new McpError(-32603, `upstream ${name} is not connected`);
    return c;
  };

  /** Lists one of a server's lists again and exposes it; whether the client's list changed. */
  const relist = async (name: string, list: 'tools' | 'prompts' | 'resources'): Promise<boolean> => {
    const c = client(name);
    switch (list) {
      case 'tools': {
        const listed = await c.listTools();
        typed.exposeTools(name, listed, { onInvalid: 'skip' });
        return router.exposeTools(name, listed, { onInvalid: 'skip' }).changed;
      }
      case 'prompts':
        return router.exposePrompts(name, await c.listPrompts()).changed;
      case 'resources': {
        const resources = router.exposeResources(name, await c.listResources()).changed;
        return router.exposeResourceTemplates(name, await c.listResourceTemplates()).changed || resources;
      }
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, (request) => naming(() => router.listTools({ cursor: request.params?.cursor })));
  server.setRequestHandler(ListPromptsRequestSchema, (request) => naming(() => router.listPrompts({ cursor: request.params?.cursor })));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => naming(() => router.listResources({ cursor: request.params?.cursor })));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => naming(() => router.listResourceTemplates({ cursor: request.params?.cursor })));
  server.setRequestHandler(CallToolRequestSchema, (request) => naming(async () => {
    const answered = router.discoveryResult(request.params);
    if (answered !== null) return answered;
    const { server: name, params } = router.mapCallTool(request.params);
    return router.rewriteResult(name, await client(name).callTool(params));
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => naming(async () => {
    const { server: name, params } = router.mapGetPrompt(request.params);
    return router.rewriteResult(name, await client(name).getPrompt(params));
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => naming(async () => {
    const { server: name, params } = router.mapReadResource(request.params);
    return router.rewriteResult(name, await client(name).readResource(params));
  }));
  server.setRequestHandler(CompleteRequestSchema, (request) => naming(async () => {
    const { server: name, params } = router.mapComplete(request.params);
    return client(name).complete(params);
  }));
  server.setRequestHandler(SubscribeRequestSchema, (request) => naming(async () => {
    const { server: name, params } = router.mapSubscribe(request.params);
    return client(name).subscribeResource(params);
  }));
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => naming(async () => {
    const { server: name, params } = router.mapUnsubscribe(request.params);
    return client(name).unsubscribeResource(params);
  }));

  // The typed router's lists are the SDK's own types, page by page.
  const tools: Tool[] = typed.listTools({ pageSize: 100 }).tools;
  const cursor: string | undefined = typed.listTools().nextCursor;
  void tools;
  void cursor;

  for (const u of upstreams) {
    const c = new Client({ name: 'gateway', version: '1.0.0' });
    await c.connect(new StdioClientTransport({ command: u.command, args: u.args }));
    clients.set(u.name, c);
    for (const list of LISTS) await relist(u.name, list);
    // What an upstream notifies goes through the Router: list changes are listed again, a
    // resource update and a log message are forwarded in the client's form.
    const changed = (list: 'tools' | 'prompts' | 'resources') => async () => {
      if (await relist(u.name, list)) {
        if (list === 'tools') await server.sendToolListChanged();
        else if (list === 'prompts') await server.sendPromptListChanged();
        else await server.sendResourceListChanged();
      }
    };
    c.setNotificationHandler(ToolListChangedNotificationSchema, changed('tools'));
    c.setNotificationHandler(PromptListChangedNotificationSchema, changed('prompts'));
    c.setNotificationHandler(ResourceListChangedNotificationSchema, changed('resources'));
    c.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => {
      const relay = router.rewriteNotification(u.name, notification);
      if (relay.forward !== null) await server.notification(relay.forward);
    });
    c.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => {
      const relay = router.rewriteNotification(u.name, notification);
      if (relay.forward !== null) await server.sendLoggingMessage(relay.forward.params);
    });
  }
  await server.connect(new StdioServerTransport());
  return server;
}
