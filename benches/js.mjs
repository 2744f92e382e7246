// The JavaScript side, measured against the peer code it replaces, in one process and one run.
//   node benches/js.mjs [--write]     (after `bash scripts/build.sh`; --write records benches/RESULTS.md)
// Each row: warm-up rounds, then the median of several timed rounds over the same name mix.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateToolName as sdkValidate } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import * as naming from '../pkg/index.mjs';
import { names } from './names.mjs';
import { CHORA_RE, MCP_RE, agentSplitParse, syntropyRoute } from './peers.mjs';

const ROUNDS = 15;
const WARMUP = 5;
let sink = 0;

/** Median ns per call of `fn` over `inputs`, repeated until a round lasts about 20 ms. */
function measure(fn, inputs) {
  let reps = 1;
  for (;;) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) for (let i = 0; i < inputs.length; i++) sink ^= fn(inputs[i]) ? 1 : 0;
    if (Number(process.hrtime.bigint() - t) > 20e6 || reps > 1e6) break;
    reps *= 2;
  }
  const samples = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) for (let i = 0; i < inputs.length; i++) sink ^= fn(inputs[i]) ? 1 : 0;
    const ns = Number(process.hrtime.bigint() - t) / (reps * inputs.length);
    if (round >= WARMUP) samples.push(ns);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Median ms of importing and instantiating the package in a fresh Node process. */
function coldStart(runs = 15) {
  const entry = fileURLToPath(new URL('../pkg/index.mjs', import.meta.url));
  const script = `const t = performance.now(); await import(${JSON.stringify(entry)}); process.stdout.write(String(performance.now() - t));`;
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script])));
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

const mix = names(1000);
// parseToolName throws NamingError for an invalid name (by contract, ~7 µs a throw); the split
// parse answers anything. Both are timed on the names the split parse is for: valid agent names.
const agentNames = mix.filter((n) => naming.isValidToolName(n, 'agent') && n.includes('__'));
const router = new naming.Router({
  style: 'syntropy',
  servers: ['serena', 'thinking', 'context7', 'linear', 'filesystem', 'git', 'repomix', 'github', 'perplexity'].map((name) => ({
    name,
    ...(name === 'context7' ? { upstream: 'hyphens' } : {}),
    ...(name === 'thinking' ? { upstreamPrefix: 'mcp__sequential-thinking__' } : {}),
    ...(name === 'linear' ? { upstreamPrefix: 'mcp__linear-server__' } : {}),
  })),
});
router.expose('serena', ['find_symbol', 'get_symbols_overview', 'activate_project', 'search_for_pattern']);
router.expose('thinking', ['sequentialthinking']);
router.expose('context7', ['resolve-library-id', 'get-library-docs']);
router.expose('linear', ['create_issue', 'list_issues', 'update_issue']);
router.expose('git', ['git_status', 'git_diff', 'git_commit']);
const calls = router.tools().map((t) => t.qualified);
const big = names(100_000);

const rows = [];
function row(operation, ours, peer, budget) {
  rows.push({ operation, ours, peer, ratio: peer ? ours / peer : null, budget });
}

row('validateToolName (mcp) / SDK validateToolName',
  measure((n) => naming.validateToolName(n, 'mcp').valid, mix), measure((n) => sdkValidate(n).isValid, mix), 1.0);
row('isValidToolName (chora) / plain JS regex',
  measure((n) => naming.isValidToolName(n, 'chora'), mix), measure((n) => CHORA_RE.test(n), mix), 2.0);
row('Router.route hit / syntropy-style JS routing',
  measure((n) => router.route(n).tool, calls), measure((n) => syntropyRoute(n).tool, calls), 0.5);
row('parseToolName (agent) / split-based JS parse',
  measure((n) => naming.parseToolName(n, 'agent').tool, agentNames),
  measure((n) => agentSplitParse(n)?.toolName, agentNames), 2.0);
const batchOurs = measure((list) => naming.validateToolNames(list, 'mcp').length, [big]) / big.length;
const batchPeer = measure((list) => { let k = 0; for (const n of list) if (MCP_RE.test(n)) k++; return k; }, [big]) / big.length;
row('validateToolNames 100k (per name) / JS regex loop', batchOurs, batchPeer, 1.5);
const cold = coldStart();

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const header = `machine: ${cpu} (${cpus().length} cores), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const fmt = (x) => (x === null ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const lines = [
  header,
  '',
  '| operation | ours ns/op | peer ns/op | ratio (ours / peer) | budget | met |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map((r) => `| ${r.operation} | ${fmt(r.ours)} | ${fmt(r.peer)} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ≤ ${r.budget} | ${r.ratio <= r.budget ? 'yes' : 'no'} |`),
  `| cold start in Node (import + instantiate), ms | ${cold.toFixed(2)} | — | — | ≤ 5 ms | ${cold <= 5 ? 'yes' : 'no'} |`,
];
console.log(lines.join('\n'));
if (sink === 42) console.log('');
if (process.argv.includes('--write')) {
  const path = new URL('./RESULTS-js.latest.md', import.meta.url);
  writeFileSync(path, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${fileURLToPath(path)}`);
}
