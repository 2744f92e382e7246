// mcp-naming/openproject for Node and Bun: the .wasm is read from its file
// on the first call that needs the core (node-wasm.mts).
import install from './openproject-api.mjs';
import { wasmFile } from './node-wasm.mjs';

install(wasmFile(new URL('./mcp_naming_openproject_bg.wasm', import.meta.url)));
export * from './openproject-api.mjs';
