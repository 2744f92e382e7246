// mcp-naming/codemode for Node and Bun: the .wasm is read from its file
// on the first call that needs the core (node-wasm.mts).
import install from './codemode-api.mjs';
import { wasmFile } from './node-wasm.mjs';

install(wasmFile(new URL('./mcp_naming_codemode_bg.wasm', import.meta.url)));
export * from './codemode-api.mjs';
