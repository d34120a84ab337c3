/**
 * Credentials already verified, so a client sending the same Basic
 * credentials or token on every request pays the (deliberately slow)
 * verification once: bounded in size, each entry for a limited time.
 * Keyed by the credential as received: it stays in the process's memory
 * while cached (as it is while each request is served), never logged,
 * written or answered. A SHA-256 of it as the key cost more per request
 * than the rest of authentication and NACM together (the security
 * benchmark), for no protection a process-memory reader would not defeat.
 */
import type { Identity } from './identity.ts';

export class VerifiedCache {
  private readonly entries = new Map<string, { identity: Identity; until: number }>();

  constructor(private readonly max = 10_000, private readonly ttlMs = 5 * 60_000) {}

  static key(credential: string): string {
    return credential;
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
