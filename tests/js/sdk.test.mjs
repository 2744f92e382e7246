// The `mcp` convention agrees with the official TypeScript SDK's validateToolName: the same
// verdict, the same warnings, the same invalid characters, on the conformance table and on
// generated names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateToolName as sdkValidate } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import { validateToolName } from 'mcp-naming';
import { conventionTable } from './data.mjs';

const WARNING_OF = [
  [/contains spaces/, 'contains_space'],
  [/contains commas/, 'contains_comma'],
  [/with a dash/, 'dash_at_edge'],
  [/with a dot/, 'dot_at_edge'],
];

function agree(name) {
  const sdk = sdkValidate(name);
  const ours = validateToolName(name, 'mcp');
  assert.equal(ours.valid, sdk.isValid, `verdict for ${JSON.stringify(name)}`);
  const sdkWarnings = sdk.warnings.flatMap((w) => WARNING_OF.filter(([re]) => re.test(w)).map(([, code]) => code));
  assert.deepEqual(ours.warnings.map((d) => d.code), sdkWarnings, `warnings for ${JSON.stringify(name)}`);
  const invalidLine = sdk.warnings.find((w) => w.startsWith('Tool name contains invalid characters'));
  if (invalidLine) {
    // The SDK lists the distinct characters in order of first occurrence (as UTF-16 units).
    const listed = [...invalidLine.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    const ours16 = ours.errors.map((d) => name.slice(d.start, d.end));
    assert.deepEqual(ours16.join(''), listed.join(''), `invalid characters of ${JSON.stringify(name)}`);
  }
  if (name.length === 0) assert.equal(ours.errors[0].code, 'empty');
  if (name.length > 128) assert.deepEqual(ours.errors.map((d) => d.code), ['too_long']);
}

test('agrees with the SDK on the conformance table', () => {
  for (const c of conventionTable('mcp').cases) agree(c.name);
});

test('agrees with the SDK on 20,000 generated names', () => {
  const alphabet = 'abcXYZ019_-.., /@:ñ\n\u200b\u0455';
  let seed = 42;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let i = 0; i < 20000; i++) {
    const len = rand(10) === 0 ? 120 + rand(20) : rand(24);
    let name = '';
    for (let k = 0; k < len; k++) name += alphabet[rand(alphabet.length)];
    agree(name);
  }
});
