// Writes located findings in the format asked for: text (stdout, and the closing line on
// stderr), json or sarif (stdout only).
import { formatText, summaryLine } from './format/text.mjs';
import { formatJson } from './format/json.mjs';
import { formatSarif } from './format/sarif.mjs';
import { palette, useColor } from './terminal.mjs';

/** @type {import('./args.mjs').Flag} */
export const formatFlag = { type: 'string', short: 'f', choices: ['text', 'json', 'sarif'] };

/** @import { Located } from './findings.mjs' */
/** @import { Summary } from './format/text.mjs' */

/**
 * @param {Located[]} findings
 * @param {Summary} summary
 * @param {{ format?: string, color?: string, command?: string,
 *   stdout?: NodeJS.WritableStream & { isTTY?: boolean }, stderr?: NodeJS.WritableStream & { isTTY?: boolean } }} options
 */
export function writeReport(findings, summary, { format = 'text', color = 'auto', command, stdout = process.stdout, stderr = process.stderr }) {
  if (format === 'json') stdout.write(formatJson(findings, summary));
  else if (format === 'sarif') stdout.write(formatSarif(findings, { command }));
  else {
    stdout.write(formatText(findings, palette(useColor(stdout, color))));
    stderr.write(summaryLine(summary, palette(useColor(stderr, color))));
  }
}
