// The command line's two budgets (issue 15), through the bin the packed tarball installs:
//   - lint over a git repository of 1,000 files (TypeScript and Python servers, .mcp.json,
//     Claude Code settings, tool-state files, NAMESPACES.md), text and SARIF output;
//   - validate 1,000,000 names from stdin (streamed), and convert them.
// Each timing is the median of RUNS runs of the whole process (start-up included); peak memory
// from the kernel's rusage of the child. Run: node benches/cli.mjs (after bash scripts/build.sh).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { consumer } from '../tests/cli/helpers.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const { bin } = consumer();

function time(label, args, opts) {
  const ms = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    last = spawnSync('/bin/sh', ['-c', `exec "$0" "$@" ${opts.redirect ?? ''}`, bin, ...args], { cwd: opts.cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const out = join(opts.cwd, '.rss');
  spawnSync('/bin/sh', ['-c', `command -v /usr/bin/time >/dev/null && /usr/bin/time -f %M -o "${out}" "$0" "$@" ${opts.redirect ?? ''}`, bin, ...args], { cwd: opts.cwd });
  let rss = '';
  try {
    rss = readFileSync(out, 'utf8').trim().split('\n').pop();
    rmSync(out);
  } catch {
    // no /usr/bin/time here
  }
  console.log(`${label.padEnd(52)} ${ms[RUNS >> 1].toFixed(0).padStart(6)} ms median of ${RUNS}  (exit ${last.status}${rss ? `, peak RSS ${(Number(rss) / 1024).toFixed(0)} MB` : ''})`);
}

const dir = mkdtempSync(join(tmpdir(), 'mcp-naming-bench-'));
try {
  // 1,000 files: 600 TypeScript (5 registrations each), 300 Python (3 each), 40 .mcp.json,
  // 30 settings, 20 tool-state, 10 NAMESPACES.md; about 1 name in 50 is bad.
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  let n = 0;
  const name = () => (++n % 50 === 0 ? `Bad Name ${n}` : `tool_${n}`);
  for (let i = 0; i < 600; i++) write(`pkg${i % 20}/src/server${i}.ts`, Array.from({ length: 5 }, () => `server.registerTool('${name()}', { description: 'x' }, handler);\n`).join('') + 'export {};\n'.repeat(40));
  for (let i = 0; i < 300; i++) write(`py${i % 10}/tools${i}.py`, Array.from({ length: 3 }, () => `@mcp.tool(name="${name()}")\ndef f${n}():\n    return 1\n\n`).join(''));
  for (let i = 0; i < 40; i++) write(`cfg${i}/.mcp.json`, JSON.stringify({ mcpServers: { [`server-${i}`]: { command: 'node' }, [`my.server${i}`]: {} } }, null, 2));
  for (let i = 0; i < 30; i++) write(`cfg${i}/.claude/settings.json`, JSON.stringify({ permissions: { allow: [`mcp__server-${i}__tool_1`, `mcp__server-${i}__*`, 'Bash(npm test)'] } }, null, 2));
  for (let i = 0; i < 20; i++) write(`state${i}/tool-state.json`, JSON.stringify({ enabled: [`mcp__syntropy__serena_tool_${i}`], disabled: [] }));
  for (let i = 0; i < 10; i++) write(`ns${i}/NAMESPACES.md`, `**Namespace:** \`proj\`\n\n| Tool Name | Full Name |\n|---|---|\n${Array.from({ length: 20 }, (_, j) => `| t${j} | proj:tool_${j} |\n`).join('')}`);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  spawnSync('git', ['add', '-A'], { cwd: dir });
  console.log(`lint: ${spawnSync('git', ['ls-files'], { cwd: dir, encoding: 'utf8' }).stdout.trim().split('\n').length} files in a git repository`);
  time('lint . -c mcp (text)', ['lint', '.', '-c', 'mcp'], { cwd: dir, redirect: '>/dev/null 2>&1' });
  time('lint . -c mcp --format sarif', ['lint', '.', '-c', 'mcp', '--format', 'sarif'], { cwd: dir, redirect: '>/dev/null 2>&1' });

  // 1,000,000 names, one in 100 bad.
  const N = 1_000_000;
  const lines = [];
  for (let i = 0; i < N; i++) lines.push(i % 100 === 0 ? `Bad Name ${i}` : `shop:tool_${i.toString(36)}`);
  writeFileSync(join(dir, 'names.txt'), `${lines.join('\n')}\n`);
  console.log(`validate: ${N.toLocaleString('en')} names on stdin`);
  time('validate -c chora < names (text)', ['validate', '-c', 'chora'], { cwd: dir, redirect: '<names.txt >/dev/null 2>&1' });
  time('validate -c chora --errors-only < names', ['validate', '-c', 'chora', '--errors-only'], { cwd: dir, redirect: '<names.txt >/dev/null 2>&1' });
  time('validate -c chora --format json < names', ['validate', '-c', 'chora', '--format', 'json'], { cwd: dir, redirect: '<names.txt >/dev/null 2>&1' });
  time('convert --from chora --to agent < names', ['convert', '--from', 'chora', '--to', 'agent'], { cwd: dir, redirect: '<names.txt >/dev/null 2>&1' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
