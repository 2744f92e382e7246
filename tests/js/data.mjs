// The one loader of tests/data for the JS suites (and scripts/fuzz-seed.mjs), and the runner of
// scenario steps through the package. Shapes are not declared here: each file is checked against
// its JSON Schema in tests/data/golden/schema.json, which `cargo test` derives from the typed
// loader of the Rust runners (tests/support/data.rs) and keeps fresh; so a key the Rust structs do
// not know (`"sugestion"`) fails here too, naming the file, the path and the key.
import { readdirSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

const DIR = new URL('../data/', import.meta.url);
const SCHEMA_PATH = 'golden/schema.json';
const SCHEMA = JSON.parse(readFileSync(new URL(SCHEMA_PATH, DIR), 'utf8'));

/** Every file the schema claims, by path under tests/data (with the schema itself). */
export const FILES = [...Object.keys(SCHEMA.files), SCHEMA_PATH];

/** The conventions with a table (cases/conventions/<id>.json), in the core's order. */
export const CONVENTIONS = Object.keys(SCHEMA.files)
  .filter((p) => p.startsWith('cases/conventions/'))
  .map((p) => p.slice('cases/conventions/'.length, -'.json'.length));

/**
 * Reads tests/data/<path>, checked against its schema: a file no loader claims, or one with a
 * key its struct does not know, a missing key or a value of the wrong type, throws.
 */
export function load(path) {
  const schema = SCHEMA.files[path];
  if (schema === undefined) throw new Error(`tests/data/${path}: no loader claims it (tests/support/data.rs lists every file)`);
  const data = JSON.parse(readFileSync(new URL(path, DIR), 'utf8'));
  const problems = check(data, schema, '');
  if (problems.length > 0) throw new Error(`tests/data/${path}: ${problems.slice(0, 5).join('; ')}`);
  return data;
}

/** A convention's table. */
export const conventionTable = (id) => load(`cases/conventions/${id}.json`);

/** The router scenario files (cases/router/*.json, one per topic), every one, by path in name order. */
export function routerFiles() {
  return readdirSync(new URL('cases/router/', DIR))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [`cases/router/${name}`, load(`cases/router/${name}`)]);
}

/** The problems of `value` against `schema` (schema's own definitions), each naming its path. */
export function check(value, schema, path = '') {
  const out = [];
  validate(value, schema, path || '$', out);
  return out;
}

// The subset of JSON Schema (2020-12) the derived schema uses. A keyword outside it throws, so a
// change in how the schema is written cannot pass here unchecked.
const ANNOTATIONS = new Set(['description', 'default', 'title']);
const KEYWORDS = new Set(['$ref', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items',
  'prefixItems', 'minItems', 'maxItems', 'anyOf', 'oneOf', 'minimum', 'maximum', 'format']);
const FORMATS = { int8: [-128, 127], int16: [-32768, 32767], int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-(2 ** 63), 2 ** 63],
  uint8: [0, 255], uint16: [0, 65535], uint32: [0, 2 ** 32 - 1], uint64: [0, 2 ** 64], uint: [0, 2 ** 64], int: [-(2 ** 63), 2 ** 63],
  double: null, float: null };

function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const show = (v) => (JSON.stringify(v) ?? String(v)).slice(0, 80);

function validate(value, schema, at, out) {
  if (schema === true) return;
  if (schema === false) return void out.push(`${at}: not allowed here`);
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) throw new Error(`tests/js/data.mjs: schema keyword ${key} is not supported (at ${at})`);
  }
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = SCHEMA.$defs[name];
    if (target === undefined) throw new Error(`tests/js/data.mjs: no definition ${schema.$ref}`);
    validate(value, target, at, out);
  }
  if (schema.type !== undefined) {
    const types = [schema.type].flat();
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      return void out.push(`${at}: expected ${types.join(' or ')}, got ${show(value)}`);
    }
  }
  if (schema.enum !== undefined && !schema.enum.some((e) => e === value)) out.push(`${at}: ${show(value)} is not one of ${schema.enum.join(', ')}`);
  if ('const' in schema && schema.const !== value) out.push(`${at}: expected ${show(schema.const)}, got ${show(value)}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) out.push(`${at}: ${value} is under ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) out.push(`${at}: ${value} is over ${schema.maximum}`);
    if (schema.format !== undefined) {
      if (!(schema.format in FORMATS)) throw new Error(`tests/js/data.mjs: format ${schema.format} is not supported (at ${at})`);
      const range = FORMATS[schema.format];
      if (range && (!Number.isInteger(value) || value < range[0] || value > range[1])) out.push(`${at}: ${value} is not a ${schema.format}`);
    }
  }
  if (typeOf(value) === 'object') {
    const properties = schema.properties ?? {};
    for (const key of schema.required ?? []) if (!(key in value)) out.push(`${at}: missing key ${JSON.stringify(key)}`);
    for (const [key, v] of Object.entries(value)) {
      const where = `${at}.${key}`;
      if (key in properties) validate(v, properties[key], where, out);
      else if (schema.additionalProperties === false) {
        out.push(`${at}: unknown key ${JSON.stringify(key)} (known: ${Object.keys(properties).join(', ')})`);
      } else if (schema.additionalProperties !== undefined) validate(v, schema.additionalProperties, where, out);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) out.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) out.push(`${at}: more than ${schema.maxItems} items`);
    const prefix = schema.prefixItems ?? [];
    value.forEach((v, i) => {
      if (i < prefix.length) validate(v, prefix[i], `${at}[${i}]`, out);
      else if (schema.items !== undefined) validate(v, schema.items, `${at}[${i}]`, out);
    });
  }
  for (const key of ['anyOf', 'oneOf']) {
    if (schema[key] === undefined) continue;
    const results = schema[key].map((s) => {
      const inner = [];
      validate(value, s, at, inner);
      return inner;
    });
    const fits = results.filter((r) => r.length === 0).length;
    if (key === 'oneOf' ? fits !== 1 : fits === 0) {
      // The branch that came nearest says what is wrong.
      const nearest = results.reduce((a, b) => (b.length < a.length ? b : a));
      out.push(fits > 1 ? `${at}: fits more than one shape` : nearest.join('; '));
    }
  }
}

