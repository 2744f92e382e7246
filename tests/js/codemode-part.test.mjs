// A Router without mcp-naming/codemode imported: code mode says how to load its part (its own
// .wasm), and nothing of it was loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, NamingError } from 'mcp-naming';

test('router.codeMode before mcp-naming/codemode is imported: invalid_argument saying what to import', () => {
  const r = new Router({ style: 'agent', servers: [{ name: 'memory' }] });
  r.expose('memory', ['save']);
  for (const call of [() => r.codeMode(), () => r.mapCodeModeCall('memory', 'save', {})]) {
    assert.throws(call, (e) => e instanceof NamingError && e.code === 'invalid_argument' && e.message.includes("import 'mcp-naming/codemode'"));
  }
});
