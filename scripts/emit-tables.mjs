// Reads the core's tables out of a names .wasm and writes them into <pkg>/tables.mjs and
// tables.cjs, so that importing the package compiles no wasm: conventions, providers, the parts
// of each convention, codes, router styles, option keys, and each convention's fast-path
// patterns (src/convention/fast.rs). Nothing in them is typed twice.
//   node scripts/emit-tables.mjs <pkg> <patterns-glue>
// <patterns-glue> is wasm-bindgen's nodejs glue of a names .wasm built with the bindings'
// `patterns` feature (scripts/build.sh makes it); the shipped .wasm has no fast_patterns export.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const dir = resolve(process.argv[2]);
const glue = createRequire(import.meta.url)(resolve(process.argv[3]));
if (typeof glue.fast_patterns !== 'function') {
  throw new Error(`emit-tables: ${process.argv[3]} has no fast_patterns export (build it with --features patterns)`);
}
const [conventions, providers, parts, codes, styles] = glue.tables();
const patterns = glue.fast_patterns();
for (const id of conventions) {
  const p = patterns[id];
  if (p === null) continue;
  // Every source compiles as the package compiles it: new RegExp(source), no flags.
  for (const key of ['valid', 'clean']) if (p[key] !== null) new RegExp(p[key]);
}
const tables = { conventions, providers, parts, codes, styles, patterns };
const text = JSON.stringify(tables);
const note = '// The core\'s tables, read from the .wasm by scripts/emit-tables.mjs (generated).\n';
writeFileSync(`${dir}/tables.mjs`, `${note}export default ${text};\n`);
writeFileSync(`${dir}/tables.cjs`, `${note}exports.default = ${text};\n`);
