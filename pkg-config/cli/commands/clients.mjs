// @ts-nocheck -- not yet typed for tests/ts/tsconfig.cli.json (issue 33 §5): JSDoc types still to write.
// mcp-naming clients: the names each MCP client shows the model for a gateway's tools (the
// package's clientView), from a saved tools/list result or a live server, with where a client
// hashes or cuts a name, merges two into one, refuses one, or refuses the catalog.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { clientView, CLIENTS } from '../naming.mjs';
import { UsageError, listFlag } from '../args.mjs';
import { readSource, fromText, fromServer, fromUrl, splitCommand } from '../namespaces/sources.mjs';
import { finding, locate, count } from '../findings.mjs';
import { formatText } from '../format/text.mjs';
import { publicFinding } from '../format/json.mjs';
import { formatSarif } from '../format/sarif.mjs';
import { formatFlag } from '../report.mjs';
import { palette, useColor, colorFlag } from '../terminal.mjs';

/** @type {Spec} */
export const spec = {
  options: {
    from: { type: 'string', multiple: true },
    command: { type: 'string' },
    url: { type: 'string' },
    header: { type: 'string', multiple: true },
    server: { type: 'string', short: 's' },
    client: { type: 'string', multiple: true },
    format: formatFlag,
    color: colorFlag,
    timeout: { type: 'string' },
  },
};

export const help = `Usage: mcp-naming clients --from FILE… [--server NAME] [--client C…] [options]
       mcp-naming clients (--command "CMD ARGS…" | --url URL | -- CMD ARGS…) [options]

Shows what each MCP client will show the model for a gateway's tools: the name the client
builds from the server's name and each tool's name, and where it hashes or cuts a name
(client_hashed, a warning), shows two tools under one name (client_collision), refuses a tool
or the server (client_refused), or refuses the catalog for its size (client_tool_cap).
  --from FILE       a tools/list result as JSON (a JSON-RPC response holding one, a tools array,
                    or an array of names); repeat for several files; - reads stdin
  --command "…"     start this MCP server over stdio (also: -- CMD ARGS… at the end)
  --url URL         reach the server over Streamable HTTP (--header "Name: value", repeatable)
                    (both need the official SDK, @modelcontextprotocol/sdk, an optional peer
                    dependency: npm i it beside)
  --server, -s NAME the name the gateway has in the client's configuration (the mcpServers
                    key; for vscode the server's announced title or name); default: the
                    serverInfo name of a live server or of an initialize result in --from
  --client C        ${CLIENTS.join(', ')}; repeat or
                    separate with commas (default: all)
  --format, -f F    text (default): each client's names, then a line a finding; json; sarif
  --color WHEN      auto, always, never
  --timeout MS      how long to wait for a server's answers (default 30000)

Exit status: 0 no errors (hashed names are warnings), 1 a tool collides, is refused or the
catalog is over a client's cap, 2 bad usage, 3 the server failed.

Examples:
  mcp-naming clients --from tools.json --server gateway
  mcp-naming clients --server everything --client codex --client vscode -- npx -y @modelcontextprotocol/server-everything
  mcp-naming clients --url http://127.0.0.1:3000/mcp --server gw --format sarif > clients.sarif
`;

const MARKS = { client_hashed: 'hashed', client_collision: 'collides', client_refused: 'refused', client_tool_cap: 'over the cap' };

/** The clients asked for, in the order given (each once), or all. */
function pickClients(flags) {
  const asked = listFlag(flags.client);
  if (!asked) return [...CLIENTS];
  if (asked.length === 0) throw new UsageError(`--client needs a value (one of ${CLIENTS.join(', ')})`);
  for (const c of asked) if (!CLIENTS.includes(c)) throw new UsageError(`--client must be one of ${CLIENTS.join(', ')} (got ${JSON.stringify(c)})`);
  return [...new Set(asked)];
}

function headers(list = []) {
  const out = {};
  for (const h of list) {
    const at = h.indexOf(':');
    if (at <= 0) throw new UsageError(`--header must be "Name: value" (got ${JSON.stringify(h)})`);
    out[h.slice(0, at).trim()] = h.slice(at + 1).trim();
  }
  return out;
}

/**
 * The tools to view: [{ name, file, start, end }] with where each name is written in its file
 * (the JSON string of the name, searched in order), the files' texts, and the serverInfo seen.
 */
