// --convention and the options the package takes with it, shared by lint, validate and convert.
import { CONVENTIONS } from './naming.mjs';
import { UsageError, listFlag } from './args.mjs';

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
export function namingOptions(flags) {
  const options = {};
  if (flags.namespace !== undefined) options.expectedNamespace = flags.namespace;
  const servers = listFlag(flags.servers);
  if (servers) options.servers = servers;
  const builtins = listFlag(flags.builtins);
  if (builtins) options.builtins = builtins;
  if (flags.project !== undefined) options.project = flags.project;
  const actions = listFlag(flags.actions);
  if (actions) options.actions = actions;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** The convention flag, required. */
export function requireConvention(flags, what = '--convention') {
  if (flags.convention === undefined) {
    throw new UsageError(`${what} is required (one of ${CONVENTIONS.join(', ')})`);
  }
  return flags.convention;
}
