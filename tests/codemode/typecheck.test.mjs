// The mcp-naming view's declarations and files type-checked by the repository's pinned TypeScript
// (node_modules/.bin/tsc at the root) over generated catalogs with hostile names and schemas: the
// object layout's `.d.ts` with a consumer that calls every function through its namespace, the
// files layout's `.ts` modules imported and called by name, and the `.js` files with their JSDoc
// types (checkJs). One tsc run over every catalog, `--strict`. (The `.pyi` and `.py` files are
// mypy's, in python/tests/test_codemode.py.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeMode } from 'mcp-naming/codemode';
import { rng, catalog } from './generate.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/.bin/tsc');
const CATALOGS = Number(process.env.CODEMODE_TYPECHECK ?? 60);

function write(dir, path, text) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

test(`tsc --strict accepts the declarations and files of ${CATALOGS} generated catalogs`, { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-naming-codemode-'));
  try {
    write(dir, 'package.json', '{ "type": "module" }\n');
    let functions = 0;
    for (let i = 0; i < CATALOGS; i++) {
      const servers = catalog(rng(90_000 + i), 4, 12, i % 2 === 0);
      // The names the generated files use themselves: the runtime hook and its module.
      if (i === 0) servers.push({ server: '_runtime', tools: ['call_tool', 'callTool', 'set_call_tool', 'runtime', '_runtime', 'cast', '$callTool'].map((name) => ({ name })) });
      // The object layout: module-scoped namespaces (so catalogs do not merge), called by name.
      const object = codeMode(servers, { language: 'typescript' });
      let consumer = `${object.declarations}\nexport {};\n`;
      for (const ns of object.namespaces) {
        for (const f of ns.tools) {
          consumer += `void ${ns.name}.${f.name}(undefined as unknown as ${ns.name}.${typeName(f.name)}Input).then((out: ${ns.name}.${typeName(f.name)}Output) => out);\n`;
          functions++;
        }
      }
      write(dir, `c${i}/object.ts`, consumer);
      for (const language of ['typescript', 'javascript']) {
        const files = codeMode(servers, { language, layout: 'files' });
        for (const f of files.files) write(dir, `c${i}/${language}/${f.path}`, f.content);
        let imports = '';
        const ext = language === 'typescript' ? 'ts' : 'js';
        files.namespaces.forEach((ns, si) => ns.tools.forEach((f, ti) => {
          imports += `import { ${f.name} as f${si}_${ti} } from './${f.path.replace(/\.(ts|js)$/, '.js')}';\nvoid f${si}_${ti};\n`;
        }));
        write(dir, `c${i}/${language}/consumer.${ext}`, imports + 'export {};\n');
      }
    }
    assert.ok(functions > CATALOGS * 5, `${functions} functions`);
    write(dir, 'tsconfig.json', JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
        allowJs: true, checkJs: true, skipLibCheck: false, noUncheckedIndexedAccess: true, types: [],
      },
      include: ['**/*.ts', '**/*.js'],
    }));
    try {
      execFileSync(TSC, ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe', maxBuffer: 1 << 28 });
    } catch (e) {
      assert.fail(`tsc refused generated code:\n${(e.stdout || '').split('\n').slice(0, 30).join('\n')}`);
    }
    console.log(`tsc --strict: ${CATALOGS} catalogs, ${functions} functions through their namespaces, their TypeScript and JavaScript files`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The type name of an identifier in TypeScript: its first letter up. */
function typeName(id) {
  return id.charAt(0).toUpperCase() + id.slice(1);
}
