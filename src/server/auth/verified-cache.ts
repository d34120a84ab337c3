/**
 * Credentials already verified, so a client sending the same Basic
 * credentials or token on every request pays the (deliberately slow)
 * verification once: keyed by a SHA-256 of the credential (the credential
 * itself is not kept), bounded in size, each entry for a limited time.
 */
import { createHash } from 'node:crypto';
import type { Identity } from './identity.ts';

export class VerifiedCache {
  private readonly entries = new Map<string, { identity: Identity; until: number }>();

  constructor(private readonly max = 10_000, private readonly ttlMs = 5 * 60_000) {}

  static key(credential: string): string {
    return createHash('sha256').update(credential).digest('base64');
  }

  get(key: string, now = Date.now()): Identity | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    if (e.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.identity;
  }

  /** Remembers until `until` (at most the cache's time to live). */
  set(key: string, identity: Identity, until = Infinity, now = Date.now()): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { identity, until: Math.min(until, now + this.ttlMs) });
  }

  clear(): void {
    this.entries.clear();
  }
}
