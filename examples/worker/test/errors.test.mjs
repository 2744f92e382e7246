// The error codes are a contract: README.md's table lists each code the Worker can answer with,
// and the status it always has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS } from '../src/errors.js';
import { EXAMPLE } from './helpers.mjs';

function documented() {
  const readme = readFileSync(join(EXAMPLE, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Errors'), readme.indexOf('## Tests'));
  return Object.fromEntries([...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
}

test('README.md documents every error code with its status, and no other', () => {
  assert.deepEqual(documented(), STATUS);
});

test('every code the sources raise has a status', () => {
  // Its own sources, and those it shares with examples/agent-worker.
  const files = ['src', '../workers-shared'].flatMap((dir) => readdirSync(join(EXAMPLE, dir)).map((f) => join(EXAMPLE, dir, f)));
  const raised = new Set();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new ApiError\('([a-z_]+)'/g)) raised.add(m[1]);
    for (const m of text.matchAll(/(?:code|invalidCode)(?:: | = )'([a-z_]+)'/g)) raised.add(m[1]);
  }
  for (const code of raised) assert.ok(code in STATUS, `${code} has no status`);
  // Every documented code is raised somewhere (none is dead).
  const unused = Object.keys(STATUS).filter((c) => !raised.has(c));
  assert.deepEqual(unused, []);
});
