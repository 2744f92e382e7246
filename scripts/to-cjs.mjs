// Turns one of the package's ES modules into CommonJS, for the forms they use and no others:
//   import * as x from './a.mjs'       -> const x = require('./a.cjs');
//   import { a, b } from './a.mjs'     -> const { a, b } = require('./a.cjs');
//   import x from './a.mjs'            -> const x = require('./a.cjs').default;
//   export function|class|const|let x  -> declared, then listed in module.exports
//   export default function|class x    -> a non-enumerable `default`
//   export { a, b };                   -> listed in module.exports
//   export * from './a.mjs';           -> module.exports has every export of ./a.cjs
// Anything else (another import or export form, import.meta) stops the build.
//   node scripts/to-cjs.mjs <in.mjs>   (writes to stdout)
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const names = [];
let defaultName = null;
const cjs = (spec) => spec.replace(/\.m?js$/, '.cjs');
const stars = [];
let body = source
  .replace(/^export \* from '([^']+)';$/gm, (_, spec) => {
    stars.push(spec);
    return '';
  })
  .replace(/^import \* as (\w+) from '([^']+)';$/gm, (_, name, spec) => `const ${name} = require('${cjs(spec)}');`)
  .replace(/^import \{([^}]+)\} from '([^']+)';$/gm, (_, list, spec) => `const {${list}} = require('${cjs(spec)}');`)
  .replace(/^import (\w+) from '([^']+)';$/gm, (_, name, spec) => `const ${name} = require('${cjs(spec)}').default;`)
  .replace(/^export (default )?(function|class|const|let) (\w+)/gm, (_, isDefault, kind, name) => {
    if (isDefault) defaultName = name;
    else names.push(name);
    return `${kind} ${name}`;
  })
  .replace(/^export \{([^}]+)\};$/gm, (_, list) => {
    for (const item of list.split(',')) {
      const [local, exported] = item.trim().split(/\s+as\s+/);
      if (exported === 'default') defaultName = local;
      else if (exported) throw new Error(`to-cjs: renamed export ${item.trim()}`);
      else names.push(local);
    }
    return '';
  });
if (/^\s*(export|import)\s/m.test(body) || body.includes('import.meta')) {
  throw new Error(`to-cjs: ${process.argv[2]} has an import or export form it does not handle`);
}
const spread = stars.map((spec) => `...require('${cjs(spec)}'), `).join('');
let out = `'use strict';\n${body}\nmodule.exports = { ${spread}${names.join(', ')} };\n`;
if (defaultName) out += `Object.defineProperty(module.exports, 'default', { value: ${defaultName} });\n`;
process.stdout.write(out);
