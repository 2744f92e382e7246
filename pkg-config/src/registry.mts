// Mcp-naming/registry for Node, Deno, Bun, browsers and bundlers: the .wasm is embedded (no file to
// find, no loader to configure) and compiled on the first call that needs it.
import install from './registry-api.mjs';
import wasm from './wasm-registry.mjs';

install(wasm);
export * from './registry-api.mjs';
