/**
 * Bearer tokens (RFC 6750): JWTs verified with jose against configured
 * keys or a JWKS file; issuer, audience and expiry checked; one claim names
 * the user, another the groups. A verified token is cached until it expires.
 */
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, importJWK, importSPKI, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AuthFailure, type Identity } from './identity.ts';
import { VerifiedCache } from './verified-cache.ts';

export interface BearerOptions {
  /** A JWKS file (`{"keys": [...]}`); or give `publicKeys`. */
  readonly jwksFile?: string;
  /** PEM SPKI public keys or JWKs. */
  readonly publicKeys?: readonly (string | JWK)[];
  /** Algorithms accepted (default RS256, ES256, EdDSA; PEM keys need this when not RS256). */
  readonly algorithms?: readonly string[];
  readonly issuer?: string;
  readonly audience?: string;
  /** Claim naming the user (default `sub`). */
  readonly userClaim?: string;
  /** Claim holding the groups: an array or a space-separated string (default `groups`). */
  readonly groupsClaim?: string;
}

type KeySource = JWTVerifyGetKey | CryptoKey | Uint8Array;

export class BearerAuth {
  private readonly cache = new VerifiedCache();
  private readonly keys: Promise<readonly KeySource[]>;

  constructor(private readonly options: BearerOptions) {
    this.keys = this.loadKeys();
    this.keys.catch(() => undefined);
  }

  private async loadKeys(): Promise<readonly KeySource[]> {
    const o = this.options;
    const algorithms = [...(o.algorithms ?? ['RS256', 'ES256', 'EdDSA'])];
    const keys: KeySource[] = [];
    if (o.jwksFile !== undefined) keys.push(createLocalJWKSet(JSON.parse(readFileSync(o.jwksFile, 'utf8')) as { keys: JWK[] }));
    for (const k of o.publicKeys ?? []) {
      keys.push(typeof k === 'string' ? await importSPKI(k, algorithms[0] ?? 'RS256') : await importJWK(k, k.alg ?? algorithms[0]) as CryptoKey | Uint8Array);
    }
    if (keys.length === 0) throw new Error('bearer authentication needs jwksFile or publicKeys');
    return keys;
  }

  private identity(payload: JWTPayload): Identity {
    const user = payload[this.options.userClaim ?? 'sub'];
    if (typeof user !== 'string' || user === '') throw new AuthFailure(`the token names no user (${this.options.userClaim ?? 'sub'})`, 'Bearer');
    const g = payload[this.options.groupsClaim ?? 'groups'];
    const groups = Array.isArray(g) ? g.filter((x): x is string => typeof x === 'string') : typeof g === 'string' ? g.split(' ').filter((x) => x !== '') : [];
    return { user, groups, method: 'bearer' };
  }

  /** The identity of a token verified before and not yet expired: the synchronous fast path. */
  known(token: string): Identity | undefined {
    return this.cache.get(VerifiedCache.key(token));
  }

  async verify(token: string): Promise<Identity> {
    const key = VerifiedCache.key(token);
    const o = this.options;
    const checks = {
      algorithms: [...(o.algorithms ?? ['RS256', 'ES256', 'EdDSA'])],
      ...(o.issuer === undefined ? {} : { issuer: o.issuer }),
      ...(o.audience === undefined ? {} : { audience: o.audience }),
      requiredClaims: ['exp'],
    };
    let last: unknown;
    for (const k of await this.keys) {
      try {
        const { payload } = typeof k === 'function' ? await jwtVerify(token, k, checks) : await jwtVerify(token, k, checks);
        const identity = this.identity(payload);
        this.cache.set(key, identity, (payload.exp ?? 0) * 1000);
        return identity;
      } catch (e) {
        last = e;
      }
    }
    throw last instanceof AuthFailure ? last : new AuthFailure(`invalid token: ${reason(last)}`, 'Bearer');
  }
}

const reason = (e: unknown): string => {
  const code = (e as { code?: string }).code;
  switch (code) {
    case 'ERR_JWT_EXPIRED': return 'expired';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED': case 'ERR_JWKS_NO_MATCHING_KEY': return 'not signed by a trusted key';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': return `claim ${(e as { claim?: string }).claim ?? ''} not accepted`;
    default: return 'malformed or not accepted';
  }
};
