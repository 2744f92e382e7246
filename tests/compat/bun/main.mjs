// ESM consumer: imports the package by name, prints the shared check's verdict as JSON.
import * as m from 'mcp-naming';
import { check } from '../shared/check.mjs';

const verdict = check(m);
console.log(JSON.stringify(verdict));
if (!verdict.ok) process.exitCode = 1;
