// Generated catalogs for the code mode suites: tool lists with hostile names (every separator,
// reserved words and globals, digits first, non-ASCII letters, invisible and control characters,
// quotes, `*/`, `$`, array-index names, names that differ only in case or separators, empty and
// long names) and schemas from the common JSON Schema subset and past it (`$ref` pointers into
// the schema and into Object.prototype, keywords of the wrong type, depths past 20), from a seeded
// generator so that a failure replays.

/** A small seeded PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const WORDS = ['get', 'user', 'list', 'repos', 'search', 'issue', 'create', 'file', 'read', 'v2', 'http', 'id', 'url', 'a', 'x9'];
const RESERVED = [
  'class', 'delete', 'enum', 'default', 'function', 'constructor', '__proto__', 'prototype', 'toString', 'Object',
  'Promise', 'JSON', 'globalThis', 'undefined', 'arguments', 'eval', 'await', 'yield', 'let', 'static', 'type',
  'namespace', 'list', 'print', 'match', 'None', 'True', 'lambda', 'codemode', 'tools', 'MCP', 'index', 'con', 'NUL', 'com1',
];
const SEPARATORS = ['_', '-', '.', ' ', '__', '/', ':', '\t', '\u00a0', '\u3000', '\u2028', '\ufeff', '--', '..'];
const ODD = [
  'é', '获取', '😀', '\u200b', 'Ａ', 'ß', 'İ', '"', "'", '\\', '*/', '/*', '$', '$$', '$&', '`', '\n', '\r\n', '\u0001', '\u007f',
  '<', '>', '|', '?', '*', '#', '@', '!', '%', '{', '}', '[', ']', '(', ')', ',', ';', '=', '+', '~', '^',
];
const INDEXES = ['0', '1', '12', '01', '4294967294', '4294967295', '-1', '1.5'];

function caseOf(r, w) {
  switch (r.int(4)) {
    case 0: return w;
    case 1: return w.toUpperCase();
    case 2: return w.charAt(0).toUpperCase() + w.slice(1);
    default: return w;
  }
}

/** One hostile name. */
export function name(r) {
  const kind = r.int(10);
  if (kind === 0) return r.pick(RESERVED);
  if (kind === 1) return r.pick(INDEXES);
  if (kind === 2 && r.chance(0.3)) return r.chance(0.5) ? '' : 'x'.repeat(60 + r.int(200));
  const n = 1 + r.int(4);
  let out = r.chance(0.1) ? String(r.int(10)) : '';
  for (let i = 0; i < n; i++) {
    if (i > 0) out += r.chance(0.8) ? r.pick(SEPARATORS.slice(0, 5)) : r.pick(SEPARATORS);
    out += r.chance(0.15) ? r.pick(ODD) : caseOf(r, r.pick(WORDS));
    if (r.chance(0.1)) out += r.pick(ODD);
  }
  if (r.chance(0.05)) out = ' ' + out + ' ';
  return out;
}

/** Names of one server: some of them the same words under other spellings. */
export function names(r, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    if (out.length > 0 && r.chance(0.2)) {
      const base = r.pick(out);
      const variant = base.replace(/[_\-. ]/g, () => r.pick(['_', '-', '.', ' ', ''])).replace(/^./, (c) => (r.chance(0.5) ? c.toUpperCase() : c));
      out.push(r.chance(0.1) ? base : variant);
    } else {
      out.push(name(r));
    }
  }
  return out;
}

const TEXTS = [
  'Plain text.', 'Ends */ here', '/* opens', 'Line one\nline two', 'CRLF\r\nline', 'quote " and \'single\'',
  'backslash \\ and \\n', 'triple """ quotes', 'unicode 获取 é 😀', '  padded  ', '', '   ', 'tab\there', '\u2028sep', '@param x',
  'ends with "', 'ends with \\', 'a `tick`', '$1 $$ $&',
];

function literalValue(r) {
  switch (r.int(9)) {
    case 0: return r.pick(TEXTS);
    case 1: return r.int(100);
    case 2: return r.pick([1.5, -0, 1e21, 1e-7, 123456789.125, -3, 0.1, 2 ** 53]);
    case 3: return r.chance(0.5);
    case 4: return null;
    case 5: return { a: 1, '2': 'b', z: [1, null] };
    case 6: return [1, 'x', null];
    case 7: return r.pick(INDEXES);
    default: return r.pick(WORDS);
  }
}

