// mcp-naming validate: checks names given as arguments, or one a line on stdin (streamed).
import { validateToolNames, validateToolName } from '../naming.mjs';
import { conventionFlags, conventionHelp, namingOptions, requireConvention } from '../conventions.mjs';
import { lineBatches, argBatches, write } from '../stream.mjs';
import { palette, useColor, colorFlag } from '../terminal.mjs';

export const spec = {
  options: { ...conventionFlags, format: { type: 'string', short: 'f', choices: ['text', 'json'] }, 'errors-only': { type: 'boolean' }, color: colorFlag },
};

export const help = `Usage: mcp-naming validate [NAME…] --convention C [--format text|json] [--errors-only]

Checks each NAME, or each line of stdin when no NAME is given (or NAME is -), streamed in
batches so any number of names passes in bounded memory; blank lines are skipped.
  text (default): a line for each error and warning:
    NAME: severity code: message (suggestion: …)        for names given as arguments
    <stdin>:LINE:COL: severity code: message (…)        for names read from stdin
  and names given as arguments that pass: "NAME: valid (C)"; counts on stderr.
  json: one JSON object a line for every name: { name, line, valid, errors, warnings, suggestion }.
  --errors-only       report errors only (valid names are then not examined further)
${conventionHelp}

Exit status: 0 all valid, 1 some invalid, 2 bad usage.

Examples:
  mcp-naming validate MyProject:CreateTask myproject:create_task --convention chora
  cut -f1 names.tsv | mcp-naming validate -c mcp --format json > reports.ndjson
`;

export async function run({ flags, positionals }, io) {
  const convention = requireConvention(flags);
  const options = namingOptions(flags);
  const fromStdin = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-');
  const batches = fromStdin ? lineBatches(io.stdin) : argBatches(positionals);
  const json = flags.format === 'json';
  const p = palette(!json && useColor(io.stdout, flags.color));
  let total = 0;
  let invalid = 0;
  let warned = 0;
  for await (const batch of batches) {
    const verdicts = validateToolNames(batch.map((b) => b.name), convention, options);
    let out = '';
    batch.forEach(({ name, line }, i) => {
      total++;
      if (!verdicts[i]) invalid++;
      const report = verdicts[i] && flags['errors-only'] ? null : validateToolName(name, convention, options);
      if (report?.warnings.length) warned++;
      if (json) {
        const r = report ?? { valid: true, errors: [], warnings: [], suggestion: null };
        out += `${JSON.stringify({ name, line, valid: r.valid, errors: r.errors, warnings: r.warnings, suggestion: r.suggestion })}\n`;
        return;
      }
      if (!report) return;
      const diagnostics = flags['errors-only'] ? report.errors : [...report.errors, ...report.warnings];
      for (const d of diagnostics) {
        const where = line === null ? `${name}:` : `<stdin>:${line}:${d.start + 1}:`;
        const severity = d.severity === 'error' ? p.red('error') : p.yellow('warning');
        const suggestion = report.suggestion ? ` (suggestion: ${p.green(report.suggestion)})` : '';
        const about = line === null ? '' : ` [${name}]`;
        out += `${p.bold(where)} ${severity} ${p.cyan(d.code)}: ${d.message}${suggestion}${about}\n`;
      }
      if (line === null && report.valid && diagnostics.length === 0) out += `${name}: ${p.green('valid')} (${convention})\n`;
    });
    await write(io.stdout, out);
  }
  if (!json) {
    io.stderr.write(`${total} name${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid${warned ? `, ${warned} with warnings` : ''} (${convention})\n`);
  }
  return invalid > 0 ? 1 : 0;
}
