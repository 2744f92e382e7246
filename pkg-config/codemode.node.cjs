'use strict';
// mcp-naming/codemode for Node and Bun, required: the .wasm is read from
// its file on the first call that needs the core, or embedded where it cannot be read
// (pkg-config/src/node-wasm.mts).
const { pathToFileURL } = require('node:url');
const { join } = require('node:path');
// The installer is the module's default export; the API is the rest.
const { default: install, ...api } = require('./codemode-api.cjs');
const { wasmFile } = require('./node-wasm.cjs');

install(wasmFile(pathToFileURL(join(__dirname, 'mcp_naming_codemode_bg.wasm')), () => require('./wasm-codemode.cjs')));
module.exports = api;
