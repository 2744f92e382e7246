// Callers: a bearer token per caller, from the REGISTRY_TOKENS secret
// (`{ "<token>": { "caller_id": "...", "scopes": ["..."] } }`), read as examples/worker reads
// it (../../workers-shared/auth.js): tokens are kept only as their SHA-256 digests.
//
// Scopes name an agent (the Durable Object a caller reaches) or `*` for every agent:
//   agent:<name>   use the agent's MCP endpoint and read its servers and tools
//   admin:<name>   add, replace, enable, disable and remove its servers, set its aliases
import { ApiError } from './errors.js';
import { authenticate as authenticateAs } from '../../workers-shared/auth.js';

/** The caller the request's bearer token names; 401 without one. */
export function authenticate(request, env) {
  return authenticateAs(request, env, 'mcp-agent-registry');
}

/** 403 unless the caller holds `<kind>:<agent>` or `<kind>:*`. */
export function requireScope(caller, kind, agent, what) {
  if (caller.scopes.includes(`${kind}:${agent}`) || caller.scopes.includes(`${kind}:*`)) return;
  throw new ApiError('missing_scope', `${what} needs scope ${kind}:${agent} (or ${kind}:*); caller ${caller.caller_id} has ${caller.scopes.join(', ') || 'none'}`, {
    required_scopes: [`${kind}:${agent}`, `${kind}:*`],
  });
}
