// Hostile input through every exported function: a million generated strings (ASCII and Unicode,
// lone surrogates, NUL, emoji, right-to-left marks, 1 MB strings) and values of every wrong type.
// Expected: results or NamingErrors with codes, never a wasm trap (RuntimeError); the module
// still answers correctly afterwards; wasm memory does not grow over the run.
//
// Through the CommonJS entries, so that the test reads the memory of the very glue the package
// answers with (the ES entries are bundled into one module each, glue included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { hostileStrings } from './helpers.mjs';

const require = createRequire(import.meta.url);
const root = require('mcp-naming');
const glue = require('../../pkg/glue-names.cjs');
// The registry and OpenProject helpers live behind their own entries, with their own .wasm.
const n = { ...root, ...require('mcp-naming/registry'), ...require('mcp-naming/openproject') };

const COUNT = 1_000_000;
// The strings (seeded; fast-paths.test.mjs runs the same ones against the glue's regexes).
const hostile = hostileStrings();

/** Calls `fn`; its answer, or the NamingError it threw. `what` (a string or a function making
 *  one, so that labels cost nothing when all is well) names the call in a failure. */
function expectAnswer(fn, what) {
  try {
    return fn();
  } catch (e) {
    const label = typeof what === 'function' ? what() : what;
    if (e instanceof WebAssembly.RuntimeError) throw new Error(`wasm trap in ${label}: ${e.message}`);
    if (!(e instanceof n.NamingError) || typeof e.code !== 'string' || e.code === '') {
      throw new Error(`${label} threw something other than a NamingError: ${e?.stack ?? e}`);
    }
    return e;
  }
}

