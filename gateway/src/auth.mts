// Who may call the gateway over HTTP, and what each caller reaches: static bearer tokens (kept as
// their SHA-256, or read from the environment), OAuth 2.1 access tokens (src/oauth.mts), and the
// scopes that map callers to servers and tools.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthConfig, GatewayConfig, ScopeGrant } from './config.mjs';
import type { RequestAuth } from './core-api.mjs';
import { OAuthVerifier, TokenRefused } from './oauth.mjs';

/** `sha256:<hex>` of a token, as `auth.tokens[].sha256` holds it. */
export function hashToken(token: string): string {
  return `sha256:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

/** An authenticated caller. */
export interface Caller {
  /** The token's name, or the access token's `sub`. */
  subject: string;
  scopes: string[];
  via: 'token' | 'oauth';
}

/** Why a request was refused with 401 (RFC 6750 §3.1: no `error` when no token came). */
export interface Unauthorized {
  error?: 'invalid_token' | 'invalid_request';
  description: string;
}

export type Authentication = { caller?: Caller } | { refused: Unauthorized };

const glob = (pattern: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** The scope rules: which scopes reach which servers and tools. */
export class ScopePolicy {
  private readonly rules: [scope: string, grants: { server: RegExp; tools?: RegExp[] }[]][];
  constructor(private readonly scopes: AuthConfig['scopes']) {
    this.rules = Object.entries(scopes ?? {}).map(([scope, grants]) => [scope, grants.map(compile)]);
  }

  /** Whether scope rules are configured at all (without them every caller reaches everything). */
  get configured(): boolean {
    return this.scopes !== undefined;
  }

  /** The scope names, in config order. */
  get names(): string[] {
    return this.rules.map(([scope]) => scope);
  }

  /** The scopes that reach this server (and tool): what a 403 names. */
  reaching(server: string, tool?: string): string[] {
    return this.rules.filter(([, grants]) => grants.some((g) => reaches(g, server, tool))).map(([scope]) => scope);
  }

  /** What the core is given for a caller: its scopes, and `allow`. */
  forCaller(caller: Caller): RequestAuth {
    const held = new Set(caller.scopes);
    const mine = this.rules.filter(([scope]) => held.has(scope)).flatMap(([, grants]) => grants);
    const everything = !this.configured;
    return {
      subject: caller.subject,
      scopes: caller.scopes,
      allow: (server, tool) => everything || mine.some((g) => reaches(g, server, tool)),
    };
  }
}

function compile(grant: ScopeGrant): { server: RegExp; tools?: RegExp[] } {
  if (typeof grant === 'string') return { server: glob(grant) };
  return { server: glob(grant.server), ...(grant.tools && { tools: grant.tools.map(glob) }) };
}

// A grant with `tools` reaches those tools of its server only (not its prompts or resources).
function reaches(g: { server: RegExp; tools?: RegExp[] }, server: string, tool?: string): boolean {
  if (!g.server.test(server)) return false;
  if (!g.tools) return true;
  return tool !== undefined && g.tools.some((t) => t.test(tool));
}

/** The gateway's authentication: static tokens and/or OAuth, from `auth`. */
export class Authenticator {
  private readonly tokens: { name: string; hash: Buffer; scopes: string[] }[];
  private readonly oauth?: OAuthVerifier;
  readonly policy: ScopePolicy;

  constructor(config: GatewayConfig, env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch) {
    const auth = config.auth ?? {};
    this.tokens = (auth.tokens ?? []).map((t) => ({
      name: t.name,
      hash: Buffer.from((t.sha256 ?? hashToken(env[t.env!] ?? '')).slice('sha256:'.length), 'hex'),
      scopes: t.scopes ?? [],
    }));
    if (auth.oauth) this.oauth = new OAuthVerifier(auth.oauth, auth.oauth.audience ?? config.http!.publicUrl!, fetchImpl);
    this.policy = new ScopePolicy(auth.scopes);
  }

  /** Whether any request needs a token. */
  get enabled(): boolean {
    return this.tokens.length > 0 || this.oauth !== undefined;
  }

  /** Whether static tokens are configured. */
  get hasTokens(): boolean {
    return this.tokens.length > 0;
  }

  /** The OAuth verifier, when `auth.oauth` is configured. */
  get oauthVerifier(): OAuthVerifier | undefined {
    return this.oauth;
  }

  /** Who is calling, from the `Authorization` header; `{}` when no auth is configured. */
  async authenticate(req: IncomingMessage): Promise<Authentication> {
    if (!this.enabled) return {};
    const header = req.headers.authorization;
    if (header === undefined) return { refused: { description: 'no access token: send Authorization: Bearer <token>' } };
    const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
    if (!m) return { refused: { error: 'invalid_request', description: 'the Authorization header is not "Bearer <token>"' } };
    const token = m[1]!;
    const hash = createHash('sha256').update(token, 'utf8').digest();
    // Every configured token is compared, in constant time each, whichever matches.
    let found: (typeof this.tokens)[number] | undefined;
    for (const t of this.tokens) if (t.hash.length === hash.length && timingSafeEqual(t.hash, hash)) found = t;
    if (found) return { caller: { subject: found.name, scopes: found.scopes, via: 'token' } };
    if (!this.oauth) return { refused: { error: 'invalid_token', description: 'the token is not one of the gateway\'s' } };
    try {
      const { subject, scopes } = await this.oauth.verify(token);
      return { caller: { subject, scopes, via: 'oauth' } };
    } catch (e) {
      if (e instanceof TokenRefused) return { refused: { error: 'invalid_token', description: e.message } };
      throw e;
    }
  }
}