// ----- Scenario files (cases/router/*.json, cases/keys.json): the one step form -----

/**
 * `actual` against `expected`: equal, but that with `partial` objects are compared on the keys
 * `expected` names; arrays item by item, of the same length. Returns the first difference.
 */
export function compare(actual, expected, partial, path = 'result') {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) return `${path}: ${show(actual)}, expected an array`;
      if (actual.length !== expected.length) return `${path}: ${actual.length} items, expected ${expected.length}`;
      for (let i = 0; i < expected.length; i++) {
        const d = compare(actual[i], expected[i], partial, `${path}[${i}]`);
        if (d) return d;
      }
      return null;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: ${show(actual)}, expected an object`;
    for (const [k, v] of Object.entries(expected)) {
      if (!(k in actual)) return `${path}.${k}: missing, expected ${show(v)}`;
      const d = compare(actual[k], v, partial, `${path}.${k}`);
      if (d) return d;
    }
    if (!partial) {
      const extra = Object.keys(actual).find((k) => !(k in expected));
      if (extra !== undefined) return `${path}.${extra}: not expected, got ${show(actual[extra])}`;
    }
    return null;
  }
  return Object.is(actual, expected) || (actual === 0 && expected === 0) ? null : `${path}: ${show(actual)}, expected ${show(expected)}`;
}

/** An error against a step's `error`: each key given (`null` is not given, as natively). */
function checkError(e, want, at, NamingError) {
  assert.ok(e instanceof NamingError, `${at}: ${e}`);
  assert.equal(e.code, want.code, `${at}: code (${e.message})`);
  if (want.message != null) assert.equal(e.message, want.message, at);
  if (want.suggestions != null) assert.deepEqual([...e.suggestions], want.suggestions, at);
  if (want.server != null) assert.equal(e.toJsonRpcError().data.server, want.server, at);
  if (want.rpc != null) assert.equal(e.toJsonRpcError().code, want.rpc, `${at}: JSON-RPC code`);
  if (want.diagnostics != null) {
    const d = compare(e.diagnostics, want.diagnostics, true, 'diagnostics');
    assert.equal(d, null, `${at}: ${d}\n  diagnostics: ${JSON.stringify(e.diagnostics)}`);
  }
}

/** `expect`: every exposed tool's qualified name valid in `style` (with `options`), at most `maxLength` long. */
function checkExpect(answer, expect, at, api) {
  const items = Array.isArray(answer) ? answer : answer.exposed;
  const names = (items ?? []).map((t) => t.qualified).filter((q) => typeof q === 'string');
  assert.ok(names.length > 0, `${at}: \`expect\` checks exposed tools' qualified names, and the answer has none`);
  for (const name of names) {
    if (expect.style) assert.ok(api.validateToolName(name, expect.style, expect.options).valid, `${at}: ${name} is not valid in ${expect.style}`);
    if (expect.maxLength != null) assert.ok(name.length <= expect.maxLength, `${at}: ${name} is over ${expect.maxLength}`);
  }
}

/**
 * Runs one scenario of a scenario file through the package `api` (its functions, `Router` and
 * `NamingError`): a refused configuration, or steps in order on `new Router(config)` (the
 * router's methods) or on the package's functions (no config). Returns how many steps ran.
 */
export function runScenario(file, scenario, api) {
  const { Router, NamingError } = api;
  if ('error' in scenario) {
    const at = scenario.title;
    assert.throws(() => new Router(scenario.config), (e) => {
      checkError(e, scenario.error, at, NamingError);
      for (const d of e.diagnostics) assert.ok(d.message.startsWith(`${d.path}: `), `${at}: ${d.message}`);
      return true;
    });
    return 0;
  }
  const router = scenario.config === undefined ? null : new Router(scenario.config);
  for (const step of scenario.steps) {
    const at = `${scenario.title}: ${JSON.stringify({ call: step.call, args: step.args }).slice(0, 300)}`;
    const target = router ?? api;
    assert.equal(typeof target[step.call], 'function', `${at}: no ${router ? 'router method' : 'function'} ${step.call}`);
    const run = () => target[step.call](...step.args);
    if ('error' in step) {
      assert.throws(run, (e) => {
        checkError(e, step.error, at, NamingError);
        return true;
      });
      if (step.call === 'route') assert.equal(router.tryRoute(...step.args), null, `${at}: tryRoute`);
      continue;
    }
    const answer = run();
    const d = compare(answer, step.result, file.partial.includes(step.call));
    assert.equal(d, null, `${at}: ${d}\n  answer: ${JSON.stringify(answer)?.slice(0, 2000)}`);
    if (step.expect) checkExpect(answer, step.expect, at, api);
    // Invariants of the calls: tryRoute agrees with route; expose lists the server asked for.
    if (step.call === 'route') assert.equal(compare(router.tryRoute(...step.args), step.result, false), null, `${at}: tryRoute`);
    if (step.call === 'expose') for (const t of answer) assert.equal(t.server, step.args[0], at);
  }
  return scenario.steps.length;
}
