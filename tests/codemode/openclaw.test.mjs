// The openclaw view against what it reproduces that runs here: acorn's keywords (OpenClaw reserves
// `Object.values(tokTypes)`'s keywords and `enum`, from the acorn it depends on) and Node's
// `localeCompare` (ICU's root collation: which of two tools whose identifiers meet gets the plain
// one depends on their catalog ids' order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as acorn from 'acorn';
import { codeMode } from 'mcp-naming/codemode';
import { rng } from './generate.mjs';

const view = (servers) => codeMode(servers, { view: 'openclaw' });

test('acorn keywords and enum are numbered; contextual words are not', () => {
  const keywords = [...Object.values(acorn.tokTypes).flatMap((t) => (t.keyword ? [t.keyword] : [])), 'enum'];
  assert.equal(keywords.length, 36);
  const cm = view([{ server: 'github', tools: [...keywords, 'let', 'static', 'yield', 'await', 'async', 'of'].map((name) => ({ name })) }]);
  const names = cm.namespaces[0].tools.map((t) => t.name);
  assert.deepEqual(names.slice(0, keywords.length), keywords.map((k) => `${k}2`));
  assert.deepEqual(names.slice(keywords.length), ['let', 'static', 'yield', 'await', 'async', 'of']);
});

test('two tools whose identifiers meet: the first catalog id in localeCompare order keeps the plain one', () => {
  const r = rng(7);
  const words = ['get', 'user', 'list', 'repo', 'a', 'b2'];
  for (let i = 0; i < 500; i++) {
    const w = Array.from({ length: 2 + r.int(2) }, () => r.pick(words));
    const spell = () => w.map((x, j) => (j === 0 ? x : r.pick(['_', '-', '__', '-_']) + x)).join('');
    let a = spell();
    let b = spell();
    if (r.chance(0.3)) b = b.charAt(0).toUpperCase() + b.slice(1);
    if (a.toLowerCase() === b.toLowerCase()) continue;
    const cm = view([{ server: 's', tools: [{ name: a }, { name: b }] }]);
    const [na, nb] = cm.namespaces[0].tools.map((t) => t.name);
    // The catalog ids are s__<name> (safe names, distinct ignoring case): Node's ICU orders them.
    const aFirst = `s__${a}`.localeCompare(`s__${b}`) < 0;
    const base = na.length <= nb.length ? na : nb;
    assert.deepEqual([na, nb], aFirst ? [base, `${base}2`] : [`${base}2`, base], `${a} / ${b}`);
  }
});
