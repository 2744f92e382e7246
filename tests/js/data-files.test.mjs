// The JS side of the one test-data loader (data.mjs): every file under tests/data is one the
// schema derived from the Rust loader claims, each loads, and the validator refuses what the
// Rust structs refuse (tests/data_files.rs checks the same natively).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FILES, load, check, compare } from './data.mjs';

const DIR = fileURLToPath(new URL('../data/', import.meta.url));

test('every file under tests/data is claimed by the schema, and loads', () => {
  const onDisk = readdirSync(DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath ?? e.path}/${e.name}`.slice(DIR.length).replace(/^\//, ''))
    .sort();
  assert.deepEqual(onDisk, [...FILES].sort());
  for (const path of FILES) if (path !== 'golden/schema.json') load(path);
  assert.throws(() => load('cases/nothing.json'), /no loader claims it/);
});

test('the validator refuses a misspelled key, a missing key, a wrong type, a step with both answers', () => {
  const nameCase = { $ref: '#/$defs/NameCase' };
  const ok = { name: 'a', valid: true, errors: [], warnings: [] };
  assert.deepEqual(check(ok, nameCase), []);
  assert.match(check({ ...ok, sugestion: 'b' }, nameCase).join(), /unknown key "sugestion"/);
  assert.match(check({ name: 'a', valid: true, errors: [] }, nameCase).join(), /missing key "warnings"/);
  assert.match(check({ ...ok, valid: 'yes' }, nameCase).join(), /\.valid: expected boolean/);
  assert.match(check({ ...ok, spans: [[0]] }, nameCase).join(), /fewer than 2 items/);
  const step = { $ref: '#/$defs/Step' };
  assert.deepEqual(check({ call: 'route', args: ['x'], result: null }, step), []);
  assert.deepEqual(check({ call: 'route', args: ['x'], error: { code: 'unknown_tool' } }, step), []);
  assert.notDeepEqual(check({ call: 'route', args: ['x'], result: 1, error: { code: 'unknown_tool' } }, step), []);
  assert.notDeepEqual(check({ call: 'route', args: ['x'] }, step), []);
  assert.match(check({ call: 'route', args: ['x'], error: { code: 'unknown_tool', sugestions: [] } }, step).join(), /unknown key "sugestions"/);
  const fit = { $ref: '#/$defs/FitCase' };
  assert.match(check({ name: 'a', provider: 'cohere' }, fit).join(), /"cohere" is not one of/);
  assert.throws(() => check(1, { pattern: 'x' }), /keyword pattern is not supported/);
});

test('results compare exactly, or on the keys named where partial', () => {
  assert.equal(compare({ a: 1, b: 2 }, { a: 1, b: 2 }, false), null);
  assert.match(compare({ a: 1, b: 2 }, { a: 1 }, false), /result\.b: not expected/);
  assert.equal(compare({ a: 1, b: 2 }, { a: 1 }, true), null);
  assert.match(compare([{ a: 1 }, { a: 2 }], [{ a: 1 }], true), /2 items, expected 1/);
  assert.match(compare({ a: undefined }, { a: null }, true), /result\.a: undefined, expected null/);
  assert.match(compare('1', 1, false), /expected 1/);
});
