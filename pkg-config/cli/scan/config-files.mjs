// The JSON files that name servers and tools, recognized by their shape (any file name):
// - `mcpServers` (.mcp.json, Claude Desktop's claude_desktop_config.json): the keys are server names;
// - Claude Code settings (.claude/settings*.json): permissions.allow / deny / ask rules, and a
//   top-level `allow` list (Syntropy's allow-list);
// - a Syntropy tool-state file: only `enabled` and `disabled`, lists of names.
import { parseLocated, member, strings, JsonSyntaxError } from './json-locate.mjs';

/** @import { JsonNode, StringNode } from './json-locate.mjs' */
/** @typedef {{ name: string, nodes: StringNode[] }} NamedList */
/**
 * @typedef {{ kind: 'server', node: StringNode } | { kind: 'rules', lists: NamedList[] }
 *   | { kind: 'tool-state', lists: NamedList[] }} Site
 */

// A JSON file is read only when its text has one of these (a package-lock.json is not parsed).
const MARKERS = ['"mcpServers"', '"permissions"', '"allow"', '"enabled"', '"disabled"'];

/**
 * Files named like these are reported when they do not parse; other JSON files are skipped.
 * @param {string} path
 */
export function isConfigName(path) {
  return /(^|\/)(\.?mcp\.json|claude_desktop_config\.json|tool-state\.json|settings(\.[\w-]+)?\.json)$/.test(path);
}

/**
 * Sites in one JSON file: { kind: 'server', node } for each mcpServers key;
 * { kind: 'rules', lists: [{ name, nodes }] }; { kind: 'tool-state', lists: [{ name, nodes }] }.
 * A file that does not parse gives { problem: { offset, message } } when it is named like a
 * configuration file, else nothing.
 * @param {string} path
 * @param {string} text
 * @returns {{ sites: Site[], problem?: { offset: number, message: string } }}
 */
export function scanConfig(path, text) {
  if (!MARKERS.some((m) => text.includes(m))) return { sites: [] };
  let root;
  try {
    root = parseLocated(text);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return isConfigName(path) ? { sites: [], problem: { offset: e.offset, message: e.message } } : { sites: [] };
  }
  if (root.type !== 'object') return { sites: [] };
  /** @type {Site[]} */
  const sites = [];
  const servers = member(root, 'mcpServers');
  if (servers?.type === 'object') {
    for (const { key } of servers.entries) sites.push({ kind: 'server', node: key });
  }
  /** @type {NamedList[]} */
  const lists = [];
  const permissions = member(root, 'permissions');
  for (const list of ['allow', 'deny', 'ask']) {
    const node = member(permissions, list);
    if (node?.type === 'array') lists.push({ name: `permissions.${list}`, nodes: strings(node) });
  }
  const allow = member(root, 'allow');
  if (allow?.type === 'array') lists.push({ name: 'allow', nodes: strings(allow) });
  if (lists.length > 0) sites.push({ kind: 'rules', lists });
  const keys = root.entries.map((e) => e.key.value);
  if (keys.length > 0 && keys.every((k) => k === 'enabled' || k === 'disabled')) {
    const state = root.entries.map(({ key, value }) => ({ name: key.value, node: value }));
    /** @param {JsonNode} node @returns {StringNode[] | null} */
    const stringItems = (node) => (node.type === 'array' && node.items.every((i) => i.type === 'string') ? strings(node) : null);
    /** @type {NamedList[]} */
    const named = [];
    for (const { name, node } of state) {
      const nodes = stringItems(node);
      if (nodes) named.push({ name, nodes });
    }
    if (named.length === state.length) sites.push({ kind: 'tool-state', lists: named });
  }
  return { sites };
}
