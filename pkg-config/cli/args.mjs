// Command-line arguments, read by node:util parseArgs: `--name value`, `--name=value`, `-x value`,
// `-xvalue`, boolean flags, repeatable flags, positionals, and everything after `--` kept apart.
// Bad usage is a UsageError (exit 2), worded here from parseArgs' tokens.
import { parseArgs as parse } from 'node:util';

export class UsageError extends Error {}

/** Something outside the arguments stopped the run: a server that would not start, a file (exit 3). */
export class RunError extends Error {}

/**
 * A flag: parseArgs' option with the values a string option may take.
 * @typedef {{ type: 'string' | 'boolean', short?: string, multiple?: boolean, choices?: readonly string[] }} Flag
 */
/**
 * A command's streams (main.mjs's `io`: the process's own, or a test's).
 * @typedef {{ stdin: NodeJS.ReadableStream & AsyncIterable<string> & { isTTY?: boolean, setEncoding?: (encoding: 'utf8') => unknown },
 *   stdout: NodeJS.WritableStream & { isTTY?: boolean }, stderr: NodeJS.WritableStream & { isTTY?: boolean } }} IO
 */
/** What flags a run was given: a string, true, or (repeatable) a list of them. @typedef {Record<string, string | boolean | (string | boolean)[]>} Flags */

/** What a command takes. @typedef {{ options: Record<string, Flag> }} Spec */
/** A command's arguments, read. @typedef {ReturnType<typeof parseArgs>} Args */

/**
 * A string flag's value, or undefined when it was not given.
 * @param {Flags} flags
 * @param {string} name
 */
export function stringFlag(flags, name) {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * spec: { options: { name: { type: 'string' | 'boolean', short?: 'x', multiple?: true, choices?: [] } } },
 * parseArgs' options with the values a string option may take. -h and --help ask for help.
 * Returns { flags: { name: value | true | value[] }, positionals: [], rest: [] | null, help }.
 * @param {string[]} argv
 * @param {Spec} spec
 * @returns {{ flags: Flags, positionals: string[], rest: string[] | null, help: boolean }}
 */
export function parseArgs(argv, spec) {
  /** @type {NonNullable<import('node:util').ParseArgsConfig['options']>} */
  const options = { help: { type: 'boolean', short: 'h' } };
  for (const [name, { choices, ...option }] of Object.entries(spec.options)) options[name] = option;
  // Not strict: parseArgs' own errors are worded for its API; these are worded for the command.
  const { tokens } = parse({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  /** @type {Flags} */
  const flags = {};
  /** @type {string[]} */
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
    const option = Object.hasOwn(spec.options, name) ? spec.options[name] : undefined;
    if (!option) throw new UsageError(`unknown option ${token.rawName.startsWith('--') ? token.rawName : argv[token.index]}`);
    /** @type {string | boolean} */
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
    const had = flags[name];
    if (option.multiple) flags[name] = Array.isArray(had) ? [...had, v] : [v];
    else if (name in flags) throw new UsageError(`--${name} given twice`);
    else flags[name] = v;
  }
  return { flags, positionals, rest, help };
}

/**
 * A comma-separated list flag (given once or repeated) as an array, or undefined.
 * @param {Flags[string] | undefined} value
 * @returns {string[] | undefined}
 */
export function listFlag(value) {
  if (value === undefined) return undefined;
  return [value].flat().flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter(Boolean);
}
