// The gateway in front of real MCP servers, driven by the official SDK's Client:
//   node --test examples/gateway/test/
// The same end-to-end tests as the gateway package's (gateway/test/e2e.test.mjs, which grew out of
// this file), run on this example's gateway.mjs: they resolve their packages (the SDK, mcp-naming,
// the servers) from gateway/node_modules (`npm ci --prefix gateway`). Everything they start is
// stopped at the end, and they check that the upstream processes are gone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.E2E_GATEWAY = path.join(here, '..', 'gateway.mjs');
await import('../../../gateway/test/e2e.test.mjs');
