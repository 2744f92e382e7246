// Callers: a bearer token per caller, from the REGISTRY_TOKENS secret
// (`{ "<token>": { "caller_id": "...", "scopes": ["..."] } }`). Tokens are kept only as their
// SHA-256 digests, so a lookup compares digests, not the secret strings themselves. What a scope
// grants is each Worker's own (its src/auth.js).
import { ApiError } from './errors.js';
import { sha256Hex } from './digest.js';

let cached = { source: null, callers: null };

/** Map of token digest -> { caller_id, scopes }, parsed once per isolate and secret value. */
async function callers(env) {
  const source = env.REGISTRY_TOKENS;
  if (cached.source === source && cached.callers) return cached.callers;
  const parsed = parseTokens(source);
  const map = new Map();
  for (const [token, caller] of parsed) map.set(await sha256Hex(token), caller);
  cached = { source, callers: map };
  return map;
}

function unconfigured(why) {
  return new ApiError('auth_unconfigured', `the REGISTRY_TOKENS secret ${why}`);
}

/** The secret's entries, checked: a misconfigured secret refuses every request (503), not some. */
export function parseTokens(source) {
  if (typeof source !== 'string' || source.trim() === '') throw unconfigured('is not set');
  let value;
  try {
    value = JSON.parse(source);
  } catch {
    throw unconfigured('is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unconfigured('must be a JSON object of token -> caller');
  const out = [];
  for (const [token, caller] of Object.entries(value)) {
    const keys = caller && typeof caller === 'object' ? Object.keys(caller).sort().join(',') : '';
    const ok = token.length >= 16
      && keys === 'caller_id,scopes'
      && typeof caller.caller_id === 'string' && caller.caller_id !== ''
      && Array.isArray(caller.scopes) && caller.scopes.every((s) => typeof s === 'string');
    // The token itself never goes into a message.
    if (!ok) throw unconfigured(`has an entry that is not { "caller_id": string, "scopes": [string] } with a token of at least 16 characters (entry ${out.length + 1})`);
    out.push([token, Object.freeze({ caller_id: caller.caller_id, scopes: Object.freeze([...caller.scopes]) })]);
  }
  return out;
}

/** The caller the request's bearer token names; 401 without one, the challenge naming `realm`. */
export async function authenticate(request, env, realm) {
  const CHALLENGE = { 'www-authenticate': `Bearer realm="${realm}"` };
  const map = await callers(env);
  const header = request.headers.get('authorization');
  if (header === null) throw new ApiError('missing_token', 'send Authorization: Bearer <token>', {}, CHALLENGE);
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw new ApiError('invalid_token', 'the Authorization header is not "Bearer <token>"', {}, CHALLENGE);
  const caller = map.get(await sha256Hex(match[1]));
  if (!caller) throw new ApiError('invalid_token', 'the bearer token is not known', {}, CHALLENGE);
  return caller;
}
