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
import { UsageError, stringFlag } from '../args.mjs';

/** @import { Flags } from '../args.mjs' */
/** @import { JsonNode, StringNode } from '../scan/json-locate.mjs' */
/** @typedef {{ value: string, start: number, end: number }} Entry */
/** A file read: its path (relative to the working folder) and text. @typedef {{ path: string, text: string }} File */
/** @typedef {{ name: string, start: number, entries: Entry[] }} EntryList */
/**
 * @typedef {File & { decl: number, entries: Entry[] }} Servers
 * @typedef {File & { decl: number, entries: (Entry & { route: Entry })[], builtins: string[],
 *   listTools?: { at: number, prefixed: boolean } | null }} Routes
 * @typedef {File & { decl: number, entries: Entry[] }} Tools
 * @typedef {File & { decl: number, lists: EntryList[] }} Lists
 * @typedef {{ dir: string, servers: Servers, texts: Map<string, string>, routes?: Routes, tools?: Tools,
 *   permissions: Lists[], toolState?: Lists, toolIndex?: Tools }} Gateway
 */

/** @param {string} dir @param {string[]} names */
const candidates = (dir, names) => names.flatMap((n) => [join(dir, n), join(dir, 'syntropy-mcp', n)]);

/** @param {string[]} paths @returns {string | null} */
function firstExisting(paths) {
  return paths.find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}

/** A source file below `dir`/src (or syntropy-mcp/src) whose text holds `marker`. */
/** @param {string} dir @param {string[]} preferred @param {string} marker @returns {string | null} */
function findSource(dir, preferred, marker) {
  const first = firstExisting(candidates(dir, preferred));
  if (first && readFileSync(first, 'utf8').includes(marker)) return first;
  for (const src of [join(dir, 'src'), join(dir, 'syntropy-mcp', 'src')]) {
    if (!existsSync(src)) continue;
    const stack = [src];
    for (let d = stack.pop(); d !== undefined; d = stack.pop()) {
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
/** @param {string} text @param {number} open @returns {{ start: number, end: number } | null} */
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
/** @param {string} text @param {string} name @param {'{' | '['} bracket */
function declaration(text, name, bracket) {
  const m = new RegExp(String.raw`\b${name}\b[^=;]*=\s*` + (bracket === '[' ? '\\[' : '\\{')).exec(text);
  return m ? { decl: m.index, open: m.index + m[0].length - 1 } : null;
}

/**
 * @param {string} path
 * @param {string} text
 * @returns {Omit<Routes, keyof File>}
 */
function readRoutes(path, text) {
  const d = declaration(text, 'SERVER_ROUTES', '{');
  if (!d) return { decl: 0, entries: [], builtins: [] };
  const body = bracketed(text, d.open);
  const inner = text.slice(d.open, body?.end ?? text.length);
  /** @type {Routes['entries']} */
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

/**
 * The `name: "…"` of each object directly inside the SYNTROPY_TOOLS array.
 * @param {string} path
 * @param {string} text
 * @returns {{ decl: number, entries: Entry[] }}
 */
function readTools(path, text) {
  const d = declaration(text, 'SYNTROPY_TOOLS', '[');
  if (!d) return { decl: 0, entries: [] };
  /** @type {Entry[]} */
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

/** @param {string} path @param {string} text */
function readJson(path, text) {
  try {
    return parseLocated(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new UsageError(`${path}: not valid JSON: ${e.message}`);
    throw e;
  }
}

/** @param {StringNode[]} nodes @returns {Entry[]} */
const asEntries = (nodes) => nodes.map((n) => ({ value: n.value, start: n.start, end: n.end }));

/**
 * The gateway's files, read; paths in findings are relative to the working folder.
 * @param {string} dir
 * @param {Flags} flags
 * @param {string} [cwd]
 * @returns {Gateway}
 */
export function readGateway(dir, flags, cwd = process.cwd()) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: not a folder`);
  /** @param {string} p */
  const rel = (p) => relative(cwd, p).split(sep).join('/') || p;
  /** @type {Map<string, string>} */
  const texts = new Map();
  /** @param {string} p @returns {File} */
  const load = (p) => {
    const text = readFileSync(p, 'utf8');
    texts.set(rel(p), text);
    return { path: rel(p), text };
  };
  /** @param {string} flag @param {string} what */
  const given = (flag, what) => {
    const path = stringFlag(flags, flag);
    if (path === undefined) return undefined;
    if (!existsSync(path)) throw new UsageError(`--${flag} ${path}: no such file (${what})`);
    return path;
  };
  const serversPath = given('servers-file', 'the servers file') ?? firstExisting(candidates(dir, ['servers.json']));
  if (!serversPath) {
    throw new UsageError(`no servers.json in ${dir} or ${join(dir, 'syntropy-mcp')}: not a Syntropy gateway folder? (--servers-file FILE)`);
  }
  const file = load(serversPath);
  const root = readJson(file.path, file.text);
  const table = member(root, 'servers') ?? member(root, 'mcpServers');
  if (table?.type !== 'object') throw new UsageError(`${file.path}: no "servers" object`);
  const entries = table.entries.map(({ key }) => ({ value: key.value, start: key.start, end: key.end }));
  const servers = { ...file, decl: table.start, entries };

  /** @type {Gateway} */
  const out = { dir, servers, texts, permissions: [] };
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
  const permissionPaths = stringFlag(flags, 'permissions-file') !== undefined
    ? [given('permissions-file', 'the permission file') ?? '']
    : [join(dir, '.claude', 'settings.local.json'), join(dir, '.claude', 'settings.json')].filter((p) => existsSync(p));
  out.permissions = permissionPaths.map((p) => {
    const f = load(p);
    const json = readJson(f.path, f.text);
    /** @type {[string, JsonNode | undefined][]} */
    const named = [['permissions.allow', member(member(json, 'permissions'), 'allow')], ['allow', member(json, 'allow')]];
    const lists = named.flatMap(([name, node]) => (node?.type === 'array' ? [{ name, start: node.start, entries: asEntries(strings(node)) }] : []));
    return { ...f, decl: json.start, lists };
  });
  const statePath = given('tool-state', 'the tool-state file') ?? firstExisting([join(dir, '.syntropy', 'tool-state.json'), ...candidates(dir, ['tool-state.json'])]);
  if (statePath) {
    const f = load(statePath);
    const json = readJson(f.path, f.text);
    const lists = ['enabled', 'disabled'].map((name) => ({ name, node: member(json, name) }))
      .flatMap(({ name, node }) => (node?.type === 'array' ? [{ name, start: node.start, entries: asEntries(strings(node)) }] : []));
    out.toolState = { ...f, decl: json.start, lists };
  }
  const indexPath = given('tool-index', 'the tool index') ?? firstExisting(candidates(dir, ['tool-index.md']));
  if (indexPath) {
    const f = load(indexPath);
    const entries = [...f.text.matchAll(/\b(?:mcp_{1,2})?syntropy_{1,2}[A-Za-z0-9][A-Za-z0-9_-]*/g)]
      .map((m) => ({ value: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
    out.toolIndex = { ...f, decl: 0, entries };
  }
  return out;
}
