// mcp-naming validate: checks names given as arguments, or one a line on stdin (streamed); in
// one convention, or (no --convention) in every one, naming near misses with their fix.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { validateToolNames, validateToolName, explainName, CONVENTIONS } from '../naming.mjs';
import { conventionFlag, conventionFlags, conventionHelp, namingOptions } from '../conventions.mjs';
import { lineBatches, argBatches, write } from '../stream.mjs';
import { palette, useColor, colorFlag } from '../terminal.mjs';
import { STYLES, STYLE_IDS, validateExposed, styleNote } from '../styles.mjs';
import { UsageError, stringFlag } from '../args.mjs';

/** @import { Diagnostic, Options } from '../naming.mjs' */
/** @import { Flags as CliFlags } from '../args.mjs' */
/** Names to check, a batch at a time (line: null for an argument). @typedef {AsyncIterable<{ name: string, line: number | null }[]>} Batches */

/** @type {Spec} */
export const spec = {
  options: {
    ...conventionFlags,
    style: { type: 'string', short: 's', choices: STYLE_IDS },
    gateway: { type: 'string' },
    format: { type: 'string', short: 'f', choices: ['text', 'json'] },
    'errors-only': { type: 'boolean' },
    color: colorFlag,
  },
};

export const help = `Usage: mcp-naming validate [NAME…] [--convention C | --style S] [--format text|json] [--errors-only]

Checks each NAME, or each line of stdin when no NAME is given (or NAME is -), streamed in
batches so any number of names passes in bounded memory; blank lines are skipped.
  text (default): a line for each error and warning:
    NAME: severity code: message (suggestion: …)        for names given as arguments
    <stdin>:LINE:COL: severity code: message (…)        for names read from stdin
  and names given as arguments that pass: "NAME: valid (C)"; counts on stderr.
  json: one JSON object a line for every name: { name, line, valid, errors, warnings, suggestion }.
  --errors-only       report errors only (valid names are then not examined further)
Without --convention, each name is checked in every convention (explainName): a name is valid
when some convention takes it, and the conventions it misses narrowly are named with their fix,
nearest first, so a pasted mistake is caught whatever convention was meant:
  text: "NAME: valid in C, …" or "NAME: valid in no convention" (for stdin: only the latter, as
    <stdin>:LINE: NAME: …), then a line for each near miss's diagnostics:
    NAME: near miss of C: severity code: message (suggestion: …)
  json: { name, line, valid, validIn: [C…], nearMisses: [{ convention, distance, suggestion,
    errors, warnings }], suggestion } (suggestion: the nearest near miss's, for an invalid name).
  --errors-only       only names valid in no convention, with their near misses
${conventionHelp}

Conventions and styles are two things that share some names. A convention is how a name is
written where it is read: --convention claude is Claude Code's qualified mcp__<server>__<tool>.
A style is how a gateway (the package's Router) names what it exposes: --style claude is
<server>__<tool>, which the client shows as mcp__<gateway>__<server>__<tool>.
  --style S, -s S      check each NAME as router style S exposes it (${STYLE_IDS.join(', ')}): its client
                       form (${Object.entries(STYLES).filter(([, s]) => s.qualifies).map(([id]) => id).join(' and ')}: mcp__<gateway>__NAME) in the convention of the same name
  --gateway NAME       with --style: the gateway's name in the client (default: syntropy for the
                       syntropy style, else gateway)
A name that --convention syntropy or claude refuses but the style of that name exposes as it is
(a pasted exposed name) gets a note saying so.

Exit status: 0 all valid, 1 some invalid, 2 bad usage.

Examples:
  mcp-naming validate MyProject:CreateTask myproject:create_task --convention chora
  mcp-naming validate mcp__syntropy_thinking_sequentialthinking
  mcp-naming validate everything__echo --style claude
  cut -f1 names.tsv | mcp-naming validate -c mcp --format json > reports.ndjson
`;

