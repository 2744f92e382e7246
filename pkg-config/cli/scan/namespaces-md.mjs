// NAMESPACES.md (the Chora registry of a project's names): the tables' "Full Name" cells (or
// "Tool Name" where a table has no full name) are tool names, "Resource URI" / "Pattern" cells
// are resource URIs or URI templates; `**Namespace:** \`ns\`` is the namespace they must have.

/** @import { Options } from '../naming.mjs' */
/** @typedef {{ text: string, start: number, end: number }} Cell */
/**
 * A name in a table: a tool name or a resource URI (a template when it has `{`).
 * @typedef {{ kind: 'tool' | 'uri', node: { value: string, start: number, end: number, exact: boolean },
 *   options: Options, template?: true }} NamespaceSite
 */

/** @param {string} path */
export function isNamespacesFile(path) {
  return /(^|\/)NAMESPACES\.md$/i.test(path);
}

const TOOL_COLUMNS = ['full name'];
const BARE_TOOL_COLUMNS = ['tool name', 'tool'];
const URI_COLUMNS = ['resource uri', 'uri', 'pattern', 'uri pattern', 'uri template', 'resource uri pattern'];

/** The cells of a table row, each { text, start, end } with backticks and spaces trimmed. */
/** @param {string} line @param {number} offset @returns {Cell[]} */
function cells(line, offset) {
  /** @type {Cell[]} */
  const out = [];
  let i = line.indexOf('|');
  if (i < 0) return out;
  for (;;) {
    let j = i + 1;
    while (j < line.length && !(line[j] === '|' && line[j - 1] !== '\\')) j++;
    if (j >= line.length) {
      if (line.slice(i + 1).trim() !== '') out.push(trimCell(line, i + 1, line.length, offset));
      break;
    }
    out.push(trimCell(line, i + 1, j, offset));
    i = j;
  }
  return out;
}

/** @param {string} line @param {number} a @param {number} b @param {number} offset @returns {Cell} */
function trimCell(line, a, b, offset) {
  while (a < b && /\s/.test(line[a])) a++;
  while (b > a && /\s/.test(line[b - 1])) b--;
  if (b - a >= 2 && line[a] === '`' && line[b - 1] === '`') {
    a++;
    b--;
  }
  return { text: line.slice(a, b), start: offset + a, end: offset + b };
}

/** @param {string} text */
const header = (text) => text.replace(/[*_`]/g, '').trim().toLowerCase();

/**
 * @param {string} path
 * @param {string} text
 * @returns {NamespaceSite[]}
 */
export function scanNamespaces(path, text) {
  /** @type {NamespaceSite[]} */
  const sites = [];
  const ns = /^\*\*Namespace:\*\*\s*`?([^`\s]+)`?/m.exec(text);
  const options = ns ? { expectedNamespace: ns[1] } : {};
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((line) => {
    const s = offset;
    offset += line.length + 1;
    return s;
  });
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].trimStart().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1])) continue;
    const heads = cells(lines[i], starts[i]).map((c) => header(c.text));
    let toolCol = heads.findIndex((h) => TOOL_COLUMNS.includes(h));
    if (toolCol < 0) toolCol = heads.findIndex((h) => BARE_TOOL_COLUMNS.includes(h));
    const uriCol = heads.findIndex((h) => URI_COLUMNS.includes(h));
    let row = i + 2;
    for (; row < lines.length && lines[row].trimStart().startsWith('|'); row++) {
      const row_ = cells(lines[row], starts[row]);
      /** @type {[number, 'tool' | 'uri'][]} */
      const columns = [[toolCol, 'tool'], [uriCol, 'uri']];
      for (const [col, kind] of columns) {
        const cell = row_[col];
        if (col < 0 || !cell || /^(|-|—|_?tbd_?)$/i.test(cell.text)) continue;
        const node = { value: cell.text, start: cell.start, end: cell.end, exact: !cell.text.includes('\\') };
        sites.push({ kind, node, options, ...(kind === 'uri' && cell.text.includes('{') ? { template: true } : {}) });
      }
    }
    i = row - 1;
  }
  return sites;
}
