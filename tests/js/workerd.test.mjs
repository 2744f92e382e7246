// The package inside workerd (Cloudflare Workers' runtime) through Miniflare.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';

const root = fileURLToPath(new URL('../..', import.meta.url));
let mf;

before(async () => {
  mf = new Miniflare({
    modules: true,
    modulesRoot: root,
    scriptPath: fileURLToPath(new URL('./worker/worker.mjs', import.meta.url)),
    modulesRules: [
      { type: 'ESModule', include: ['**/*.mjs', '**/*.js'] },
      { type: 'CompiledWasm', include: ['**/*.wasm'] },
    ],
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
  });
  await mf.ready;
});

after(async () => {
  await mf?.dispose();
});

test('a Worker answers a fetch with a validation report', async () => {
  const res = await mf.dispatchFetch('http://localhost/validate?convention=chora&name=MyProject:CreateTask');
  assert.equal(res.status, 200);
  const report = await res.json();
  assert.equal(report.valid, false);
  assert.deepEqual(report.errors.map((d) => d.code), ['uppercase_letter', 'uppercase_letter']);
  assert.equal(report.suggestion, 'myproject:create_task');

  const ok = await (await mf.dispatchFetch('http://localhost/validate?convention=agent&name=memory__save')).json();
  assert.deepEqual(ok.parts, { mcp: 'memory', tool: 'save' });
});

test('NamingError works inside the Worker', async () => {
  const res = await mf.dispatchFetch('http://localhost/parse?convention=syntropy&name=mcp__syntropy_thinking_sequentialthinking');
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    code: 'single_underscore_after_gateway',
    message: 'one underscore after "syntropy": use two, write mcp__syntropy__thinking_sequentialthinking',
    suggestions: ['mcp__syntropy__thinking_sequentialthinking'],
  });
  const fit = await (await mf.dispatchFetch(`http://localhost/fit?provider=openai&name=${'a'.repeat(80)}`)).json();
  assert.equal(fit.fitted.length, 64);
});
