// The npm README shows the minimal gateway the suite runs (tests/js/gateway.test.mjs): the two
// must stay the same text, so the README's code is code that works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

test('the npm README embeds examples/minimal-gateway.mjs verbatim', () => {
  const readme = readFileSync(new URL('pkg-config/README.md', root), 'utf8');
  const example = readFileSync(new URL('examples/minimal-gateway.mjs', root), 'utf8');
  assert.ok(readme.includes('```js\n' + example + '```'), 'README and examples/minimal-gateway.mjs differ');
});

test("the README's migration example runs and gives what it says", async () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const block = readme.split('```js\n').map((b) => b.split('```')[0]).find((b) => b.includes("migrateName('mcp_memory__save'"));
  assert.ok(block, 'the README has the migration example');
  const { Router } = await import('mcp-naming');
  const [, expected] = block.match(/\/\/ '([^']+)'/);
  const code = block.replace(/^after\.migrateName\(/m, 'return after.migrateName(');
  assert.equal(new Function('Router', code)(Router), expected);
  assert.equal(expected, 'memory__save');
});

test("the README's overrides and conflicts example runs and gives what it says", async () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const block = readme.split('```js\n').map((b) => b.split('```')[0]).find((b) => b.includes("conflicts: { priority: ['github'] }"));
  assert.ok(block, 'the README has the overrides example');
  const { Router } = await import('mcp-naming');
  const expected = JSON.parse(block.match(/\/\/ (\[.*\])$/m)[1].replaceAll("'", '"'));
  const code = block.replace(/^router\.listTools\(\)/m, 'return router.listTools()');
  assert.deepEqual(new Function('Router', code)(Router), expected);
});
