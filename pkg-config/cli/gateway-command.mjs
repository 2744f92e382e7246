// `mcp-naming gateway …`: runs the mcp-naming-gateway package's command with the same arguments,
// when that package is installed in the working directory's project or beside this one (as
// `npx -p mcp-naming -p mcp-naming-gateway mcp-naming gateway` installs them); otherwise says how
// to get it (exit 2). The gateway is a package of its own so that a library user does not install
// the MCP SDK, zod and jose (see the README's "Run the gateway").
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOW = `mcp-naming gateway: the gateway is the mcp-naming-gateway package, which is not installed here.
  npm install mcp-naming-gateway            then: npx mcp-naming gateway --config gateway.json
  npx -p mcp-naming -p mcp-naming-gateway mcp-naming gateway --config gateway.json
  npx mcp-naming-gateway --config gateway.json
`;

/** The installed gateway's bin, resolved from `cwd`, then from this package's own place. */
export function findGateway(cwd = process.cwd()) {
  for (const from of [join(cwd, 'package.json'), fileURLToPath(import.meta.url)]) {
    try {
      const manifest = createRequire(from).resolve('mcp-naming-gateway/package.json');
      const bin = JSON.parse(readFileSync(manifest, 'utf8')).bin?.['mcp-naming-gateway'];
      if (bin) return join(dirname(manifest), bin);
    } catch {
      // not installed there
    }
  }
  return null;
}

/** @import { IO } from './args.mjs' */

/**
 * Runs it with `args`, passing signals on; resolves to its exit status.
 * @param {string[]} args
 * @param {Pick<IO, 'stderr'>} io
 * @returns {Promise<number>}
 */
export function runGateway(args, io) {
  const bin = findGateway();
  if (!bin) {
    io.stderr.write(HOW);
    return Promise.resolve(2);
  }
  const child = spawn(process.execPath, [bin, ...args], { stdio: 'inherit' });
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGHUP', 'SIGTERM', 'SIGINT'];
  /** @param {NodeJS.Signals} signal */
  const pass = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, pass);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, pass);
      resolve(code ?? (signal ? 128 + (signal === 'SIGKILL' ? 9 : 15) : 1));
    });
    child.on('error', (e) => {
      io.stderr.write(`mcp-naming gateway: ${e.message}\n`);
      resolve(3);
    });
  });
}
