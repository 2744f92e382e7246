// The config file (gateway.json): its types are the one contract. The JSON Schema shipped in the
// package (dist/schema.json) is generated from `GatewayConfig` below (and mcp-naming's
// `RouterConfig`, which it includes) by scripts/build-gateway.sh; the loader checks a file
// against that schema (src/schema.mts), then hands `router` to `new Router`, the core's reader.
// Every problem is reported at once, each with its path.
import { readFileSync } from 'node:fs';
import { Router, NamingError } from 'mcp-naming';
import type { RouterConfig, RouterStyle } from 'mcp-naming';
import type { CoreConfig, CoreUpstream } from './core-api.mjs';
import { checkSchema, formatPath, nearest, type Problem } from './schema.mjs';

const at = (...path: (string | number)[]) => formatPath(path);

/**
 * The gateway's config file: the `mcpServers` that Claude Desktop, Claude Code and Cursor
 * already use, plus `router` (mcp-naming's Router) and the gateway's own sections.
 */
export interface GatewayConfig {
  /** The JSON Schema of this file, for editors (`mcp-naming-gateway init` writes it). */
  $schema?: string;
  /** The upstream servers, by name: the name is the server's in exposed tool names. */
  mcpServers: { [name: string]: UpstreamConfig };
  /** mcp-naming's Router configuration (`style` defaults to "claude", `servers` to one entry per `mcpServers` key). */
  router?: GatewayRouterConfig;
  /** Serving Streamable HTTP (`--http HOST:PORT` overrides `listen`). */
  http?: HttpConfig;
  /** Who may call the gateway over HTTP: bearer tokens, OAuth 2.1 access tokens, and what each scope reaches. */
  auth?: AuthConfig;
  /** Log lines on stderr. */
  log?: LogConfig;
  /** Prometheus metrics at `/metrics` (HTTP only). */
  metrics?: MetricsConfig;
}

/** An upstream server: a command to start (stdio) or a URL (Streamable HTTP). */
export type UpstreamConfig = StdioUpstreamConfig | HttpUpstreamConfig;

/** A server the gateway starts and speaks to over stdin/stdout. */
export interface StdioUpstreamConfig {
  /** Claude Code writes "stdio"; Claude Desktop and Cursor leave it out. */
  type?: 'stdio';
  /** The program (`npx`, `node`, `uvx`…). `${VAR}`, `${VAR:-default}` and `${env:VAR}` are expanded here and in args, env and cwd. */
  command: string;
  args?: string[];
  /** Added to a minimal default environment (PATH, HOME…), as the SDKs do. */
  env?: { [name: string]: string };
  /** The working directory. */
  cwd?: string;
  /**
   * The longest one request to this server may take, in ms (default `--timeout`).
   * @minimum 1
   */
  timeout?: number;
}

/** A server the gateway reaches over HTTP. */
export interface HttpUpstreamConfig {
  /** "http" (Streamable HTTP, the default with `url`) or "sse" (the older HTTP+SSE transport). */
  type?: 'http' | 'sse';
  /** The server's MCP endpoint (`${VAR}` expanded). */
  url: string;
  /** Sent with every request (`${VAR}` expanded): `{ "Authorization": "Bearer ${TOKEN}" }`. */
  headers?: { [name: string]: string };
  /**
   * The longest one request to this server may take, in ms (default `--timeout`).
   * @minimum 1
   */
  timeout?: number;
}

/** mcp-naming's RouterConfig, with `style` and `servers` optional (the gateway fills them in). */
export type GatewayRouterConfig = Omit<RouterConfig, 'style' | 'servers'> & {
  /** How exposed names are written (default "claude": `<server>__<tool>`). */
  style?: RouterStyle;
  /** Per-server options; default: one `{ "name" }` per `mcpServers` key, in order. */
  servers?: RouterConfig['servers'];
  /** The key (32 bytes or more) sealing an upstream's `requestState` (2026-07-28): give every process behind one address the same one. `${VAR}` is expanded. */
  requestStateKey?: string;
};

