// Command-line arguments: `--name value`, `--name=value`, `-x value`, boolean flags, repeatable
// flags, positionals, and everything after `--` kept apart. Bad usage is a UsageError (exit 2).

export class UsageError extends Error {}

/** Something outside the arguments stopped the run: a server that would not start, a file (exit 3). */
export class RunError extends Error {}

/**
 * spec: { flags: { name: { value?: true, alias?: 'x', choices?: [], repeat?: true } } }
 * Returns { flags: { name: value | true | value[] }, positionals: [], rest: [] | null, help }.
 */
export function parseArgs(argv, spec) {
  const flags = {};
  const positionals = [];
  let rest = null;
  let help = false;
  const byAlias = {};
  for (const [name, f] of Object.entries(spec.flags)) if (f.alias) byAlias[f.alias] = name;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      rest = argv.slice(i + 1);
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    let name;
    let inline;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else {
      name = byAlias[arg.slice(1, 2)];
      if (name === undefined) throw new UsageError(`unknown option ${arg}`);
      inline = arg.length > 2 ? arg.slice(2) : undefined;
    }
    const f = spec.flags[name];
    if (!f) throw new UsageError(`unknown option --${name}`);
    let v = true;
    if (f.value) {
      v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`--${name} needs a value`);
      if (f.choices && !f.choices.includes(v)) {
        throw new UsageError(`--${name} must be one of ${f.choices.join(', ')} (got ${JSON.stringify(v)})`);
      }
    } else if (inline !== undefined) {
      throw new UsageError(`--${name} takes no value`);
    }
    if (f.repeat) (flags[name] ??= []).push(v);
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
