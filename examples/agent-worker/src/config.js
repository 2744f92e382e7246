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

/**
 * The Router's configuration for these servers and aliases (style 'agent', the built-ins
 * unprefixed), with the `enabled` / `disabled` patterns of a gateway.json's `router`.
 */
export function routerConfig(servers, aliases, provider, patterns = {}) {
  return {
    style: 'agent',
    servers: servers.map((s) => ({ name: s.name, enabled: s.enabled })),
    builtins: BUILTINS,
    aliases,
    ...(provider ? { provider } : {}),
    ...(patterns.enabled ? { enabled: patterns.enabled } : {}),
    ...(patterns.disabled ? { disabled: patterns.disabled } : {}),
  };
}

/**
 * A Router for a candidate configuration, or the package's refusal as `invalid_config` (422)
 * with its diagnostics (each naming its path: `servers[2].name`, `aliases["memory_save"]`).
 */
export function buildRouter(servers, aliases, provider, patterns) {
  try {
    return new Router(routerConfig(servers, aliases, provider, patterns));
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

// ---- gateway.json (the mcp-naming-gateway package's config file) as an agent's configuration.

/** What a gateway.json's `router` may say here: the registry names tools in the agent style. */
const GATEWAY_ROUTER_KEYS = ['style', 'servers', 'aliases', 'provider', 'enabled', 'disabled'];
/** The Node gateway's own sections: a Worker has its own (REGISTRY_TOKENS, vars, Cloudflare's logs). */
const NODE_ONLY = ['http', 'auth', 'log', 'metrics'];
const HTTP_UPSTREAM_KEYS = ['type', 'url', 'headers', 'timeout'];
const VAR = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** `text` with `${VAR}`, `${VAR:-default}` and `${env:VAR}` taken from the Worker's vars and secrets (null: one is unset). */
export function expandVars(text, env) {
  let missing = null;
  const out = text.replace(VAR, (all, name, fallback) => {
    const value = env[name];
    if (typeof value === 'string' && value !== '') return value;
    if (fallback !== undefined) return fallback;
    missing ??= name;
    return '';
  });
  return missing === null ? out : null;
}

/**
 * An agent's whole configuration from a gateway.json: its `mcpServers` (HTTP upstreams only: a
 * Worker starts no process) as the registry's servers, and its `router`'s aliases, provider and
 * patterns. Every problem at once, each with its path (`mcpServers.memory.command`), as
 * invalid_config (422); what a Worker does not use is reported in `warnings`.
 */
export function checkGatewayConfig(body, { allowHttp, env }) {
  if (!isObject(body)) throw new ApiError('invalid_config', 'the body must be a gateway.json object', { diagnostics: [diagnostic('wrong_type', '', `must be an object, got ${kind(body)}`)] });
  const problems = [];
  const warnings = [];
  for (const key of Object.keys(body)) {
    if (NODE_ONLY.includes(key)) warnings.push(diagnostic('not_used_on_workers', key, `is the Node gateway's; on Workers, auth is REGISTRY_TOKENS and settings are vars`));
    else if (key !== '$schema' && key !== 'mcpServers' && key !== 'router') problems.push(diagnostic('unknown_field', key, `is not a gateway.json section: use mcpServers, router`));
  }
  if (!isObject(body.mcpServers)) problems.push(diagnostic('wrong_type', 'mcpServers', `must be an object of servers by name, got ${kind(body.mcpServers)}`));
  const router = body.router ?? {};
  if (!isObject(router)) problems.push(diagnostic('wrong_type', 'router', `must be an object, got ${kind(router)}`));
  const names = Object.keys(isObject(body.mcpServers) ? body.mcpServers : {});
  if (names.length > MAX_SERVERS) problems.push(diagnostic('invalid_value', 'mcpServers', `an agent has at most ${MAX_SERVERS} servers`));

  const enabledOf = new Map();
  if (isObject(router)) {
    for (const key of Object.keys(router)) {
      if (!GATEWAY_ROUTER_KEYS.includes(key)) problems.push(diagnostic('unknown_field', `router.${key}`, `is not used by the agent registry: use ${GATEWAY_ROUTER_KEYS.join(', ')}`));
    }
    if (router.style !== undefined && router.style !== 'agent') problems.push(diagnostic('invalid_value', 'router.style', `the agent registry names tools in the "agent" style (<mcp>__<tool>), not ${JSON.stringify(router.style)}`));
    if (router.servers !== undefined) {
      if (!Array.isArray(router.servers)) problems.push(diagnostic('wrong_type', 'router.servers', `must be an array, got ${kind(router.servers)}`));
      else router.servers.forEach((s, i) => {
        const path = `router.servers[${i}]`;
        if (!isObject(s) || typeof s.name !== 'string') return void problems.push(diagnostic('wrong_type', path, 'must be { "name", "enabled"? }'));
        for (const k of Object.keys(s)) if (k !== 'name' && k !== 'enabled') problems.push(diagnostic('unknown_field', `${path}.${k}`, 'is not used by the agent registry: use name, enabled'));
        if (!names.includes(s.name)) problems.push(diagnostic('invalid_value', `${path}.name`, `names no server of mcpServers`));
        if (s.enabled !== undefined && typeof s.enabled !== 'boolean') problems.push(diagnostic('wrong_type', `${path}.enabled`, `must be a boolean, got ${kind(s.enabled)}`));
        else if (s.enabled !== undefined) enabledOf.set(s.name, s.enabled);
      });
    }
  }

  const servers = [];
  for (const name of names) {
    const entry = body.mcpServers[name];
    const at = `mcpServers.${name}`;
    if (!isObject(entry)) {
      problems.push(diagnostic('wrong_type', at, `must be an object, got ${kind(entry)}`));
      continue;
    }
    const before = problems.length;
    if (entry.command !== undefined) {
      problems.push(diagnostic('stdio_upstream', `${at}.command`, 'starts a process (stdio): a Worker reaches MCP servers over HTTP only: give the server a url'));
      continue;
    }
    if (entry.type !== undefined && entry.type !== 'http') problems.push(diagnostic('invalid_value', `${at}.type`, `${JSON.stringify(entry.type)}: a Worker speaks Streamable HTTP ("http") only`));
    for (const k of Object.keys(entry)) if (!HTTP_UPSTREAM_KEYS.includes(k)) problems.push(diagnostic('unknown_field', `${at}.${k}`, `is not a field of an HTTP server: use ${HTTP_UPSTREAM_KEYS.join(', ')}`));
    if (entry.timeout !== undefined) warnings.push(diagnostic('not_used_on_workers', `${at}.timeout`, 'CALL_TIMEOUT_MS applies to every server'));
    for (const d of checkServerName(name)) problems.push({ ...d, path: at, message: `${at}: ${d.message.replace(/^name: /, '')}` });
    // The URL's ${VAR} are expanded now (it is stored expanded); a header's when it is sent.
    const url = typeof entry.url === 'string' ? expandVars(entry.url, env) : entry.url;
    if (entry.url === undefined) problems.push(diagnostic('missing_field', `${at}.url`, 'is required'));
    else if (url === null) problems.push(diagnostic('missing_secret', `${at}.url`, `${JSON.stringify(entry.url)} names a var or secret the Worker does not have`));
    else for (const d of checkUrl(url, allowHttp)) problems.push({ ...d, path: `${at}.url`, message: `${at}.${d.message}` });
    if (entry.headers !== undefined) {
      if (!isObject(entry.headers) || Object.values(entry.headers).some((v) => typeof v !== 'string')) problems.push(diagnostic('wrong_type', `${at}.headers`, 'must be an object of strings'));
      else for (const [h, v] of Object.entries(entry.headers)) {
        if (expandVars(v, env) === null) problems.push(diagnostic('missing_secret', `${at}.headers.${h}`, `${JSON.stringify(v)} names a var or secret the Worker does not have`));
      }
    }
    if (problems.length > before) continue;
    servers.push({
      name, displayName: name, url, enabled: enabledOf.get(name) ?? true, requiresAuth: false,
      ...(entry.headers ? { headers: { ...entry.headers } } : {}),
    });
  }

  let aliases = {};
  if (isObject(router) && router.aliases !== undefined) {
    try {
      const checked = checkAliases({ aliases: router.aliases });
      aliases = checked.aliases;
      warnings.push(...checked.warnings.map((w) => ({ ...w, path: `router.${w.path}`, message: `router.${w.message}` })));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const d of e.details?.diagnostics ?? [diagnostic('invalid_value', 'router.aliases', e.message)]) problems.push({ ...d, path: `router.${d.path}`, message: `router.${d.message}` });
    }
  }
  const routing = {};
  if (isObject(router)) {
    if (router.provider !== undefined) routing.provider = router.provider;
    if (router.enabled !== undefined) routing.enabled = router.enabled;
    if (router.disabled !== undefined) routing.disabled = router.disabled;
  }
  if (problems.length === 0) {
    // The whole configuration, as the package's Router reads it (its paths under router.).
    try {
      new Router(routerConfig(servers, aliases, routing.provider, routing));
    } catch (e) {
      if (!(e instanceof NamingError)) throw e;
      for (const d of e.diagnostics) problems.push({ ...d, path: `router.${d.path ?? ''}`, message: `router.${d.message}` });
    }
  }
  if (problems.length) throw new ApiError('invalid_config', problems.map((d) => d.message).join('; '), { diagnostics: problems });
  return { servers, aliases, routing, warnings };
}

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function kind(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
