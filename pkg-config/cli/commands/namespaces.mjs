// @ts-nocheck -- not yet typed for tests/ts/tsconfig.cli.json (issue 33 §5): JSDoc types still to write.
// mcp-naming namespaces: writes NAMESPACES.md from a tools/list (and resources/list) result or
// a live server, or with --check says whether the file is up to date.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { readFileSync, writeFileSync } from 'node:fs';
import { namespaceFromSlug, validateToolName, NamingError } from '../naming.mjs';
import { UsageError, RunError } from '../args.mjs';
import { fromFiles, fromServer } from '../namespaces/sources.mjs';
import { renderNamespaces, ownersOf } from '../namespaces/render.mjs';

/** @type {Spec} */
export const spec = {
  options: {
    from: { type: 'string', multiple: true },
    namespace: { type: 'string' },
    project: { type: 'string' },
    output: { type: 'string', short: 'o' },
    check: { type: 'boolean' },
    timeout: { type: 'string' },
  },
};

export const help = `Usage: mcp-naming namespaces --from FILE… [options]
       mcp-naming namespaces [options] -- COMMAND [ARGS…]

Writes NAMESPACES.md, the Chora registry of a project's names: its namespace, its tools (bare
and full names), resources and resource URI patterns, and an Owners section to fill in (kept
when the file is written again).
  --from FILE       a tools/list result as JSON (or resources/list, resources/templates/list,
                    an initialize result for serverInfo, a JSON-RPC response holding one, or an
                    array of these); repeat for several files
  -- COMMAND …      start this MCP server over stdio instead and ask it (needs the official SDK,
                    @modelcontextprotocol/sdk, an optional peer dependency: npm i it beside)
  --namespace NS    the namespace (default: the one all tool names share as ns:tool, else from
                    the server's name, else from --project)
  --project NAME    the project named in the file (default: the server's name)
  --output, -o F    the file to write or check (default NAMESPACES.md; - for stdout)
  --check           write nothing; exit 1 when the file is missing or differs from what would be written
  --timeout MS      how long to wait for a server's answers (default 30000)

Exit status: 0 written or up to date, 1 out of date (--check), 2 bad usage, 3 the server failed.

Examples:
  mcp-naming namespaces --from tools.json --namespace myproject
  mcp-naming namespaces -- node dist/server.js
  mcp-naming namespaces --check -- npx -y @modelcontextprotocol/server-everything
`;

/** The namespace: given, else shared by every tool as ns:tool, else from the server's or project's name. */
function pickNamespace(flags, data) {
  if (flags.namespace) return flags.namespace;
  const prefixes = new Set(data.tools.map((t) => (/^([a-z][a-z0-9]{2,19}):/.exec(t.name) ?? [])[1]));
  if (prefixes.size === 1 && !prefixes.has(undefined)) return [...prefixes][0];
  const name = data.serverInfo?.name ?? flags.project;
  if (name) {
    try {
      return namespaceFromSlug(name.replace(/^@/, '').split('/').pop());
    } catch (e) {
      if (!(e instanceof NamingError)) throw e;
    }
  }
  throw new UsageError('cannot tell the namespace from the tools or the server\'s name: pass --namespace');
}

/** The first line where two texts differ, for the --check message. */
function firstDifference(want, have) {
  const a = want.split('\n');
  const b = have.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: expected ${JSON.stringify(a[i] ?? '(end of file)')}, found ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return '';
}

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function run({ flags, positionals, rest }, io) {
  if (positionals.length > 0) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])} (a server command goes after --)`);
  const hasCommand = rest !== null && rest.length > 0;
  if (!flags.from && !hasCommand) throw new UsageError('give --from FILE or -- COMMAND to start a server');
  if (flags.from && hasCommand) throw new UsageError('give --from or a server command, not both');
  const timeout = flags.timeout === undefined ? 30_000 : Number(flags.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new UsageError('--timeout must be a whole number of milliseconds');
  const data = hasCommand ? await fromServer(rest, { timeout }) : fromFiles(flags.from);
  const namespace = pickNamespace(flags, data);
  const project = flags.project ?? data.serverInfo?.name ?? namespace;
  const output = flags.output ?? 'NAMESPACES.md';
  let existing = null;
  if (output !== '-') {
    try {
      existing = readFileSync(output, 'utf8');
    } catch (e) {
      if (e.code !== 'ENOENT') throw new RunError(`${output}: ${e.message}`);
    }
  }
  const text = renderNamespaces({ ...data, namespace, project, owners: ownersOf(existing) });
  const counts = `${data.tools.length} tools, ${data.resources.length} resources, ${data.resourceTemplates.length} templates`;
  if (flags.check) {
    if (existing === text) {
      io.stderr.write(`${output} is up to date (${counts})\n`);
      return 0;
    }
    const why = existing === null ? 'it does not exist' : firstDifference(text, existing);
    io.stderr.write(`${output} is out of date: ${why}\nRun mcp-naming namespaces without --check to write it.\n`);
    return 1;
  }
  if (output === '-') io.stdout.write(text);
  else {
    try {
      writeFileSync(output, text);
    } catch (e) {
      throw new RunError(`${output}: ${e.message}`);
    }
    io.stderr.write(`wrote ${output} (${counts}; namespace ${namespace})\n`);
  }
  const bad = data.tools.filter((t) => !validateToolName(`${namespace}:${t.name.replace(`${namespace}:`, '')}`, 'chora').valid);
  if (bad.length > 0) {
    io.stderr.write(`note: ${bad.length} of ${data.tools.length} full names are not valid chora names (${bad.slice(0, 3).map((t) => t.name).join(', ')}${bad.length > 3 ? ', …' : ''}): mcp-naming lint ${output === '-' ? 'NAMESPACES.md' : output} -c chora says why\n`);
  }
  return 0;
}
