// NAMESPACES.md in the layout of the Chora conventions: the project and its namespace, its
// tools (bare and full names), its resources and their URI patterns, the namespace's formats,
// and an Owners section the user fills in (kept as it is when the file is written again).
// Nothing in it depends on the day or the order a server lists in, so --check can compare.

const MAX_RESOURCES = 25;

/**
 * What a server lists, as NAMESPACES.md shows it (the MCP list results' fields it reads).
 * @typedef {{ name: string, description?: string, title?: string }} ToolItem
 * @typedef {{ uri: string, name?: string, description?: string, mimeType?: string }} ResourceItem
 * @typedef {{ uriTemplate: string, mimeType?: string }} TemplateItem
 * @typedef {{ namespace: string, project: string, tools: ToolItem[], resources: ResourceItem[],
 *   resourceTemplates: TemplateItem[], serverInfo?: { version?: string } | null, owners?: string | null }} Listing
 */

/** One line of `text` for a table cell: trimmed, at most 100 characters, pipes escaped. @param {unknown} text */
function cell(text) {
  const line = String(text ?? '').split(/\r?\n/).map((s) => s.trim()).find(Boolean) ?? '';
  const short = line.length > 100 ? `${line.slice(0, 99)}…` : line;
  return short.replace(/\|/g, '\\|') || '-';
}

/** `scheme://a/b/c` -> `scheme://a/b/{id}`: the pattern a concrete URI stands for. @param {string} uri */
export function uriPattern(uri) {
  const m = /^([^:/?#]+:\/\/)([^?#]*)/.exec(uri);
  if (!m) return uri;
  const path = m[2].split('/');
  if (path.length < 2) return `${m[1]}${m[2]}`;
  path[path.length - 1] = '{id}';
  return `${m[1]}${path.join('/')}`;
}

/** @param {string[]} head @param {string[][]} rows */
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map((h) => '-'.repeat(h.length + 2)).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];

/**
 * @template {string} K
 * @param {K} key
 * @returns {(a: Record<K, string>, b: Record<K, string>) => number}
 */
const byKey = (key) => (a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

export const DEFAULT_OWNERS = table(['Role', 'Owner'], [['Maintainer', '_TBD_'], ['Reviewer', '_TBD_']]).join('\n');

/** The Owners section's body in an existing file, or null. @param {string | null | undefined} text */
export function ownersOf(text) {
  const m = /^## Owners[ \t]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text ?? '');
  return m ? m[1].trim() : null;
}

/** @param {Listing} listing */
export function renderNamespaces({ namespace, project, tools, resources, resourceTemplates, serverInfo, owners }) {
  const version = serverInfo?.version ? cell(serverInfo.version) : '-';
  /** @param {string} name */
  const bare = (name) => (name.startsWith(`${namespace}:`) ? name.slice(namespace.length + 1) : name);
  const toolRows = [...tools].sort(byKey('name')).map((t) => [bare(t.name), `${namespace}:${bare(t.name)}`, cell(t.description ?? t.title), version]);
  const out = [
    '# MCP Namespace Registry',
    '',
    `**Project:** ${project}`,
    `**Namespace:** \`${namespace}\``,
    '**Convention:** Chora MCP Conventions v1.0',
    '**Status:** Active',
    '',
    '<!-- Written by `mcp-naming namespaces`; `mcp-naming namespaces --check` fails when it is out of date. Edit only the Owners section: it is kept. -->',
    '',
    '---',
    '',
    '## Registered Tools',
    '',
    ...(toolRows.length ? table(['Tool Name', 'Full Name', 'Description', 'Version'], toolRows) : ['No tools.']),
    '',
    '---',
    '',
    '## Registered Resources',
    '',
  ];
  const sorted = [...resources].sort(byKey('uri'));
  const shown = sorted.slice(0, MAX_RESOURCES).map((r) => [r.uri, cell(r.description ?? r.name), cell(r.mimeType)]);
  out.push(...(shown.length ? table(['Resource URI', 'Description', 'Type'], shown) : ['No resources.']));
  if (sorted.length > MAX_RESOURCES) out.push('', `${sorted.length - MAX_RESOURCES} more resources follow the patterns below.`);
  /** @type {Map<string, { source: string, count: number | null, type: string | undefined }>} */
  const patterns = new Map();
  for (const r of sorted) {
    const p = uriPattern(r.uri);
    const entry = patterns.get(p) ?? { source: 'resources', count: 0, type: r.mimeType };
    entry.count = (entry.count ?? 0) + 1;
    patterns.set(p, entry);
  }
  for (const t of resourceTemplates) patterns.set(t.uriTemplate, { source: 'template', count: null, type: t.mimeType });
  const patternRows = [...patterns].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, e]) => [p, e.source, e.count === null ? '-' : String(e.count), cell(e.type)]);
  out.push('', '## Resource URI Patterns', '');
  out.push(...(patternRows.length ? table(['Pattern', 'Source', 'Resources', 'Type'], patternRows) : ['No resource URIs.']));
  out.push(
    '',
    '---',
    '',
    '## Namespace Rules',
    '',
    `- **Format:** \`${namespace}:{tool_name}\` for tools`,
    `- **Format:** \`${namespace}://{type}/{id}\` for resources`,
    `- **Validation:** \`mcp-naming lint --convention chora --namespace ${namespace}\``,
    '',
    '---',
    '',
    '## Owners',
    '',
    owners ?? DEFAULT_OWNERS,
    '',
  );
  return out.join('\n');
}
