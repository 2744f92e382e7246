// @ts-nocheck -- not yet typed for tests/ts/tsconfig.cli.json (issue 33 §5): JSDoc types still to write.
// The files of a Syntropy gateway, found in DIR (or DIR/syntropy-mcp) or given by flags, each
// read into located entries:
//   servers    servers.json: { "servers": { "syn-<server>": { command, args, lazy } } }
//   routes     the source holding SERVER_ROUTES = { "syn-<server>": "mcp__<upstream>__" } (src/index.ts),
//              and the built-in tools it answers itself (matchesTool(name, "healthcheck"))
//   tools      the source holding SYNTROPY_TOOLS = [{ name: "<server>_<tool>", … }] (src/tools-definition.ts)
//   permissions .claude/settings.local.json and .claude/settings.json (permissions.allow, allow)
//   toolState  tool-state.json ({ enabled, disabled }; Syntropy keeps it in ~/.syntropy/)
//   toolIndex  tool-index.md (the documented names)
// An entry: { value, start, end }: offsets into the file's text.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseLocated, member, strings, JsonSyntaxError } from '../scan/json-locate.mjs';
import { UsageError } from '../args.mjs';

const candidates = (dir, names) => names.flatMap((n) => [join(dir, n), join(dir, 'syntropy-mcp', n)]);

function firstExisting(paths) {
  return paths.find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}

/** A source file below `dir`/src (or syntropy-mcp/src) whose text holds `marker`. */
function findSource(dir, preferred, marker) {
  const first = firstExisting(candidates(dir, preferred));
  if (first && readFileSync(first, 'utf8').includes(marker)) return first;
  for (const src of [join(dir, 'src'), join(dir, 'syntropy-mcp', 'src')]) {
    if (!existsSync(src)) continue;
    const stack = [src];
    while (stack.length) {
      const d = stack.pop();
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory() && e.name !== 'node_modules') stack.push(p);
        else if (/\.(ts|mts|js|mjs)$/.test(e.name) && readFileSync(p, 'utf8').includes(marker)) return p;
      }
    }
  }
  return null;
}

/** The extent from the bracket or parenthesis at `open` to its match (strings and comments skipped). */
function bracketed(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1 || text.length;
    else if (c === '{' || c === '[' || c === '(') depth++;
    else if ((c === '}' || c === ']' || c === ')') && --depth === 0) return { start: open, end: i + 1 };
  }
  return null;
}

/** `NAME … = {` or `= [`: where the literal assigned to NAME starts, and the declaration's offset. */
function declaration(text, name, bracket) {
  const m = new RegExp(String.raw`\b${name}\b[^=;]*=\s*` + (bracket === '[' ? '\\[' : '\\{')).exec(text);
  return m ? { decl: m.index, open: m.index + m[0].length - 1 } : null;
}