const ORDER = new Map(CONVENTIONS.map((c, i) => [c, i]));

/**
 * explainName's answer split: the conventions the name is valid in (in the package's order of
 * conventions, as detectConventions gives them), those valid with warnings, and the near misses
 * (invalid, with a suggestion), nearest first.
 * @param {string} name
 * @param {Options} [options]
 */
export function explain(name, options) {
  const all = explainName(name, options);
  const valid = all.filter((r) => r.valid).sort((a, b) => (ORDER.get(a.convention) ?? 0) - (ORDER.get(b.convention) ?? 0));
  const nearMisses = all.filter((r) => !r.valid && r.suggestion !== null && r.distance !== null);
  return { valid, nearMisses };
}

/**
 * validate without --convention: every convention's verdict, near misses with their fix.
 * @param {CliFlags} flags
 * @param {IO} io
 * @param {Batches} batches
 * @param {Options | undefined} options
 */
async function runEvery(flags, io, batches, options) {
  const json = flags.format === 'json';
  const p = palette(!json && useColor(io.stdout, stringFlag(flags, 'color')));
  const errorsOnly = flags['errors-only'] === true;
  let total = 0;
  let invalid = 0;
  let near = 0;
  for await (const batch of batches) {
    let out = '';
    for (const { name, line } of batch) {
      total++;
      const { valid, nearMisses } = explain(name, options);
      const ok = valid.length > 0;
      if (!ok) invalid++;
      if (nearMisses.length) near++;
      if (json) {
        out += `${JSON.stringify({
          name, line, valid: ok, validIn: valid.map((r) => r.convention),
          nearMisses: nearMisses.map(({ convention, distance, suggestion, errors, warnings }) => {
            const note = styleNote(name, convention, options);
            return { convention, distance, suggestion, errors, warnings, ...(note ? { styleForm: { style: note.style, qualified: note.qualified } } : {}) };
          }),
          suggestion: ok ? null : nearMisses[0]?.suggestion ?? null,
        })}\n`;
        continue;
      }
      if (errorsOnly && ok) continue;
      /** @param {Diagnostic} d */
      const at = (d) => (line === null ? `${name}:` : `<stdin>:${line}:${d.start + 1}:`);
      const about = line === null ? '' : ` [${name}]`;
      if (line === null) out += ok ? `${name}: ${p.green('valid')} in ${valid.map((r) => r.convention).join(', ')}\n` : `${name}: ${p.red('valid in no convention')}\n`;
      else if (!ok) out += `${p.bold(`<stdin>:${line}:`)} ${name}: ${p.red('valid in no convention')}\n`;
      /** @param {{ suggestion: string | null }} r @param {string} label @param {Diagnostic[]} diagnostics */
      const lines = (r, label, diagnostics) => {
        for (const d of diagnostics) {
          const severity = d.severity === 'error' ? p.red('error') : p.yellow('warning');
          const suggestion = r.suggestion ? ` (suggestion: ${p.green(r.suggestion)})` : '';
          out += `${p.bold(at(d))} ${label}: ${severity} ${p.cyan(d.code)}: ${d.message}${suggestion}${about}\n`;
        }
      };
      if (!errorsOnly) for (const r of valid) lines(r, r.convention, r.warnings);
      for (const r of nearMisses) {
        lines(r, `near miss of ${r.convention}`, errorsOnly ? r.errors : [...r.errors, ...r.warnings]);
        const note = styleNote(name, r.convention, options);
        if (note) out += `${p.bold(line === null ? `${name}:` : `<stdin>:${line}:`)} ${p.cyan('note')}: ${note.note}${about}\n`;
      }
    }
    await write(io.stdout, out);
  }
  if (!json) {
    io.stderr.write(`${total} name${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid${near ? `, ${near} with near misses` : ''} (every convention)\n`);
  }
  return invalid > 0 ? 1 : 0;
}

