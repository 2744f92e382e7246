'use strict';
// The root export (conventions, providers, the router) for Node and Bun, required: the
// .wasm is read from its file on the first call that needs the core, or embedded where it
// cannot be read (pkg-config/node-wasm.mjs).
const { pathToFileURL } = require('node:url');
const { join } = require('node:path');
const api = require('./api.cjs');
const { wasmFile } = require('./node-wasm.cjs');

api.default(wasmFile(pathToFileURL(join(__dirname, 'mcp_naming_bg.wasm')), () => require('./wasm-names.cjs').default));
module.exports = { ...api };
