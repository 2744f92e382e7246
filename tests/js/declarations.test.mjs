// The package's types are generated: tsc's declarations of the TypeScript glue (pkg-config/src),
// not files anyone writes. They are not committed either (one source, no copy to keep in step):
// this suite compiles the glue again and holds every declaration file pkg/ ships equal to that
// fresh emit, so that a pkg/ built from other sources, or edited after the build, fails here.
// tests/ts/contract.mts holds them to the hand-written declarations they replaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declarations } from '../../scripts/assemble.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = join(ROOT, 'pkg');
const GEN = join(ROOT, 'target/glue/gen');

test('every declaration file in pkg/ is the one a fresh compile of pkg-config/src emits', { timeout: 120_000 }, () => {
  assert.ok(existsSync(join(GEN, 'tables.d.mts')), 'target/glue/gen is missing: build with bash scripts/build.sh');
  const out = mkdtempSync(join(tmpdir(), 'mcp-naming-types-'));
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'pkg-config/tsconfig.json', '--outDir', out, '--emitDeclarationOnly'], { cwd: ROOT, encoding: 'utf8' });
    const fresh = declarations(out, GEN);
    const shipped = readdirSync(PKG).filter((f) => /\.d\.(ts|mts|cts)$/.test(f)).sort();
    assert.deepEqual(shipped, Object.keys(fresh).sort(), 'pkg/ ships exactly the declaration files of a fresh emit');
    for (const f of shipped) assert.equal(readFileSync(join(PKG, f), 'utf8'), fresh[f], `pkg/${f} differs from a fresh emit: build again`);
    // The public entries' types, and each .d.cts naming the CommonJS twins.
    for (const entry of ['index', 'registry', 'openproject', 'codemode']) {
      assert.ok(fresh[`${entry}.d.ts`] && fresh[`${entry}.d.cts`], entry);
      assert.doesNotMatch(fresh[`${entry}.d.cts`], /\.mjs['"]/);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the Code type is the core\'s code table, every code and nothing else', async () => {
  const { codes } = (await import(new URL('../../pkg/tables.mjs', import.meta.url))).default;
  const types = readFileSync(join(PKG, 'tables.d.mts'), 'utf8');
  const union = types.match(/export type Code =([^;]*);/)[1];
  assert.deepEqual([...union.matchAll(/\| "([a-z_]+)"/g)].map((m) => m[1]), codes);
  assert.ok(codes.includes('unknown_tool') && codes.includes('invalid_argument'));
  // Diagnostic and NamingError carry it.
  assert.match(readFileSync(join(PKG, 'shared.d.mts'), 'utf8'), /code: Code;[\s\S]*class NamingError[\s\S]*code: Code;/);
});
