// A gateway on the official TypeScript SDK v2 (@modelcontextprotocol/server and
// @modelcontextprotocol/client 2.4), checked with `tsc --strict --noEmit`
// (tests/ts/tsconfig.sdk.json): every answer of the Router goes to the SDK as it is and every SDK
// object comes in as it is, with no cast and no `any`.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ProtocolError, Server, type Prompt, type Resource, type ResourceTemplateType, type Tool } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
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
  return new ProtocolError(code, message, data);
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
  const typed = new Router<Tool, Prompt, Resource, ResourceTemplateType>(config);
  const clients = new Map<string, Client>();
  const server = new Server(
    { name: 'gateway', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, completions: {}, logging: {} } },
  );
  const client = (name: string): Client => {
    const c = clients.get(name);
    if (c === undefined) throw new ProtocolError(-32603, `upstream ${name} is not connected`);
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

  server.setRequestHandler('tools/list', (request) => naming(() => router.listTools({ cursor: request.params?.cursor })));
  server.setRequestHandler('prompts/list', (request) => naming(() => router.listPrompts({ cursor: request.params?.cursor })));
  server.setRequestHandler('resources/list', (request) => naming(() => router.listResources({ cursor: request.params?.cursor })));
  server.setRequestHandler('resources/templates/list', (request) => naming(() => router.listResourceTemplates({ cursor: request.params?.cursor })));
  server.setRequestHandler('tools/call', (request) => naming(async () => {
    const answered = router.discoveryResult(request.params);
    if (answered !== null) return answered;
    const { server: name, params } = router.mapCallTool(request.params);
    return router.rewriteResult(name, await client(name).callTool(params));
  }));
  server.setRequestHandler('prompts/get', (request) => naming(async () => {
    const { server: name, params } = router.mapGetPrompt(request.params);
    return router.rewriteResult(name, await client(name).getPrompt(params));
  }));
  server.setRequestHandler('resources/read', (request) => naming(async () => {
    const { server: name, params } = router.mapReadResource(request.params);
    return router.rewriteResult(name, await client(name).readResource(params));
  }));
  server.setRequestHandler('completion/complete', (request) => naming(async () => {
    const { server: name, params } = router.mapComplete(request.params);
    return client(name).complete(params);
  }));
  server.setRequestHandler('resources/subscribe', (request) => naming(async () => {
    const { server: name, params } = router.mapSubscribe(request.params);
    return client(name).subscribeResource(params);
  }));
  server.setRequestHandler('resources/unsubscribe', (request) => naming(async () => {
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
    c.setNotificationHandler('notifications/tools/list_changed', changed('tools'));
    c.setNotificationHandler('notifications/prompts/list_changed', changed('prompts'));
    c.setNotificationHandler('notifications/resources/list_changed', changed('resources'));
    c.setNotificationHandler('notifications/resources/updated', async (notification) => {
      const relay = router.rewriteNotification(u.name, notification);
      if (relay.forward !== null) await server.notification(relay.forward);
    });
    c.setNotificationHandler('notifications/message', async (notification) => {
      const relay = router.rewriteNotification(u.name, notification);
      if (relay.forward !== null) await server.sendLoggingMessage(relay.forward.params);
    });
  }
  await server.connect(new StdioServerTransport());
  return server;
}
