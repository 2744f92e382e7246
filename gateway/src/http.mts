// The HTTP front: `/mcp` (the path is configurable) → auth → scope check → `core.handle`;
// `/healthz` (the process is up), `/readyz` (`core.ready()`), `/metrics` (Prometheus, when on),
// and the protected resource metadata (RFC 9728) in OAuth mode. A request refused here (401,
// 403, 413, a bad Host or Origin) never reaches the core, so nothing of it reaches an upstream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Authenticator, Caller } from './auth.mjs';
import type { GatewayCore, RequestAuth } from './core-api.mjs';
import type { Logger } from './logs.mjs';
import type { Metrics } from './metrics.mjs';
import { challenge, metadataUrl } from './oauth.mjs';

/** What the front reads on each request (a reload replaces it). */
export interface FrontState {
  core: GatewayCore;
  auth: Authenticator;
  logger: Logger;
  metrics?: Metrics;
  /** The MCP endpoint's path. */
  path: string;
  /** The gateway's canonical URL (the OAuth audience and `resource`), when configured. */
  publicUrl?: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  maxBodyBytes: number;
}

export interface HttpFront {
  server: Server;
  /** `http://HOST:PORT` as bound (port 0 resolved). */
  origin: string;
  /** Requests being served now. */
  inFlight(): number;
  /** Stop accepting, let what is in flight finish (up to `graceMs`), then close. */
  close(graceMs?: number): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** Serves HTTP on `host:port`; `state()` gives the current settings. */
export async function startHttp(host: string, port: number, state: () => FrontState): Promise<HttpFront> {
  let active = 0;
  const server = createServer((req, res) => {
    active++;
    res.on('close', () => active--);
    serve(req, res, state(), server).catch((e: Error) => {
      state().logger.error('http: request failed', { error: e.message });
      if (!res.headersSent) json(res, 500, { error: { code: 'internal_error', message: 'the gateway failed to serve this request' } });
      else res.end();
    });
  });
  // Long-lived streams (SSE, listen streams) must not be cut by Node's default timeouts.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    origin: `http://${shownHost}:${address.port}`,
    inFlight: () => active,
    close: async (graceMs = 10_000) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, s: FrontState, server: Server): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  const path = url.pathname;
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) return json(res, 200, { status: 'ok' });
  if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
    const ready = s.core.ready();
    return json(res, ready ? 200 : 503, { status: ready ? 'ready' : 'starting', upstreams: s.core.status() });
  }
  if (path === '/metrics' && s.metrics && req.method === 'GET') {
    return void res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(s.metrics.text());
  }
  const oauth = s.auth.oauthVerifier;
  if (oauth && s.publicUrl && req.method === 'GET' && isMetadataPath(path, s)) {
    return json(res, 200, oauth.metadata(s.publicUrl, s.auth.policy.names), { 'cache-control': 'max-age=300' });
  }
  if (path !== s.path) return json(res, 404, { error: { code: 'not_found', message: `no route ${path}: the MCP endpoint is ${s.path}` } });

  // DNS rebinding: only the Hosts (and browser Origins) this gateway answers to.
  const hostRefused = refusedHost(req, s, server);
  if (hostRefused) return refuse(res, s, 403, 'host', { error: { code: 'host_not_allowed', message: hostRefused } });
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigin(origin, s, server)) {
    return refuse(res, s, 403, 'origin', { error: { code: 'origin_not_allowed', message: `Origin ${origin} is not allowed (http.allowedOrigins)` } });
  }

  const resourceMetadata = oauth && s.publicUrl ? metadataUrl(s.publicUrl) : undefined;
  const authn = await s.auth.authenticate(req);
  if ('refused' in authn) {
    const { error, description } = authn.refused;
    s.logger.warn('refused', { status: 401, reason: error ?? 'no_token', description });
    return refuse(res, s, 401, error ?? 'no_token',
      { jsonrpc: '2.0', id: null, error: { code: -32001, message: `Unauthorized: ${description}` } },
      { 'www-authenticate': challenge({ resourceMetadata, error, description: error && description, ...(!resourceMetadata && { realm: 'mcp-naming-gateway' }) }) });
  }
  const caller: Caller | undefined = authn.caller;
  const auth: RequestAuth | undefined = caller ? s.auth.policy.forCaller(caller) : undefined;

  let body: unknown;
  if (req.method === 'POST' && /^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    const text = await readBody(req, s.maxBodyBytes);
    if (text === undefined) return refuse(res, s, 413, 'too_large', { jsonrpc: '2.0', id: null, error: { code: -32600, message: `the request body is over ${s.maxBodyBytes} bytes` } });
    try {
      body = JSON.parse(text);
    } catch {
      return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } });
    }
    // Scopes: a call the caller's scopes do not reach is answered 403 here, before the core.
    if (auth) {
      for (const message of Array.isArray(body) ? body : [body]) {
        const target = s.core.target(message);
        if (!target || auth.allow(target.server, target.tool)) continue;
        const needed = s.auth.policy.reaching(target.server, target.tool);
        const what = target.tool ? `tool "${target.tool}" of server "${target.server}"` : `server "${target.server}"`;
        s.logger.warn('refused', { status: 403, reason: 'insufficient_scope', subject: caller?.subject, server: target.server, tool: target.tool, method: (message as { method?: string }).method });
        return refuse(res, s, 403, 'insufficient_scope',
          { jsonrpc: '2.0', id: (message as { id?: unknown }).id ?? null, error: { code: -32003, message: `Forbidden: the token's scopes do not reach ${what}`, data: { code: 'insufficient_scope', requiredScopes: needed } } },
          { 'www-authenticate': challenge({ error: 'insufficient_scope', scope: needed.slice(0, 1), resourceMetadata, description: `the token's scopes do not reach ${what}` }) });
      }
    }
  }
  await s.core.handle(req, res, { ...(auth && { auth }), ...(body !== undefined && { body }) });
}

