// The host's half of the core's probes (src/router/probe.rs, whose `find` and `apply` these
// mirror): `find` walks an MCP object with a probe's patterns and gives what they reach, strings
// as they are and anything else as its type only, so that no payload crosses into wasm; `apply`
// makes a decision's edits copy-on-write, so that nothing else of the object is read or copied.
import type { Edit, Found, PatternStep, Scalar, Step } from './contract.gen.mjs';

type Obj = Record<string, unknown>;

/** How deep `deep` searches, as the core's `Json::MAX_DEPTH`. */
const MAX_DEPTH = 64;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A member as JSON reads it: an own member that is not undefined. */
const member = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** A value as it crosses; undefined for what JSON leaves out (undefined, functions, symbols). */
function scalar(v: unknown): Scalar | undefined {
  switch (typeof v) {
    case 'string': return { type: 'string', value: v };
    case 'number': return { type: 'number', value: v };
    case 'bigint': return { type: 'number', value: Number(v) };
    case 'boolean': return { type: 'boolean', value: v };
    case 'object': return v === null ? { type: 'null' } : Array.isArray(v) ? { type: 'array' } : { type: 'object' };
    default: return undefined;
  }
}

/** Every value `patterns` reach in `value`, pattern by pattern, each in document order. */
export function find(value: unknown, patterns: readonly (readonly PatternStep[])[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < patterns.length; i++) walk(value, patterns[i]!, 0, i, [], out);
  return out;
}

function walk(v: unknown, steps: readonly PatternStep[], at: number, pattern: number, path: Step[], out: Found[]): void {
  if (at === steps.length) {
    const s = scalar(v);
    if (s !== undefined) out.push({ pattern, path: path.slice(), value: s });
    return;
  }
  const step = steps[at]!;
  switch (step.step) {
    case 'key':
      if (isObject(v)) {
        const next = member(v, step.arg);
        if (next !== undefined) into(next, step.arg, steps, at + 1, pattern, path, out);
      }
      return;
    case 'each':
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) into(v[i], i, steps, at + 1, pattern, path, out);
      else if (isObject(v)) for (const k of Object.keys(v)) into(v[k], k, steps, at + 1, pattern, path, out);
      return;
    case 'keys':
      if (isObject(v)) for (const k of Object.keys(v)) out.push({ pattern, path: [...path, k], value: { type: 'string', value: k } });
      return;
    case 'where':
      if (isObject(v) && member(v, step.arg[0]) === step.arg[1]) walk(v, steps, at + 1, pattern, path, out);
      return;
    case 'deep':
      deep(v, step.arg, false, steps, at + 1, pattern, path, out, 0);
      return;
    case 'deepAll':
      deep(v, step.arg, true, steps, at + 1, pattern, path, out, 0);
  }
}

function into(v: unknown, k: Step, steps: readonly PatternStep[], at: number, pattern: number, path: Step[], out: Found[]): void {
  path.push(k);
  walk(v, steps, at, pattern, path, out);
  path.pop();
}

/**
 * Every member named `key` under `v`, at any depth, walked on with the rest of the steps: `deep`
 * does not look inside a match, `deepAll` does (a schema's `type` under a property named `type`).
 */
function deep(v: unknown, key: string, all: boolean, steps: readonly PatternStep[], at: number, pattern: number, path: Step[], out: Found[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      path.push(i);
      deep(v[i], key, all, steps, at, pattern, path, out, depth + 1);
      path.pop();
    }
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) {
      path.push(k);
      if (k === key) walk(v[k], steps, at, pattern, path, out);
      if (k !== key || all) deep(v[k], key, all, steps, at, pattern, path, out, depth + 1);
      path.pop();
    }
  }
}

/**
 * The values at `paths` (a forward decision's reads), each found as the pattern of its place in
 * `paths` (the core's `find_paths`); a path that reaches nothing finds nothing.
 */
export function findPaths(value: unknown, paths: readonly (readonly Step[])[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < paths.length; i++) {
    const v = at(value, paths[i]!);
    const s = v === undefined ? undefined : scalar(v);
    if (s !== undefined) out.push({ pattern: i, path: paths[i]!.slice(), value: s });
  }
  return out;
}

/** The value at `path`, if there is one. */
function at(value: unknown, path: readonly Step[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof step === 'number') v = Array.isArray(v) ? v[step] : undefined;
    else v = isObject(v) ? member(v, step) : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

/** Sets a member, `__proto__` included (as an own member, as JSON.parse makes it). */
function put(o: Obj | unknown[], k: Step, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else (o as Obj)[k as string] = v;
}

/**
 * `value` with `edits` made: every container on an edit's way copied once (shallowly), all else
 * shared. An edit through something that is neither an object nor an array in range replaces it
 * with an object (arrays are never grown); a `take` reads `value` as it was given.
 */
export function apply<T>(value: T, edits: readonly Edit[]): T {
  if (edits.length === 0) return value;
  const fresh = new Set<object>();
  const copy = <C extends Obj | unknown[]>(c: C): C => {
    if (fresh.has(c)) return c;
    const made = (Array.isArray(c) ? c.slice() : { ...c }) as C;
    fresh.add(made);
    return made;
  };
  const made = (): Obj => {
    const o = {};
    fresh.add(o);
    return o;
  };
  const set = (target: unknown, path: readonly Step[], i: number, v: unknown): unknown => {
    if (i === path.length) return v === undefined ? target : v;
    const k = path[i]!;
    if (typeof k === 'number') {
      if (!Array.isArray(target) || k >= target.length) return target;
      const c = copy(target);
      c[k] = set(target[k], path, i + 1, v);
      return c;
    }
    if (isObject(target)) {
      const current = member(target, k);
      if (current === undefined && v === undefined) return target;
      const c = copy(target);
      if (v === undefined && i === path.length - 1) delete c[k];
      else put(c, k, set(current === undefined ? made() : current, path, i + 1, v));
      return c;
    }
    if (v === undefined) return target;
    const o = made();
    put(o, k, set(made(), path, i + 1, v));
    return o;
  };
  let out: unknown = value;
  for (const e of edits) {
    const v = e.op === 'set' ? e.value : e.op === 'take' ? at(value, e.from) : undefined;
    out = set(out, e.path, 0, v);
  }
  return out as T;
}
