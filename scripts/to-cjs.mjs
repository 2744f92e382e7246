// Turns pkg-config/api.mjs (an ES module without imports) into CommonJS: `export` keywords go,
// the named exports become module.exports, the default export a non-enumerable `default`.
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const names = [];
let defaultName = null;
const body = source.replace(/^export (default )?(function|class|const) (\w+)/gm, (_, isDefault, kind, name) => {
  if (isDefault) defaultName = name;
  else names.push(name);
  return `${kind} ${name}`;
});
if (/^\s*(export|import)\s/m.test(body)) {
  throw new Error('to-cjs: an import or export form it does not handle is left');
}
let out = `'use strict';\n${body}\nmodule.exports = { ${names.join(', ')} };\n`;
if (defaultName) out += `Object.defineProperty(module.exports, 'default', { value: ${defaultName} });\n`;
process.stdout.write(out);
