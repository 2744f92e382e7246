// Shared by the node --test suites: the conformance data, and small assertions.
import { readFileSync } from 'node:fs';

export function load(name) {
  return JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8'));
}

export const CONVENTION_FILES = ['mcp', 'chora', 'syntropy', 'claude', 'agent', 'openproject', 'registry'];

/** FNV-1a, 32 bits, written here independently of the Rust core. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
