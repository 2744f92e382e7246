// OpenProject's data conventions and the tool registry through the package, from the same data
// files as the Rust tests (tests/data_conventions.rs). data.mjs checks each file against the
// schema of the Rust loader: a key it does not know fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as root from 'mcp-naming';
import * as registry from 'mcp-naming/registry';
import * as openproject from 'mcp-naming/openproject';
import { load } from './data.mjs';

// The registry and OpenProject helpers live behind their own entries, with their own .wasm.
const n = { ...root, ...registry, ...openproject };

const op = load('cases/openproject-data.json');
const reg = load('cases/registry-data.json');

function expectError(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof n.NamingError, String(e));
    assert.equal(e.code, code);
    if (message) assert.equal(e.message, message);
    return true;
  });
}

test('durations', () => {
  for (const c of op.durations) {
    if (c.iso) assert.equal(n.parseDuration(c.text), c.iso, c.text);
    else expectError(() => n.parseDuration(c.text), c.error);
  }
  for (const c of op.formatDuration) {
    if (c.text) assert.equal(n.formatDuration(c.iso), c.text);
    else expectError(() => n.formatDuration(c.iso), c.error);
  }
});

test('page envelopes', () => {
  for (const c of op.pages) {
    const items = Array.from({ length: c.items }, (_, i) => ({ i }));
    if (c.out) {
      const env = n.pageEnvelope(items, c.page);
      assert.equal(env.items, items);
      assert.deepEqual({ ...env, items: undefined }, { ...c.out, items: undefined });
    } else {
      expectError(() => n.pageEnvelope(items, c.page), c.error);
    }
  }
  expectError(() => n.pageEnvelope('x', {}), 'invalid_argument');
  expectError(() => n.pageEnvelope([], { offset: '3' }), 'invalid_argument');
});

test('HAL links, error wording, custom fields, dates', () => {
  for (const c of op.hrefs) assert.equal(n.idFromHref(c.href), c.id, String(c.href));
  for (const c of op.links) assert.deepEqual(n.linkValue(c.link), c.out);
  for (const c of op.errors) {
    if (c.message) assert.equal(n.errorMessage(c.status, c.details), c.message);
    else expectError(() => n.errorMessage(c.status, c.details), c.error);
  }
  expectError(() => n.errorMessage(404.5), 'invalid_argument');
  for (const c of op.customFields) {
    if (c.name) assert.equal(n.customFieldName(c.key), c.name);
    else expectError(() => n.customFieldName(c.key), c.error);
  }
  for (const c of op.dates) {
    if (c.date) assert.deepEqual(n.parseDate(c.text), c.date);
    else expectError(() => n.parseDate(c.text), c.error);
  }
});

test('name resolution returns the candidate itself', () => {
  const { candidates, cases } = op.resolve;
  for (const c of cases) {
    if (c.index !== undefined) assert.equal(n.resolveByName(c.query, candidates), candidates[c.index], c.query);
    else expectError(() => n.resolveByName(c.query, candidates), c.error, c.message);
  }
  expectError(() => n.resolveByName('x', [{ identifier: 'x' }]), 'invalid_argument');
  // Unicode case folding (JavaScript's own toLowerCase in the package, Rust's to_lowercase natively).
  const umlauts = [{ name: 'Äpfel Projekt', identifier: 'äpfel' }, { name: 'Birnen' }];
  assert.equal(n.resolveByName('ÄPFEL', umlauts), umlauts[0]);
  assert.equal(n.resolveByName('birnen', umlauts), umlauts[1]);
});

test('tool registration fails fast on duplicates', () => {
  for (const c of op.registries) {
    if (c.error) expectError(() => n.checkToolRegistry(c.names), c.error, c.message);
    else assert.equal(n.checkToolRegistry(c.names), undefined);
  }
});

const pairs = (r) => r.errors.map((d) => [d.code, d.path ?? '']);

test('language profiles and tool descriptors, field by field', () => {
  for (const c of reg.profiles) {
    const r = n.validateLanguageProfile(c.profile);
    assert.deepEqual(pairs(r), c.errors, JSON.stringify(c.profile));
    assert.equal(r.valid, c.errors.length === 0);
  }
  for (const c of reg.descriptors) {
    const r = n.validateToolDescriptor(c.descriptor);
    assert.deepEqual(pairs(r), c.errors, JSON.stringify(c.descriptor));
    if (c.message) assert.equal(r.errors[0].message, c.message);
  }
  const cyclic = { a: {} };
  cyclic.a.self = cyclic;
  assert.deepEqual(pairs(n.validateToolDescriptor(cyclic)), [['too_deep', '']]);
  assert.equal(n.validateLanguageProfile(undefined).valid, false);
});

test('tools for a language', () => {
  const { descriptors, cases } = reg.forLanguage;
  for (const c of cases) {
    const got = n.toolsForLanguage(descriptors, c.language);
    assert.deepEqual(got.map((d) => d.tool_id), c.ids);
    for (const d of got) assert.ok(descriptors.includes(d));
  }
});

test('execution requests', () => {
  for (const c of reg.requests) {
    const descriptor = c.descriptor === 'fs.write' ? reg.fsWrite : c.descriptor === 'edit.ast.apply_refactor' ? reg.astRefactor : c.descriptor;
    const r = n.checkExecuteRequest(descriptor, c.request, { scopes: c.scopes });
    assert.deepEqual(pairs(r), c.errors, JSON.stringify(c.request));
    if (c.message) assert.equal(r.errors[0].message, c.message);
  }
});

test('tool outputs against the output schema', () => {
  assert.deepEqual(pairs(n.checkToolOutput(reg.fsWrite, { path: 'src/main.py', written_bytes: 8 })), []);
  assert.deepEqual(pairs(n.checkToolOutput(reg.fsWrite, { path: 3, written_bytes: 1.5 })), [['wrong_type', 'output.path'], ['wrong_type', 'output.written_bytes']]);
  assert.deepEqual(pairs(n.checkToolOutput(reg.fsWrite, 'done')), [['wrong_type', 'output']]);
  assert.deepEqual(pairs(n.checkToolOutput(reg.fsWrite, { path: '../etc/passwd', written_bytes: 1 })), [['path_outside_workspace', 'output.path']]);
  // A broken descriptor is reported first, each problem under descriptor.
  const broken = pairs(n.checkToolOutput({ tool_id: 'x' }, {}));
  assert.ok(broken.length > 0 && broken.every(([, path]) => path.startsWith('descriptor.')), JSON.stringify(broken));
});

test('workspace paths: the traversal corpus', () => {
  const { root, cases } = reg.paths;
  assert.ok(cases.length >= 30);
  for (const c of cases) {
    if (c.resolved) assert.equal(n.resolveWorkspacePath(root, c.path), c.resolved, JSON.stringify(c.path));
    else expectError(() => n.resolveWorkspacePath(root, c.path), c.error);
  }
  for (const c of reg.roots) {
    if (c.resolved) assert.equal(n.resolveWorkspacePath(c.root, c.path), c.resolved);
    else expectError(() => n.resolveWorkspacePath(c.root, c.path ?? 'x'), c.error);
  }
});