/**
 * validate --style S: each name as the style exposes it (its client form, in the convention of that name).
 * @param {CliFlags} flags
 * @param {IO} io
 * @param {Batches} batches
 * @param {Options | undefined} options
 */
async function runStyle(flags, io, batches, options) {
  const style = stringFlag(flags, 'style') ?? '';
  const json = flags.format === 'json';
  const p = palette(!json && useColor(io.stdout, stringFlag(flags, 'color')));
  let total = 0;
  let invalid = 0;
  let warned = 0;
  for await (const batch of batches) {
    let out = '';
    for (const { name, line } of batch) {
      total++;
      const r = validateExposed(name, style, { gateway: stringFlag(flags, 'gateway'), options });
      if (!r.valid) invalid++;
      if (r.warnings.length) warned++;
      if (json) {
        out += `${JSON.stringify({ name, line, style, qualified: r.qualified, valid: r.valid, errors: r.errors, warnings: r.warnings, suggestion: r.suggestion })}\n`;
        continue;
      }
      const diagnostics = flags['errors-only'] ? r.errors : [...r.errors, ...r.warnings];
      for (const d of diagnostics) {
        const where = line === null ? `${name}:` : `<stdin>:${line}:${d.start + 1}:`;
        const severity = d.severity === 'error' ? p.red('error') : p.yellow('warning');
        const suggestion = r.suggestion ? ` (suggestion: ${p.green(r.suggestion)})` : '';
        const about = line === null ? '' : ` [${name}]`;
        out += `${p.bold(where)} ${severity} ${p.cyan(d.code)}: ${d.message}${suggestion}${about}\n`;
      }
      if (line === null && r.valid && diagnostics.length === 0) out += `${name}: ${p.green('valid')} (${style} style, shown as ${r.qualified})\n`;
    }
    await write(io.stdout, out);
  }
  if (!json) {
    io.stderr.write(`${total} name${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid${warned ? `, ${warned} with warnings` : ''} (${style} style)\n`);
  }
  return invalid > 0 ? 1 : 0;
}

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function run({ flags, positionals }, io) {
  const convention = conventionFlag(flags, 'convention');
  const options = namingOptions(flags);
  if (flags.style !== undefined && convention !== undefined) {
    throw new UsageError('give --convention or --style, not both: a convention is how a name is written where it is read, a style how a gateway exposes it');
  }
  if (flags.gateway !== undefined && flags.style === undefined) throw new UsageError('--gateway goes with --style');
  const fromStdin = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-');
  const batches = fromStdin ? lineBatches(io.stdin) : argBatches(positionals);
  if (flags.style !== undefined) return runStyle(flags, io, batches, options);
  if (convention === undefined) return runEvery(flags, io, batches, options);
  const json = flags.format === 'json';
  const p = palette(!json && useColor(io.stdout, stringFlag(flags, 'color')));
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
      const note = report && !report.valid ? styleNote(name, convention, options) : null;
      if (json) {
        const r = report ?? { valid: true, errors: [], warnings: [], suggestion: null };
        const styleForm = note ? { styleForm: { style: note.style, qualified: note.qualified } } : {};
        out += `${JSON.stringify({ name, line, valid: r.valid, errors: r.errors, warnings: r.warnings, suggestion: r.suggestion, ...styleForm })}\n`;
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
      if (note) out += `${p.bold(line === null ? `${name}:` : `<stdin>:${line}:`)} ${p.cyan('note')}: ${note.note}${line === null ? '' : ` [${name}]`}\n`;
      if (line === null && report.valid && diagnostics.length === 0) out += `${name}: ${p.green('valid')} (${convention})\n`;
    });
    await write(io.stdout, out);
  }
  if (!json) {
    io.stderr.write(`${total} name${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid${warned ? `, ${warned} with warnings` : ''} (${convention})\n`);
  }
  return invalid > 0 ? 1 : 0;
}
