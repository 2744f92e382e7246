// `wrangler deploy --dry-run`: the bundle a deployment would upload, built with no account, and
// its size. The package's workerd condition must hold: its .wasm goes in as a module of its own,
// byte for byte the package's, and only the entry the Worker imports (the root: the Router).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWorker, EXAMPLE } from './helpers.mjs';

/** Cloudflare's limit for a Worker on the free plan, after compression. */
const FREE_PLAN_GZIP = 3 * 1024 * 1024;

test('wrangler deploy --dry-run builds the Worker and its Durable Object; its size is reported', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'agent-worker-deploy-'));
  try {
    const r = await buildWorker(out);
    const text = r.stdout + r.stderr;
    const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(text);
    assert.ok(reported, `no size in wrangler's output:\n${text}`);
    assert.match(text, /env\.AGENTS \(AgentRegistry\)\s+Durable Object/);

    const shipped = r.files.filter((f) => !f.name.endsWith('.map') && f.name !== 'README.md');
    const wasm = shipped.filter((f) => f.name.endsWith('.wasm'));
    assert.deepEqual(wasm.map((f) => f.name.replace(/^[0-9a-f]+-/, '')), ['mcp_naming_bg.wasm']);
    const own = readFileSync(join(EXAMPLE, 'node_modules/mcp-naming/mcp_naming_bg.wasm'));
    assert.ok(readFileSync(join(out, wasm[0].name)).equals(own), 'the package\'s own .wasm');
    const script = readFileSync(join(out, 'index.js'), 'utf8');
    assert.ok(!/[A-Za-z0-9+/]{10000}/.test(script), 'no base64-embedded .wasm in the script');
    assert.match(script, /class \w+ extends \w+/, 'the Durable Object class is in the bundle');

    let raw = 0;
    let gzip = 0;
    const parts = [];
    for (const f of shipped) {
      const bytes = readFileSync(join(out, f.name));
      const z = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += z;
      parts.push(`${f.name.replace(/^[0-9a-f]+-/, '')} ${bytes.length} B (${z} B gzip)`);
    }
    assert.ok(gzip < FREE_PLAN_GZIP, `gzip ${gzip} B fits the free plan`);
    for (const line of [
      `wrangler deploy --dry-run: Total Upload ${reported[1]} KiB / gzip ${reported[2]} KiB`,
      `files: ${parts.join(', ')}`,
      `measured here: ${raw} B raw, ${gzip} B gzip (level 9, per file)`,
    ]) t.diagnostic(line);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
