// The registry's settings, from the Worker's vars (wrangler.toml [vars], --var, or the dashboard).
// A value that is not what it should be refuses every request (503 settings_invalid), as a
// misconfigured REGISTRY_TOKENS does, rather than running with a guess.
import { ApiError } from './errors.js';

const NUMBERS = {
  // How long discovery waits for one server (connect and every page of tools/list).
  DISCOVERY_DEADLINE_MS: 5_000,
  // How long a list stays fresh when its server gives no ttlMs.
  DEFAULT_TTL_MS: 300_000,
  // The longest a list stays fresh, whatever ttlMs its server gives.
  MAX_TTL_MS: 86_400_000,
  // How long a forwarded tools/call may take.
  CALL_TIMEOUT_MS: 30_000,
  // A failed server is tried again after RETRY_BASE_MS, doubling up to RETRY_MAX_MS.
  RETRY_BASE_MS: 1_000,
  RETRY_MAX_MS: 300_000,
  // Retries the object wakes itself for (an alarm each); later ones wait for a request.
  RETRY_ALARMS: 8,
  // MCP sessions an agent's object keeps; past that, the least recently used is closed.
  MAX_SESSIONS: 1_000,
};

const PROVIDERS = ['openai', 'anthropic', 'gemini', 'bedrock', 'mistral'];

let cached = { key: null, settings: null };

/** The settings for `env`, parsed once per isolate and set of values. */
export function settings(env) {
  const key = JSON.stringify([...Object.keys(NUMBERS), 'ALLOW_HTTP_UPSTREAMS', 'PROVIDER', 'ALLOWED_ORIGINS'].map((k) => env[k] ?? null));
  if (cached.key === key) return cached.settings;
  const out = {};
  for (const [name, fallback] of Object.entries(NUMBERS)) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      out[name] = fallback;
      continue;
    }
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0) throw invalid(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
    out[name] = value;
  }
  const allow = env.ALLOW_HTTP_UPSTREAMS ?? 'false';
  if (allow !== 'true' && allow !== 'false') throw invalid(`ALLOW_HTTP_UPSTREAMS must be "true" or "false", not ${JSON.stringify(allow)}`);
  out.ALLOW_HTTP_UPSTREAMS = allow === 'true';
  const provider = env.PROVIDER ?? '';
  if (provider !== '' && !PROVIDERS.includes(provider)) throw invalid(`PROVIDER must be one of ${PROVIDERS.join(', ')} (or unset), not ${JSON.stringify(provider)}`);
  out.PROVIDER = provider || null;
  const origins = env.ALLOWED_ORIGINS ?? '';
  out.ALLOWED_ORIGINS = origins.split(',').map((o) => o.trim()).filter(Boolean);
  cached = { key, settings: Object.freeze(out) };
  return cached.settings;
}

/** The bearer token for a server that requires one, from the UPSTREAM_CREDENTIALS secret. */
export function credentialFor(env, agent, server) {
  const source = env.UPSTREAM_CREDENTIALS;
  if (source === undefined || source === '') return null;
  let map;
  try {
    map = JSON.parse(source);
  } catch {
    throw invalid('UPSTREAM_CREDENTIALS is not JSON: it must be { "<server>" or "<agent>/<server>": "<token>" }');
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw invalid('UPSTREAM_CREDENTIALS must be a JSON object of "<server>" or "<agent>/<server>" -> token');
  const token = map[`${agent}/${server}`] ?? map[server];
  if (token === undefined) return null;
  if (typeof token !== 'string' || token === '' || /[\r\n]/.test(token)) throw invalid(`UPSTREAM_CREDENTIALS has a token for ${server} that is not a one-line string`);
  return token;
}

function invalid(message) {
  return new ApiError('settings_invalid', message);
}
