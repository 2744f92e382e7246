#!/usr/bin/env node
// mcp-naming on the command line: lint, namespaces, check-gateway, clients, validate, convert,
// codemode, and gateway (which runs the mcp-naming-gateway package when it is installed beside this one).
// Exit status: 0 fine, 1 problems found, 2 bad usage, 3 could not run (a server that would not
// start, a file that cannot be written).
import { readFileSync } from 'node:fs';
import { parseArgs, UsageError, RunError } from './args.mjs';
import { runGateway } from './gateway-command.mjs';

/** @import { Args, IO, Spec } from './args.mjs' */
/**
 * A command: its flags, its help text, and its run (resolving to the exit status).
 * @typedef {{ spec: Spec, help: string, run(args: Args, io: IO): number | Promise<number> }} Command
 */

/** @type {Record<string, () => Promise<Command>>} */
const COMMANDS = {
  lint: () => import('./commands/lint.mjs'),
  namespaces: () => import('./commands/namespaces.mjs'),
  'check-gateway': () => import('./commands/check-gateway.mjs'),
  clients: () => import('./commands/clients.mjs'),
  validate: () => import('./commands/validate.mjs'),
  convert: () => import('./commands/convert.mjs'),
  codemode: () => import('./commands/codemode.mjs'),
};

const HELP = `Usage: mcp-naming <command> [options]

Commands:
  lint [paths…] -c C        check names where they are written (configs, settings, source, NAMESPACES.md)
  namespaces                write or --check NAMESPACES.md from a tools/list result or a live server
  check-gateway DIR         check that a Syntropy gateway's files agree with each other
  clients --from FILE       the names each MCP client shows for a gateway's tools (or a live server)
  validate [NAME…] [-c C]   check names (arguments, or one a line on stdin); without -c, in every convention
  convert [NAME…] --from A --to B    write names in another convention
  gateway [--config FILE] [--http HOST:PORT]   run the MCP gateway (the mcp-naming-gateway package)
  codemode --from FILE      a server's tools as code: declarations, or one file per tool (or a live server)

Run 'mcp-naming <command> --help' for a command's options and examples.
Exit status: 0 fine, 1 problems found, 2 bad usage, 3 could not run.
`;

function version() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}

/**
 * @param {string[]} argv
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function main(argv, io) {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(HELP);
    return 2;
  }
  if (name === '-h' || name === '--help' || name === 'help') {
    io.stdout.write(HELP);
    return 0;
  }
  if (name === '-V' || name === '--version') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (name === 'gateway') return runGateway(rest, io);
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (!load) throw new UsageError(`unknown command ${JSON.stringify(name)} (commands: ${[...Object.keys(COMMANDS), 'gateway'].join(', ')})`);
    const command = await load();
    const args = parseArgs(rest, command.spec);
    if (args.help) {
      io.stdout.write(command.help);
      return 0;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      const which = load ? ` ${name}` : '';
      io.stderr.write(`mcp-naming${which}: ${e.message}\nRun 'mcp-naming${which} --help' for usage.\n`);
      return 2;
    }
    if (e instanceof RunError) {
      io.stderr.write(`mcp-naming ${name}: ${e.message}\n`);
      return 3;
    }
    throw e;
  }
}

const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
// A reader that went away (| head) ends the run quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
process.exitCode = await main(process.argv.slice(2), io);
