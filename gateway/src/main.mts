#!/usr/bin/env node
// The `mcp-naming-gateway` command (the package's bin).
import { main } from './cli.mjs';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});
const code = await main(process.argv.slice(2));
// Upstream children and open sockets are closed by now; exit even if a handle lingers.
process.exit(code);
