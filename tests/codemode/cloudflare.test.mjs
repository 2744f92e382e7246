// The cloudflare-codemode view against @cloudflare/codemode 0.5.6 itself (the package from npm,
// installed from this directory's lockfile): generated catalogs with hostile names and schemas,
// every server's identifiers and declaration text compared byte for byte with what the package's
// own sanitizeToolName and generateTypesFromJsonSchema give (renderConnectorTypes: the connector
// global in place of `codemode`). The package's main entry imports `cloudflare:workers`, so the two
// functions it exports are loaded from the module of its dist that defines them, found by their
// names. CODEMODE_CASES catalogs (default 2,000; `CODEMODE_CASES=20000 node --test
// tests/codemode/` is the long run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { codeMode } from 'mcp-naming/codemode';
import { rng, catalog } from './generate.mjs';

const DIST = new URL('./node_modules/@cloudflare/codemode/dist/', import.meta.url);

async function cloudflare() {
  const pkg = JSON.parse(await (await import('node:fs/promises')).readFile(new URL('../package.json', DIST), 'utf8'));
  assert.equal(pkg.version, '0.5.6');
  for (const f of readdirSync(DIST).filter((f) => f.endsWith('.js'))) {
    const text = (await import('node:fs')).readFileSync(new URL(f, DIST), 'utf8');
    if (!text.includes('function generateTypesFromJsonSchema(')) continue;
    const mod = await import(pathToFileURL(new URL(f, DIST).pathname).href);
    const fns = Object.fromEntries(Object.values(mod).filter((v) => typeof v === 'function').map((v) => [v.name, v]));
    if (fns.sanitizeToolName && fns.generateTypesFromJsonSchema) return fns;
  }
  throw new Error('@cloudflare/codemode 0.5.6: no dist module defines sanitizeToolName and generateTypesFromJsonSchema');
}

const CASES = Number(process.env.CODEMODE_CASES ?? 2000);

test(`cloudflare-codemode: ${CASES} generated catalogs, identifiers and declarations byte for byte`, { timeout: 600_000 }, async () => {
  const { sanitizeToolName, generateTypesFromJsonSchema } = await cloudflare();
  const seen = { catalogs: 0, servers: 0, tools: 0, names: 0, differences: 0, collisions: 0, fallbacks: 0, refs: 0, renamed: 0 };
  const first = [];
  for (let i = 0; i < CASES; i++) {
    const servers = catalog(rng(37_000 + i), 3, 8);
    const got = codeMode(servers, { view: 'cloudflare-codemode' });
    const want = servers
      .map((s) => generateTypesFromJsonSchema(Object.fromEntries(s.tools.map((t) => [t.name, t]))).replace('declare const codemode', `declare const ${sanitizeToolName(s.server)}`))
      .join('\n\n');
    seen.catalogs++;
    servers.forEach((s, si) => {
      seen.servers++;
      seen.names++;
      if (got.namespaces[si].name !== sanitizeToolName(s.server)) {
        seen.differences++;
        first.push(`server ${JSON.stringify(s.server)}: ${got.namespaces[si].name} against ${sanitizeToolName(s.server)}`);
      }
      s.tools.forEach((t, ti) => {
        seen.tools++;
        seen.names++;
        const f = got.namespaces[si].tools[ti];
        if (f.name !== sanitizeToolName(t.name)) {
          seen.differences++;
          first.push(`tool ${JSON.stringify(t.name)}: ${f.name} against ${sanitizeToolName(t.name)}`);
        }
        if (f.diagnostics.some((d) => d.code === 'codemode_collision')) seen.collisions++;
        if (f.diagnostics.some((d) => d.code === 'codemode_renamed')) seen.renamed++;
        if (JSON.stringify(t.inputSchema ?? null).includes('"$ref"')) seen.refs++;
      });
    });
    seen.fallbacks += (want.match(/Input = unknown\ntype \w+Output = unknown/g) ?? []).length;
    if (got.declarations !== want) {
      seen.differences++;
      let k = 0;
      while (got.declarations[k] === want[k]) k++;
      first.push(`catalog ${i}, declarations at ${k}: ${JSON.stringify(got.declarations.slice(k - 80, k + 80))} against ${JSON.stringify(want.slice(k - 80, k + 80))}`);
    }
  }
  console.log(`cloudflare-codemode differential: ${JSON.stringify(seen)}`);
  assert.deepEqual(first.slice(0, 5), []);
  assert.equal(seen.differences, 0);
  // The generated catalogs reach what the view reproduces: merged names, the package's
  // TypeError fallbacks, $ref pointers.
  assert.ok(seen.collisions > CASES / 20 && seen.fallbacks > CASES / 20 && seen.refs > CASES / 20, JSON.stringify(seen));
});
