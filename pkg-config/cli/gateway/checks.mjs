// The Syntropy checklist over a gateway's files: every server of servers.json has its route,
// its tool definitions, permission entries and tool-state entries; every name in one file is
// one the others know; each finding names the file it is in and the file it disagrees with.
import { validateToolName, checkAllowList, checkToolState, normalizeServerName, Router, NamingError } from '../naming.mjs';
import { finding } from '../findings.mjs';
import { entryOf } from '../checks.mjs';
import { LineIndex } from '../lines.mjs';

/** @import { Entry, File, Gateway } from './files.mjs' */
/** @import { Finding, Related, Severity } from '../findings.mjs' */

const PREFIX = 'mcp__syntropy__';

/**
 * @param {Gateway} g
 * @returns {Finding[]}
 */
export function checkGateway(g) {
  /** @type {Finding[]} */
  const out = [];
  /** @type {Map<string, LineIndex>} */
  const indexes = new Map();
  /** @param {File} file @param {number} offset */
  const where = (file, offset) => {
    let index = indexes.get(file.path);
    if (!index) indexes.set(file.path, (index = new LineIndex(file.text)));
    const { line, column } = index.at(offset);
    return `${file.path}:${line}:${column}`;
  };
  /** @param {File} file @param {number} offset @param {string} message @returns {Related} */
  const ref = (file, offset, message) => ({ file: file.path, start: offset, end: offset, message });
  /**
   * @param {File} file
   * @param {{ start: number, end: number }} entry
   * @param {Severity} severity
   * @param {string} code
   * @param {string} message
   * @param {Related[]} [related]
   * @param {string | null} [suggestion]
   */
  const add = (file, entry, severity, code, message, related = [], suggestion = null) => {
    out.push(finding(file.path, entry.start, entry.end, severity, code, message, { related, suggestion }));
  };
  /** @param {string} what @param {string} expected */
  const missingFile = (what, expected) => {
    const s = g.servers;
    add(s, { start: s.decl, end: s.decl }, 'error', 'missing_file', `${what} not found (looked for ${expected}): the servers of ${s.path} have no ${what}`);
  };

  // The servers, by short name (syn-<server>).
  /** @type {(Entry & { name: string })[]} */
  const servers = [];
  for (const e of g.servers.entries) {
    if (!e.value.startsWith('syn-') || e.value.length === 4) {
      add(g.servers, e, 'error', 'invalid_pool_key', `pool key "${e.value}" is not syn-<server>: Syntropy reaches the server <server> through the pool syn-<server>`);
    } else servers.push({ ...e, name: e.value.slice(4) });
  }
  const serverNames = servers.map((s) => s.name);
  const builtins = g.routes?.builtins.length ? g.routes.builtins : undefined;
  const options = { servers: serverNames, ...(builtins ? { builtins } : {}) };

  // Routes: one for each server, none for a server that is not there, each an mcp__<server>__ prefix.
  /** @type {Map<string, Entry & { route: Entry }>} */
  const routes = new Map();
  if (!g.routes) missingFile('routes table (SERVER_ROUTES)', 'src/index.ts, or a source under src/ holding SERVER_ROUTES');
  else {
    for (const r of g.routes.entries) {
      routes.set(r.value, r);
      const inner = /^mcp__(.+)__$/.exec(r.route.value)?.[1];
      if (!inner || inner.includes('__') || normalizeServerName(inner) !== inner) {
        add(g.routes, r.route, 'error', 'invalid_route', `route "${r.route.value}" of "${r.value}" is not mcp__<upstream>__ (letters, digits, "_" and "-" between)`);
      }
      if (!g.servers.entries.some((s) => s.value === r.value)) {
        add(g.routes, r, 'error', 'route_without_server', `route "${r.value}" has no server in ${where(g.servers, g.servers.decl)}: add it there or remove the route`, [ref(g.servers, g.servers.decl, 'the servers')]);
      }
    }
    for (const s of servers) {
      if (!routes.has(s.value)) {
        add(g.servers, s, 'error', 'missing_route', `server "${s.value}" has no route in SERVER_ROUTES at ${where(g.routes, g.routes.decl)}: add "${s.value}": "mcp__<upstream>__"`, [ref(g.routes, g.routes.decl, 'SERVER_ROUTES')]);
      }
    }
  }

  // Tool definitions: <server>_<tool> of a server that exists, or a built-in; each server has some.
  /** @type {Map<string, Entry[]>} */
  const toolsOf = new Map(serverNames.map((s) => [s, []]));
  /** @type {Map<string, Entry & { invalid?: true }>} */
  const defined = new Map();
  if (!g.tools) missingFile('tool definitions (SYNTROPY_TOOLS)', 'src/tools-definition.ts, or a source under src/ holding SYNTROPY_TOOLS');
  else {
    for (const t of g.tools.entries) {
      const first = defined.get(t.value);
      if (first) {
        add(g.tools, t, 'error', 'duplicate_entry', `tool "${t.value}" is defined twice (first at ${where(g.tools, first.start)})`, [ref(g.tools, first.start, 'the first definition')]);
        continue;
      }
      defined.set(t.value, t);
      const report = validateToolName(PREFIX + t.value, 'syntropy', options);
      for (const d of report.errors) {
        add(g.tools, t, 'error', d.code, `tool "${t.value}": ${d.message} (servers in ${where(g.servers, g.servers.decl)})`, [ref(g.servers, g.servers.decl, 'the servers')], report.suggestion?.slice(PREFIX.length) ?? null);
      }
      if (report.valid && report.parts?.server) toolsOf.get(report.parts.server)?.push(t);
      if (!report.valid) defined.set(t.value, { ...t, invalid: true });
    }
    for (const s of servers) {
      if (toolsOf.get(s.name)?.length === 0) {
        add(g.servers, s, 'error', 'missing_tools', `server "${s.value}" has no tools in SYNTROPY_TOOLS at ${where(g.tools, g.tools.decl)}: add them as "${s.name}_<tool>"`, [ref(g.tools, g.tools.decl, 'SYNTROPY_TOOLS')]);
      }
    }
  }

  // A router over the defined tools answers which full names exist (and suggests the nearest).
  /** @type {Router | null} */
  let router = null;
  try {
    router = new Router({
      style: 'syntropy',
      servers: servers.map((s) => {
        const route = routes.get(s.value);
        return { name: s.name, pool: s.value, ...(route ? { upstreamPrefix: route.route.value } : {}) };
      }),
      ...(builtins ? { builtins } : {}),
    });
    for (const [server, tools] of toolsOf) router.expose(server, tools.map((t) => t.value.slice(server.length + 1)));
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    add(g.servers, { start: g.servers.decl, end: g.servers.decl }, 'error', e.code, `the gateway's names do not make a routing table: ${e.message}`);
    router = null;
  }
  /** @param {File} file @param {Entry} entry @param {string} name */
  const unknownTool = (file, entry, name) => {
    if (!router || !g.tools) return;
    try {
      router.route(name);
    } catch (e) {
      if (!(e instanceof NamingError)) throw e;
      const suggestion = e.suggestions[0] ?? null;
      add(file, entry, 'error', e.code, `"${name}" is not a tool of SYNTROPY_TOOLS at ${where(g.tools, g.tools.decl)}: ${e.message}`, [ref(g.tools, g.tools.decl, 'SYNTROPY_TOOLS')], suggestion);
    }
  };
  /**
   * Which servers an entry covers: all for mcp__syntropy / mcp__syntropy__*, else its own.
   * @param {string} name
   * @returns {string[]}
   */
  const covers = (name) => {
    if (name === 'mcp__syntropy' || name === 'mcp__syntropy__*') return serverNames;
    const report = validateToolName(name, 'syntropy', options);
    return report.valid && report.parts?.server ? [report.parts.server] : [];
  };

  // Permission rules.
  /** @type {Set<string>} */
  const permitted = new Set();
  if (g.permissions.length === 0) missingFile('permission file', '.claude/settings.local.json or .claude/settings.json');
  for (const file of g.permissions) {
    for (const list of file.lists) {
      list.entries.forEach((e) => {
        const check = checkAllowList([e.value], options);
        for (const d of check.errors) {
          const suggestion = validateToolName(e.value, 'syntropy', options).suggestion;
          add(file, e, 'error', d.code, d.message.replace(/^allow\[0\]/, `${list.name}[${list.entries.indexOf(e)}]`), [], suggestion);
        }
        if (check.errors.length === 0 && e.value.startsWith(PREFIX) && e.value !== `${PREFIX}*`) unknownTool(file, e, e.value);
        for (const s of covers(e.value)) permitted.add(s);
      });
    }
  }
  const firstPermissions = g.permissions[0];
  for (const s of servers) {
    if (firstPermissions && !permitted.has(s.name)) {
      add(g.servers, s, 'error', 'missing_permission', `server "${s.value}" has no permission entry in ${g.permissions.map((f) => where(f, f.decl)).join(' or ')}: add ${PREFIX}${s.name}_<tool> entries (or mcp__syntropy)`, g.permissions.map((f) => ref(f, f.decl, 'the permission rules')));
    }
  }

  // The tool-state file: Syntropy's own checks, names that exist, and every server listed once
  // an enabled list is given (with one, a server not in it has all its tools disabled).
  if (!g.toolState) {
    const s = g.servers;
    add(s, { start: s.decl, end: s.decl }, 'warning', 'missing_file', `tool-state file not found in the folder (Syntropy keeps it in ~/.syntropy/tool-state.json; --tool-state FILE to check it): the servers of ${s.path} are checked against no tool state`);
  } else {
    const f = g.toolState;
    const state = Object.fromEntries(f.lists.map((l) => [l.name, l.entries.map((e) => e.value)]));
    const check = checkToolState(state, options);
    /** @type {Set<{ start: number, end: number }>} */
    const flagged = new Set();
    for (const d of check.errors) {
      const at = entryOf(d);
      const entries = f.lists.find((l) => l.name === at?.list)?.entries;
      const e = (at && entries ? entries[at.index] : undefined) ?? { start: f.decl, end: f.decl };
      flagged.add(e);
      add(f, e, 'error', d.code, d.message, [], d.suggestion ?? null);
    }
    /** @type {Set<string>} */
    const listed = new Set();
    for (const l of f.lists) {
      for (const e of l.entries) {
        if (!flagged.has(e) && e.value.startsWith(PREFIX)) unknownTool(f, e, e.value);
        for (const s of covers(e.value)) listed.add(s);
      }
    }
    const enabled = f.lists.find((l) => l.name === 'enabled');
    if (enabled && enabled.entries.length > 0) {
      for (const s of servers) {
        if (!listed.has(s.name)) {
          add(g.servers, s, 'error', 'missing_tool_state', `server "${s.value}" has no entry in ${where(f, enabled.start)}: with an enabled list, every tool of "${s.name}" is disabled; add ${PREFIX}${s.name}_<tool> to it`, [ref(f, enabled.start, 'the enabled list')]);
        }
      }
    }
  }

  // The tool index documents every defined tool, under names that exist.
  if (!g.toolIndex) missingFile('tool index', 'tool-index.md');
  else {
    const f = g.toolIndex;
    /** @type {Set<string>} */
    const mentioned = new Set();
    for (const e of f.entries) {
      if (e.value.startsWith(PREFIX)) mentioned.add(e.value.slice(PREFIX.length));
      const report = validateToolName(e.value, 'syntropy', options);
      if (!report.valid) {
        for (const d of report.errors) add(f, e, 'error', d.code, `"${e.value}": ${d.message}`, [], report.suggestion);
        continue;
      }
      unknownTool(f, e, e.value);
    }
    for (const t of defined.values()) {
      // (Tools are defined only when the definitions were found.)
      if (g.tools && !t.invalid && !mentioned.has(t.value)) {
        add(g.tools, t, 'warning', 'not_in_tool_index', `tool "${t.value}" is not documented in ${where(f, 0)}: add ${PREFIX}${t.value}`, [ref(f, 0, 'the tool index')]);
      }
    }
  }

  // The drift bug Syntropy records (PRP-44): a tools/list answer without the prefix its callers use.
  if (g.routes?.listTools && !g.routes.listTools.prefixed) {
    const at = g.routes.listTools.at;
    const other = g.permissions[0];
    add(g.routes, { start: at, end: at + 'setRequestHandler'.length }, 'warning', 'unprefixed_tool_list',
      `the tools/list handler does not write the mcp__syntropy__ prefix, while ${other ? where(other, other.decl) : 'the permission file'} and the tool state use prefixed names: list the tools as mcp__syntropy__<server>_<tool>`,
      other ? [ref(other, other.decl, 'prefixed names')] : []);
  }
  return out;
}
