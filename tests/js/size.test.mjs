// The package's size is deterministic, so it is checked here (time is not: see benches/). The
// ceilings sit a few KB above the current size: growing past them is a decision (raise the
// ceiling in the same change, with the reason), never an accident.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sizes, total } from '../../scripts/size.mjs';

const CEILINGS = {
  // Raised for the gateway kit (MCP messages as JSON, resource templates, Mcp-Name headers):
  // 314 KB -> 388 KB raw, 133 KB -> 163 KB gzip; then the core's tables and key checks for the
  // one-contract boundary and rewrite_tools_list in the core, 402 KB raw; conditional prefixing,
  // 415 KB raw; the langchain peer style and migration between styles, 418 KB raw; the eight
  // other peer styles (issue 13: nine peers' naming, SHA-1, URL redaction, peer resource URIs),
  // 418 KB -> 514 KB raw, 174 KB -> 217 KB gzip (with opt-level "z" it would be 443 KB raw, at a
  // cost in speed not measured yet). Issue 14's split by feature is where this comes back down.
  wasm: { raw: 520_000, gzip: 220_000 },
  js: { raw: 84_000, gzip: 18_000 },
};

test('the .wasm stays under its ceiling (raw and gzip)', () => {
  const { raw, gzip } = sizes(['pkg/mcp_naming_bg.wasm'])['pkg/mcp_naming_bg.wasm'];
  assert.ok(raw <= CEILINGS.wasm.raw, `.wasm is ${raw} B raw, ceiling ${CEILINGS.wasm.raw}`);
  assert.ok(gzip <= CEILINGS.wasm.gzip, `.wasm is ${gzip} B gzip, ceiling ${CEILINGS.wasm.gzip}`);
});

test('the JS glue stays under its ceiling (raw and gzip)', () => {
  const js = total(sizes(['pkg/mcp_naming.js', 'pkg/mcp_naming.cjs', 'pkg/api.mjs', 'pkg/node.mjs', 'pkg/browser.mjs', 'pkg/workerd.mjs']));
  // Two glues ship (ESM and CommonJS); a consumer loads one, so each counts half.
  const loaded = total(sizes(['pkg/mcp_naming.js', 'pkg/api.mjs', 'pkg/browser.mjs']));
  assert.ok(loaded.raw <= CEILINGS.js.raw, `JS loaded is ${loaded.raw} B raw, ceiling ${CEILINGS.js.raw} (all files ${js.raw})`);
  assert.ok(loaded.gzip <= CEILINGS.js.gzip, `JS loaded is ${loaded.gzip} B gzip, ceiling ${CEILINGS.js.gzip}`);
});
