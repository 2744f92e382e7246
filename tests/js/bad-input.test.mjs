// Bad input through the npm package (tests/data/cases/bad-input.json: NaN and Infinity where
// numbers are read, 10 MB and control characters in names, servers alike but for case or
// separators), each answer held to the npm column of tests/data/golden/bad-input.json
// (MCP_NAMING_BLESS=1 rewrites that column); tests/bad_input.rs holds every host's column to one
// code per input and writes the README's table from the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { Router, NamingError } from 'mcp-naming';
import { pageEnvelope } from 'mcp-naming/openproject';
import { load } from './data.mjs';

const GOLDEN = new URL('../data/golden/bad-input.json', import.meta.url);

/** A test-data argument as the value a user would pass, with what JSON cannot hold written out. */
function decode(v) {
  if (Array.isArray(v)) return v.map(decode);
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === '$number') return Number(v.$number);
  if (keys.length === 1 && keys[0] === '$repeat') return v.$repeat[0].repeat(v.$repeat[1]);
  return Object.fromEntries(keys.map((k) => [k, decode(v[k])]));
}

/** What the package answers to `input`: { outcome, code, message }. */
function answer(input) {
  const args = input.args.map(decode);
  const router = () => new Router(decode(input.config));
  try {
    switch (input.call) {
      case 'new Router':
        new Router(args[0]);
        break;
      case 'searchTools':
        router().searchTools(args[0], args[1]);
        break;
      case 'listTools':
        router().listTools(args[0]);
        break;
      case 'exposeTools':
      case 'exposePrompts': {
        const exposure = router()[input.call](args[0], args[1], args[2]);
        const s = exposure.skipped[0];
        if (s !== undefined) return { outcome: 'skipped', code: s.code, message: s.message };
        break;
      }
      case 'pageEnvelope':
        pageEnvelope(args[0], args[1]);
        break;
      default:
        throw new Error(`no mapping for ${input.call}`);
    }
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    return { outcome: 'error', code: e.code, message: e.message };
  }
  return { outcome: 'accepted', code: null, message: null };
}

test('bad input: every one refused (or skipped and reported) as the npm column of golden/bad-input.json says', () => {
  const { inputs } = load('cases/bad-input.json');
  const golden = load('golden/bad-input.json');
  assert.equal(golden.answers.length, inputs.length, 'the golden file answers every input, in order');
  const bless = process.env.MCP_NAMING_BLESS === '1';
  for (const [i, input] of inputs.entries()) {
    const ours = answer(input);
    assert.notEqual(ours.outcome, 'accepted', `${input.what}: accepted`);
    const row = golden.answers[i];
    assert.equal(row.what, input.what, `answer ${i} is for its input`);
    if (bless) row.npm = ours;
    else assert.deepEqual(row.npm, ours, `${i}: ${input.what}: the npm column of tests/data/golden/bad-input.json`);
  }
  if (bless) writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 1)}\n`);
  else assert.equal(readFileSync(GOLDEN, 'utf8'), `${JSON.stringify(golden, null, 1)}\n`, 'the file is as the suites write it');
});

test('bad input: a 10 MB server name is refused at construction, in bounded time and a short message', () => {
  const name = 'a'.repeat(10 * 1024 * 1024);
  assert.throws(() => new Router({ style: 'claude', servers: [{ name }] }), (e) => e.code === 'invalid_config' && e.message.length < 400);
  // NaN and Infinity are numbers that are not finite, everywhere a number is read.
  const router = new Router({ style: 'claude', servers: [{ name: 'memory' }] });
  for (const bad of [NaN, Infinity, -Infinity, 0.5]) {
    assert.throws(() => router.listTools({ pageSize: bad }), { code: 'invalid_argument' });
    assert.throws(() => router.searchTools('x', { limit: bad }), { code: 'invalid_argument' });
  }
});
