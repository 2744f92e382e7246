// The JavaScript side, measured against the peer code it replaces, in one process and one run.
//   node benches/js.mjs [--write] [--hot]   (after `bash scripts/build.sh`; --write records
//   benches/RESULTS-js.latest.md; --hot leaves out cold starts, for a run under Bun or Deno:
//   `bun benches/js.mjs --hot`, `deno run -A benches/js.mjs --hot`)
// Each row: warm-up rounds, then the median of several timed rounds over the same name mix.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateToolName as sdkValidate } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import * as naming from '../pkg/node.mjs'; // what Node resolves mcp-naming to
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

/**
 * Median ms from before the import to the first verdict, in fresh processes of `command` running
 * benches/cold/`script` with `args`, or null when the runtime is not installed.
 */
function coldStart(command, script, args = [], runs = 15) {
  const file = fileURLToPath(new URL(`./cold/${script}`, import.meta.url));
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) samples.push(Number(execFileSync(command[0], [...command.slice(1), file, ...args], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) }).trim()));
  } catch (e) {
    if (e.code === 'ENOENT') return null;
    throw e;
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/**
 * The runtimes cold start is measured in: this Node, and those named in BENCH_RUNTIMES
 * ("node22=/path/to/node bun=/path/to/bun deno=/path/to/deno"; scripts/bench.sh fills it from
 * the compatibility fixtures when they are installed).
 */
const HOT_ONLY = process.argv.includes('--hot');
const RUNTIME = globalThis.Deno ? `Deno ${Deno.version.deno}` : globalThis.Bun ? `Bun ${Bun.version}` : `Node ${process.version}`;
const RUNTIMES = HOT_ONLY ? [] : [[`Node ${process.version}`, [process.execPath]]];
for (const item of (HOT_ONLY ? '' : process.env.BENCH_RUNTIMES ?? '').split(/\s+/).filter(Boolean)) {
  const [name, path] = item.split('=');
  RUNTIMES.push([name, name.startsWith('deno') ? [path, 'run', '-A'] : [path]]);
}

const mix = names(1000);
// parseToolName throws NamingError for an invalid name (by contract, ~7 µs a throw); the split
// parse answers anything. Both are timed on the names the split parse is for: valid agent names.
const invalid = mix.filter((n) => !sdkValidate(n).isValid);
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
row('validateToolName (mcp), invalid names only / SDK',
  measure((n) => naming.validateToolName(n, 'mcp').valid, invalid), measure((n) => sdkValidate(n).isValid, invalid), null);
row('isValidToolName (chora) / plain JS regex',
  measure((n) => naming.isValidToolName(n, 'chora'), mix), measure((n) => CHORA_RE.test(n), mix), 1.5);
row('Router.route hit / syntropy-style JS routing',
  measure((n) => router.route(n).tool, calls), measure((n) => syntropyRoute(n).tool, calls), 0.2);
row('parseToolName (agent) / split-based JS parse',
  measure((n) => naming.parseToolName(n, 'agent').tool, agentNames),
  measure((n) => agentSplitParse(n)?.toolName, agentNames), 1.5);
const batchOurs = measure((list) => naming.validateToolNames(list, 'mcp').length, [big]) / big.length;
const batchPeer = measure((list) => { let k = 0; for (const n of list) if (MCP_RE.test(n)) k++; return k; }, [big]) / big.length;
row('validateToolNames 100k (per name) / JS regex loop', batchOurs, batchPeer, 1.0);
// Per runtime: the entry it resolves `mcp-naming` to (node.mjs for Node and Bun, reading the
// .wasm file; index.mjs for Deno, embedded), and the other one for comparison.
const colds = RUNTIMES.map(([name, command]) => {
  const own = name.startsWith('deno') ? 'index.mjs' : 'node.mjs';
  const other = own === 'node.mjs' ? 'index.mjs' : 'node.mjs';
  return {
    name, own, other,
    ours: coldStart(command, 'first.mjs', [own, 'valid']),
    sdk: coldStart(command, 'sdk.mjs'),
    core: coldStart(command, 'first.mjs', [own, 'invalid']),
    otherValid: coldStart(command, 'first.mjs', [other, 'valid']),
    otherCore: coldStart(command, 'first.mjs', [other, 'invalid']),
  };
});

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const header = `machine: ${cpu} (${cpus().length} cores), ${RUNTIME}, ${new Date().toISOString().slice(0, 10)}`;
const fmt = (x) => (x === null ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const lines = [
  header,
  '',
  '| operation | ours ns/op | peer ns/op | ratio (ours / peer) | budget | met |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map((r) => `| ${r.operation} | ${fmt(r.ours)} | ${fmt(r.peer)} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${r.budget === null ? '—' : `≤ ${r.budget}`} | ${r.budget === null ? '—' : r.ratio <= r.budget ? 'yes' : 'no'} |`),
  ...(HOT_ONLY ? [] : ['',
  '| cold start: new process, import + first verdict (ms) | entry | ours | SDK validator module | ratio | met (≤ 5 ms and ≤ 2×) | first call needs the core | the other entry: valid / needs the core |',
  '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |',
  ...colds.filter((c) => c.ours !== null).map((c) => `| ${c.name} | ${c.own} | ${c.ours.toFixed(2)} | ${c.sdk.toFixed(2)} | ${(c.ours / c.sdk).toFixed(2)} | ${c.ours <= 5 && c.ours <= 2 * c.sdk ? 'yes' : 'no'} | ${c.core.toFixed(2)} | ${c.other}: ${c.otherValid.toFixed(2)} / ${c.otherCore.toFixed(2)} |`)]),
];
console.log(lines.join('\n'));
if (sink === 42) console.log('');
if (process.argv.includes('--write')) {
  const path = new URL('./RESULTS-js.latest.md', import.meta.url);
  writeFileSync(path, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${fileURLToPath(path)}`);
}
