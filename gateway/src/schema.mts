// Checks a config against the JSON Schema generated from its types (dist/schema.json), reporting
// every problem at once with its path and, for a key that is not one, the nearest key. The subset
// of JSON Schema that ts-json-schema-generator writes: $ref, type, enum, const, properties,
// required, additionalProperties, items, anyOf/oneOf/allOf, pattern, minimum/maximum,
// minLength/maxLength, minItems/maxItems. tests/schema.test.mjs holds it to Ajv's verdicts.
import { readFileSync } from 'node:fs';

/** One problem in a config: where (`mcpServers.memory.args[0]`) and what. */
export interface Problem {
  path: string;
  message: string;
}

type Schema = { [keyword: string]: unknown } | boolean;
type Segment = string | number;

let loaded: { [keyword: string]: unknown } | undefined;
/** The config file's JSON Schema, as shipped (dist/schema.json). */
export function configSchema(): { [keyword: string]: unknown } {
  loaded ??= JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8')) as { [keyword: string]: unknown };
  return loaded;
}

/** `a.b[0]["not an identifier"]`: how a problem names where it is. */
export function formatPath(path: readonly Segment[]): string {
  let out = '';
  for (const s of path) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/**
 * Every problem of `value` against the config schema (or `schema`), in document order. Paths
 * under `skip` (top-level keys) are not checked: their own reader checks them.
 */
export function checkSchema(value: unknown, options: { skip?: string[]; schema?: { [keyword: string]: unknown } } = {}): Problem[] {
  const root = options.schema ?? configSchema();
  const out: [Segment[], string][] = [];
  walk(root, root, value, [], out, new Set(options.skip ?? []));
  return out.map(([path, message]) => ({ path: formatPath(path), message }));
}

function resolve(root: { [keyword: string]: unknown }, ref: string): Schema {
  if (!ref.startsWith('#')) return true;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as { [k: string]: unknown } | undefined)?.[key];
  }
  return (node ?? true) as Schema;
}

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
const A: { [t: string]: string } = { string: 'a string', number: 'a number', integer: 'an integer', boolean: 'true or false', object: 'an object', array: 'an array', null: 'null' };
const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : typeOf(v) === 'object' ? 'an object' : typeOf(v) === 'array' ? 'an array' : String(v));

function typeMatches(type: string, v: unknown): boolean {
  const t = typeOf(v);
  return type === t || (type === 'number' && t === 'integer');
}

