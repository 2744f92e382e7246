// `wrangler deploy --dry-run`: the bundle a deployment would upload, built with no account, and
// its size. The package's workerd condition must hold: the .wasm files go in as modules of their
// own, byte for byte the package's, and only the two entries the Worker imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWorker, EXAMPLE } from './helpers.mjs';

/** Cloudflare's limit for a Worker on the free plan, after compression. */
const FREE_PLAN_GZIP = 3 * 1024 * 1024;

test('wrangler deploy --dry-run builds the Worker; its size is reported', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'mcp-registry-deploy-'));
  try {
    const r = await buildWorker(out);
    const text = r.stdout + r.stderr;
    const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(text);
    assert.ok(reported, `no size in wrangler's output:\n${text}`);
    assert.match(text, /env\.REGISTRY .*KV Namespace/);
    assert.match(text, /env\.DB .*D1 Database/);

    const shipped = r.files.filter((f) => !f.name.endsWith('.map') && f.name !== 'README.md');
    const wasm = shipped.filter((f) => f.name.endsWith('.wasm')).map((f) => f.name.replace(/^[0-9a-f]+-/, '')).sort();
    assert.deepEqual(wasm, ['mcp_naming_bg.wasm', 'mcp_naming_registry_bg.wasm']);
    for (const f of shipped.filter((x) => x.name.endsWith('.wasm'))) {
      const own = readFileSync(join(EXAMPLE, 'node_modules/mcp-naming', f.name.replace(/^[0-9a-f]+-/, '')));
      assert.ok(readFileSync(join(out, f.name)).equals(own), `${f.name} is the package's own .wasm`);
    }
    const script = readFileSync(join(out, 'index.js'), 'utf8');
    assert.ok(!/[A-Za-z0-9+/]{10000}/.test(script), 'no base64-embedded .wasm in the script');

    let raw = 0;
    let gzip = 0;
    for (const f of shipped) {
      const bytes = readFileSync(join(out, f.name));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    assert.ok(gzip < FREE_PLAN_GZIP, `gzip ${gzip} B fits the free plan`);
    const lines = [
      `wrangler deploy --dry-run: Total Upload ${reported[1]} KiB / gzip ${reported[2]} KiB`,
      `files: ${shipped.map((f) => `${f.name.replace(/^[0-9a-f]+-/, '')} ${f.bytes} B`).join(', ')}`,
      `measured here: ${raw} B raw, ${gzip} B gzip (level 9, per file)`,
    ];
    for (const line of lines) t.diagnostic(line);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
