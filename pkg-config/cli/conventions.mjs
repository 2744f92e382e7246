// --convention and the options the package takes with it, shared by lint, validate and convert.
import { CONVENTIONS } from './naming.mjs';
import { UsageError, listFlag, stringFlag } from './args.mjs';

/** @satisfies {Record<string, import('./args.mjs').Flag>} */
export const conventionFlags = {
  convention: { type: 'string', short: 'c', choices: CONVENTIONS },
  namespace: { type: 'string' },
  servers: { type: 'string', multiple: true },
  builtins: { type: 'string', multiple: true },
  project: { type: 'string' },
  actions: { type: 'string', multiple: true },
};

export const conventionHelp = `Conventions (--convention, -c): ${CONVENTIONS.join(', ')}.
  --namespace NS       chora: the namespace names must have (and the one suggestions add)
  --servers a,b        syntropy, claude, agent: the known servers
  --builtins a,b       syntropy, agent: the gateway's own tools
  --project NAME       chora: the project claiming the namespace (reserved namespaces)
  --actions a,b        openproject: the known actions, replacing the default list`;

/**
 * The package's Options from the flags (only those given), or undefined when none is: the
 * package answers clean names on its fast path only when no options object is passed.
 */
/** @import { Flags } from './args.mjs' */
/** @import { ConventionId, Options } from './naming.mjs' */

/**
 * @param {Flags} flags
 * @returns {Options | undefined}
 */
export function namingOptions(flags) {
  /** @type {Options} */
  const options = {};
  const namespace = stringFlag(flags, 'namespace');
  if (namespace !== undefined) options.expectedNamespace = namespace;
  const servers = listFlag(flags.servers);
  if (servers) options.servers = servers;
  const builtins = listFlag(flags.builtins);
  if (builtins) options.builtins = builtins;
  const project = stringFlag(flags, 'project');
  if (project !== undefined) options.project = project;
  const actions = listFlag(flags.actions);
  if (actions) options.actions = actions;
  return Object.keys(options).length > 0 ? options : undefined;
}

/**
 * A flag naming a convention (its choices are CONVENTIONS), or undefined when not given.
 * @param {Flags} flags
 * @param {string} name
 * @returns {ConventionId | undefined}
 */
export function conventionFlag(flags, name) {
  const value = stringFlag(flags, name);
  return CONVENTIONS.find((c) => c === value);
}

/**
 * The convention flag, required (parseArgs has held it to its choices, CONVENTIONS).
 * @param {Flags} flags
 * @param {string} [what]
 * @returns {ConventionId}
 */
export function requireConvention(flags, what = '--convention') {
  const convention = conventionFlag(flags, 'convention');
  if (convention === undefined) {
    throw new UsageError(`${what} is required (one of ${CONVENTIONS.join(', ')})`);
  }
  return convention;
}
