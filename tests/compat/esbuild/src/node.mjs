// The node bundles' entry, an ESM source (bundled to CJS, the default, and to ESM).
import * as m from 'mcp-naming';
import { check } from '../../shared/check.mjs';

const verdict = check(m);
console.log(JSON.stringify(verdict));
if (!verdict.ok) process.exitCode = 1;