function refuse(res: ServerResponse, s: FrontState, status: number, reason: string, body: unknown, headers: Record<string, string> = {}) {
  s.metrics?.refused.inc({ status: String(status), reason });
  json(res, status, body, headers);
}

function isMetadataPath(path: string, s: FrontState): boolean {
  const base = '/.well-known/oauth-protected-resource';
  if (path === base || path === `${base}${s.path}`) return true;
  const publicPath = new URL(s.publicUrl!).pathname.replace(/\/$/, '');
  return path === `${base}${publicPath}`;
}

/** The Hosts this gateway answers to: `http.allowedHosts`, the public URL's, and (bound to loopback, none listed) its own loopback names. */
function allowedHosts(s: FrontState, server: Server): Set<string> | null {
  const address = server.address() as AddressInfo;
  const allowed = new Set((s.allowedHosts ?? []).map((h) => h.toLowerCase()));
  if (s.publicUrl) allowed.add(new URL(s.publicUrl).host.toLowerCase());
  if (!s.allowedHosts) {
    // Bound to a loopback address: only loopback names; otherwise, any Host unless listed.
    if (!LOOPBACK.test(address.address)) return null;
    const port = address.port;
    for (const h of [address.family === 'IPv6' ? `[${address.address}]` : address.address, 'localhost', '127.0.0.1', '[::1]']) allowed.add(`${h}:${port}`);
  }
  return allowed;
}

function refusedHost(req: IncomingMessage, s: FrontState, server: Server): string | null {
  const host = req.headers.host;
  const allowed = allowedHosts(s, server);
  if (allowed === null || (host !== undefined && allowed.has(host.toLowerCase()))) return null;
  return `Host ${host ?? '(none)'} is not one this gateway answers to (http.allowedHosts)`;
}

/** An Origin allowed: listed, the public URL's, or this gateway's own (an allowed Host over http: the same origin). */
function allowedOrigin(origin: string, s: FrontState, server: Server): boolean {
  if (s.allowedOrigins?.includes(origin)) return true;
  if (s.publicUrl !== undefined && new URL(s.publicUrl).origin === origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && url.origin === origin && (allowedHosts(s, server)?.has(url.host.toLowerCase()) ?? false);
}

function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