/** Serving Streamable HTTP. */
export interface HttpConfig {
  /**
   * `HOST:PORT` to listen on (`--http` overrides it). Port 0 picks a free port.
   * @pattern ^(\[[0-9a-fA-F:.]+\]|[^:\s]+):[0-9]{1,5}$
   */
  listen?: string;
  /**
   * The MCP endpoint's path.
   * @pattern ^/
   */
  path?: string;
  /**
   * The gateway's canonical URL as its clients reach it (`https://mcp.example.com/mcp`): the
   * audience OAuth access tokens must be issued for (RFC 8707) and the `resource` of the
   * protected resource metadata (RFC 9728). Required with `auth.oauth`.
   * @pattern ^https?://[^#\s]+$
   */
  publicUrl?: string;
  /** `Host` headers accepted (DNS rebinding protection). Default: the listen address and `localhost:PORT` when bound to a loopback address, else any; plus `publicUrl`'s host. */
  allowedHosts?: string[];
  /** `Origin` headers accepted from browsers (a request with another `Origin` is refused with 403). Default: none but `publicUrl`'s origin. */
  allowedOrigins?: string[];
  /**
   * The largest request body, in bytes (default 4 MiB).
   * @minimum 1024
   */
  maxBodyBytes?: number;
}

/** Who may call the gateway over HTTP. With neither `tokens` nor `oauth`, anyone who reaches it may. */
export interface AuthConfig {
  /** Static bearer tokens, each stored as its SHA-256 (`mcp-naming-gateway hash-token`) or read from an environment variable. */
  tokens?: BearerToken[];
  /** OAuth 2.1 resource server: JWT access tokens from an authorization server, checked against its keys. */
  oauth?: OAuthConfig;
  /**
   * What each scope reaches: a server name, `"*"`, or `{ "server", "tools": [patterns] }` (`*`
   * wildcard over the tool's upstream name). A caller may use a server's tool when one of its
   * scopes reaches it. Without `scopes`, every authenticated caller reaches everything.
   */
  scopes?: { [scope: string]: ScopeGrant[] };
}

/** One bearer token. Exactly one of `sha256` and `env`. */
export interface BearerToken {
  /** Who holds it (logs and metrics name it; never the token). */
  name: string;
  /**
   * The token's SHA-256 as `sha256:<64 hex digits>` (`mcp-naming-gateway hash-token`).
   * @pattern ^sha256:[0-9a-f]{64}$
   */
  sha256?: string;
  /**
   * The environment variable holding the token.
   * @pattern ^[A-Za-z_][A-Za-z0-9_]*$
   */
  env?: string;
  /** Its scopes (see `auth.scopes`). */
  scopes?: string[];
}

/** A scope's reach: a server name, `"*"` for every server, or some tools of one server. */
export type ScopeGrant = string | { server: string; tools?: string[] };

/** OAuth 2.1 resource server (MCP authorization, 2026-07-28). */
export interface OAuthConfig {
  /**
   * The authorization server's issuer identifier: tokens' `iss` must be exactly it; it is the
   * protected resource metadata's `authorization_servers`.
   * @pattern ^https?://
   */
  issuer: string;
  /**
   * Its JWKS (the keys tokens are signed with). Default: `jwks_uri` from its metadata
   * (`/.well-known/oauth-authorization-server`, then `/.well-known/openid-configuration`).
   * @pattern ^https?://
   */
  jwksUri?: string;
  /** The audience tokens must carry (default `http.publicUrl`). */
  audience?: string;
  /** Signature algorithms accepted (default RS256, PS256, ES256, EdDSA). */
  algorithms?: string[];
  /** Scopes offered in the metadata's `scopes_supported` (default: the keys of `auth.scopes`). */
  scopesSupported?: string[];
  /**
   * Leeway for `exp` and `nbf`, in seconds (default 30).
   * @minimum 0
   */
  clockToleranceSeconds?: number;
  /** Human-readable name in the metadata (`resource_name`). */
  resourceName?: string;
}

/** Log lines on stderr. */
export interface LogConfig {
  /** "text" (default) or "json": one JSON object a line (`--log json`). */
  format?: 'text' | 'json';
  /** Log every routing decision (method, exposed and upstream name, server, latency, error code). Default: with "json". */
  decisions?: boolean;
}

/** Prometheus metrics. */
export interface MetricsConfig {
  /** Serve `/metrics` (also `--metrics`). */
  enabled?: boolean;
  /** The latency histogram's buckets, in seconds. */
  buckets?: number[];
}

/** A config that failed: every problem, each with its path. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
  ) {
    super(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  ${p.path || '(top level)'}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A config file read and checked: the file as written (expanded) and what the core runs. */
export interface LoadedConfig {
  file: string;
  config: GatewayConfig;
  core: CoreConfig;
}

