// The .wasm of the Node and Bun entries (the `node` export condition): read from its file on the
// first call that needs the core, so that importing parses no embedded copy (the names .wasm as
// base64 costs about 3 ms of a cold start). Bundlers get the embedded entries instead (the
// `module` condition comes first in the exports map). node:fs is required when the file is read,
// not imported: an ES import of node:fs costs Node 20 about 2.5 ms at start, node:module 0.5 ms.
import { createRequire } from 'node:module';
import type * as fs from 'node:fs';

/**
 * A lazy source for lazyCore: the .wasm at `url` (a file: URL), compiled. The CommonJS entries
 * pass `embedded` (a function returning the embedded copy): Deno's require() reaches them too
 * (its ES imports take the `deno` condition), and Deno gets the embedded copy rather than a
 * prompt for read access; so does any process that cannot read the file.
 */
export function wasmFile(url: URL, embedded?: () => string): () => WebAssembly.Module | string {
  return () => {
    if (embedded && typeof (globalThis as { Deno?: unknown }).Deno === 'object') return embedded();
    let bytes;
    try {
      bytes = (createRequire(url)('node:fs') as typeof fs).readFileSync(url);
    } catch (e) {
      if (embedded) return embedded();
      throw e;
    }
    return new WebAssembly.Module(bytes);
  };
}
