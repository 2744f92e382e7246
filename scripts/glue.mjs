// Keeps only the synchronous half of wasm-bindgen's `--target web` glue: the exports and
// `initSync`. The asynchronous loader goes, and with it the `new URL('…_bg.wasm',
// import.meta.url)` that bundlers would follow to emit a .wasm nobody loads (the entries embed
// the module, or import it in workerd).
//   node scripts/glue.mjs <in.js> > <out.mjs>
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const cut = (text, from, to) => {
  const a = text.indexOf(from);
  const b = to === null ? text.length : text.indexOf(to, a);
  if (a < 0 || b < 0) throw new Error(`glue: ${JSON.stringify(from)} … ${JSON.stringify(to)} not found: wasm-bindgen's output changed`);
  return text.slice(0, a) + text.slice(b);
};
let glue = cut(source, 'async function __wbg_load(', 'function initSync(');
glue = cut(glue, 'let __wbg_init_promise;', null) + 'export { initSync };\n';
if (glue.includes('import.meta') || glue.includes('fetch(') || /^import /m.test(glue)) {
  throw new Error('glue: the synchronous glue still loads something by itself');
}
process.stdout.write(glue);