/** Reads, expands and checks `file`; throws a ConfigError listing every problem. */
export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(file, [{ path: '', message: `cannot read it: ${(e as Error).message}` }]);
  }
  return parseConfig(text, file, env);
}

/** As `loadConfig`, from the file's text. */
export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(file, [{ path: '', message: `not JSON: ${jsonErrorAt(text, e as Error)}` }]);
  }
  // The schema first (every section but `router`), then what it cannot say, then the Router's
  // own reader on `router`: each runs on what the one before found sound, all report at once.
  const problems = checkSchema(raw, { skip: ['/router'] });
  const config = raw as GatewayConfig;
  const shaped = problems.length === 0;
  const expanded = shaped ? expandConfig(config, env, problems) : config;
  if (shaped) problems.push(...checkMeaning(expanded, env));
  const routerShaped = isObject(raw) && isObject(config.mcpServers) && (config.router === undefined || isObject(config.router));
  const router = routerShaped ? routerConfig(expanded) : undefined;
  if (router) problems.push(...checkRouter(router));
  else if (isObject(raw) && config.router !== undefined && !isObject(config.router)) problems.push({ path: 'router', message: `expected an object, got ${typeof config.router}` });
  if (problems.length === 0) return { file, config: expanded, core: coreConfig(expanded, router!) };
  throw new ConfigError(file, problems);
}

const isObject = (v: unknown): v is { [k: string]: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);

