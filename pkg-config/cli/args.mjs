// Command-line arguments, read by node:util parseArgs: `--name value`, `--name=value`, `-x value`,
// `-xvalue`, boolean flags, repeatable flags, positionals, and everything after `--` kept apart.
// Bad usage is a UsageError (exit 2), worded here from parseArgs' tokens.
import { parseArgs as parse } from 'node:util';

export class UsageError extends Error {}

/** Something outside the arguments stopped the run: a server that would not start, a file (exit 3). */
export class RunError extends Error {}

/**
 * spec: { options: { name: { type: 'string' | 'boolean', short?: 'x', multiple?: true, choices?: [] } } },
 * parseArgs' options with the values a string option may take. -h and --help ask for help.
 * Returns { flags: { name: value | true | value[] }, positionals: [], rest: [] | null, help }.
 */
export function parseArgs(argv, spec) {
  const options = { help: { type: 'boolean', short: 'h' } };
  for (const [name, { choices, ...option }] of Object.entries(spec.options)) options[name] = option;
  // Not strict: parseArgs' own errors are worded for its API; these are worded for the command.
  const { tokens } = parse({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const flags = {};
  const positionals = [];
  let rest = null;
  let help = false;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      rest = argv.slice(token.index + 1);
      break;
    }
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const { name, value } = token;
    if (name === 'help' && value === undefined) {
      help = true;
      continue;
    }
    const option = spec.options[name];
    if (!option) throw new UsageError(`unknown option ${token.rawName.startsWith('--') ? token.rawName : argv[token.index]}`);
    let v = true;
    if (option.type === 'string') {
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (option.choices && !option.choices.includes(value)) {
        throw new UsageError(`--${name} must be one of ${option.choices.join(', ')} (got ${JSON.stringify(value)})`);
      }
      v = value;
    } else if (value !== undefined) {
      throw new UsageError(`--${name} takes no value`);
    }
    if (option.multiple) (flags[name] ??= []).push(v);
    else if (name in flags) throw new UsageError(`--${name} given twice`);
    else flags[name] = v;
  }
  return { flags, positionals, rest, help };
}

/** A comma-separated list flag (given once or repeated) as an array, or undefined. */
export function listFlag(value) {
  if (value === undefined) return undefined;
  return [value].flat().flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
}
