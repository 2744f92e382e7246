// The root export (conventions, providers, the router) for Cloudflare Workers (workerd), which
// compiles no wasm at run time: the .wasm is imported as a WebAssembly.Module (wrangler and
// Miniflare bundle it as a module of its own).
import install from './api.mjs';
import module from './mcp_naming_bg.wasm';

install(module);
export * from './api.mjs';
