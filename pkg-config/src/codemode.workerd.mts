// Mcp-naming/codemode for Cloudflare Workers (workerd), which compiles no wasm at run time: the
// .wasm is imported as a WebAssembly.Module (wrangler and Miniflare bundle it as a module of its
// own).
import install from './codemode-api.mjs';
import module from './mcp_naming_codemode_bg.wasm';

install(module);
export * from './codemode-api.mjs';
