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
