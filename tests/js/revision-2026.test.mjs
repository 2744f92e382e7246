// The MCP 2026-07-28 scenarios (tests/data/cases/revision-2026.json, run natively by
// tests/revision_2026.rs on the reference applier) through the package: the same steps, the same
// answers and errors, each call one of the Router's methods, taking its arguments as the file
// writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as naming from 'mcp-naming';
import { load, runScenario } from './data.mjs';

const scenarios = load('cases/revision-2026.json');
let steps = 0;
for (const scenario of scenarios.scenarios) {
  test(`2026-07-28: ${scenario.title}`, () => {
    steps += runScenario(scenarios, scenario, naming);
  });
}
test('2026-07-28: every scenario step ran', () => {
  assert.ok(steps >= 40, `only ${steps} steps`);
});

test('2026-07-28: without a requestStateKey the Router draws its own, so it seals and opens states (and another Router cannot open them)', () => {
  const config = { style: 'claude', servers: [{ name: 'a' }] };
  const [one, two] = [new naming.Router(config), new naming.Router(config)];
  for (const r of [one, two]) r.exposeTools('a', [{ name: 'ask', inputSchema: { type: 'object' } }]);
  const { result, inputRequired } = one.rewriteResponse('a', 'tools/call', { resultType: 'input_required', inputRequests: { q: { method: 'roots/list', params: {} } }, requestState: 'mine' }, '2026-07-28');
  assert.equal(inputRequired, true);
  assert.match(result.requestState, /^mcpn1\./);
  const retry = { name: 'a__ask', arguments: {}, requestState: result.requestState };
  assert.equal(one.forward('tools/call', retry, { name: 'a__ask', protocolVersion: '2026-07-28' }).params.requestState, 'mine');
  assert.throws(() => two.forward('tools/call', retry, { name: 'a__ask', protocolVersion: '2026-07-28' }), { code: 'invalid_request_state' });
  assert.equal(config.requestStateKey, undefined, 'the configuration given is not changed');
});

test('2026-07-28: the envelope, the error code map and a listen notice', () => {
  const router = new naming.Router({ style: 'claude', gateway: 'hub', servers: [{ name: 'a' }] });
  assert.deepEqual(router.resultEnvelope({ content: [] }, '2026-07-28'), { content: [], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': router.discover()._meta['io.modelcontextprotocol/serverInfo'] } });
  assert.deepEqual(router.resultEnvelope({ content: [] }, '2025-11-25'), { content: [] });
  assert.equal(router.clientErrorCode(-32002, '2026-07-28'), -32602);
  assert.equal(router.clientErrorCode(-32002, '2025-11-25'), -32002);
  assert.equal(router.clientErrorCode(-32002), -32002);
  assert.deepEqual(router.listenNotice('tools', 7), { method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } } });
  assert.throws(() => router.listenNotice('nope', 7), { code: 'invalid_argument' });
  assert.throws(() => router.forward('tools/list', {}), { code: 'invalid_argument' });
  assert.throws(() => router.listTools({ protocolVersion: 5 }), { code: 'invalid_argument' });
});

test('2026-07-28: listResult is the list of that name with the client\'s protocolVersion', () => {
  const router = new naming.Router({ style: 'claude', servers: [{ name: 'a' }] });
  router.exposeTools('a', [{ name: 'ask', inputSchema: { type: 'object' } }]);
  assert.deepEqual(router.listResult('tools', '2026-07-28'), router.listTools({ protocolVersion: '2026-07-28' }));
  assert.deepEqual(router.listResult('tools'), router.listTools());
  assert.deepEqual(router.listResult('tools', null, { pageSize: 1 }), router.listTools({ pageSize: 1 }));
  assert.deepEqual(router.listResult('resourceTemplates', '2025-11-25'), router.listResourceTemplates({ protocolVersion: '2025-11-25' }));
  assert.throws(() => router.listResult('nope'), { code: 'invalid_argument' });
  assert.throws(() => router.listResult('tools', 5), { code: 'invalid_argument' });
  assert.throws(() => router.listResult('tools', '2026-07-28', { pageSize: 0 }), { code: 'invalid_argument' });
});