function show(v) {
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  try {
    return typeof v === 'symbol' ? v.toString() : String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

const memoryBytes = () => glue.wasm_memory().buffer.byteLength;

const ROUTER = new n.Router({
  style: 'syntropy',
  servers: [{ name: 'serena' }, { name: 'context7', upstream: 'hyphens' }],
  builtins: ['healthcheck'],
  aliases: { old_tool: 'serena_find_symbol' },
  provider: 'anthropic',
});
ROUTER.expose('serena', ['find_symbol', 'get_symbols_overview']);

const RARE = [
  (s) => n.parseToolName(s, 'syntropy'),
  (s) => n.convertToolName(s, 'chora', 'agent'),
  (s) => n.convertToolName(s, 'syntropy', 'claude'),
  (s) => n.detectConventions(s),
  (s) => n.formatToolName({ namespace: s, tool: s }, 'chora'),
  (s) => n.formatToolName({ segments: [s, s] }, 'registry'),
  (s) => n.parseResourceUri(s),
  (s) => n.validateResourceUri(s, { expectedNamespace: 'myproject' }),
  (s) => n.formatResourceUri({ namespace: 'abc', type: 'docs', id: s, query: { [s]: s } }),
  (s) => n.namespaceFromSlug(s),
  (s) => n.checkProviders(s),
  (s) => n.fitToolName(s, 'gemini', { taken: [s] }),
  (s) => n.syntropyLayers(s),
  (s) => n.matchesPermission(s, s),
  (s) => n.normalizeServerName(s),
  (s) => n.checkToolState({ enabled: [s], disabled: [s] }),
  (s) => n.checkAllowList([s]),
  (s) => n.parseDuration(s),
  (s) => n.formatDuration(s),
  (s) => n.idFromHref(s),
  (s) => n.linkValue({ href: s, title: s }),
  (s) => n.errorMessage(422, s),
  (s) => n.resolveByName(s, [{ name: s }, { name: 'x', identifier: s }]),
  (s) => n.customFieldName(s),
  (s) => n.parseDate(s),
  (s) => n.resolveWorkspacePath('/ws', s),
  (s) => n.validateToolDescriptor({ tool_id: s, [s]: s }),
  (s) => n.checkExecuteRequest({ tool_id: s }, { [s]: s }, { scopes: [s] }),
  (s) => n.checkToolOutput({ tool_id: s }, { [s]: s }),
  (s) => ROUTER.route(s),
  (s) => ROUTER.tryRoute(s),
  (s) => ROUTER.isEnabled(s),
  (s) => ROUTER.routeResource(s),
  (s) => new n.Router({ style: { separator: s, pattern: s }, servers: [{ name: s }], aliases: { [s]: s } }),
  (s) => new n.Router({ style: 'syntropy', servers: [{ name: 'x' }] }).expose('x', [s, `${s}_`, s.toUpperCase()]),
];

test('a million hostile strings: answers or NamingErrors, never a trap, memory flat', { timeout: 600_000 }, () => {
  // 1 MB strings first: they size the input buffer once.
  const megabyte = ['a'.repeat(1 << 20), '😀'.repeat(1 << 19), '\u202e'.repeat(1 << 20), 'x'.repeat(1 << 20) + '\ud800'];
  for (const big of megabyte) {
    for (const conv of n.CONVENTIONS) {
      const r = expectAnswer(() => n.validateToolName(big, conv), 'validateToolName 1 MB');
      assert.deepEqual(r.errors.map((d) => d.code), ['too_long']);
    }
    for (const f of RARE) expectAnswer(() => f(big), `${f} on 1 MB`);
  }
  const before = memoryBytes();
  let batch = [];
  for (let i = 0; i < COUNT; i++) {
    const s = hostile();
    const conv = n.CONVENTIONS[i % 7];
    const verdict = expectAnswer(() => n.isValidToolName(s, conv), 'isValidToolName');
    if (i % 4 === 0) {
      const r = expectAnswer(() => n.validateToolName(s, conv), 'validateToolName');
      assert.equal(r.valid, verdict, `verdicts agree for ${JSON.stringify(s)}`);
      for (const d of [...r.errors, ...r.warnings]) assert.ok(d.start <= d.end && d.end <= s.length);
    }
    if (i % 40 === 0) expectAnswer(() => RARE[(i / 40) % RARE.length](s), () => `${RARE[(i / 40) % RARE.length]} on ${JSON.stringify(s)}`);
    batch.push(s);
    if (batch.length === 10_000) {
      const verdicts = expectAnswer(() => n.validateToolNames(batch, 'mcp'), 'validateToolNames');
      assert.equal(verdicts.length, batch.length);
      assert.equal(verdicts[17], n.isValidToolName(batch[17], 'mcp'));
      batch = [];
    }
  }
  const after = memoryBytes();
  // Buffers are reused and every allocation is freed: a leak of boundary allocations over a
  // million calls would show as megabytes here.
  assert.ok(after - before <= 1 << 20, `wasm memory grew from ${before} to ${after} bytes`);
  // The module still answers correctly.
  assert.equal(n.validateToolName('myproject:create_task', 'chora').valid, true);
  assert.deepEqual(n.parseToolName('mcp__syntropy__context7_get_library_docs', 'syntropy'), { server: 'context7', tool: 'get_library_docs' });
  assert.equal(ROUTER.route('mcp__syntropy__serena_find_symbol').tool, 'find_symbol');
});

const WRONG = [undefined, null, 0, -1, NaN, 1e300, 10n, true, Symbol('s'), {}, [], [1, 2], () => 'x', new Date(0), new Map(), Object.create(null),
  { toString: () => 'mcp' }, { expectedNamespace: 5 }, { servers: [1] }, { name: 5 }, { tools: 'x' }, { href: 5 }, new Uint8Array(3)];

test('values of every wrong type: NamingError invalid_argument (or a shape report), never a trap', () => {
  const functions = Object.entries(n).filter(([, f]) => typeof f === 'function' && f !== n.NamingError && f !== n.Router);
  assert.ok(functions.length >= 35, `${functions.length} functions`);
  for (const [name, f] of functions) {
    for (const a of WRONG) {
      for (const args of [[a], [a, a], ['x', a], [a, 'mcp'], ['x', 'mcp', a], [[a], 'mcp'], ['x', a, a]]) {
        expectAnswer(() => f(...args), () => `${name}(${args.map(show).join(', ')})`);
      }
    }
  }
  for (const a of WRONG) {
    expectAnswer(() => new n.Router(a), () => `new Router(${show(a)})`);
    expectAnswer(() => new n.Router({ style: a, servers: a }), 'Router with wrong fields');
    for (const method of ['expose', 'route', 'tryRoute', 'isEnabled', 'rewriteToolsList', 'exposeResource', 'routeResource']) {
      expectAnswer(() => ROUTER[method](a, a), `router.${method}`);
      expectAnswer(() => ROUTER[method]('serena', a), `router.${method}`);
    }
  }
  // Options read through getters that call back into the package: each read happens once, in the
  // glue, before the name is written to the input buffer.
  let reads = 0;
  const sneaky = {
    get expectedNamespace() {
      reads += 1;
      n.isValidToolName('x'.repeat(60), 'mcp');
      return 'myproject';
    },
  };
  assert.equal(n.validateToolName('myproject:create_task', 'chora', sneaky).valid, true);
  assert.equal(n.isValidToolName('other:create_task', 'chora', sneaky), false);
  assert.equal(reads, 2);
  // A structure that refers to itself is answered, not followed forever.
  const loop = { tool_id: 'fs.write' };
  loop.self = loop;
  assert.deepEqual(n.validateToolDescriptor(loop).errors.map((d) => d.code), ['too_deep']);
  assert.equal(n.isValidToolName('getUser', 'mcp'), true);
});

test('bounded work: a 1 MB name against 10,000 tools, and an adversarial pattern', { timeout: 120_000 }, () => {
  const router = new n.Router({ style: 'agent', servers: [{ name: 'big' }] });
  router.expose('big', Array.from({ length: 10_000 }, (_, i) => `tool_number_${i}`));
  const huge = `big__${'tool_number_'.repeat(100_000)}`;
  const e = expectAnswer(() => router.route(huge), 'route of a 1 MB name');
  assert.equal(e.code, 'unknown_tool');
  assert.ok(e.message.length < 1000, 'the message quotes the name clipped');
  // The classic catastrophic pattern, on regex-lite: linear time, whatever the input.
  const evil = new n.Router({ style: { separator: '__', pattern: '^a__(a+)+$' }, servers: [{ name: 'a' }] });
  const attack = `${'a'.repeat(100_000)}!`;
  const r = expectAnswer(() => evil.expose('a', [attack]), 'expose against (a+)+$');
  assert.equal(r.code, 'invalid_tool_name');
  assert.equal(evil.expose('a', ['aaaa']).length, 1);
});

test('numbers that are not finite, and names that are too long or not printable: refused with the path, in bounded time', () => {
  const router = new n.Router({ style: 'claude', servers: [{ name: 'memory' }], discovery: { mode: 'search' } });
  for (const bad of [NaN, Infinity, -Infinity]) {
    for (const [call, path] of [
      [() => router.searchTools('x', { limit: bad }), 'options.limit'],
      [() => router.listTools({ pageSize: bad }), 'options.pageSize'],
      [() => router.listPrompts({ pageSize: bad }), 'options.pageSize'],
      [() => n.pageEnvelope([1], { offset: bad }), 'page.offset'],
      [() => new n.Router({ style: 'claude', servers: [], discovery: { mode: 'search', maxListed: bad } }), 'discovery.maxListed'],
    ]) {
      const e = expectAnswer(call, `${path} = ${bad}`);
      assert.ok(e instanceof n.NamingError, `${path} = ${bad} accepted`);
      assert.ok(['invalid_argument', 'invalid_config'].includes(e.code), e.code);
      assert.equal(e.diagnostics[0].path, path);
    }
    // The search_tools meta-tool's limit, as a model (or a host) passes it.
    const r = router.discoveryResult({ name: 'search_tools', arguments: { query: 'x', limit: bad } });
    assert.equal(r.isError, true);
  }
  // Every control character, in a server name and in an upstream tool name.
  for (let c = 0; c < 0xa0; c++) {
    if (c >= 0x20 && c < 0x7f) continue;
    const ch = String.fromCharCode(c);
    const e = expectAnswer(() => new n.Router({ style: { separator: '__' }, servers: [{ name: `a${ch}b` }] }), 'control in a server name');
    assert.equal(e.code, 'invalid_config');
    assert.match(e.message, new RegExp(`holds the control character U\\+${c.toString(16).toUpperCase().padStart(4, '0')} [A-Z ]+ at index 1`));
    const x = expectAnswer(() => new n.Router({ style: 'claude', servers: [{ name: 'm' }] }).exposeTools('m', [{ name: `t${ch}` }], { onInvalid: 'skip' }), 'control in a tool name');
    assert.deepEqual(x.skipped.map((s) => s.code), ['invalid_tool_name']);
  }
  const big = 'a'.repeat(10 * 1024 * 1024);
  const e = expectAnswer(() => new n.Router({ style: 'claude', servers: [{ name: big }] }), '10 MB server name');
  assert.equal(e.code, 'invalid_config');
  assert.ok(e.message.length < 400);
});
