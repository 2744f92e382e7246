// `file:line:col: severity code: message (suggestion: …)`, one line a finding, as compilers and
// editors print them (`label: …` for a finding in no file, such as a live server's tool); colour
// only where the terminal module allows it.

/**
 * What a run found and read, counted.
 * @typedef {{ errors: number, warnings: number, fixable: number, fixed: number, files: number, names: number }} Summary
 */

/** @import { Located } from '../findings.mjs' */
/** @import { Palette } from '../terminal.mjs' */

/**
 * @param {Located[]} findings
 * @param {Palette} p
 */
export function formatText(findings, p) {
  return findings.map((f) => {
    const where = p.bold(f.file === null ? `${f.label}:` : `${f.file}:${f.line}:${f.column}:`);
    const severity = f.severity === 'error' ? p.red('error') : p.yellow('warning');
    const suggestion = f.suggestion ? ` (suggestion: ${p.green(f.suggestion)})` : '';
    const fixed = f.fixed ? p.dim(' [fixed]') : '';
    return `${where} ${severity} ${p.cyan(f.code)}: ${f.message}${suggestion}${fixed}\n`;
  }).join('');
}

/**
 * The closing line, on stderr: counts, what --fix can do, and how many files were read.
 * @param {Summary} summary
 * @param {Palette} p
 */
export function summaryLine({ errors, warnings, fixable, fixed, files, names }, p) {
  /** @param {number} n @param {string} word */
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const read = `${plural(files, 'file')}, ${plural(names, 'name')} checked`;
  const parts = [];
  if (fixed) parts.push(`${fixed} fixed`);
  if (errors === 0 && warnings === 0) return `${p.green('no problems')}${parts.length ? ` (${parts.join(', ')})` : ''} (${read})\n`;
  if (fixable) parts.push(`${fixable} fixable with --fix`);
  const counts = `${p.red(plural(errors, 'error'))}, ${p.yellow(plural(warnings, 'warning'))}`;
  return `${counts}${parts.length ? ` (${parts.join(', ')})` : ''} (${read})\n`;
}
