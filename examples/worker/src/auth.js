// Callers: a bearer token per caller, from the REGISTRY_TOKENS secret
// (`{ "<token>": { "caller_id": "...", "scopes": ["..."] } }`). Tokens are kept only as their
// SHA-256 digests, so a lookup compares digests, not the secret strings themselves.
import { ApiError } from './errors.js';
import { authenticate as authenticateAs } from '../../workers-shared/auth.js';

/** The scope of the admin routes. */
export const ADMIN_SCOPE = 'registry:write';
/** The scope of executors, which record results. */
export const EXECUTOR_SCOPE = 'registry:execute';

/** The caller the request's bearer token names; 401 without one. */
export function authenticate(request, env) {
  return authenticateAs(request, env, 'mcp-registry');
}

/** 403 unless the caller holds one of `scopes`, naming them. */
export function requireScope(caller, scopes, what) {
  if (scopes.some((s) => caller.scopes.includes(s))) return;
  const list = scopes.join(', ');
  throw new ApiError('missing_scope', `${what} needs scope ${scopes.length > 1 ? `one of ${list}` : list}; caller ${caller.caller_id} has ${caller.scopes.join(', ') || 'none'}`, {
    required_scopes: scopes,
  });
}
