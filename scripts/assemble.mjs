// Puts the compiled glue (pkg-config/src/*.mts, compiled by tsc into target/glue/out) into pkg/:
// the ES modules as tsc wrote them, their CommonJS twins, each ES entry bundled into one module
// (esbuild), and the declarations of the three public entries with the modules they name.
//   node scripts/assemble.mjs <out> <gen> <pkg>
// <gen> holds what the build generated for the compiler (tables.d.mts is shipped from there).
import { build } from 'esbuild';
import { copyFileSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The public entries: their declarations are pkg/<entry>.d.ts (ESM) and .d.cts (CommonJS). */
export const ENTRIES = ['index', 'registry', 'openproject', 'codemode'];

/**
 * The declaration files pkg/ ships, { file: text }, from tsc's declarations in `out` and the
 * generated ones in `gen`: each public entry's, and every module they name (followed through
 * their relative imports), as .d.mts, each with a .d.cts twin naming the .cjs modules; the
 * classes without their `#private` marks.
 */
export function declarations(out, gen) {
  const files = {};
  const read = (name) => {
    for (const dir of [out, gen]) {
      try {
        return readFileSync(join(dir, `${name}.d.mts`), 'utf8');
      } catch (e) {
        if (e.code !== 'ENOENT') throw e;
      }
    }
    throw new Error(`assemble: no declarations of ./${name}.mjs in ${out} or ${gen}`);
  };
  const twin = (text) => text.replace(/(from\s+|import\()(['"])(\.\/[^'"]+)\.mjs\2/g, '$1$2$3.cjs$2');
  const todo = [...ENTRIES];
  const seen = new Set();
  while (todo.length > 0) {
    const name = todo.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    // `#private;` (what tsc writes for a class with private fields) goes: it is a syntax error to
    // a consumer compiling for ES5 (TS18028) even with nothing of its own private, and it would
    // make the classes nominal where the declarations always were structural.
    const text = read(name).replace(/^ +#private;\n/gm, '');
    for (const m of text.matchAll(/(?:from\s+|import\()['"]\.\/([^'"]+)\.mjs['"]/g)) todo.push(m[1]);
    const [esm, cjs] = ENTRIES.includes(name) ? [`${name}.d.ts`, `${name}.d.cts`] : [`${name}.d.mts`, `${name}.d.cts`];
    files[esm] = text;
    files[cjs] = twin(text);
  }
  return files;
}

/** A relative import of ./x.mjs stays an import (a require), of its twin ./x.cjs. */
const siblings = {
  name: 'siblings',
  setup(b) {
    b.onResolve({ filter: /^\.\/.*\.mjs$/ }, (args) => ({ path: args.path.replace(/\.mjs$/, '.cjs'), external: true }));
  },
};

async function main([out, gen, pkg]) {
  // The ES modules as tsc wrote them.
  for (const f of readdirSync(out)) if (f.endsWith('.mjs')) copyFileSync(join(out, f), join(pkg, f));

  // CommonJS twins (the modules the CommonJS entries require), each module on its own. Read as
  // plain .js (not .mjs, which esbuild would import CommonJS into the way Node does: a default
  // import as the whole module.exports), so that `import install from './api.mjs'` is the twin's
  // `default`, as in ESM.
  const cjs = ['glue-names', 'glue-registry', 'glue-openproject', 'shared', 'probe', 'router', 'api', 'registry-api', 'openproject-api', 'node-wasm', 'index', 'registry', 'openproject',
    'glue-codemode', 'codemode-part', 'codemode-api', 'codemode'];
  await Promise.all(cjs.map((m) => build({
    stdin: { contents: readFileSync(join(pkg, `${m}.mjs`), 'utf8'), sourcefile: `${m}.js`, resolveDir: pkg, loader: 'js' },
    outfile: join(pkg, `${m}.cjs`),
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    logLevel: 'warning',
    external: ['node:*'],
    banner: { js: `// The CommonJS form of ${m}.mjs (esbuild, scripts/assemble.mjs).` },
    plugins: [siblings],
  })));

  // Each ES entry as one module (with shared.mjs apart, so that every entry has the same
  // NamingError): a runtime spends about 0.5 ms on each module it loads at start, a browser a
  // request. The modules they are made of stay in pkg/ for the CommonJS entries and workerd.
  const bundled = ['index', 'registry', 'openproject', 'node', 'registry.node', 'openproject.node', 'codemode', 'codemode.node'];
  await Promise.all(bundled.map((m) => build({
    entryPoints: [join(pkg, `${m}.mjs`)],
    outfile: join(pkg, `${m}.bundle.mjs`),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
    external: ['./shared.mjs', 'node:*'],
    banner: { js: `// Bundled by scripts/build.sh from pkg-config/src/${m}.mts and the modules it imports.` },
  })));
  for (const m of bundled) renameSync(join(pkg, `${m}.bundle.mjs`), join(pkg, `${m}.mjs`));
  // What the bundles took in and nothing else imports: the ES base64 modules and node-wasm.mjs.
  for (const f of ['wasm-names.mjs', 'wasm-registry.mjs', 'wasm-openproject.mjs', 'wasm-codemode.mjs', 'node-wasm.mjs']) rmSync(join(pkg, f));

  for (const [file, text] of Object.entries(declarations(out, gen))) writeFileSync(join(pkg, file), text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
