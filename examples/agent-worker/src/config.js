// The registry's configuration, checked before anything is stored: each server as the seed's
// MCPServerConfig, the aliases of the migration, and the Router they make together. The package
// decides what a server name, an alias and a routing table may be; this file checks only the
// fields the package has no opinion on (the URL, the display name, the types).
import { Router, NamingError, formatToolName, parseToolName, validateToolName } from 'mcp-naming';
import { ApiError, diagnostic } from './errors.js';

/** The gateway's own tools: unprefixed, answered by the registry itself. */
export const BUILTINS = ['list_mcps', 'list_tools'];

/** The fields of a server (the seed's MCPServerConfig), in the order they are shown. */
export const SERVER_FIELDS = ['name', 'displayName', 'url', 'enabled', 'requiresAuth', 'description'];

const MAX_URL = 2048;
const MAX_DISPLAY_NAME = 200;
const MAX_DESCRIPTION = 2000;
/** At most this many servers per agent. */
export const MAX_SERVERS = 64;

/** The Router's configuration for these servers and aliases (style 'agent', the built-ins unprefixed). */
export function routerConfig(servers, aliases, provider) {
  return {
    style: 'agent',
    servers: servers.map((s) => ({ name: s.name, enabled: s.enabled })),
    builtins: BUILTINS,
    aliases,
    ...(provider ? { provider } : {}),
  };
}

/**
 * A Router for a candidate configuration, or the package's refusal as `invalid_config` (422)
 * with its diagnostics (each naming its path: `servers[2].name`, `aliases["memory_save"]`).
 */
export function buildRouter(servers, aliases, provider) {
  try {
    return new Router(routerConfig(servers, aliases, provider));
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    throw new ApiError('invalid_config', e.message, { naming_code: e.code, diagnostics: e.diagnostics });
  }
}

/**
 * Checks a server's name as the agent convention has it. The Router is the authority (it refuses
 * the name with invalid_config); its refusal carries no suggestion, so the name is also formatted
 * as `<name>__x` with formatToolName, whose refusal does (see README: what the package lacks).
 */
export function checkServerName(name) {
  if (typeof name !== 'string') return [diagnostic('wrong_type', 'name', `must be a string, got ${kind(name)}`)];
  try {
    new Router({ style: 'agent', servers: [{ name }], builtins: BUILTINS });
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    const refusal = e.diagnostics.find((d) => d.path === 'servers[0].name') ?? e.diagnostics[0];
    const out = { code: 'invalid_server_name', severity: 'error', message: `name: ${refusal.message.replace(/^servers\[0\]\.name: /, '')}`, path: 'name' };
    const probe = probeName(name);
    if (probe.codes.length) out.codes = probe.codes;
    if (probe.suggestion) out.suggestion = probe.suggestion;
    return [out];
  }
  // The Router takes any length without a provider; the convention's own 64-character limit is
  // checked on `<name>__x`, the shortest name a tool of this server can have.
  const report = validateToolName(`${name}__x`, 'agent', { servers: [name] });
  const tooLong = report.errors.find((d) => d.code === 'too_long');
  if (tooLong) return [{ code: 'invalid_server_name', severity: 'error', message: `name: a tool of this server would be named "${name}__<tool>": ${tooLong.message}`, path: 'name', codes: ['too_long'] }];
  return [];
}

function probeName(name) {
  try {
    formatToolName({ mcp: name, tool: 'x' }, 'agent');
    return { codes: [], suggestion: null };
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    let suggestion = null;
    for (const s of e.suggestions) {
      try {
        suggestion = parseToolName(s, 'agent').mcp;
        break;
      } catch { /* not a name of the convention: no suggestion */ }
    }
    return { codes: e.diagnostics.map((d) => d.code), suggestion };
  }
}

/**
 * The server config in `body` for the name in the path, checked and completed with its defaults
 * (`enabled: true`, `requiresAuth: false`). Throws invalid_server (422) with a diagnostic per
 * problem, and `suggestion` when the name can be fixed.
 */
