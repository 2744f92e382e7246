// CommonJS consumer: requires the package by name, prints the shared check's verdict as JSON.
const m = require('mcp-naming');
const { check } = require('../shared/check.cjs');

const verdict = check(m);
console.log(JSON.stringify(verdict));
if (!verdict.ok) process.exitCode = 1;
