// A finding: one problem at one place in one file, with what would fix it.
//   { file, start, end, severity: 'error' | 'warning', code, message, suggestion,
//     fix: { start, end, text } | null, related: [{ file, start, end, message }] }
// Offsets are UTF-16 offsets into the file's text; `locate` adds lines and columns for output.
import { LineIndex } from './lines.mjs';

/** @typedef {'error' | 'warning'} Severity */
/**
 * A replacement of `[start, end)` by `text`; `region` its lines and columns once located.
 * @typedef {{ start: number, end: number, text: string,
 *   region?: { startLine: number, startColumn: number, endLine: number, endColumn: number } }} Fix
 */
/**
 * A place a finding refers to; `line`, `column`, `endLine`, `endColumn` once located.
 * @typedef {{ file: string, start: number, end: number, message: string,
 *   line?: number, column?: number, endLine?: number, endColumn?: number }} Related
 */
/**
 * A finding, as `finding` makes it and `locate` places it. `file` is null for a finding in no
 * file (a live server's tool), which has a `label` instead; `client`, `tool`, `shown` name the
 * client a finding of `clients` is about.
 * @typedef {{ file: string | null, start: number, end: number, severity: Severity, code: string,
 *   message: string, suggestion: string | null, fix: Fix | null, related: Related[],
 *   fixed?: boolean, label?: string, client?: string, tool?: string, shown?: string,
 *   line?: number, column?: number, endLine?: number, endColumn?: number }} Finding
 */
/** A located finding: its lines and columns known. @typedef {Finding & { line: number, column: number, endLine: number, endColumn: number }} Located */

/**
 * @param {string | null} file
 * @param {number} start
 * @param {number} end
 * @param {Severity} severity
 * @param {string} code
 * @param {string} message
 * @param {Partial<Finding>} [extra]
 * @returns {Finding}
 */
export function finding(file, start, end, severity, code, message, extra = {}) {
  return { file, start, end, severity, code, message, suggestion: null, fix: null, related: [], ...extra };
}

/**
 * Adds `line`, `column`, `endLine`, `endColumn` to each finding and its related places, from
 * the texts (path -> text) the findings were made from; sorted by file, then place.
 * @param {Finding[]} findings
 * @param {Map<string | null, string>} texts
 * @returns {Located[]}
 */
export function locate(findings, texts) {
  /** @type {Map<string | null, LineIndex>} */
  const indexes = new Map();
  /** @param {string | null} file */
  const index = (file) => {
    let at = indexes.get(file);
    if (at === undefined) indexes.set(file, (at = new LineIndex(texts.get(file) ?? '')));
    return at;
  };
  /** @param {{ file: string | null, start: number, end: number }} p */
  const place = (p) => {
    const a = index(p.file).at(p.start);
    const b = index(p.file).at(Math.max(p.end, p.start));
    return Object.assign(p, { line: a.line, column: a.column, endLine: b.line, endColumn: b.column });
  };
  for (const f of findings) {
    place(f);
    f.related.forEach(place);
    if (f.fix) {
      const a = index(f.file).at(f.fix.start);
      const b = index(f.file).at(f.fix.end);
      f.fix.region = { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column };
    }
  }
  // Every finding now has its place (`place` wrote it on each, in this array).
  const located = /** @type {Located[]} */ (findings);
  // A finding in no file is ordered by its place alone, as one in a file among its file's.
  /** @param {Located} a @param {Located} b */
  const byFile = (a, b) => (a.file === null || b.file === null || a.file === b.file ? 0 : a.file < b.file ? -1 : 1);
  return located.sort((a, b) => byFile(a, b) || a.start - b.start || (a.code < b.code ? -1 : 1));
}

/** @param {Finding[]} findings */
export function count(findings) {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}
