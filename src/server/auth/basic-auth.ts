/** HTTP Basic (RFC 7617) against the user file, verified once per credential and cached. */
import { Buffer } from 'node:buffer';
import { statSync } from 'node:fs';
import { AuthFailure, type Identity } from './identity.ts';
import { readUsers, verifyPassword, type UserRecord } from './password-file.ts';
import { VerifiedCache } from './verified-cache.ts';

export interface BasicOptions {
  /** The user file (`rxconf passwd`); re-read when it changes. */
  readonly usersFile: string;
}

const RELOAD_CHECK_MS = 1_000;

export class BasicAuth {
  private users: Map<string, UserRecord> = new Map();
  private mtime = -1;
  private checked = 0;
  private readonly cache = new VerifiedCache();

  constructor(private readonly options: BasicOptions) {
    this.reload(Date.now());
  }

  private reload(now: number): void {
    this.checked = now;
    const mtime = statSync(this.options.usersFile).mtimeMs;
    if (mtime === this.mtime) return;
    this.users = readUsers(this.options.usersFile);
    this.mtime = mtime;
    this.cache.clear();
  }

  /** The identity of credentials verified before (no hashing): the synchronous fast path. */
  known(credentials: string): Identity | undefined {
    const now = Date.now();
    if (now - this.checked > RELOAD_CHECK_MS) this.reload(now);
    return this.cache.get(VerifiedCache.key(credentials), now);
  }

  /** The identity of `Basic <credentials>`, or an AuthFailure. */
  async verify(credentials: string): Promise<Identity> {
    const now = Date.now();
    const key = VerifiedCache.key(credentials);
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new AuthFailure('malformed Basic credentials', 'Basic');
    const name = decoded.slice(0, colon);
    const user = this.users.get(name);
    // An unknown user costs the same as a wrong password.
    const ok = await verifyPassword(decoded.slice(colon + 1), user?.hash ?? DUMMY_HASH);
    if (user === undefined || !ok) throw new AuthFailure('wrong user name or password', 'Basic');
    const identity: Identity = { user: user.name, groups: user.groups, method: 'basic' };
    this.cache.set(key, identity, Infinity, now);
    return identity;
  }
}

/** scrypt hash of a random password, checked against when the user does not exist. */
const DUMMY_HASH = '$scrypt$ln=15,r=8,p=1$qmXZ0jvHn7m6F1Ch2x3nXw==$3JzmD1k0Eh7b0Hc0Y9ePq1vZb8wq0bUq8w7oJ1N0Xo8=';
