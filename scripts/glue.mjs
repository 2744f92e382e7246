// Keeps only the synchronous half of wasm-bindgen's `--target web` glue: the exports and
// `initSync`. The asynchronous loader goes, and with it the `new URL('…_bg.wasm',
// import.meta.url)` that bundlers would follow to emit a .wasm nobody loads (the entries embed
// the module, or import it in workerd). Its declarations (wasm-bindgen's .d.ts, less the
// loader) are what the TypeScript glue is compiled against.
//   node scripts/glue.mjs <in.js> <out.mjs> <out.d.mts>
import { readFileSync, writeFileSync } from 'node:fs';

const [input, js, types] = process.argv.slice(2);
const cut = (text, from, to) => {
  const a = text.indexOf(from);
  const b = to === null ? text.length : text.indexOf(to, a);
  if (a < 0 || b < 0) throw new Error(`glue: ${JSON.stringify(from)} … ${JSON.stringify(to)} not found: wasm-bindgen's output changed`);
  return text.slice(0, a) + text.slice(b);
};
let glue = cut(readFileSync(input, 'utf8'), 'async function __wbg_load(', 'function initSync(');
glue = cut(glue, 'let __wbg_init_promise;', null) + 'export { initSync };\n';
if (glue.includes('import.meta') || glue.includes('fetch(') || /^import /m.test(glue)) {
  throw new Error('glue: the synchronous glue still loads something by itself');
}
writeFileSync(js, glue);

// The declarations: the loader's (the default export, and InitInput, which names fetch's types) go.
let dts = readFileSync(input.replace(/\.js$/, '.d.ts'), 'utf8');
const loader = dts.lastIndexOf('/**', dts.indexOf('export default function __wbg_init'));
if (loader < 0) throw new Error('glue: no __wbg_init in the declarations: wasm-bindgen\'s output changed');
dts = cut(dts.slice(0, loader), 'export type InitInput = ', '\n');
writeFileSync(types, `// wasm-bindgen's declarations of ${input}, less the asynchronous loader (scripts/glue.mjs).\n${dts}`);