async function gather(flags, rest) {
  const live = [flags.command !== undefined, flags.url !== undefined, rest !== null && rest.length > 0].filter(Boolean).length;
  if (flags.from && live > 0) throw new UsageError('give --from or a server (--command, --url, -- CMD), not both');
  if (live > 1) throw new UsageError('give one server: --command, --url or -- CMD');
  if (!flags.from && live === 0) throw new UsageError('give --from FILE, --command "CMD", --url URL or -- CMD to start a server');
  if (flags.header && flags.url === undefined) throw new UsageError('--header goes with --url');
  const timeout = flags.timeout === undefined ? 30_000 : Number(flags.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new UsageError('--timeout must be a whole number of milliseconds');
  const texts = new Map();
  if (flags.from) {
    const tools = [];
    let serverInfo = null;
    for (const file of flags.from) {
      const label = file === '-' ? '<stdin>' : file;
      const text = readSource(file);
      const data = fromText(text, label);
      texts.set(label, text);
      let from = 0;
      for (const t of data.tools) {
        const written = JSON.stringify(t.name);
        let at = text.indexOf(written, from);
        if (at < 0) at = text.indexOf(written);
        if (at >= 0) from = at + written.length;
        tools.push({ name: t.name, file: label, start: at < 0 ? 0 : at + 1, end: at < 0 ? 0 : at + written.length - 1, exact: at >= 0 && written.length === t.name.length + 2 });
      }
      serverInfo = data.serverInfo ?? serverInfo;
    }
    return { tools, texts, serverInfo, source: flags.from.join(', ') };
  }
  const command = flags.command !== undefined ? splitCommand(flags.command) : flags.url === undefined ? rest : null;
  const data = command ? await fromServer(command, { timeout }) : await fromUrl(flags.url, { timeout, headers: headers(flags.header) });
  const tools = data.tools.map((t) => ({ name: t.name, file: null }));
  return { tools, texts, serverInfo: data.serverInfo, source: command ? command.join(' ') : flags.url };
}

/**
 * One finding a diagnostic: at the tool's name in its file (`place`), at the file's start for the
 * catalog as a whole, or, for a live server (`place` null), about the tool by name.
 */
function toFinding(client, place, tool, d) {
  const extra = { client, tool: tool?.name ?? null, shown: tool?.shown ?? null };
  if (place) {
    // Spans are UTF-16 offsets into the name; into the file only where it is written as is.
    const start = place.exact ? place.start + d.start : place.start;
    const end = place.exact ? place.start + d.end : place.end;
    return finding(place.file, start, end, d.severity, d.code, d.message, extra);
  }
  return finding(null, 0, 0, d.severity, d.code, d.message, { ...extra, label: tool ? tool.name : '(catalog)' });
}

function formatViews(views, server, p) {
  let out = '';
  for (const { client, view } of views) {
    const problems = view.tools.filter((t) => t.diagnostics.length > 0).length;
    out += `${p.bold(client)} ${p.dim(`(server ${JSON.stringify(server)}; ${view.tools.length} tool${view.tools.length === 1 ? '' : 's'}${problems ? `, ${problems} marked` : ''})`)}\n`;
    for (const d of view.diagnostics) out += `  ${d.severity === 'error' ? p.red('!') : p.yellow('!')} ${p.cyan(d.code)}: ${d.message}\n`;
    const width = Math.min(40, Math.max(0, ...view.tools.map((t) => t.name.length)));
    for (const t of view.tools) {
      const marks = [...new Set(t.diagnostics.map((d) => MARKS[d.code] ?? d.code))];
      const shown = t.shown === null ? p.dim('(not listed)') : t.shown === t.name ? t.shown : p.bold(t.shown);
      const tag = marks.length ? ` ${t.diagnostics.some((d) => d.severity === 'error') ? p.red(`[${marks.join(', ')}]`) : p.yellow(`[${marks.join(', ')}]`)}` : '';
      out += `  ${t.name.padEnd(width)}  →  ${shown}${tag}\n`;
    }
  }
  return out;
}

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function run({ flags, positionals, rest }, io) {
  if (positionals.length > 0) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])} (files go after --from, a server command after --)`);
  const clients = pickClients(flags);
  const { tools, texts, serverInfo, source } = await gather(flags, rest);
  const server = flags.server ?? serverInfo?.name;
  if (server === undefined) {
    throw new UsageError('give --server NAME: the name the gateway has in the client\'s configuration (its mcpServers key)');
  }
  const names = tools.map((t) => t.name);
  const views = [];
  const findings = [];
  for (const client of clients) {
    const view = clientView(client, server, names);
    views.push({ client, view });
    const own = [];
    const head = tools[0]?.file ? { file: tools[0].file, start: 0, end: 0, exact: false } : null;
    for (const d of view.diagnostics) own.push(toFinding(client, head, null, d));
    view.tools.forEach((t, i) => {
      for (const d of t.diagnostics) own.push(toFinding(client, tools[i].file ? tools[i] : null, t, d));
    });
    const located = own.filter((f) => f.file !== null);
    findings.push(...locate(located, texts), ...own.filter((f) => f.file === null));
  }
  const { errors, warnings } = count(findings);
  const summary = { server, source, clients: clients.length, tools: names.length, errors, warnings };
  if (flags.format === 'json') {
    const out = {
      version: 1,
      server,
      views: views.map(({ client, view }) => ({ client, ...view })),
      findings: findings.map((f) => ({ ...publicFinding(f), client: f.client, tool: f.tool, shown: f.shown })),
      summary,
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else if (flags.format === 'sarif') {
    io.stdout.write(formatSarif(findings, { command: 'clients' }));
  } else {
    const p = palette(useColor(io.stdout, flags.color));
    const body = formatViews(views, server, p);
    io.stdout.write(findings.length ? `${body}\n${formatText(findings, p)}` : body);
    const e = palette(useColor(io.stderr, flags.color));
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const read = `${plural(names.length, 'tool')} × ${plural(clients.length, 'client')}, server ${JSON.stringify(server)}`;
    io.stderr.write(errors === 0 && warnings === 0
      ? `${e.green('no problems')} (${read})\n`
      : `${e.red(plural(errors, 'error'))}, ${e.yellow(plural(warnings, 'warning'))} (${read})\n`);
  }
  return errors > 0 ? 1 : 0;
}
