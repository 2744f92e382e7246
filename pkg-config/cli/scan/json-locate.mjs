// A JSON reader that keeps where every value stands in the text, so a finding can point at the
// string it is about. Accepts what the configuration files people write contain: `//` and
// `/* */` comments and trailing commas (JSONC, as VS Code and Claude Code tolerate).
//
// Nodes: { type: 'object', start, end, entries: [{ key: StringNode, value: Node }] }
//        { type: 'array', start, end, items: Node[] }
//        { type: 'string', value, start, end, exact }  start/end: the text between the quotes;
//                                                      exact: no escape, so value === text
//        { type: 'literal', value, start, end }         numbers, true, false, null

/** @typedef {{ type: 'string', value: string, start: number, end: number, exact: boolean }} StringNode */
/** @typedef {{ type: 'literal', value: number | boolean | null, start: number, end: number }} LiteralNode */
/** @typedef {{ type: 'array', start: number, end: number, items: JsonNode[] }} ArrayNode */
/** @typedef {{ type: 'object', start: number, end: number, entries: { key: StringNode, value: JsonNode }[] }} ObjectNode */
/** @typedef {ObjectNode | ArrayNode | StringNode | LiteralNode} JsonNode */

export class JsonSyntaxError extends Error {
  /** @param {string} message @param {number} offset */
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
}

/**
 * Parses `text`; throws JsonSyntaxError with the offset of the problem.
 * @param {string} text
 * @returns {JsonNode}
 */
export function parseLocated(text) {
  let i = 0;
  /** @param {string} what @returns {never} */
  const fail = (what) => {
    throw new JsonSyntaxError(i < text.length ? `${what}, found ${JSON.stringify(text[i])}` : `${what}, found the end of the file`, i);
  };
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) i++;
      else if (c === 47 && text[i + 1] === '/') {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? text.length : nl + 1;
      } else if (c === 47 && text[i + 1] === '*') {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) fail('unterminated comment');
        i = close + 2;
      } else return;
    }
  };
  /** @returns {StringNode} */
  const string = () => {
    const start = ++i;
    let exact = true;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c) || c === 10) fail('unterminated string');
      if (c === 34) break;
      if (c === 92) {
        exact = false;
        i += 2;
      } else i++;
    }
    const end = i++;
    const raw = text.slice(start, end);
    let value = raw;
    if (!exact) {
      try {
        value = JSON.parse(`"${raw}"`);
      } catch {
        i = start;
        fail('invalid escape in string');
      }
    }
    return { type: 'string', value, start, end, exact };
  };
  /** @returns {JsonNode} */
  const value = () => {
    skip();
    const c = text[i];
    if (c === '{') {
      /** @type {ObjectNode} */
      const node = { type: 'object', start: i++, end: 0, entries: [] };
      for (;;) {
        skip();
        if (text[i] === '}') break;
        if (text[i] !== '"') fail('expected a key in quotes or "}"');
        const key = string();
        skip();
        if (text[i] !== ':') fail('expected ":" after a key');
        i++;
        node.entries.push({ key, value: value() });
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail('expected "," or "}"');
      }
      node.end = ++i;
      return node;
    }
    if (c === '[') {
      /** @type {ArrayNode} */
      const node = { type: 'array', start: i++, end: 0, items: [] };
      for (;;) {
        skip();
        if (text[i] === ']') break;
        node.items.push(value());
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail('expected "," or "]"');
      }
      node.end = ++i;
      return node;
    }
    if (c === '"') return string();
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!m) fail('expected a value');
    const start = i;
    i += m[0].length;
    return { type: 'literal', value: JSON.parse(m[0]), start, end: i };
  };
  const root = value();
  skip();
  if (i < text.length) fail('expected the end of the file');
  return root;
}

/**
 * The value of `key` in an object node, or undefined.
 * @param {JsonNode | undefined} node
 * @param {string} key
 * @returns {JsonNode | undefined}
 */
export function member(node, key) {
  if (node?.type !== 'object') return undefined;
  for (let k = node.entries.length - 1; k >= 0; k--) {
    if (node.entries[k].key.value === key) return node.entries[k].value;
  }
  return undefined;
}

/**
 * The string nodes of an array node (other items skipped).
 * @param {JsonNode | undefined} node
 * @returns {StringNode[]}
 */
export function strings(node) {
  return node?.type === 'array' ? node.items.filter((item) => item.type === 'string') : [];
}
