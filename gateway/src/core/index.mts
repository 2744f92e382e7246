// The core half of mcp-naming-gateway (GATEWAY-LAYOUT.md): `createGatewayCore`, the interface of
// ../core-api.mts over the hub (upstreams, the Router, the clients) and its HTTP and stdio faces.
import { readFileSync } from 'node:fs';
import type { CreateGatewayCore, GatewayCore, RequestTarget } from '../core-api.mjs';
import type { ForwardMethod } from 'mcp-naming';
import { Hub } from './hub.mjs';
import { Front } from './serve.mjs';

const VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The methods `target` answers for: they go to one server. */
const TARGETED: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read', 'completion/complete', 'resources/subscribe', 'resources/unsubscribe']);

export const createGatewayCore: CreateGatewayCore = async (config, options = {}) => {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const hub = new Hub(config, log, VERSION);
  await hub.start();
  const front = new Front(hub, config.instanceId);
  const core: GatewayCore = {
    handle: (req, res, ctx) => front.handle(req, res, ctx),
    connectStdio: () => front.connectStdio(),
    target(message: unknown): RequestTarget | null {
      const m = message as { method?: unknown; params?: unknown } | null;
      if (typeof m?.method !== 'string' || !TARGETED.has(m.method) || m.params === null || typeof m.params !== 'object') return null;
      try {
        const router = hub.router();
        if (m.method === 'tools/call' && router.discoveryResult(m.params as { name: string }) !== null) return null; // the gateway's own meta-tools
        const { server, params } = router.forward(m.method as ForwardMethod, m.params);
        const tool = m.method === 'tools/call' ? (params as { name?: unknown }).name : undefined;
        return { server, ...(typeof tool === 'string' && { tool }) };
      } catch {
        return null;
      }
    },
    reload: (next) => hub.reload(next),
    ready: () => hub.ready(),
    status: () => hub.status(),
    on: (_event, listener) => hub.onDecision(listener),
    async close() {
      await front.close();
      await hub.close();
    },
  };
  return core;
};
