// Tool registrations and resource URIs written in source code:
//   JavaScript / TypeScript: server.tool('name', …), server.registerTool('name', …),
//     server.resource('name', 'uri', …), server.registerResource('name', 'uri', …),
//     new ResourceTemplate('uri-template', …)
//   Python: @mcp.tool(name='name') / @mcp.tool('name'), @mcp.tool() or @mcp.tool on a def
//     (the function's name is the tool's name), @mcp.resource('uri') / (uri='uri'), Tool(name='name')
// Names built at run time (template literals with ${…}, f-strings, variables) are not seen.
// A site: { kind: 'tool' | 'uri', node: { value, start, end, exact }, template?, fix? }.

/** @typedef {{ value: string, start: number, end: number, exact: boolean }} Literal */
/**
 * Where a fix writes a tool's name into a Python decorator: at `at`, `text(name)`.
 * @typedef {{ at: number, text: (name: string) => string }} DecoratorFix
 */
/** @typedef {{ kind: 'tool' | 'uri', node: Literal, template?: true, fix?: DecoratorFix }} SourceSite */

const JS = /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
const PY = /\.py$/;

/** @param {string} path */
export function isSource(path) {
  return JS.test(path) || PY.test(path);
}

// A string literal: quote, body, same quote; `exact` when the body has no escape.
const STR = String.raw`(['"\x60])((?:\\.|(?!\1)[^\\\n])*)\1`;
const PYSTR = String.raw`[rRuU]?(['"])((?:\\.|(?!\1)[^\\\n])*)\1`;

/**
 * The string literal of group `group` of `m`, which ends the match.
 * @param {RegExpExecArray} m
 * @param {number} group
 * @param {number} [offset]
 * @returns {Literal}
 */
function literal(m, group, offset = m.index) {
  const body = m[group];
  const end = offset + m[0].length - 1;
  return { value: body, start: end - body.length, end, exact: !body.includes('\\') };
}

// Shifts a pattern's quote backreference when it is not the first group.
/** @param {number} n */
const str = (n) => STR.replace('\\1', `\\${n}`).replace('\\1', `\\${n}`);
/** @param {number} n */
const pystr = (n) => PYSTR.replace('\\1', `\\${n}`).replace('\\1', `\\${n}`);

const JS_TOOL = new RegExp(String.raw`\.\s*(?:tool|registerTool)\s*\(\s*${str(1)}`, 'g');
const JS_RESOURCE = new RegExp(String.raw`\.\s*(?:resource|registerResource)\s*\(\s*${str(1)}\s*,\s*${str(3)}`, 'g');
const JS_TEMPLATE = new RegExp(String.raw`\bnew\s+ResourceTemplate\s*\(\s*${str(1)}`, 'g');
const PY_TOOL_CLASS = new RegExp(String.raw`\bTool\s*\(\s*name\s*=\s*${pystr(1)}`, 'g');
const PY_DECORATOR = /^[ \t]*@[ \t]*[A-Za-z_][\w.]*\.(tool|resource)\b/gm;
const PY_DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/m;

/** Whether the match at `index` stands in a line comment (a cheap look at the line before it). */
/** @param {string} text @param {number} index @param {boolean} python */
function commented(text, index, python) {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(lineStart, index);
  if (python) return before.includes('#');
  const trimmed = before.trimStart();
  return before.includes('//') || trimmed.startsWith('*') || trimmed.startsWith('/*');
}

/**
 * @param {SourceSite[]} sites
 * @param {'tool' | 'uri'} kind
 * @param {Literal} node
 * @param {{ fix?: DecoratorFix }} [extra]
 */
function add(sites, kind, node, extra = {}) {
  if (node.value.includes('${')) return; // built at run time
  sites.push({ kind, node, ...extra, ...(kind === 'uri' && node.value.includes('{') ? { template: true } : {}) });
}

/**
 * @param {string} path
 * @param {string} text
 * @returns {SourceSite[]}
 */
export function scanSource(path, text) {
  /** @type {SourceSite[]} */
  const sites = [];
  const python = PY.test(path);
  /** @param {RegExp} re @param {(m: RegExpExecArray) => void} fn */
  const each = (re, fn) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) if (!commented(text, m.index, python)) fn(m);
  };
  if (!python) {
    each(JS_TOOL, (m) => add(sites, 'tool', literal(m, 2)));
    each(JS_RESOURCE, (m) => add(sites, 'uri', literal(m, 4)));
    each(JS_TEMPLATE, (m) => add(sites, 'uri', literal(m, 2)));
    return sites;
  }
  each(PY_TOOL_CLASS, (m) => add(sites, 'tool', literal(m, 2)));
  each(PY_DECORATOR, (m) => pythonDecorator(text, m, sites));
  return sites;
}

/** The text between the parenthesis at `open` and its match, or null (strings and nesting skipped). */
/** @param {string} text @param {number} open */
function argsAt(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { start: open + 1, end: i };
  }
  return null;
}

/** @param {string} text @param {RegExpExecArray} m @param {SourceSite[]} sites */
function pythonDecorator(text, m, sites) {
  const kind = m[1] === 'tool' ? 'tool' : 'uri';
  let after = m.index + m[0].length;
  while (text[after] === ' ' || text[after] === '\t') after++;
  const args = text[after] === '(' ? argsAt(text, after) : null;
  if (args) {
    const inner = text.slice(args.start, args.end);
    const keyword = new RegExp(String.raw`(?:^|,)\s*${kind === 'tool' ? 'name' : 'uri'}\s*=\s*`).exec(inner);
    const positional = inner.trim() !== '' && !/^\s*\w+\s*=/.test(inner);
    if (positional || keyword) {
      // A name given in the decorator: a literal is checked, anything else is built at run time.
      const from = positional || !keyword ? 0 : keyword.index + keyword[0].length;
      const lit = new RegExp(String.raw`^\s*${pystr(1)}`).exec(inner.slice(from));
      if (lit) add(sites, kind, literal(lit, 2, args.start + from));
      return;
    }
  }
  if (kind === 'uri') return;
  // A tool named by its function: the def after this decorator and any others.
  const from = args ? args.end + 1 : after;
  const def = PY_DEF.exec(text.slice(from));
  if (!def) return;
  const between = text.slice(from, from + def.index).split('\n').slice(1);
  if (!between.every((line) => /^\s*(@.*|#.*)?$/.test(line))) return;
  const start = from + def.index + def[0].length - def[1].length;
  // The fix names the tool in the decorator; the function keeps its name.
  /** @type {DecoratorFix} */
  const fix = args
    ? { at: args.start, text: (s) => `name=${JSON.stringify(s)}${text.slice(args.start, args.end).trim() ? ', ' : ''}` }
    : { at: after, text: (s) => `(name=${JSON.stringify(s)})` };
  add(sites, 'tool', { value: def[1], start, end: start + def[1].length, exact: true }, { fix });
}