function readRoutes(path, text) {
  const d = declaration(text, 'SERVER_ROUTES', '{');
  if (!d) return { decl: 0, entries: [], builtins: [] };
  const body = bracketed(text, d.open);
  const inner = text.slice(d.open, body?.end ?? text.length);
  const entries = [];
  const re = /(["']?)([A-Za-z0-9_-]+)\1\s*:\s*(["'])([^"'\n]*)\3/g;
  for (let m = re.exec(inner); m; m = re.exec(inner)) {
    const keyStart = d.open + m.index + m[1].length;
    const valueEnd = d.open + m.index + m[0].length - 1;
    entries.push({
      value: m[2], start: keyStart, end: keyStart + m[2].length,
      route: { value: m[4], start: valueEnd - m[4].length, end: valueEnd },
    });
  }
  const builtins = [...text.matchAll(/\bmatchesTool\(\s*\w+\s*,\s*(["'])([^"'\n]+)\1/g)].map((m) => m[2]);
  // The tools/list handler: where it starts, and whether it writes the mcp__syntropy__ prefix.
  const list = /setRequestHandler\(\s*ListToolsRequestSchema/.exec(text);
  const handler = list ? bracketed(text, text.indexOf('(', list.index)) : null;
  const listTools = list ? { at: list.index, prefixed: text.slice(list.index, handler?.end ?? text.length).includes('mcp__syntropy__') } : null;
  return { decl: d.decl, entries, builtins: [...new Set(builtins)], listTools };
}

/** The `name: "…"` of each object directly inside the SYNTROPY_TOOLS array. */
function readTools(path, text) {
  const d = declaration(text, 'SYNTROPY_TOOLS', '[');
  if (!d) return { decl: 0, entries: [] };
  const entries = [];
  let depth = 0;
  for (let i = d.open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const start = i + 1;
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      if (depth === 2) {
        const before = text.slice(Math.max(0, start - 40), start - 1);
        if (/(?:^|[{,\s])name\s*:\s*$/.test(before)) entries.push({ value: text.slice(start, i), start, end: i });
      }
    } else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1 || text.length;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) break;
  }
  return { decl: d.decl, entries };
}

function readJson(path, text) {
  try {
    return parseLocated(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new UsageError(`${path}: not valid JSON: ${e.message}`);
    throw e;
  }
}

const asEntries = (nodes) => nodes.map((n) => ({ value: n.value, start: n.start, end: n.end }));

/** The gateway's files, read; paths in findings are relative to the working folder. */
export function readGateway(dir, flags, cwd = process.cwd()) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: not a folder`);
  const rel = (p) => relative(cwd, p).split(sep).join('/') || p;
  const texts = new Map();
  const load = (p) => {
    const text = readFileSync(p, 'utf8');
    texts.set(rel(p), text);
    return { path: rel(p), text };
  };
  const given = (flag, what) => {
    if (flags[flag] === undefined) return undefined;
    if (!existsSync(flags[flag])) throw new UsageError(`--${flag} ${flags[flag]}: no such file (${what})`);
    return flags[flag];
  };
  const serversPath = given('servers-file', 'the servers file') ?? firstExisting(candidates(dir, ['servers.json']));
  if (!serversPath) {
    throw new UsageError(`no servers.json in ${dir} or ${join(dir, 'syntropy-mcp')}: not a Syntropy gateway folder? (--servers-file FILE)`);
  }
  const servers = load(serversPath);
  const root = readJson(servers.path, servers.text);
  const table = member(root, 'servers') ?? member(root, 'mcpServers');
  if (table?.type !== 'object') throw new UsageError(`${servers.path}: no "servers" object`);
  servers.decl = table.start;
  servers.entries = table.entries.map(({ key }) => ({ value: key.value, start: key.start, end: key.end }));

  const out = { dir, servers, texts };
  const routesPath = given('routes-file', 'the routes table') ?? findSource(dir, ['src/index.ts'], 'SERVER_ROUTES');
  if (routesPath) {
    const f = load(routesPath);
    out.routes = { ...f, ...readRoutes(f.path, f.text) };
  }
  const toolsPath = given('tools-file', 'the tool definitions') ?? findSource(dir, ['src/tools-definition.ts'], 'SYNTROPY_TOOLS');
  if (toolsPath) {
    const f = load(toolsPath);
    out.tools = { ...f, ...readTools(f.path, f.text) };
  }
  const permissionPaths = flags['permissions-file'] !== undefined
    ? [given('permissions-file', 'the permission file')]
    : [join(dir, '.claude', 'settings.local.json'), join(dir, '.claude', 'settings.json')].filter((p) => existsSync(p));
  out.permissions = permissionPaths.map((p) => {
    const f = load(p);
    const json = readJson(f.path, f.text);
    const lists = [['permissions.allow', member(member(json, 'permissions'), 'allow')], ['allow', member(json, 'allow')]]
      .filter(([, node]) => node?.type === 'array')
      .map(([name, node]) => ({ name, start: node.start, entries: asEntries(strings(node)) }));
    return { ...f, decl: json.start, lists };
  });
  const statePath = given('tool-state', 'the tool-state file') ?? firstExisting([join(dir, '.syntropy', 'tool-state.json'), ...candidates(dir, ['tool-state.json'])]);
  if (statePath) {
    const f = load(statePath);
    const json = readJson(f.path, f.text);
    const lists = ['enabled', 'disabled'].map((name) => ({ name, node: member(json, name) }))
      .filter(({ node }) => node?.type === 'array')
      .map(({ name, node }) => ({ name, start: node.start, entries: asEntries(strings(node)) }));
    out.toolState = { ...f, decl: json.start, lists };
  }
  const indexPath = given('tool-index', 'the tool index') ?? firstExisting(candidates(dir, ['tool-index.md']));
  if (indexPath) {
    const f = load(indexPath);
    const entries = [...f.text.matchAll(/\b(?:mcp_{1,2})?syntropy_{1,2}[A-Za-z0-9][A-Za-z0-9_-]*/g)]
      .map((m) => ({ value: m[0], start: m.index, end: m.index + m[0].length }));
    out.toolIndex = { ...f, decl: 0, entries };
  }
  return out;
}
