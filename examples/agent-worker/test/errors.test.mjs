// The README's tables are the Worker's own lists: every HTTP error code with its status, and
// every code a discovery or a call can report for an upstream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS } from '../src/errors.js';
import { EXAMPLE } from './helpers.mjs';

const readme = readFileSync(join(EXAMPLE, 'README.md'), 'utf8');

/** The rows of the markdown table under `heading`: the cells of each row, backticks removed. */
function table(heading) {
  const at = readme.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `README.md has a section "${heading}"`);
  const lines = readme.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim().replace(/`/g, '')));
  }
  return rows;
}

test('the README\'s HTTP error table is the Worker\'s list of codes and statuses', () => {
  const rows = table('## HTTP errors');
  assert.deepEqual(Object.fromEntries(rows.map(([code, status]) => [code, Number(status)])), STATUS);
});

test('the README lists every code a discovery or a call reports for an upstream', () => {
  const documented = new Set(table('### Upstream errors').map(([code]) => code));
  const source = ['src/upstream.js', 'src/registry.js'].map((f) => readFileSync(join(EXAMPLE, f), 'utf8')).join('\n');
  const used = new Set([
    ...[...source.matchAll(/UpstreamError\('(\w+)'/g)].map((m) => m[1]),
    ...[...source.matchAll(/\{ code: '(\w+)', message/g)].map((m) => m[1]),
  ]);
  assert.ok(used.size >= 8, [...used].join());
  for (const code of used) assert.ok(documented.has(code), `${code} is in README.md's upstream errors`);
  for (const code of documented) assert.ok(used.has(code) || code === 'settings_invalid', `${code} in README.md is used`);
});

test('every code the modules shared with examples/worker raise has a status here', () => {
  const shared = join(EXAMPLE, '../workers-shared');
  const raised = new Set();
  for (const file of readdirSync(shared)) {
    for (const m of readFileSync(join(shared, file), 'utf8').matchAll(/new ApiError\('([a-z_]+)'/g)) raised.add(m[1]);
  }
  assert.ok(raised.size >= 8, [...raised].join());
  for (const code of raised) assert.ok(code in STATUS, `${code} has no status`);
});
