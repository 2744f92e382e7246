// The root export (conventions, providers, the router) for Node and Bun: the .wasm is read
// from its file on the first call that needs the core (node-wasm.mts).
import install from './api.mjs';
import { wasmFile } from './node-wasm.mjs';

install(wasmFile(new URL('./mcp_naming_bg.wasm', import.meta.url)));
export * from './api.mjs';
