// mcp-naming convert: a name from one convention to another; stdin one a line when no name.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { convertToolName, NamingError } from '../naming.mjs';
import { CONVENTIONS } from '../naming.mjs';
import { UsageError } from '../args.mjs';
import { conventionFlag, conventionFlags, conventionHelp, namingOptions } from '../conventions.mjs';
import { lineBatches, argBatches, write } from '../stream.mjs';

const { convention: _, ...optionFlags } = conventionFlags;

/** @type {Spec} */
export const spec = {
  options: {
    ...optionFlags,
    from: { type: 'string', choices: CONVENTIONS },
    to: { type: 'string', choices: CONVENTIONS },
    format: { type: 'string', short: 'f', choices: ['text', 'json'] },
  },
};

export const help = `Usage: mcp-naming convert [NAME…] --from A --to B [--format text|json]

Writes each NAME (or each line of stdin when no NAME is given, streamed; blank lines skipped)
as the convention B writes it. A name that does not convert leaves an empty line on stdout, so
lines stay aligned with the input, and its reason on stderr:
  NAME: code: message   (arguments)    <stdin>:LINE: code: message [NAME]   (stdin)
  json: one object a line: { name, line, converted, error: { code, message, suggestions } | null }
${conventionHelp.replace('Conventions (--convention, -c)', 'Conventions (--from, --to)')}

Exit status: 0 all converted, 1 some did not, 2 bad usage.

Examples:
  mcp-naming convert myproject:create_task --from chora --to agent        # myproject__create_task
  mcp-naming convert mcp__syntropy__context7_get_library_docs --from syntropy --to claude
  mcp-naming convert --from claude --to syntropy < permissions.txt
`;

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {Promise<number>}
 */
export async function run({ flags, positionals }, io) {
  const from = conventionFlag(flags, 'from');
  const to = conventionFlag(flags, 'to');
  if (!from || !to) throw new UsageError('--from and --to are both required');
  const options = namingOptions(flags);
  const fromStdin = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-');
  const batches = fromStdin ? lineBatches(io.stdin) : argBatches(positionals);
  const json = flags.format === 'json';
  let failed = 0;
  for await (const batch of batches) {
    let out = '';
    let err = '';
    for (const { name, line } of batch) {
      try {
        const converted = convertToolName(name, from, to, options);
        out += json ? `${JSON.stringify({ name, line, converted, error: null })}\n` : `${converted}\n`;
      } catch (e) {
        if (!(e instanceof NamingError)) throw e;
        failed++;
        if (json) {
          out += `${JSON.stringify({ name, line, converted: null, error: { code: e.code, message: e.message, suggestions: e.suggestions } })}\n`;
        } else {
          out += '\n';
          err += line === null ? `${name}: ${e.code}: ${e.message}\n` : `<stdin>:${line}: ${e.code}: ${e.message} [${name}]\n`;
        }
      }
    }
    if (err) io.stderr.write(err);
    await write(io.stdout, out);
  }
  return failed > 0 ? 1 : 0;
}
