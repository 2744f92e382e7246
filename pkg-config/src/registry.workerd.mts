// Mcp-naming/registry for Cloudflare Workers (workerd), which compiles no wasm at run time: the
// .wasm is imported as a WebAssembly.Module (wrangler and Miniflare bundle it as a module of its
// own).
import install from './registry-api.mjs';
import module from './mcp_naming_registry_bg.wasm';

install(module);
export * from './registry-api.mjs';
