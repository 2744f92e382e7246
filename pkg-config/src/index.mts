// The root export (conventions, providers, the router) for Node, Deno, Bun, browsers and bundlers:
// the .wasm is embedded (no file to find, no loader to configure) and compiled on the first call
// that needs it.
import install from './api.mjs';
import wasm from './wasm-names.mjs';

install(wasm);
export * from './api.mjs';
