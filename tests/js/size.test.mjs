// The package's size is deterministic, so it is checked here (time is not: see benches/). The
// ceilings sit a few KB above the current size: growing past them is a decision (raise the
// ceiling in the same change, with the reason), never an accident.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sizes, entrySize } from '../../scripts/size.mjs';

const CEILINGS = {
  // Raised for the gateway kit (MCP messages as JSON, resource templates, Mcp-Name headers):
  // 314 KB -> 388 KB raw, 133 KB -> 163 KB gzip; then the core's tables and key checks for the
  // one-contract boundary and rewrite_tools_list in the core, 402 KB raw; conditional prefixing,
  // 415 KB raw; the langchain peer style and migration between styles, 418 KB raw; the eight
  // other peer styles (issue 13), 418 KB -> 514 KB raw, 174 KB -> 217 KB gzip. Issue 14 split
  // the registry and OpenProject helpers into .wasm of their own: 468 KB raw, 199 KB gzip here.
  // The registry's .wasm: 105 KB -> 107 KB raw for checkToolOutput and the request's unknown keys.
  // The router at gateway scale (issue 23: an incremental table, the suggestion index, the
  // placement a host re-keys its objects by; the MCP messages left the .wasm for the glue):
  // 469 KB -> 487 KB raw, 199 KB -> 210 KB gzip. The client views (issue 27: six clients'
  // naming, four codes, clientView): 487 KB -> 518 KB raw, 210 KB -> 222 KB gzip. The derived
  // contract (issue 24: every input through the core's reader, every output through its
  // Serialize form and serde-wasm-bindgen instead of builders the glue no longer needs):
  // 518 KB -> 539 KB raw, 222 KB -> 230 KB gzip; registry 107 KB -> 118 KB, OpenProject
  // 75 KB -> 88 KB (benches/RESULTS.md, "The boundary's output conversion").
  // Issues 25-27 (MCP Apps, completion, notifications, SEP-2243/2549, overrides and conflicts,
  // five peer styles, client views, explainName): 539 KB -> 633 KB raw, 230 KB -> 268 KB gzip;
  // search and discovery (issue 26): -> 774 KB raw, 326 KB gzip (benches/RESULTS.md, "Size").
  // MCP 2026-07-28 in the core (issue 34: the x-mcp-header rules at expose, the retry's sealed
  // requestState opened in the request decision with SHA-256 and HMAC, the new probes in the
  // tables) and decisions as data (issue 33: the core decides every message, the glue applies; its
  // decision types serialized, the probes' finds read by the binding without serde's derived
  // readers, which would have cost 57 KB more): 771 KB -> 845 KB raw, 325 KB -> 357 KB gzip; registry
  // names as Router server names and the router's code-mode catalog (issue 37) about 11 KB more.
  // Code mode (issue 37) is its own .wasm (mcp_naming_codemode_bg.wasm, 359 KB raw, 148 KB gzip).
  // Bad input and suggestions (issue 33: the table of argument checks, control characters by
  // name, name_adjusted, transpositions in the distance and the suggestion index with its
  // sketches): 860 KB -> 890 KB raw, 363 KB -> 375 KB gzip; the registry's .wasm shares the
  // argument table (120.5 KB), code mode's the distance (362 KB raw, 150 KB gzip).
  // The npm host deciding every 2026-07-28 message through the core (issue 34 part B: discover
  // and initialize, the upstreams' answers, per-request _meta, input_required results and their
  // sealed state, listen streams, Mcp-Param-* headers; each decision was dead code for the .wasm
  // until a binding called it; the header comparison reads integers without f64 parsing, whose
  // tables alone were 15 KB): 890 KB -> 941 KB raw, 375 KB -> 398 KB gzip.
  // The split of issue 35 is what brings a names-only page down.
  wasm: {
    'mcp_naming_bg.wasm': [942_000, 399_000], 'mcp_naming_registry_bg.wasm': [121_000, 54_500], 'mcp_naming_openproject_bg.wasm': [91_000, 43_000],
    'mcp_naming_codemode_bg.wasm': [364_000, 151_000],
  },
  // What an importer of each entry loads: the bundled entry with its .wasm embedded as base64
  // (Node and Bun: the .wasm file, read when first needed), and shared.mjs.
  entries: {
    'mcp-naming': [1_371_000, 550_500],
    'mcp-naming (Node, Bun)': [1_058_000, 426_500],
    'mcp-naming/registry': [181_000, 75_500],
    'mcp-naming/openproject': [146_000, 61_000],
    'mcp-naming/codemode': [507_000, 208_000],
  },
};

for (const [file, [raw, gzip]] of Object.entries(CEILINGS.wasm)) {
  test(`${file} stays under its ceiling (raw and gzip)`, () => {
    const s = sizes([`pkg/${file}`])[`pkg/${file}`];
    assert.ok(s.raw <= raw, `${file} is ${s.raw} B raw, ceiling ${raw}`);
    assert.ok(s.gzip <= gzip, `${file} is ${s.gzip} B gzip, ceiling ${gzip}`);
  });
}

for (const [entry, [raw, gzip]] of Object.entries(CEILINGS.entries)) {
  test(`what an importer of ${entry} loads stays under its ceiling`, () => {
    const s = entrySize(entry);
    assert.ok(s.raw <= raw, `${entry} loads ${s.raw} B raw, ceiling ${raw}`);
    assert.ok(s.gzip <= gzip, `${entry} loads ${s.gzip} B gzip, ceiling ${gzip}`);
  });
}
