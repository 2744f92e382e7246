// Prints the size of the built package's wasm and JS, raw and gzipped (level 9).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export function sizes(dir = 'pkg') {
  const files = ['mcp_naming_bg.wasm', 'mcp_naming.js', 'api.mjs', 'node.mjs', 'browser.mjs'];
  return Object.fromEntries(
    files.map((f) => {
      const bytes = readFileSync(`${dir}/${f}`);
      return [f, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = sizes();
  for (const [file, { raw, gzip }] of Object.entries(table)) {
    console.log(`[size] ${file.padEnd(20)} ${String(raw).padStart(8)} B raw  ${String(gzip).padStart(7)} B gzip`);
  }
}
