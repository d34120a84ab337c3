/**
 * The user file of HTTP Basic authentication: one user a line,
 *
 *   name:$scrypt$ln=15,r=8,p=1$<salt, base64>$<key, base64>:group,group
 *
 * hashed with scrypt from node:crypto (memory-hard; parameters stored per
 * line so they can be raised later). Blank lines and `#` comments are kept.
 */
import { Buffer } from 'node:buffer';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface UserRecord {
  readonly name: string;
  readonly hash: string;
  readonly groups: readonly string[];
}

const KEY_BYTES = 32;
const DEFAULT = { ln: 15, r: 8, p: 1 } as const;
const NAME = /^[^\s:]+$/;

const derive = (password: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, { N: 2 ** ln, r, p, maxmem: 256 * 2 ** ln * r + 1024 * 1024 }, (e, key) => (e === null ? resolve(key) : reject(e)));
  });

export const hashPassword = async (password: string, cost: { ln: number; r: number; p: number } = DEFAULT): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost.ln, cost.r, cost.p);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

/** Constant-time comparison of the derived key; false for a malformed hash. */
export const verifyPassword = async (password: string, hash: string): Promise<boolean> => {
  const m = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(hash);
  if (m === null) return false;
  const [, ln, r, p, salt, key] = m as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64');
  const got = await derive(password, Buffer.from(salt, 'base64'), Number(ln), Number(r), Number(p));
  return got.length === expected.length && timingSafeEqual(got, expected);
};

export const parseUsers = (text: string, file = 'users'): Map<string, UserRecord> => {
  const users = new Map<string, UserRecord>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [name = '', hash = '', groups = ''] = line.split(':');
    if (!NAME.test(name) || !hash.startsWith('$scrypt$')) throw new Error(`${file}:${i + 1}: expected name:$scrypt$...[:group,group]`);
    users.set(name, { name, hash, groups: groups.split(',').filter((g) => g !== '') });
  });
  return users;
};

export const formatUsers = (users: Iterable<UserRecord>): string =>
  [...users].map((u) => `${u.name}:${u.hash}${u.groups.length === 0 ? '' : `:${u.groups.join(',')}`}\n`).join('');

export const readUsers = (file: string): Map<string, UserRecord> => parseUsers(readFileSync(file, 'utf8'), file);

export const isUserName = (name: string): boolean => NAME.test(name);
