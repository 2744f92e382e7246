// The conformance tables under tests/data/cases, through the npm package (ESM, "node" + "import").
// data.mjs checks each file against the schema of the Rust loader: a key it does not know fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as naming from 'mcp-naming';
import { fnv1a } from './helpers.mjs';
import { load, CONVENTIONS, conventionTable } from './data.mjs';

for (const convention of CONVENTIONS) {
  test(`conformance: ${convention}`, () => {
    const data = conventionTable(convention);
    assert.equal(data.convention, convention, `cases/conventions/${convention}.json names another convention`);
    const { cases } = data;
    const names = cases.filter((c) => !c.options).map((c) => c.name);
    const batch = naming.validateToolNames(names, convention);
    assert.equal(batch.length, names.length, 'validateToolNames: one answer per name');
    let i = 0;
    for (const c of cases) {
      const at = `${convention} ${JSON.stringify(c.name.slice(0, 60))}`;
      const r = naming.validateToolName(c.name, convention, c.options);
      assert.equal(r.convention, convention);
      assert.equal(r.valid, c.valid, `${at}: valid`);
      assert.equal(naming.isValidToolName(c.name, convention, c.options), c.valid, `${at}: isValidToolName`);
      if (!c.options) assert.equal(batch[i++], c.valid, `${at}: validateToolNames`);
      assert.deepEqual(r.errors.map((d) => d.code), c.errors, `${at}: errors`);
      assert.deepEqual(r.warnings.map((d) => d.code), c.warnings, `${at}: warnings`);
      for (const d of r.errors) assert.equal(d.severity, 'error');
      for (const d of r.warnings) assert.equal(d.severity, 'warning');
      if ('suggestion' in c) assert.equal(r.suggestion, c.suggestion, `${at}: suggestion`);
      if ('parts' in c) assert.deepEqual(r.parts, c.parts, `${at}: parts`);
      const all = [...r.errors, ...r.warnings];
      if (c.messages) c.messages.forEach((m, k) => assert.equal(all[k].message, m, `${at}: message ${k}`));
      if (c.spans) assert.deepEqual(all.map((d) => [d.start, d.end]), c.spans, `${at}: spans`);
      for (const d of all) assert.ok(d.start >= 0 && d.start <= d.end && d.end <= c.name.length, `${at}: span in range`);
      if (r.valid) {
        assert.deepEqual(naming.parseToolName(c.name, convention, c.options), r.parts);
        assert.equal(naming.formatToolName(r.parts, convention, c.options), c.name, `${at}: format(parse(x))`);
        assert.ok(naming.detectConventions(c.name, c.options).includes(convention));
      } else {
        assert.throws(() => naming.parseToolName(c.name, convention, c.options), (e) => {
          assert.ok(e instanceof naming.NamingError);
          assert.equal(e.code, c.errors[0]);
          assert.deepEqual(e.suggestions, r.suggestion === null ? [] : [r.suggestion]);
          return true;
        });
      }
      if (r.suggestion !== null) assert.ok(naming.isValidToolName(r.suggestion, convention, c.options), `${at}: suggestion valid`);
    }
  });
}

test('conformance: resource URIs', () => {
  for (const c of load('cases/uri.json').cases) {
    const r = naming.validateResourceUri(c.uri, c.options);
    assert.equal(r.valid, c.valid, c.uri);
    assert.equal(r.convention, 'chora');
    assert.deepEqual(r.errors.map((d) => d.code), c.errors, c.uri);
    if ('suggestion' in c) assert.equal(r.suggestion, c.suggestion, c.uri);
    if (c.messages) c.messages.forEach((m, k) => assert.equal(r.errors[k].message, m));
    if ('parts' in c) assert.deepEqual(r.parts, c.parts, c.uri);
    if (r.valid && !c.options) {
      assert.deepEqual(naming.parseResourceUri(c.uri), r.parts);
      assert.equal(naming.formatResourceUri(r.parts), c.uri);
    } else if (!r.valid && !c.options) {
      assert.throws(() => naming.parseResourceUri(c.uri), { name: 'NamingError', code: c.errors[0] });
    }
  }
});

test('conformance: namespaces from slugs', () => {
  for (const c of load('cases/slug.json').cases) {
    if (c.namespace) assert.equal(naming.namespaceFromSlug(c.slug), c.namespace);
    else assert.throws(() => naming.namespaceFromSlug(c.slug), { code: c.error });
  }
});

test('conformance: providers and fitting', () => {
  const data = load('cases/providers.json');
  for (const c of data.accepts) assert.deepEqual(naming.checkProviders(c.name), c.accepts, c.name);
  for (const c of data.fit) {
    assert.equal(c.hashed === true, c.prefix !== undefined, `${JSON.stringify(c)}: hashed and prefix go together`);
    assert.ok(c.hashed || c.fitted !== undefined, `${JSON.stringify(c)}: neither fitted nor hashed`);
    const fitted = naming.fitToolName(c.name, c.provider, c.taken ? { taken: c.taken } : undefined);
    assert.equal(naming.checkProviders(fitted)[c.provider], true, `${fitted} passes ${c.provider}`);
    if (c.fitted !== undefined) assert.equal(fitted, c.fitted);
    if (c.hashed) {
      assert.equal(fitted.slice(0, -9), c.prefix);
      // The hash is FNV-1a of the original name (salted only when that candidate is taken).
      if (!c.taken) assert.equal(fitted.slice(-9), `_${fnv1a(c.name)}`);
    }
  }
});

test('conformance: conversions', () => {
  for (const c of load('cases/convert.json').cases) {
    if (c.result !== undefined) assert.equal(naming.convertToolName(c.name, c.from, c.to, c.options), c.result, c.name);
    else assert.throws(() => naming.convertToolName(c.name, c.from, c.to, c.options), c.message === undefined ? { code: c.error } : { code: c.error, message: c.message });
  }
});

test('conformance: Claude Code permission rules', () => {
  for (const c of load('cases/claude-rules.json').cases) {
    if (c.error) assert.throws(() => naming.matchesPermission(c.rule, 'mcp__a__b'), { code: c.error });
    else assert.equal(naming.matchesPermission(c.rule, c.name), c.matches, `${c.rule} ${c.name}`);
  }
});

test('conformance: Syntropy tool-state and allow-list files', () => {
  const data = load('cases/syntropy-files.json');
  for (const c of data.toolState) {
    const r = naming.checkToolState(c.state);
    assert.deepEqual(r.errors.map((d) => d.code), c.errors);
    assert.equal(r.valid, c.errors.length === 0);
    for (const [name, on] of Object.entries(c.enabled ?? {})) assert.equal(naming.isToolEnabled(c.state, name), on, name);
  }
  for (const c of data.allowList) {
    assert.deepEqual(naming.checkAllowList(c.allow).errors.map((d) => d.code), c.errors);
    assert.deepEqual(naming.checkAllowList({ permissions: { allow: c.allow } }).errors.map((d) => d.code), c.errors);
  }
});
