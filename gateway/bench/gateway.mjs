// The gateway's figures, printed (never asserted): start-up time (spawn to /readyz 200), a call's
// added latency over a direct call to the same upstream (SDK v1 client, sequential calls), and
// the process's resident memory at rest and after the calls. Runs the command line with its own
// core (GATEWAY_CORE=stub: the product half with the test-only stub core, for comparison).
//   node gateway/bench/gateway.mjs [CALLS]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BIN, REAL_CORE, httpUpstream, stdioUpstream, scratch, stopAll, stop } from '../test/support/gateway.mjs';
import { freePort } from '../test/support/nginx.mjs';

const CALLS = Number(process.argv[2] ?? 1000);
const s = scratch('gw-bench-');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${x.toFixed(2)} ms`;

const remote = await httpUpstream('remote', s.path('calls.jsonl'));
const file = s.path('gateway.json');
writeFileSync(file, JSON.stringify({ mcpServers: { remote: { url: remote.url } }, metrics: { enabled: true } }));

async function start(config = file) {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, [BIN, '--config', config, '--http', `127.0.0.1:${port}`], { stdio: ['pipe', 'ignore', 'ignore'] });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { proc, port, ms: performance.now() - t0 };
}

// Start-up: 7 runs each, an HTTP upstream, then a stdio one (the gateway starts its process).
const startups = [];
for (let i = 0; i < 7; i++) {
  const g = await start();
  startups.push(g.ms);
  await stop(g.proc);
}
const stdioFile = s.path('stdio.json');
writeFileSync(stdioFile, JSON.stringify({ mcpServers: { local: stdioUpstream('local', s.path('calls.jsonl')) } }));
const stdioStartups = [];
for (let i = 0; i < 5; i++) {
  const g = await start(stdioFile);
  stdioStartups.push(g.ms);
  await stop(g.proc);
}

// Latency: the same calls directly and through the gateway.
async function run(url) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const name = url === remote.url ? 'add' : 'remote__add';
  for (let i = 0; i < 50; i++) await client.callTool({ name, arguments: { a: i, b: 1 } }); // warm-up
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await client.callTool({ name, arguments: { a: i, b: 1 } });
    times.push(performance.now() - t);
  }
  await client.close();
  return times;
}
const g = await start();
const rss = async () => Number(/^process_resident_memory_bytes (\d+)/m.exec(await (await fetch(`http://127.0.0.1:${g.port}/metrics`)).text())[1]);
const rest = await rss();
const direct = await run(remote.url);
const through = await run(`http://127.0.0.1:${g.port}/mcp`);
const after = await rss();
await stop(g.proc);
await stopAll();
s.done();

console.log(`gateway figures (${REAL_CORE ? 'the gateway\'s own core' : 'stub core: the product half plus test/support/stub-core.mjs'}; Node ${process.version})`);
console.log(`  start-up to /readyz, one HTTP upstream: median ${ms(median(startups))} (min ${ms(Math.min(...startups))}, max ${ms(Math.max(...startups))}, 7 runs)`);
console.log(`  start-up to /readyz, one stdio upstream: median ${ms(median(stdioStartups))} (5 runs)`);
console.log(`  tools/call, ${CALLS} sequential: direct p50 ${ms(median(direct))} p99 ${ms(pct(direct, 0.99))}; through the gateway p50 ${ms(median(through))} p99 ${ms(pct(through, 0.99))}; added p50 ${ms(median(through) - median(direct))}`);
console.log(`  resident memory: ${(rest / 2 ** 20).toFixed(1)} MiB at rest, ${(after / 2 ** 20).toFixed(1)} MiB after ${CALLS + 50} calls`);
