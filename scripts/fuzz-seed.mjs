// Seeds each fuzz target's corpus from the conformance tables in tests/data/cases (run by fuzz.sh;
// the corpora live under fuzz/corpus/, which git ignores), and from the inputs that once made a
// target fail (fuzz/regressions/<target>/, committed).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { load, CONVENTIONS, conventionTable, routerFiles } from '../tests/js/data.mjs';

const data = (name) => load(`cases/${name}.json`);
const seeds = {};
const add = (target, bytes) => (seeds[target] ??= []).push(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

CONVENTIONS.forEach((conv, i) => {
  for (const c of conventionTable(conv).cases) add('conventions', Buffer.concat([Buffer.from([i]), Buffer.from(c.name.slice(0, 4096))]));
});
for (const c of data('convert').cases) {
  const i = CONVENTIONS.indexOf(c.from);
  if (i >= 0) add('conventions', Buffer.concat([Buffer.from([i]), Buffer.from(c.name.slice(0, 4096))]));
}
for (const c of data('uri').cases) add('resource_uri', c.uri);
for (const c of data('slug').cases) add('resource_uri', c.slug);
for (const s of routerFiles().flatMap(([, file]) => file.scenarios)) {
  const steps = s.steps ?? [];
  const names = steps.filter((step) => ['route', 'isEnabled', 'routeResource'].includes(step.call)).map((step) => step.args[0]);
  add('router_config', `${JSON.stringify(s.config)}\n${names.join('\n')}`);
  // The tool lists of `expose(server, tools)` steps.
  const lists = steps.filter((step) => step.call === 'expose').map((step) => step.args[1]);
  for (const tools of lists) add('router_route', Buffer.concat([Buffer.from([names.length % 50]), Buffer.from(tools.join('\n'))]));
  // A server's list, then near misses of its names (a block of queries starts with "?").
  for (const [i, tools] of lists.entries()) {
    const misses = tools.map((t) => t.slice(0, -1));
    add('router_suggest', Buffer.concat([Buffer.from([i]), Buffer.from(`${'x'.repeat(i % 3)}\n${tools.join('\n')}\n\n?${misses.join('\n')}`)]));
  }
}
const reg = data('registry-data');
for (const c of reg.paths.cases) add('workspace_path', c.path);
const op = data('openproject-data');
for (const c of op.durations) add('durations', c.text);
for (const c of op.dates) add('durations', c.text);
for (const c of data('providers').fit) add('providers', c.name);
add('providers', CONVENTIONS.flatMap((c) => conventionTable(c).cases.map((x) => x.name)).join('\n'));
for (const c of [...reg.profiles.map((p) => p.profile), ...reg.descriptors.map((d) => d.descriptor), ...reg.requests.map((r) => r.request)]) {
  add('registry', JSON.stringify(c));
}

// Inputs that once failed, kept as files: each target starts from its own.
const regressions = new URL('../fuzz/regressions/', import.meta.url);
for (const target of existsSync(regressions) ? readdirSync(regressions) : []) {
  for (const file of readdirSync(new URL(`${target}/`, regressions))) add(target, readFileSync(new URL(`${target}/${file}`, regressions)));
}

for (const [target, list] of Object.entries(seeds)) {
  const dir = new URL(`../fuzz/corpus/${target}/`, import.meta.url);
  mkdirSync(dir, { recursive: true });
  list.forEach((bytes, i) => writeFileSync(new URL(`seed-${i}`, dir), bytes));
  console.log(`[fuzz] ${target}: ${list.length} seeds`);
}
