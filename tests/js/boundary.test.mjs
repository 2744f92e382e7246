// Decisions in the core, payloads in the host: no MCP object, schema or result text reaches the
// core; what the probes find crosses as names, URIs and types. Every string the package writes into wasm memory is read either character by character
// from its start (the ASCII loops of the glue's input buffer and of wasm-bindgen's string
// passing) or through TextEncoder, so both are watched; nested objects (schemas, annotations,
// arguments, result blocks) are proxies that record any read, which is what a conversion into
// wasm (Reflect.get on a JsValue) would do.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const crossed = [];
const { encode, encodeInto } = TextEncoder.prototype;
TextEncoder.prototype.encode = function (s) { crossed.push(String(s)); return encode.call(this, s); };
TextEncoder.prototype.encodeInto = function (s, into) { crossed.push(String(s)); return encodeInto.call(this, s, into); };
const { charCodeAt } = String.prototype;
String.prototype.charCodeAt = function (i) { if (i === 0) crossed.push(String(this)); return charCodeAt.call(this, i); };
const { Router } = await import('mcp-naming');

const reads = [];
/** An object whose every read (but of `then`, which awaits probe) is recorded. */
const watched = (label, target) => new Proxy(target, {
  get(t, k, r) { if (k !== 'then' && typeof k === 'string') reads.push(`${label}.${k}`); return Reflect.get(t, k, r); },
  ownKeys(t) { reads.push(`${label}:keys`); return Reflect.ownKeys(t); },
});

const DESCRIPTION = 'A description no core should see, '.repeat(5);
const tool = (server, i) => ({
  name: `tool_number_${i}_of_${server}`,
  description: DESCRIPTION,
  inputSchema: watched(`schema(${server}/${i})`, { type: 'object', properties: { q: { type: 'string' } } }),
  annotations: watched(`annotations(${server}/${i})`, { readOnlyHint: true }),
  _meta: watched(`meta(${server}/${i})`, { owner: 'x' }),
});

test('exposing, listing and routing hand the core names only', () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'alpha' }, { name: 'beta' }] });
  crossed.length = 0;
  for (const s of ['alpha', 'beta']) router.exposeTools(s, { tools: Array.from({ length: 50 }, (_, i) => tool(s, i)) });
  // MCP 2026-07-28: the glue walks each schema for `x-mcp-header` annotations (the ToolHeaders
  // probe); a schema that has none hands the core nothing of it (neither its types nor its keys).
  assert.ok(!crossed.some((s) => s === 'object' || s === 'string' || s === 'q'), 'nothing of a schema without annotations crossed');
  router.listTools();
  router.listTools({ pageSize: 7 });
  const args = watched('arguments', { q: 'a secret argument' });
  crossed.length = 0;
  const mapped = router.mapCallTool({ name: 'alpha__tool_number_3_of_alpha', arguments: args });
  assert.equal(mapped.params.arguments, args);
  assert.deepEqual(crossed, [], 'a hit crosses nothing');
  assert.throws(() => router.mapCallTool({ name: 'alpha__tool_number_3_of_alpa', arguments: args }), { code: 'unknown_tool' });
  assert.ok(crossed.every((s) => s.length < 200), `only names crossed: ${crossed.filter((s) => s.length >= 200).length} long strings`);
  assert.ok(!crossed.some((s) => s.includes('description no core')), 'no description crossed');
  // Of `_meta`, the two MCP Apps members that name a UI resource are read (a URI to rewrite); of
  // a schema, what the ToolHeaders probe walks (its keys, to find `x-mcp-header`); nothing else of
  // any nested object is.
  const other = reads.filter((r) => !/^meta\([a-z]+\/\d+\)\.(ui|ui\/resourceUri)$/.test(r) && !/^schema\([a-z]+\/\d+\)(:keys|\.(type|properties))$/.test(r));
  assert.deepEqual(other, [], `no nested object was read: ${other.slice(0, 5)}`);
  // The watch sees what does cross: a miss on a name that is the description.
  assert.throws(() => router.route(DESCRIPTION.slice(0, 60)), { code: 'unknown_tool' });
  assert.ok(crossed.some((s) => s.includes('description no core')), 'the watch sees an ASCII string crossing');
});