function walk(root: { [keyword: string]: unknown }, schema: Schema, v: unknown, path: Segment[], out: [Segment[], string][], skip: Set<string>): void {
  if (schema === true) return;
  if (schema === false) return void out.push([path, 'is not allowed here']);
  if (path.length === 1 && skip.has(`/${path[0]}`)) return;
  if (typeof schema.$ref === 'string') return walk(root, resolve(root, schema.$ref), v, path, out, skip);
  const s = schema as { [keyword: string]: any };
  if (s.type !== undefined) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => typeMatches(t, v))) return void out.push([path, `expected ${types.map((t) => A[t] ?? t).join(' or ')}, got ${shown(v)}`]);
  }
  if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(v)) return void out.push([path, `expected ${JSON.stringify(s.const)}, got ${shown(v)}`]);
  if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(v))) {
    const options = s.enum.filter((e: unknown) => typeof e === 'string') as string[];
    const near = typeof v === 'string' ? nearest(v, options) : undefined;
    return void out.push([path, `${shown(v)} is not one of ${s.enum.map((e: unknown) => JSON.stringify(e)).join(', ')}${near ? ` (did you mean "${near}"?)` : ''}`]);
  }
  for (const sub of s.allOf ?? []) walk(root, sub, v, path, out, skip);
  const branches: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (branches) {
    const tried = branches.map((b) => {
      const found: [Segment[], string][] = [];
      walk(root, b, v, path, found, skip);
      return found;
    });
    if (!tried.some((f) => f.length === 0)) out.push(...closest(root, branches, tried, v, path));
    else if (s.oneOf && tried.filter((f) => f.length === 0).length > 1) out.push([path, 'matches more than one of its forms']);
  }
  if (typeof v === 'string') {
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v)) out.push([path, `${JSON.stringify(v)} does not match ${s.pattern}`]);
    if (typeof s.minLength === 'number' && [...v].length < s.minLength) out.push([path, `is shorter than ${s.minLength} characters`]);
    if (typeof s.maxLength === 'number' && [...v].length > s.maxLength) out.push([path, `is longer than ${s.maxLength} characters`]);
  }
  if (typeof v === 'number') {
    if (typeof s.minimum === 'number' && v < s.minimum) out.push([path, `${v} is less than ${s.minimum}`]);
    if (typeof s.maximum === 'number' && v > s.maximum) out.push([path, `${v} is more than ${s.maximum}`]);
    if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) out.push([path, `${v} is not more than ${s.exclusiveMinimum}`]);
  }
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) out.push([path, `has fewer than ${s.minItems} items`]);
    if (typeof s.maxItems === 'number' && v.length > s.maxItems) out.push([path, `has more than ${s.maxItems} items`]);
    if (s.items !== undefined) v.forEach((item, i) => walk(root, Array.isArray(s.items) ? (s.items[i] ?? s.additionalItems ?? true) : s.items, item, [...path, i], out, skip));
  }
  if (typeOf(v) === 'object') {
    const obj = v as { [k: string]: unknown };
    const props: { [k: string]: Schema } = s.properties ?? {};
    for (const key of s.required ?? []) if (!(key in obj)) out.push([path, `missing "${key}"`]);
    for (const [key, item] of Object.entries(obj)) {
      if (key in props) walk(root, props[key]!, item, [...path, key], out, skip);
      else if (s.additionalProperties === false) {
        const near = nearest(key, Object.keys(props));
        out.push([[...path, key], `unknown key "${key}"${near ? `: did you mean "${near}"?` : ` (keys: ${Object.keys(props).join(', ')})`}`]);
      } else if (s.additionalProperties !== undefined && s.additionalProperties !== true) walk(root, s.additionalProperties, item, [...path, key], out, skip);
    }
  }
}

// When no form of an anyOf fits: the problems of the form that fits best. A form whose type is
// not the value's is the furthest; among the others, the one whose required keys are all there,
// then the one with the fewest problems.
function closest(root: { [keyword: string]: unknown }, branches: Schema[], tried: [Segment[], string][][], v: unknown, path: Segment[]): [Segment[], string][] {
  const deref = (b: Schema): Schema => (typeof b === 'object' && typeof b.$ref === 'string' ? deref(resolve(root, b.$ref)) : b);
  const forms = branches.map(deref);
  const typeMiss = (i: number) => tried[i]!.length === 1 && tried[i]![0]![0].length === path.length && /^expected /.test(tried[i]![0]![1]);
  const candidates = tried.map((_, i) => i).filter((i) => !typeMiss(i));
  if (candidates.length === 0) {
    const types = [...new Set(forms.flatMap((f) => (typeof f === 'object' ? [f.type ?? 'something'].flat() : [])))] as string[];
    return [[path, `expected ${types.map((t) => A[t] ?? t).join(' or ')}, got ${shown(v)}`]];
  }
  const obj = typeOf(v) === 'object' ? (v as object) : {};
  const score = (i: number) => {
    const f = forms[i];
    const required: string[] = typeof f === 'object' && Array.isArray(f.required) ? (f.required as string[]) : [];
    return (required.every((k) => k in obj) ? 0 : 1000) + tried[i]!.length;
  };
  const best = candidates.reduce((a, b) => (score(b) < score(a) ? b : a));
  return tried[best]!;
}

/** The option nearest `word` (edit distance, case ignored), if it is near enough to be meant. */
export function nearest(word: string, options: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const w = word.toLowerCase();
  for (const option of options) {
    const d = distance(w, option.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [option, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(Math.max(word.length, best.length) / 3)) ? best : undefined;
}

// Optimal string alignment distance (Levenshtein with adjacent transpositions).
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
