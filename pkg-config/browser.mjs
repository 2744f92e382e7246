// Browsers and bundlers: fetches and compiles the wasm next to this file (top-level await).
import init, * as wasm from './mcp_naming.js';
import setWasm from './api.mjs';

await init({ module_or_path: new URL('./mcp_naming_bg.wasm', import.meta.url) });
setWasm(wasm);
export * from './api.mjs';