test('a 10 MB tool result is walked here: its text is never read, its URIs alone cross', () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'files' }, { name: 'other' }] });
  router.exposeResources('other', { resources: [{ uri: 'file:///shared.txt' }, { uri: 'mem://notes' }] });
  const text = 'x'.repeat(10 * 1024 * 1024);
  const block = watched('textBlock', { type: 'text', text });
  const link = { type: 'resource_link', uri: 'mem://notes', name: 'notes' };
  crossed.length = 0;
  reads.length = 0;
  const out = router.rewriteResult('files', { content: [block, link], structuredContent: watched('structured', { big: text }) });
  assert.equal(out.content[0], block, 'the text block is passed on as it is');
  assert.equal(out.content[1].uri, 'mem://files/notes', 'the link another server shares is rewritten');
  // The Result probe's two content patterns (a link's URI, an embedded resource's) each read it.
  assert.deepEqual([...new Set(reads)], ['textBlock.type'], 'only the block type is read');
  assert.deepEqual(crossed.filter((s) => s.length > 100), [], 'no text crossed');
  assert.ok(crossed.includes('mem://notes'), 'the URI crossed');
});

test("get_tool_details answers with the tool object kept here: its schema never crosses", () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'alpha' }], discovery: { mode: 'search' } });
  const schema = { type: 'object', properties: { q: { type: 'string' } } };
  router.exposeTools('alpha', { tools: [{ name: 'find', description: 'Find things', inputSchema: schema }] });
  crossed.length = 0;
  const result = router.discoveryResult({ name: 'get_tool_details', arguments: { name: 'alpha__find' } });
  assert.equal(result.structuredContent.inputSchema, schema, 'the same object, not a copy made in wasm');
  assert.equal(result.structuredContent.name, 'alpha__find');
  assert.deepEqual(JSON.parse(result.content[0].text), { name: 'alpha__find', description: 'Find things', inputSchema: schema });
  assert.ok(!crossed.some((s) => s.includes('"properties"')), 'no schema text crossed');
});

test('requests cross their names, URIs and types: arguments, a completion\'s argument and notifications stay here', () => {
  const router = new Router({ style: 'claude', servers: [{ name: 'alpha' }, { name: 'beta' }], discovery: { mode: 'search' } });
  router.exposeTools('alpha', { tools: [{ name: 'find', description: 'Find things', inputSchema: { type: 'object' } }] });
  router.exposePrompts('alpha', { prompts: [{ name: 'greet' }] });
  router.exposeResources('beta', { resources: [{ uri: 'mem://notes', name: 'notes' }] });
  const SECRET = 'a payload no core should see '.repeat(20);
  crossed.length = 0;
  reads.length = 0;
  // A call with a header to check goes to the core: its arguments are not read.
  const args = watched('arguments', { q: SECRET });
  const mapped = router.mapCallTool({ name: 'alpha__find', arguments: args }, { header: 'alpha__find' });
  assert.equal(mapped.params.arguments, args);
  // call_tool: the inner name crosses, the inner arguments only as their type; they are passed on.
  const inner = watched('inner', { q: SECRET });
  const viaMeta = router.mapCallTool({ name: 'call_tool', arguments: { name: 'alpha__find', arguments: inner } });
  assert.deepEqual({ ...viaMeta.params, arguments: null }, { name: 'find', arguments: null });
  assert.equal(viaMeta.params.arguments, inner, 'the inner arguments, the same object');
  // A completion: its reference crosses, its argument does not.
  const argument = watched('argument', { name: 'who', value: SECRET });
  assert.equal(router.mapComplete({ ref: { type: 'ref/prompt', name: 'alpha__greet' }, argument }).params.argument, argument);
  // Notifications: the method and a resources/updated URI cross; progress and log payloads stay.
  const progress = { method: 'notifications/progress', params: watched('progress', { progressToken: 1, message: SECRET }) };
  assert.equal(router.rewriteNotification('alpha', progress).forward, progress, 'forwarded as it is');
  const log = { method: 'notifications/message', params: watched('log', { level: 'info', data: watched('data', { text: SECRET }) }) };
  assert.equal(router.rewriteNotification('alpha', log).forward, log);
  const updated = router.rewriteNotification('beta', { method: 'notifications/resources/updated', params: { uri: 'mem://notes' } });
  assert.equal(updated.forward.params.uri, 'mem://notes');
  assert.deepEqual(reads.filter((r) => !/^(progress|log)\.uri$/.test(r)), [], `only a notification's uri is read: ${reads}`);
  assert.ok(!crossed.some((s) => s.includes('payload no core')), 'no payload crossed');
  assert.ok(crossed.every((s) => s.length < 100), `only names crossed: ${crossed.filter((s) => s.length >= 100).length} long strings`);
  assert.ok(crossed.includes('alpha__find') && crossed.includes('mem://notes'), 'the names and URIs did');
});
