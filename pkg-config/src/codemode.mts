// mcp-naming/codemode for Node, Deno, Bun, browsers and bundlers: the .wasm is embedded (no file to
// find, no loader to configure) and compiled on the first call that needs it.
import install from './codemode-api.mjs';
import wasm from './wasm-codemode.mjs';

install(wasm);
export * from './codemode-api.mjs';
