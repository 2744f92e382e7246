// Mcp-naming/openproject for Node, Deno, Bun, browsers and bundlers: the .wasm is embedded (no file
// to find, no loader to configure) and compiled on the first call that needs it.
import install from './openproject-api.mjs';
import wasm from './wasm-openproject.mjs';

install(wasm);
export * from './openproject-api.mjs';
