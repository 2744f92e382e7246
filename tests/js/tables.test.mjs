// The package's tables (built from the core at init) against tests/data/golden/tables.json, which
// the Rust suite writes from the core's own (tests/codes.rs): the two views cannot drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as naming from 'mcp-naming';
import { load } from './data.mjs';

const tables = load('golden/tables.json');

test('conventions, their parts, providers and codes are the core\'s', () => {
  assert.deepEqual([...naming.CONVENTIONS], Object.keys(tables.conventions));
  assert.deepEqual(naming.conventions().map((c) => c.id), Object.keys(tables.conventions));
  for (const [id, parts] of Object.entries(tables.conventions)) {
    const example = naming.conventions().find((c) => c.id === id).examples.valid[0];
    assert.deepEqual(Object.keys(naming.parseToolName(example, id)), parts, id);
  }
  assert.deepEqual([...naming.PROVIDERS], tables.providers);
  assert.deepEqual(Object.keys(naming.checkProviders('x')), tables.providers);
  // Every code the core can report crosses with its own name: a report's codes are among them.
  const seen = naming.validateToolName('My Project!', 'chora').errors.map((d) => d.code);
  for (const code of seen) assert.ok(tables.codes.includes(code), code);
  assert.ok(Object.isFrozen(naming.CONVENTIONS) && Object.isFrozen(naming.PROVIDERS));
});
