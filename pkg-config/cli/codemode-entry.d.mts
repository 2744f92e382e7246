// The types of ./codemode-entry.mjs: the package's own declarations of mcp-naming/codemode.
export * from '../codemode.js';
