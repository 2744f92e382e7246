// Writes fixes into a text: each { start, end, text } replaces its span, from the last to the
// first; a fix overlapping one already taken is left for a later run.

/** @import { Fix } from './findings.mjs' */

/**
 * @param {string} text
 * @param {Fix[]} fixes
 * @returns {{ text: string, applied: Fix[] }}
 */
export function applyFixes(text, fixes) {
  const sorted = [...fixes].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  /** @type {Fix[]} */
  const applied = [];
  for (const fix of sorted) {
    if (fix.end > limit || (fix.end === limit && fix.start === fix.end && applied.length)) continue;
    out = out.slice(0, fix.start) + fix.text + out.slice(fix.end);
    limit = fix.start;
    applied.push(fix);
  }
  return { text: out, applied };
}
