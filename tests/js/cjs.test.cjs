// The package from a CommonJS consumer ("node" + "require"): same verdicts as the ESM build.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const naming = require('mcp-naming');

test('require() gives the whole API, synchronously', () => {
  for (const fn of ['validateToolName', 'isValidToolName', 'validateToolNames', 'parseToolName', 'formatToolName',
    'convertToolName', 'detectConventions', 'conventions', 'parseResourceUri', 'formatResourceUri',
    'validateResourceUri', 'namespaceFromSlug', 'checkProviders', 'fitToolName']) {
    assert.equal(typeof naming[fn], 'function', fn);
  }
  assert.equal(typeof naming.NamingError, 'function');
});

test('CommonJS gives the conformance verdicts', async () => {
  // The one loader of the test data is ESM (this suite's own code stays CommonJS).
  const { CONVENTIONS, conventionTable } = await import('./data.mjs');
  let n = 0;
  for (const file of CONVENTIONS) {
    for (const c of conventionTable(file).cases) {
      const r = naming.validateToolName(c.name, file, c.options);
      assert.equal(r.valid, c.valid, c.name);
      assert.deepEqual(r.errors.map((d) => d.code), c.errors, c.name);
      if ('suggestion' in c) assert.equal(r.suggestion, c.suggestion, c.name);
      n++;
    }
  }
  assert.ok(n > 200);
  assert.throws(() => naming.parseToolName('mp:tool', 'chora'), (e) => e instanceof naming.NamingError && e.code === 'namespace_too_short');
});
