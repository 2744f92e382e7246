// The OAuth 2.1 resource server of the MCP authorization spec (2026-07-28,
// basic/authorization): access tokens are JWTs checked with `jose` against the authorization
// server's keys (its JWKS), for their signature, issuer (exactly `issuer`), audience (the
// gateway's canonical URL, RFC 8707), expiry and not-before; the protected resource metadata
// (RFC 9728) names the authorization server; 401 and 403 carry `WWW-Authenticate` with
// `resource_metadata` (and `error="insufficient_scope"`, `scope` for 403).
import { createRemoteJWKSet, jwtVerify, errors, type JWTPayload } from 'jose';
import type { OAuthConfig } from './config.mjs';

/** A token refused: the reason goes in `error_description`. */
export class TokenRefused extends Error {
  constructor(message: string, readonly reason: string) {
    super(message);
    this.name = 'TokenRefused';
  }
}

const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export class OAuthVerifier {
  private jwks?: ReturnType<typeof createRemoteJWKSet>;
  private jwksUri?: Promise<string>;

  constructor(
    readonly config: OAuthConfig,
    /** The audience tokens must carry: the gateway's canonical URL. */
    readonly audience: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The authorization server's JWKS URL: configured, or from its metadata (RFC 8414, then OpenID discovery). */
  keysUrl(): Promise<string> {
    this.jwksUri ??= this.config.jwksUri ? Promise.resolve(this.config.jwksUri) : this.discover();
    this.jwksUri.catch(() => (this.jwksUri = undefined)); // tried again on the next token
    return this.jwksUri;
  }

  private async discover(): Promise<string> {
    const issuer = new URL(this.config.issuer);
    const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
    const candidates = [
      `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
      `${issuer.origin}/.well-known/openid-configuration${path}`,
      `${issuer.origin}${path}/.well-known/openid-configuration`,
    ];
    for (const url of candidates) {
      const res = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (!res?.ok) continue;
      const meta = (await res.json().catch(() => null)) as { issuer?: string; jwks_uri?: string } | null;
      // RFC 8414 §3.3: the metadata's issuer is exactly the one asked about.
      if (meta?.issuer === this.config.issuer && typeof meta.jwks_uri === 'string') return meta.jwks_uri;
    }
    throw new TokenRefused(`the authorization server ${this.config.issuer} gave no metadata with its jwks_uri`, 'no_jwks');
  }

  /** The token's subject and scopes, or a TokenRefused saying why not. */
  async verify(token: string): Promise<{ subject: string; scopes: string[]; payload: JWTPayload }> {
    if (!this.jwks) this.jwks = createRemoteJWKSet(new URL(await this.keysUrl()), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: this.config.issuer,
        audience: this.audience,
        algorithms: this.config.algorithms ?? DEFAULT_ALGORITHMS,
        clockTolerance: this.config.clockToleranceSeconds ?? 30,
        requiredClaims: ['exp'],
      });
      return { subject: payload.sub ?? '(no sub)', scopes: scopesOf(payload), payload };
    } catch (e) {
      throw refusal(e);
    }
  }

  /** The protected resource metadata (RFC 9728 §2) of the resource at `resource`. */
  metadata(resource: string, scopes: string[]): Record<string, unknown> {
    return {
      resource,
      authorization_servers: [this.config.issuer],
      scopes_supported: this.config.scopesSupported ?? scopes,
      bearer_methods_supported: ['header'],
      ...(this.config.resourceName && { resource_name: this.config.resourceName }),
    };
  }
}

// `scope` (RFC 8693 / RFC 9068: space-separated) or `scp` (a list, as some servers write it).
function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === 'string');
  if (typeof scp === 'string') return scp.split(' ').filter(Boolean);
  return [];
}

function refusal(e: unknown): TokenRefused {
  if (e instanceof TokenRefused) return e;
  if (e instanceof errors.JWTExpired) return new TokenRefused('the token has expired', 'expired');
  if (e instanceof errors.JWTClaimValidationFailed) {
    const claim = e.claim;
    const which: Record<string, string> = { aud: 'the token is not for this resource (audience)', iss: 'the token is from another issuer', nbf: 'the token is not valid yet', exp: 'the token has no expiry' };
    return new TokenRefused(which[claim] ?? `the token's "${claim}" claim is refused: ${e.reason}`, claim === 'aud' ? 'audience' : claim === 'iss' ? 'issuer' : claim);
  }
  if (e instanceof errors.JWSSignatureVerificationFailed) return new TokenRefused('the token\'s signature does not verify', 'signature');
  if (e instanceof errors.JWKSNoMatchingKey) return new TokenRefused('no key of the authorization server matches the token', 'signature');
  if (e instanceof errors.JOSEAlgNotAllowed) return new TokenRefused('the token\'s algorithm is not accepted', 'algorithm');
  if (e instanceof errors.JWTInvalid || e instanceof errors.JWSInvalid || e instanceof errors.JOSENotSupported) return new TokenRefused('the token is not a valid JWT', 'malformed');
  if (e instanceof errors.JWKSTimeout || e instanceof errors.JWKSInvalid) return new TokenRefused('the authorization server\'s keys could not be read', 'no_jwks');
  return new TokenRefused(`the token could not be checked: ${(e as Error)?.message ?? e}`, 'unchecked');
}

/** The header value of a `WWW-Authenticate: Bearer …` challenge. */
export function challenge(params: { resourceMetadata?: string; error?: string; description?: string; scope?: string[]; realm?: string }): string {
  const q = (v: string) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  const parts: string[] = [];
  if (params.realm) parts.push(`realm=${q(params.realm)}`);
  if (params.error) parts.push(`error=${q(params.error)}`);
  // RFC 6750 §3: error_description is %x20-21 / %x23-5B / %x5D-7E (no '"' or '\\').
  if (params.description) parts.push(`error_description=${q(params.description.replace(/"/g, "'").replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, ' '))}`);
  if (params.scope?.length) parts.push(`scope=${q(params.scope.join(' '))}`);
  if (params.resourceMetadata) parts.push(`resource_metadata=${q(params.resourceMetadata)}`);
  return parts.length ? `Bearer ${parts.join(', ')}` : 'Bearer';
}

/** RFC 9728 §3.1: the metadata URL of a resource: `/.well-known/oauth-protected-resource` inserted before its path. */
export function metadataUrl(resource: string): string {
  const u = new URL(resource);
  const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
  return `${u.origin}/.well-known/oauth-protected-resource${path}`;
}