/** A schema, of the common subset or past it (`hostile`), at `depth`. */
export function schema(r, depth = 0, hostile = true) {
  if (depth > 26) return { type: 'string' };
  const deep = depth > 3 && !r.chance(0.15);
  const k = r.int(deep ? 6 : 22);
  const s = {};
  switch (k) {
    case 0: s.type = r.pick(['string', 'number', 'integer', 'boolean', 'null']); break;
    case 1: s.type = 'array'; if (r.chance(0.8)) s.items = schema(r, depth + 1, hostile); break;
    case 2: case 3: case 4: {
      s.type = 'object';
      const props = {};
      const n = r.int(5);
      for (let i = 0; i < n; i++) props[r.chance(0.3) ? name(r) : r.pick(WORDS)] = schema(r, depth + 1, hostile);
      if (n > 0 || r.chance(0.5)) s.properties = props;
      if (r.chance(0.6)) s.required = Object.keys(props).filter(() => r.chance(0.6));
      if (r.chance(0.3)) s.additionalProperties = r.chance(0.5) ? r.chance(0.5) : schema(r, depth + 1, hostile);
      break;
    }
    case 5: s.type = r.chance(0.5) ? ['string', 'null'] : [r.pick(['object', 'array', 'integer']), 'null', 'weird']; break;
    case 6: s.enum = Array.from({ length: r.int(4) }, () => literalValue(r)); break;
    case 7: s.const = literalValue(r); break;
    case 8: s[r.pick(['anyOf', 'oneOf', 'allOf'])] = Array.from({ length: r.int(3) + (r.chance(0.9) ? 1 : 0) }, () => schema(r, depth + 1, hostile)); break;
    case 9: s.type = r.pick(['string', 'object', 'array']); s.nullable = r.chance(0.7) ? true : 'yes'; break;
    case 10: s.$ref = r.pick(['#', '#/definitions/a', '#/properties/a', '#/$defs/x', '#/__proto__', '#/constructor', '#/properties/__proto__', '#/a/0', '#/items/length', '#/items/__proto__', 'http://x/y', '#/properties/a~1b', '#/', '']); s.definitions = { a: { type: 'integer' } }; s.$defs = { x: r.chance(0.5) ? false : { type: 'boolean' } }; s.properties = { a: { type: 'string' }, 'a/b': { enum: ['q'] } }; break;
    case 11: s.type = 'array'; s.prefixItems = [schema(r, depth + 1, hostile), { type: 'number' }]; break;
    case 12: s.type = 'array'; s.items = [{ type: 'string' }, schema(r, depth + 1, hostile)]; break;
    case 13: return r.chance(0.5);
    case 14: s.properties = { [r.pick(INDEXES)]: schema(r, depth + 1, hostile), b: true, c: false, __proto__x: { type: 'string' } }; s.required = ['b', r.pick(INDEXES)]; break;
    case 15: s.type = 'object'; {
      const n = { type: 'number', description: r.pick(TEXTS) };
      if (r.chance(0.5)) n.format = 'int64';
      s.properties = { ['__proto__']: { type: 'string', description: 'proto' }, n };
      break;
    }
    case 16: s.type = 'string'; s.format = r.pick(['date-time', 'a*/b', '']); s.description = r.pick(TEXTS); break;
    default: {
      if (!hostile) { s.type = 'string'; break; }
      // Keywords of the wrong type: JavaScript throws on some, reads others as truthy or falsy.
      const key = r.pick(['anyOf', 'enum', 'required', 'properties', 'items', 'additionalProperties', 'description', 'format', '$ref', 'oneOf']);
      s.type = key === 'items' ? 'array' : 'object';
      s[key] = r.pick(['x', 5, 0, true, false, null, { length: 0 }, {}, [], '']);
      if (key === 'description' || key === 'format') s.properties = { p: { type: 'string', [key]: r.pick([5, true, {}, [1, null, 'a']]) } };
    }
  }
  if (r.chance(0.2)) s.description = r.pick(TEXTS);
  if (r.chance(0.05)) s.nullable = true;
  return s;
}

/** A tool object as tools/list gives it. */
export function tool(r, toolName, hostile = true) {
  const t = { name: toolName };
  const d = r.int(12);
  if (d < 7) t.description = r.pick(TEXTS);
  else if (d === 7 && hostile) t.description = r.pick([5, true, {}, ['a'], null]);
  const i = r.int(12);
  if (i < 9) {
    t.inputSchema = schema(r, 0, hostile);
    if (r.chance(0.7) && typeof t.inputSchema === 'object') t.inputSchema.type = 'object';
  } else if (hostile && i === 9) t.inputSchema = r.pick([null, true, false, 'x', [1]]);
  else if (!hostile) t.inputSchema = { type: 'object' };
  if (r.chance(0.3)) t.outputSchema = hostile && r.chance(0.2) ? r.pick([false, 0, 'x', null]) : schema(r, 0, hostile);
  if (r.chance(0.1)) t.annotations = { readOnlyHint: true };
  return t;
}

/** `servers` servers of up to `tools` tools each: [{ server, tools }]. */
export function catalog(r, servers, tools, hostile = true) {
  const serverNames = names(r, servers);
  const seen = new Set();
  const out = [];
  for (const s of serverNames) {
    if (seen.has(s)) continue;
    seen.add(s);
    out.push({ server: s, tools: names(r, r.int(tools + 1)).map((n) => tool(r, n, hostile)) });
  }
  return out;
}
