// @ts-nocheck -- not yet typed for tests/ts/tsconfig.cli.json (issue 33 §5): JSDoc types still to write.
// mcp-naming codemode: a server's tools as code (the package's codeMode, mcp-naming/codemode):
// the declarations (.d.ts or .pyi) printed or written, or one file per tool, from a saved
// tools/list result or a live server, in a language and a view (this package's names, or a
// code-mode peer's reproduced), with where a name could not be projected as it is.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { codeMode } from '../codemode-entry.mjs';
import { UsageError, RunError } from '../args.mjs';
import { readSource, fromText, fromServer, fromUrl, splitCommand } from '../namespaces/sources.mjs';
import { palette, useColor, colorFlag } from '../terminal.mjs';

const LANGUAGES = ['typescript', 'javascript', 'python'];
const VIEWS = ['mcp-naming', 'cloudflare-codemode', 'codex', 'openclaw'];

/** @type {Spec} */
export const spec = {
  options: {
    from: { type: 'string', multiple: true },
    command: { type: 'string' },
    url: { type: 'string' },
    header: { type: 'string', multiple: true },
    server: { type: 'string', short: 's' },
    language: { type: 'string', short: 'l', choices: LANGUAGES },
    view: { type: 'string', choices: VIEWS },
    files: { type: 'boolean' },
    out: { type: 'string', short: 'o' },
    format: { type: 'string', short: 'f', choices: ['text', 'json'] },
    color: colorFlag,
    timeout: { type: 'string' },
  },
};

export const help = `Usage: mcp-naming codemode --from FILE… [--server NAME] [--language L] [--view V] [options]
       mcp-naming codemode (--command "CMD ARGS…" | --url URL | -- CMD ARGS…) [options]

A server's tools as code, for an agent that calls tools by writing code: the server a
namespace, each tool a function, with the declarations of their inputs and outputs. Prints the
declarations (a .d.ts, or a .pyi for Python); with --files, writes one file per tool under --out
(servers/<server>/<tool>.ts, .js or .py, and servers/_runtime, the hook they call tools through).
Diagnostics say where a name could not be projected as it is: codemode_renamed (a reserved word
escaped, a file renamed), codemode_hashed (a digest of the tool's own name added: its name is
not spelled lower_snake), codemode_collision (a peer view that gives two tools one name).
  --from FILE       a tools/list result as JSON (a JSON-RPC response holding one, or a tools array);
                    repeat for several files of one server; - reads stdin
  --command "…"     start this MCP server over stdio (also: -- CMD ARGS… at the end)
  --url URL         reach the server over Streamable HTTP (--header "Name: value", repeatable)
                    (both need the official SDK, @modelcontextprotocol/sdk, an optional peer
                    dependency: npm i it beside)
  --server, -s NAME the server's name (its namespace); default: the serverInfo name of a live
                    server or of an initialize result in --from, else "server"
  --language, -l L  ${LANGUAGES.join(', ')} (default typescript)
  --view V          ${VIEWS.join(', ')} (default mcp-naming)
  --files           one file per tool (needs --out DIR); the declarations go to DIR too
  --out, -o PATH    write the declarations to PATH (or, with --files, everything under PATH)
  --format, -f F    text (default): the code, diagnostics on stderr; json: codeMode's whole answer
  --color WHEN      auto, always, never
  --timeout MS      how long to wait for a server's answers (default 30000)

Exit status: 0 no errors (renamed and hashed names are warnings), 1 a view gives two tools one
name or a file cannot be written everywhere, 2 bad usage, 3 the server failed or a file could
not be written.

Examples:
  mcp-naming codemode --from tools.json --server github > github.d.ts
  mcp-naming codemode --from tools.json --language python --files --out generated/
  mcp-naming codemode --view cloudflare-codemode -- npx -y @modelcontextprotocol/server-everything
`;

function headers(list = []) {
  const out = {};
  for (const h of list) {
    const at = h.indexOf(':');
    if (at <= 0) throw new UsageError(`--header must be "Name: value" (got ${JSON.stringify(h)})`);
    out[h.slice(0, at).trim()] = h.slice(at + 1).trim();
  }
  return out;
}