export function checkServerConfig(body, pathName, { allowHttp }) {
  if (!isObject(body)) {
    throw new ApiError('invalid_server', 'the body must be a JSON object (MCPServerConfig)', { diagnostics: [diagnostic('wrong_type', '', `must be an object, got ${kind(body)}`)] });
  }
  const problems = [];
  for (const field of Object.keys(body)) {
    if (!SERVER_FIELDS.includes(field)) problems.push(diagnostic('unknown_field', field, `is not a field: use ${SERVER_FIELDS.join(', ')}`));
  }
  const name = Object.hasOwn(body, 'name') ? body.name : pathName;
  if (Object.hasOwn(body, 'name') && body.name !== pathName) {
    throw new ApiError('id_mismatch', `the body's name ${JSON.stringify(body.name)} is not the one in the path (${JSON.stringify(pathName)})`);
  }
  problems.push(...checkServerName(name));

  const { url, displayName, description } = body;
  if (!Object.hasOwn(body, 'url')) problems.push(diagnostic('missing_field', 'url', 'is required'));
  else problems.push(...checkUrl(url, allowHttp));
  if (!Object.hasOwn(body, 'displayName')) problems.push(diagnostic('missing_field', 'displayName', 'is required'));
  else if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > MAX_DISPLAY_NAME) {
    problems.push(diagnostic('invalid_value', 'displayName', `must be a non-empty string of at most ${MAX_DISPLAY_NAME} characters`));
  }
  if (Object.hasOwn(body, 'description') && (typeof description !== 'string' || description.length > MAX_DESCRIPTION)) {
    problems.push(diagnostic('invalid_value', 'description', `must be a string of at most ${MAX_DESCRIPTION} characters`));
  }
  for (const flag of ['enabled', 'requiresAuth']) {
    if (Object.hasOwn(body, flag) && typeof body[flag] !== 'boolean') problems.push(diagnostic('wrong_type', flag, `must be a boolean, got ${kind(body[flag])}`));
  }
  if (problems.length) {
    const fix = problems.find((p) => p.suggestion);
    throw new ApiError('invalid_server', problems.map((d) => d.message).join('; '), {
      diagnostics: problems,
      ...(fix ? { suggestion: { name: fix.suggestion } } : {}),
    });
  }
  return {
    name,
    displayName,
    url,
    enabled: body.enabled ?? true,
    requiresAuth: body.requiresAuth ?? false,
    ...(description === undefined ? {} : { description }),
  };
}

function checkUrl(url, allowHttp) {
  if (typeof url !== 'string' || url.length > MAX_URL) return [diagnostic('invalid_value', 'url', `must be a string of at most ${MAX_URL} characters`)];
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return [diagnostic('invalid_url', 'url', `${JSON.stringify(url)} is not an absolute URL`)];
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) {
    return [diagnostic('invalid_url', 'url', `must be https:${allowHttp ? ' or http:' : ' (http: only with ALLOW_HTTP_UPSTREAMS=true)'}, not ${parsed.protocol}`)];
  }
  if (parsed.username || parsed.password) return [diagnostic('invalid_url', 'url', 'must not carry credentials: set requiresAuth and the UPSTREAM_CREDENTIALS secret')];
  if (parsed.hash) return [diagnostic('invalid_url', 'url', 'must not have a fragment')];
  return [];
}

/**
 * The aliases of a migration, `{ old name: current name }`, each checked with the package: the
 * current name must be a valid agent name, and the Router (with the servers) must accept the set.
 * An old name the package does not know as a pre-migration name is accepted with its warning.
 */
export function checkAliases(body) {
  if (!isObject(body) || !isObject(body.aliases) || Object.keys(body).some((k) => k !== 'aliases')) {
    throw new ApiError('invalid_request', 'the body must be { "aliases": { "<old name>": "<current name>" } }', {
      diagnostics: [diagnostic('wrong_type', 'aliases', 'must be an object of old name -> current name')],
    });
  }
  const problems = [];
  const warnings = [];
  for (const [from, to] of Object.entries(body.aliases)) {
    const path = `aliases[${JSON.stringify(from)}]`;
    if (typeof to !== 'string') {
      problems.push(diagnostic('wrong_type', path, `must be a string, got ${kind(to)}`));
      continue;
    }
    const target = validateToolName(to, 'agent');
    for (const d of target.errors) problems.push({ ...d, message: `${path}: ${d.message}`, path, ...(target.suggestion ? { suggestion: target.suggestion } : {}) });
    if (target.valid && target.parts.mcp === null) {
      problems.push(diagnostic('invalid_value', path, `points to ${JSON.stringify(to)}, which is not an MCP tool (<mcp>__<tool>)`));
    }
    const old = validateToolName(from, 'agent');
    const legacy = old.warnings.find((d) => d.code === 'legacy_name');
    if (!legacy) warnings.push(diagnostic('not_a_legacy_name', path, `the package does not see ${JSON.stringify(from)} as a pre-migration name of ${JSON.stringify(to)}`));
    else if (old.suggestion !== to) warnings.push(diagnostic('alias_elsewhere', path, `${legacy.message}; this alias points to ${JSON.stringify(to)}`));
  }
  if (problems.length) throw new ApiError('invalid_config', problems.map((d) => d.message).join('; '), { diagnostics: problems });
  return { aliases: { ...body.aliases }, warnings };
}

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function kind(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
