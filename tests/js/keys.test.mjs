// Misspelled keys at every level, through the package: tests/data/keys.json (the Rust suite runs
// the cases marked `rust` natively, tests/keys.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as root from 'mcp-naming';
import * as registry from 'mcp-naming/registry';
import * as openproject from 'mcp-naming/openproject';
import { load } from './helpers.mjs';

const naming = { ...root, ...registry, ...openproject };

const KNOWN = new Set(['call', 'args', 'rust', 'router', 'code', 'path', 'suggestion', 'message']);

for (const c of load('keys').cases) {
  test(`misspelled key: ${c.call} ${c.path}`, () => {
    for (const key of Object.keys(c)) assert.ok(KNOWN.has(key), `unknown key ${key} in a case`);
    const run = c.call === 'new Router'
      ? () => new naming.Router(...c.args)
      : c.router
        ? () => new naming.Router(c.router)[c.call](...c.args)
        : () => naming[c.call](...c.args);
    assert.throws(run, (e) => {
      assert.ok(e instanceof naming.NamingError, String(e));
      assert.equal(e.code, c.code);
      const d = e.diagnostics[0];
      assert.equal(d.code, c.code === 'invalid_config' ? 'invalid_config' : 'unknown_field');
      assert.equal(d.path, c.path);
      assert.equal(d.suggestion, c.suggestion);
      if (c.message) assert.equal(e.message, c.message);
      return true;
    });
  });
}
