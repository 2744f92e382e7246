// The package as a user gets it: `npm pack`, installed into a scratch project, imported from
// ESM and required from CommonJS. Catches a file the `files` list forgets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../pkg/', import.meta.url));

test('the packed tarball installs and works from ESM and CommonJS', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-naming-pack-'));
  try {
    const npm = (...args) => execFileSync('npm', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: pkg, encoding: 'utf8' }).trim().split('\n').pop();
    writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "private": true }');
    npm('install', '--no-audit', '--no-fund', '--offline', join(dir, tarball));
    const esm = execFileSync(process.execPath, ['--input-type=module', '-e',
      'import { validateToolName, Router } from "mcp-naming"; const r = new Router({ style: "agent", servers: [{ name: "memory" }] }); r.exposeTools("memory", { tools: [{ name: "save" }] }); console.log(JSON.stringify([validateToolName("memory__save", "agent").parts, r.route("memory__save").tool]))'], { cwd: dir, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(esm), [{ mcp: 'memory', tool: 'save' }, 'save']);
    const cjs = execFileSync(process.execPath, ['-e',
      'const n = require("mcp-naming"); const op = require("mcp-naming/openproject"); console.log(JSON.stringify([op.parseDuration("2h 30m"), n.isValidToolName("fs.write", "registry")]))'], { cwd: dir, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(cjs), ['PT2H30M', true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
