// A finding: one problem at one place in one file, with what would fix it.
//   { file, start, end, severity: 'error' | 'warning', code, message, suggestion,
//     fix: { start, end, text } | null, related: [{ file, start, end, message }] }
// Offsets are UTF-16 offsets into the file's text; `locate` adds lines and columns for output.
import { LineIndex } from './lines.mjs';

export function finding(file, start, end, severity, code, message, extra = {}) {
  return { file, start, end, severity, code, message, suggestion: null, fix: null, related: [], ...extra };
}

/**
 * Adds `line`, `column`, `endLine`, `endColumn` to each finding and its related places, from
 * the texts (path -> text) the findings were made from; sorted by file, then place.
 */
export function locate(findings, texts) {
  const indexes = new Map();
  const index = (file) => {
    if (!indexes.has(file)) indexes.set(file, new LineIndex(texts.get(file) ?? ''));
    return indexes.get(file);
  };
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
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start || (a.code < b.code ? -1 : 1)));
}

export function count(findings) {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}
