// Operating the gateway: reload on a change of the config file and on SIGHUP without dropping what
// is in flight (a refused config logged and the old one kept), JSON-lines logs of each routing
// decision, and Prometheus metrics read by the Prometheus project's own parser (Debian's
// python3-prometheus-client, installed by scripts/gateway-setup.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { gateway, httpUpstream, stdioUpstream, scratch, stopAll, callsIn } from './support/gateway.mjs';

let s, calls, remote, g, client, file;
const listChanged = [];
const config = (servers, extra = {}) => ({ mcpServers: servers, metrics: { enabled: true }, ...extra });

before(async () => {
  s = scratch();
  calls = s.path('calls.jsonl');
  file = s.path('gateway.json');
  remote = await httpUpstream('remote', calls);
  g = await gateway(['--config', file, '--http', '127.0.0.1:0', '--log', 'json'], { configFile: file, config: config({ local: stdioUpstream('local', calls) }) });
  client = new Client({ name: 'test', version: '1' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void listChanged.push(Date.now()));
  await client.connect(new StreamableHTTPClientTransport(new URL(g.url)));
});
after(async () => {
  await client?.close();
  await stopAll();
  s?.done();
});

const names = async () => (await client.listTools()).tools.map((t) => t.name).sort();
const until = async (check, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

test('a change of the file adds an upstream mid-session: the call in flight finishes, list_changed comes, the new tools are listed', async () => {
  assert.deepEqual(await names(), ['local__add', 'local__delete_all', 'local__echo', 'local__slow']);
  const inFlight = client.callTool({ name: 'local__slow', arguments: { ms: 1500 } });
  await until(() => callsIn(calls).some((c) => c.tool === 'slow'));
  writeFileSync(file, JSON.stringify(config({ local: stdioUpstream('local', calls), remote: { url: remote.url } })));
  await g.waitFor(/"msg":"reloaded".*"reason":"file changed"/);
  const line = g.json().find((l) => l.msg === 'reloaded');
  assert.deepEqual([line.added, line.removed, line.changed], [['remote'], [], []]);
  assert.equal((await inFlight).content[0].text, 'slept 1500');
  await until(() => listChanged.length > 0);
  assert.deepEqual(await names(), ['local__add', 'local__delete_all', 'local__echo', 'local__slow', 'remote__add', 'remote__delete_all', 'remote__echo', 'remote__slow']);
  assert.equal((await client.callTool({ name: 'remote__echo', arguments: { text: 'new' } })).content[0].text, 'remote: new');
});

test('a config that fails is refused with every problem logged; the running one is kept', async () => {
  writeFileSync(file, JSON.stringify({ mcpServers: { remote: { url: remote.url, header: {} } }, metrcs: {} }));
  await g.waitFor(/"msg":"reload refused/);
  const line = g.json().find((l) => l.msg.startsWith('reload refused'));
  assert.deepEqual(line.problems, ['mcpServers.remote.header: unknown key "header": did you mean "headers"?', 'metrcs: unknown key "metrcs": did you mean "metrics"?']);
  assert.equal(line.level, 'error');
  assert.ok((await names()).includes('local__echo'));
  assert.equal((await client.callTool({ name: 'local__echo', arguments: { text: 'still' } })).content[0].text, 'local: still');
});

test('SIGHUP applies the file: a removed upstream finishes its call in flight, then its tools are gone', async () => {
  // The file as it should be: without local (watching would reload it too; one reload at a time).
  const inFlight = client.callTool({ name: 'local__slow', arguments: { ms: 1200 } });
  await until(() => callsIn(calls).filter((c) => c.tool === 'slow').length === 2);
  const before = g.json().filter((l) => l.msg === 'reloaded').length;
  writeFileSync(file, JSON.stringify(config({ remote: { url: remote.url } })));
  g.proc.kill('SIGHUP');
  await until(() => g.json().filter((l) => l.msg === 'reloaded').length > before);
  const removal = g.json().filter((l) => l.msg === 'reloaded').find((l) => l.removed.includes('local'));
  assert.ok(removal, JSON.stringify(g.json().filter((l) => l.msg === 'reloaded')));
  assert.equal((await inFlight).content[0].text, 'slept 1200');
  assert.deepEqual(await names(), ['remote__add', 'remote__delete_all', 'remote__echo', 'remote__slow']);
  await assert.rejects(client.callTool({ name: 'local__echo', arguments: { text: 'x' } }), (e) => e.code === -32602);
});

test('JSON-lines logs: every line is JSON; each routing decision has method, exposed and upstream name, server, latency, error code', async () => {
  for (const line of g.lines()) assert.doesNotThrow(() => JSON.parse(line), line);
  const decisions = g.json().filter((l) => l.msg === 'decision');
  const call = decisions.find((d) => d.method === 'tools/call' && d.exposed === 'remote__echo');
  assert.deepEqual({ ...call, time: undefined, latencyMs: undefined }, { time: undefined, level: 'info', msg: 'decision', method: 'tools/call', exposed: 'remote__echo', upstream: 'echo', server: 'remote', latencyMs: undefined });
  assert.equal(typeof call.latencyMs, 'number');
  const miss = decisions.find((d) => d.exposed === 'local__echo' && d.code);
  assert.ok(miss, 'the call to a removed tool is logged with its code');
  assert.equal(miss.level, 'warn');
  assert.equal(miss.rpc, -32602);
  assert.match(miss.code, /^tool_removed|unknown_tool$/);
});

test('/metrics: the Prometheus text format, read by the Prometheus Python client\'s parser; counts agree with what was called', async () => {
  const res = await fetch(`${g.origin}/metrics`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const parsed = spawnSync('/usr/bin/python3', ['-c', `
import sys, json
from prometheus_client.parser import text_string_to_metric_families
out = {}
for family in text_string_to_metric_families(sys.stdin.read()):
    out[family.name] = {"type": family.type, "samples": [[s.name, s.labels, s.value] for s in family.samples]}
print(json.dumps(out))
`], { input: text, encoding: 'utf8' });
  assert.equal(parsed.status, 0, parsed.stderr);
  const m = JSON.parse(parsed.stdout);
  assert.equal(m.mcp_gateway_calls.type, 'counter');
  assert.equal(m.mcp_gateway_call_duration_seconds.type, 'histogram');
  const sample = (family, name, labels) => m[family].samples.find(([n, l]) => n === name && Object.entries(labels).every(([k, v]) => l[k] === v))?.[2];
  const remoteCalls = g.json().filter((l) => l.msg === 'decision' && l.server === 'remote' && l.method === 'tools/call').length;
  assert.equal(sample('mcp_gateway_calls', 'mcp_gateway_calls_total', { server: 'remote', method: 'tools/call' }), remoteCalls);
  assert.equal(sample('mcp_gateway_call_duration_seconds', 'mcp_gateway_call_duration_seconds_count', { server: 'remote', method: 'tools/call' }), remoteCalls);
  assert.equal(sample('mcp_gateway_call_duration_seconds', 'mcp_gateway_call_duration_seconds_bucket', { server: 'remote', method: 'tools/call', le: '+Inf' }), remoteCalls);
  assert.ok(sample('mcp_gateway_errors', 'mcp_gateway_errors_total', { method: 'tools/call' }) >= 1);
  assert.equal(sample('mcp_gateway_reloads', 'mcp_gateway_reloads_total', { result: 'refused' }), 1);
  assert.ok(sample('mcp_gateway_reloads', 'mcp_gateway_reloads_total', { result: 'applied' }) >= 2);
  assert.equal(sample('mcp_gateway_upstream_up', 'mcp_gateway_upstream_up', { server: 'remote' }), 1);
});