// `line L, column C` of a JSON.parse error (Node gives the position).
function jsonErrorAt(text: string, e: Error): string {
  const m = /position (\d+)/.exec(e.message);
  if (!m) return e.message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos).split('\n');
  return `${e.message.replace(/ in JSON at position \d+.*$/, '')} at line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

// ---- ${VAR} expansion, as Claude Code (`${VAR}`, `${VAR:-default}`) and Cursor (`${env:VAR}`) do.
const VAR = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** `text` with its `${VAR}` references expanded; an unset variable without a default is a problem at `path`. */
export function expand(text: string, env: NodeJS.ProcessEnv, path: string, problems: Problem[]): string {
  return text.replace(VAR, (all, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    problems.push({ path, message: `${all}: the environment variable ${name} is not set` });
    return '';
  });
}

function expandRecord(record: Record<string, string> | undefined, env: NodeJS.ProcessEnv, path: (string | number)[], problems: Problem[]) {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v, env, at(...path, k), problems)]));
}

function expandConfig(config: GatewayConfig, env: NodeJS.ProcessEnv, problems: Problem[]): GatewayConfig {
  const servers: Record<string, UpstreamConfig> = {};
  for (const [name, s] of Object.entries(config.mcpServers ?? {})) {
    const here = ['mcpServers', name];
    if ('url' in s && s.url !== undefined) {
      servers[name] = { ...s, url: expand(s.url, env, at(...here, 'url'), problems), ...(s.headers && { headers: expandRecord(s.headers, env, [...here, 'headers'], problems) }) };
    } else {
      const st = s as StdioUpstreamConfig;
      servers[name] = {
        ...st,
        command: expand(st.command, env, at(...here, 'command'), problems),
        ...(st.args && { args: st.args.map((a, i) => expand(a, env, at(...here, 'args', i), problems)) }),
        ...(st.env && { env: expandRecord(st.env, env, [...here, 'env'], problems) }),
        ...(st.cwd !== undefined && { cwd: expand(st.cwd, env, at(...here, 'cwd'), problems) }),
      };
    }
  }
  const router = config.router?.requestStateKey !== undefined
    ? { ...config.router, requestStateKey: expand(config.router.requestStateKey, env, 'router.requestStateKey', problems) }
    : config.router;
  return { ...config, mcpServers: servers, ...(router && { router }) };
}

// ---- What the schema cannot say: cross-references and exactly-one-of rules.
function checkMeaning(config: GatewayConfig, env: NodeJS.ProcessEnv): Problem[] {
  const problems: Problem[] = [];
  const names = Object.keys(config.mcpServers ?? {});
  for (const [name, s] of Object.entries(config.mcpServers ?? {})) {
    if ('url' in s && s.url) {
      try {
        const u = new URL(s.url);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') problems.push({ path: at('mcpServers', name, 'url'), message: `"${s.url}" is not an http: or https: URL` });
      } catch {
        problems.push({ path: at('mcpServers', name, 'url'), message: `"${s.url}" is not a URL` });
      }
    }
  }
  const auth = config.auth;
  const tokenNames = new Set<string>();
  for (const [i, t] of (auth?.tokens ?? []).entries()) {
    const here = ['auth', 'tokens', i];
    if ((t.sha256 === undefined) === (t.env === undefined)) problems.push({ path: at(...here), message: 'give exactly one of "sha256" and "env"' });
    if (t.env !== undefined && !env[t.env]) problems.push({ path: at(...here, 'env'), message: `the environment variable ${t.env} is not set` });
    else if (t.env !== undefined && env[t.env]!.length < 16) problems.push({ path: at(...here, 'env'), message: `the token in ${t.env} is shorter than 16 characters` });
    if (tokenNames.has(t.name)) problems.push({ path: at(...here, 'name'), message: `"${t.name}" names another token too` });
    tokenNames.add(t.name);
    for (const [j, scope] of (t.scopes ?? []).entries()) {
      if (auth?.scopes && !(scope in auth.scopes)) problems.push({ path: at(...here, 'scopes', j), message: `no scope "${scope}" in auth.scopes${hint(scope, Object.keys(auth.scopes))}` });
    }
  }
  for (const [scope, grants] of Object.entries(auth?.scopes ?? {})) {
    for (const [i, g] of grants.entries()) {
      const server = typeof g === 'string' ? g : g.server;
      if (server !== '*' && !names.includes(server)) {
        problems.push({ path: typeof g === 'string' ? at('auth', 'scopes', scope, i) : at('auth', 'scopes', scope, i, 'server'), message: `no server "${server}" in mcpServers${hint(server, names)}` });
      }
    }
  }
  if (auth?.oauth) {
    const audience = auth.oauth.audience ?? config.http?.publicUrl;
    if (!audience) problems.push({ path: 'auth.oauth', message: 'give http.publicUrl (the gateway\'s URL, the audience tokens are issued for) or auth.oauth.audience' });
  }
  if (config.http?.publicUrl) {
    try {
      const u = new URL(config.http.publicUrl);
      if (u.hash) problems.push({ path: 'http.publicUrl', message: 'a canonical URL has no fragment' });
    } catch {
      problems.push({ path: 'http.publicUrl', message: `"${config.http.publicUrl}" is not a URL` });
    }
  }
  if (config.http?.listen !== undefined && Number(/:(\d+)$/.exec(config.http.listen)?.[1]) > 65535) {
    problems.push({ path: 'http.listen', message: 'the port is over 65535' });
  }
  return problems;
}

const hint = (word: string, options: string[]) => {
  const n = nearest(word, options);
  return n ? ` (did you mean "${n}"?)` : '';
};

// ---- The Router: its config with the gateway's defaults, read by `new Router` (the core's reader).
function routerConfig(config: GatewayConfig): RouterConfig {
  const router = config.router ?? {};
  return {
    ...router,
    style: router.style ?? 'claude',
    servers: router.servers ?? Object.keys(config.mcpServers ?? {}).map((name) => ({ name })),
  } as RouterConfig;
}

function checkRouter(router: RouterConfig): Problem[] {
  try {
    new Router(router);
    return [];
  } catch (e) {
    if (!(e instanceof NamingError)) throw e;
    const diagnostics = (e as NamingError & { diagnostics?: { message: string }[] }).diagnostics;
    const messages = diagnostics?.length ? diagnostics.map((d) => d.message) : [e.message];
    // Each of the Router's messages starts with its path inside the router's config ("servers[2].name: …").
    return messages.map((message) => {
      const m = /^([A-Za-z_$][\w$]*(?:\[[^\]]*\]|\.[A-Za-z_$][\w$]*)*): ([\s\S]*)$/.exec(message);
      return m ? { path: `router.${m[1]}`, message: m[2]! } : { path: 'router', message };
    });
  }
}

function coreConfig(config: GatewayConfig, router: RouterConfig): CoreConfig {
  const mcpServers: Record<string, CoreUpstream> = {};
  for (const [name, s] of Object.entries(config.mcpServers)) {
    mcpServers[name] = 'url' in s && s.url !== undefined
      ? { ...s, type: s.type ?? 'http' }
      : { ...(s as StdioUpstreamConfig), type: 'stdio' };
  }
  const key = config.router?.requestStateKey;
  return { mcpServers, router, ...(key && { requestStateKey: key }) };
}
