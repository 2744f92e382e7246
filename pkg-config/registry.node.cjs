'use strict';
// mcp-naming/registry for Node and Bun, required: the .wasm is read from
// its file on the first call that needs the core, or embedded where it cannot be read
// (pkg-config/src/node-wasm.mts).
const { pathToFileURL } = require('node:url');
const { join } = require('node:path');
// The installer is the module's default export; the API is the rest.
const { default: install, ...api } = require('./registry-api.cjs');
const { wasmFile } = require('./node-wasm.cjs');

install(wasmFile(pathToFileURL(join(__dirname, 'mcp_naming_registry_bg.wasm')), () => require('./wasm-registry.cjs')));
module.exports = api;
