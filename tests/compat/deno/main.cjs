// CommonJS consumer: requires the package by name, prints the shared check's verdict as JSON.
// The check comes as a package (compat-shared: file:../shared), not as a relative file: Deno with
// no permission flags refuses require() of a relative path (it needs read access to stat it).
const m = require('mcp-naming');
const { check } = require('compat-shared');

const verdict = check(m);
console.log(JSON.stringify(verdict));
if (!verdict.ok) process.exitCode = 1;
