// The same page from a CommonJS source (built with --entry ./src/require.cjs).
const m = require('mcp-naming');
const { show } = require('../../shared/page.mjs');

show(m);
