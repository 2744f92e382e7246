// Cloudflare Workers (workerd): the wasm is imported as a compiled WebAssembly.Module.
import module from './mcp_naming_bg.wasm';
import * as wasm from './mcp_naming.js';
import setWasm from './api.mjs';

wasm.initSync({ module });
setWasm(wasm);
export * from './api.mjs';
