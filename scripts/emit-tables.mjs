// Reads the core's tables out of the built names .wasm and writes them into <pkg>/tables.mjs and
// tables.cjs, so that importing the package compiles no wasm: conventions, providers, the parts
// of each convention, codes, router styles, option keys, and (where the core emits them) each
// convention's fast-path patterns. Nothing in them is typed twice.
//   node scripts/emit-tables.mjs <pkg>
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const dir = resolve(process.argv[2]);
const glue = createRequire(import.meta.url)(`${dir}/glue-names.cjs`);
glue.initSync({ module: readFileSync(`${dir}/mcp_naming_bg.wasm`) });
const [conventions, providers, parts, codes, styles] = glue.tables();
const tables = { conventions, providers, parts, codes, styles, optionKeys: glue.option_keys() };
if (typeof glue.fast_patterns === 'function') tables.patterns = glue.fast_patterns();
const text = JSON.stringify(tables);
const note = '// The core\'s tables, read from the .wasm by scripts/emit-tables.mjs (generated).\n';
writeFileSync(`${dir}/tables.mjs`, `${note}export default ${text};\n`);
writeFileSync(`${dir}/tables.cjs`, `${note}exports.default = ${text};\n`);
