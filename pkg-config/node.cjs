// Node.js, CommonJS: wasm-bindgen's nodejs glue instantiates synchronously on require.
'use strict';
const api = require('./api.cjs');
api.default(require('./mcp_naming.cjs'));
module.exports = api;
