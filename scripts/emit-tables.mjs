// Reads the core's tables out of a names .wasm and writes them into <pkg>/tables.mjs and
// tables.cjs, so that importing the package compiles no wasm: conventions, providers, the parts
// of each convention, codes, router styles, and each convention's fast-path patterns
// (src/convention/fast.rs); and their declarations into <types>/tables.d.mts, where the
// TypeScript glue finds them: the `Code`, `ConventionId`, `Provider` and `RouterStyleId` unions
// are these tables, so that nothing in them is typed twice.
//   node scripts/emit-tables.mjs <pkg> <patterns-glue> <types>
// <patterns-glue> is wasm-bindgen's nodejs glue of a names .wasm built with the bindings'
// `patterns` feature (scripts/build.sh makes it); the shipped .wasm has no fast_patterns export.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [dir, glueFile, types] = process.argv.slice(2).map((p) => resolve(p));
const glue = createRequire(import.meta.url)(glueFile);
if (typeof glue.fast_patterns !== 'function') {
  throw new Error(`emit-tables: ${glueFile} has no fast_patterns export (build it with --features patterns)`);
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
writeFileSync(`${dir}/tables.cjs`, `${note}module.exports = ${text};\n`);

const union = (list) => list.map((s) => `\n  | ${JSON.stringify(s)}`).join('');
writeFileSync(`${types}/tables.d.mts`, `${note}
/** A diagnostic's or an error's code: the core's code table. Codes are a contract (CHANGELOG.md). */
export type Code =${union(codes)};

/** A naming convention's id. */
export type ConventionId =${union(conventions)};

/** A model provider's id. */
export type Provider =${union(providers)};

/** A router style's name: the router's own styles and the peers'. */
export type RouterStyleId =${union(styles)};

/** A convention's fast-path patterns (regular expression sources), or null where it has none. */
export interface FastPatterns {
  valid: string | null;
  clean: string | null;
  split: string | null;
  maxLength: number;
}

declare const tables: {
  conventions: readonly ConventionId[];
  providers: readonly Provider[];
  parts: readonly (readonly string[])[];
  codes: readonly Code[];
  styles: readonly RouterStyleId[];
  patterns: { readonly [id in ConventionId]: FastPatterns | null };
};
export default tables;
`);
