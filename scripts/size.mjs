// Prints the size of the built package's wasm and JS, raw and gzipped (level 9), and the
// playground's page weight (HTML + CSS + JS + wasm).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const PACKAGE = ['pkg/mcp_naming_bg.wasm', 'pkg/mcp_naming.js', 'pkg/api.mjs', 'pkg/browser.mjs'];
const PAGE = ['www/index.html', 'www/style.css', 'www/app.mjs', ...PACKAGE];

export function sizes(files = PACKAGE) {
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const line = (name, { raw, gzip }) => console.log(`[size] ${name.padEnd(26)} ${String(raw).padStart(8)} B raw  ${String(gzip).padStart(7)} B gzip`);
  for (const [file, s] of Object.entries(sizes())) line(file.replace('pkg/', ''), s);
  line('playground page (all)', total(sizes(PAGE)));
}
