// Shared by the node --test suites: the conformance data, and small assertions.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

/**
 * Reads tests/data/<name>.json. With a shape, every object in it is checked for unknown keys
 * (see `checkKeys`), so a misspelled key (`"sugestion"`) fails the suite instead of silently
 * skipping its check.
 */
export function load(name, shape) {
  const data = JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8'));
  if (shape !== undefined) checkKeys(data, shape, `tests/data/${name}.json`);
  return data;
}

/**
 * Fails when `value` has a key its shape does not know, naming the file, the path, the case and
 * the key. A shape is `null` (anything), an array of key names (an array of case objects with
 * only these keys, values unchecked), an array of one object shape (an array of objects, each
 * checked against it), or an object `{ key: shape }` (an object with only these keys, each value
 * checked against its shape).
 */
export function checkKeys(value, shape, where) {
  if (shape === null) return;
  if (Array.isArray(shape)) {
    assert.ok(Array.isArray(value), `${where}: expected an array of cases, got ${JSON.stringify(value)?.slice(0, 80)}`);
    const [inner] = shape;
    if (shape.length === 1 && inner !== null && typeof inner === 'object') {
      value.forEach((c, i) => checkKeys(c, inner, `${where}[${i}]`));
    } else {
      value.forEach((c, i) => knownKeys(c, shape, `${where}[${i}]`));
    }
    return;
  }
  knownKeys(value, Object.keys(shape), where);
  for (const [key, inner] of Object.entries(shape)) {
    if (key in value) checkKeys(value[key], inner, `${where}.${key}`);
  }
}

/** Fails when the object `c` has a key outside `known`, naming the case and the key. */
export function knownKeys(c, known, where) {
  assert.ok(c !== null && typeof c === 'object' && !Array.isArray(c), `${where}: expected an object, got ${JSON.stringify(c)}`);
  for (const key of Object.keys(c)) {
    if (!known.includes(key)) {
      assert.fail(`${where}: unknown key ${JSON.stringify(key)} in ${JSON.stringify(c).slice(0, 200)} (known: ${known.join(', ')})`);
    }
  }
}

export const CONVENTION_FILES = ['mcp', 'chora', 'syntropy', 'claude', 'agent', 'openproject', 'registry'];

/** FNV-1a, 32 bits, written here independently of the Rust core. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The hostile-input generator (hostile.test.mjs, fast-paths.test.mjs): a function returning the
 * next string of a seeded sequence (xorshift32): ASCII with control characters, any BMP unit
 * (lone surrogates too), astral characters, or words spiced with separators, invisible and
 * lookalike characters; mostly under 40 units, one in ten up to 400.
 */
export function hostileStrings(seed = 0x2545f491) {
  const rand = (k) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % k;
  };
  const SPICE = ['\u0000', '\u202e', '\u200f', '\u200b', '\ufeff', '\ud800', '\udfff', '😀', 'ѕ', 'ｇ', 'ñ', ':', '__', '_', '-', '.', '/', '?', '=', '&', '%', ' ', '\n', 'mcp__syntropy__', 'mcp__', '://'];
  return function hostile() {
    const kind = rand(10);
    const len = rand(10) === 0 ? rand(400) : rand(40);
    let s = '';
    for (let i = 0; i < len; i++) {
      if (kind < 4) s += String.fromCharCode(rand(128)); // ASCII, control characters included
      else if (kind < 6) s += String.fromCharCode(rand(0x10000)); // any BMP unit: lone surrogates too
      else if (kind < 7) s += String.fromCodePoint(0x10000 + rand(0x100000)); // astral
      else s += rand(3) === 0 ? SPICE[rand(SPICE.length)] : 'abcdefghijklmnopqrstuvwxyz_'[rand(27)];
    }
    return s;
  };
}
