// The findings as one JSON document: { version: 1, findings: [...], summary: {...} }.

/** @import { Located } from '../findings.mjs' */

/**
 * A finding as the JSON output shows it.
 * @param {Located} f
 */
export function publicFinding(f) {
  /** @type {Record<string, unknown>} */
  const out = {
    file: f.file, line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn,
    severity: f.severity, code: f.code, message: f.message, suggestion: f.suggestion,
    fixable: f.fix !== null && !f.fixed, fixed: f.fixed === true,
  };
  if (f.related.length > 0) {
    out.related = f.related.map((r) => ({ file: r.file, line: r.line, column: r.column, message: r.message }));
  }
  return out;
}

/**
 * @param {Located[]} findings
 * @param {object} summary
 */
export function formatJson(findings, summary) {
  return `${JSON.stringify({ version: 1, findings: findings.map(publicFinding), summary }, null, 2)}\n`;
}