/** The tool objects and the serverInfo seen, from files or a live server. */
async function gather(flags, rest) {
  const live = [flags.command !== undefined, flags.url !== undefined, rest !== null && rest.length > 0].filter(Boolean).length;
  if (flags.from && live > 0) throw new UsageError('give --from or a server (--command, --url, -- CMD), not both');
  if (live > 1) throw new UsageError('give one server: --command, --url or -- CMD');
  if (!flags.from && live === 0) throw new UsageError('give --from FILE, --command "CMD", --url URL or -- CMD to start a server');
  if (flags.header && flags.url === undefined) throw new UsageError('--header goes with --url');
  const timeout = flags.timeout === undefined ? 30_000 : Number(flags.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new UsageError('--timeout must be a whole number of milliseconds');
  if (flags.from) {
    const tools = [];
    let serverInfo = null;
    for (const file of flags.from) {
      const data = fromText(readSource(file), file === '-' ? '<stdin>' : file);
      tools.push(...data.tools);
      serverInfo = data.serverInfo ?? serverInfo;
    }
    return { tools, serverInfo };
  }
  const command = flags.command !== undefined ? splitCommand(flags.command) : flags.url === undefined ? rest : null;
  return command ? fromServer(command, { timeout }) : fromUrl(flags.url, { timeout, headers: headers(flags.header) });
}

/** Writes `text` at `path` (its folders made), or fails with exit 3. */
function write(path, text) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (e) {
    throw new RunError(`could not write ${path}: ${e.message}`);
  }
}

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function run({ flags, positionals, rest }, io) {
  if (positionals.length > 0) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])} (files go after --from, a server command after --)`);
  if (flags.files && flags.out === undefined) throw new UsageError('--files writes one file per tool: give --out DIR');
  const { tools, serverInfo } = await gather(flags, rest);
  const server = flags.server ?? serverInfo?.name ?? 'server';
  const language = flags.language ?? 'typescript';
  let result;
  try {
    result = codeMode([{ server, tools }], { language, view: flags.view ?? 'mcp-naming', layout: flags.files ? 'files' : 'object' });
  } catch (e) {
    // A view without the language or layout asked for (codex in Python): bad usage.
    if (e?.code === 'invalid_argument') throw new UsageError(e.message);
    throw e;
  }
  const diagnostics = [...result.diagnostics, ...result.namespaces.flatMap((n) => n.tools.flatMap((t) => t.diagnostics))];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (flags.format === 'json') {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return errors > 0 ? 1 : 0;
  }
  const declarations = language === 'python' ? 'declarations.pyi' : 'declarations.d.ts';
  if (flags.files) {
    const root = resolve(flags.out);
    for (const f of result.files) {
      const path = resolve(root, f.path);
      // The core names files under servers/ with safe components; refuse anything else anyway.
      if (!path.startsWith(root + sep)) throw new RunError(`refusing to write ${f.path} outside ${root}`);
      write(path, f.content);
    }
    write(join(root, declarations), result.declarations);
  } else if (flags.out !== undefined) {
    write(resolve(flags.out), result.declarations);
  } else {
    io.stdout.write(result.declarations);
  }
  const e = palette(useColor(io.stderr, flags.color));
  for (const d of diagnostics) io.stderr.write(`${d.severity === 'error' ? e.red('error') : e.yellow('warning')} ${e.cyan(d.code)}: ${d.message}\n`);
  const functions = result.namespaces.reduce((n, ns) => n + ns.tools.length, 0);
  const where = flags.files ? `, ${result.files.length + 1} files under ${flags.out}` : flags.out !== undefined ? `, written to ${flags.out}` : '';
  const warnings = diagnostics.length - errors;
  io.stderr.write(`${functions} tool${functions === 1 ? '' : 's'} of server ${JSON.stringify(server)} as ${language} (view ${result.view})${where}: ${errors ? e.red(`${errors} error${errors === 1 ? '' : 's'}`) : e.green('no errors')}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors > 0 ? 1 : 0;
}
