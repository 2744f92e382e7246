// Prints the size of the built package, raw and gzipped (level 9): each entry's .wasm, what an
// importer of each entry loads (its JS, its glue, its embedded .wasm), and the playground's page.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * The files an ES importer of each entry loads (the CommonJS twins are the same size): the
 * bundled entry and shared.mjs; for Node and Bun the .wasm file, read on the first call that
 * needs the core.
 */
export const ENTRIES = {
  'mcp-naming': ['index.mjs', 'shared.mjs'],
  'mcp-naming (Node, Bun)': ['node.mjs', 'shared.mjs', 'mcp_naming_bg.wasm'],
  'mcp-naming/registry': ['registry.mjs', 'shared.mjs'],
  'mcp-naming/openproject': ['openproject.mjs', 'shared.mjs'],
  'mcp-naming/codemode': ['codemode.mjs', 'shared.mjs'],
  'mcp-naming (workerd)': ['workerd.mjs', 'api.mjs', 'shared.mjs', 'tables.mjs', 'glue-names.mjs', 'mcp_naming_bg.wasm'],
};
export const WASM = ['mcp_naming_bg.wasm', 'mcp_naming_registry_bg.wasm', 'mcp_naming_openproject_bg.wasm', 'mcp_naming_codemode_bg.wasm'];
const PAGE = ['www/index.html', 'www/style.css', 'www/app.mjs', ...ENTRIES['mcp-naming'].map((f) => `pkg/${f}`)];

export function sizes(files) {
  return Object.fromEntries(
    files.map((f) => {
      const bytes = readFileSync(f);
      return [f, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }];
    }),
  );
}

export function total(table) {
  return Object.values(table).reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
}

/** The bytes an importer of `entry` loads. */
export function entrySize(entry, dir = 'pkg') {
  return total(sizes(ENTRIES[entry].map((f) => `${dir}/${f}`)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const line = (name, { raw, gzip }) => console.log(`[size] ${name.padEnd(34)} ${String(raw).padStart(8)} B raw  ${String(gzip).padStart(7)} B gzip`);
  for (const [file, s] of Object.entries(sizes(WASM.map((f) => `pkg/${f}`)))) line(file.replace('pkg/', ''), s);
  for (const entry of Object.keys(ENTRIES)) line(`${entry} loads`, entrySize(entry));
  line('playground page (all)', total(sizes(PAGE)));
}
