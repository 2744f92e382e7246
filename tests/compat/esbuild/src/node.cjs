// A CommonJS source bundled for node (the require condition).
const m = require('mcp-naming');
const { check } = require('../../shared/check.cjs');

const verdict = check(m);
console.log(JSON.stringify(verdict));
if (!verdict.ok) process.exitCode = 1;
