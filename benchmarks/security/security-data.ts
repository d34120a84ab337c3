/**
 * What the security benchmark's servers start from: a user file (scrypt
 * hashes), the bench-net/bench-site datastore with 10,000 interfaces, and a
 * NACM rule set of 20 rules in three rule-lists (an admin, the benchmark's
 * operator group, guests) that the operator's reads pass through: a path
 * rule in bench-net's state denies a read beside the list, so the module is
 * guarded, not handed out unchecked; and, for the event streams, three
 * access classes of the tick notification.
 */
import { writeFileSync } from 'node:fs';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';
import { seedDocument } from '../http/seed-data.ts';

const rule = (name: string, module: string, what: Record<string, string>, ops: string, action: 'permit' | 'deny') =>
  ({ name, 'module-name': module, ...what, 'access-operations': ops, action });

/** 20 rules: 1 admin, 12 for the operators (the benchmark's user), 7 for guests. */
export const READ_RULES = {
  'read-default': 'permit',
  'write-default': 'deny',
  groups: { group: [{ name: 'admin', 'user-name': ['root'] }, { name: 'ops', 'user-name': ['bench', 'op1', 'op2'] }, { name: 'guests', 'user-name': ['g1', 'g2'] }] },
  'rule-list': [
    { name: 'admin', group: ['admin'], rule: [rule('all', '*', {}, '*', 'permit')] },
    {
      name: 'ops', group: ['ops'], rule: [
        rule('no-octets', 'bench-net', { path: '/bench-net:network/state/in-octets' }, 'read', 'deny'),
        rule('hostname-fixed', 'bench-net', { path: '/bench-net:network/hostname' }, 'update delete', 'deny'),
        rule('ifaces', 'bench-net', { path: '/bench-net:network/interface' }, 'create update delete', 'permit'),
        rule('mtu', 'bench-net', { path: '/bench-net:network/mtu' }, 'update', 'permit'),
        rule('contact', 'bench-net', { path: '/bench-net:network/contact' }, 'update', 'permit'),
        rule('location', 'bench-net', { path: '/bench-net:network/location' }, 'update', 'permit'),
        rule('no-domain', 'bench-net', { path: '/bench-net:network/domain' }, 'update delete', 'deny'),
        rule('read-net', 'bench-net', {}, 'read', 'permit'),
        rule('no-mgmt', 'bench-site', { path: '/bench-site:site/management-interface' }, '*', 'deny'),
        rule('ntp', 'bench-site', { path: '/bench-site:site/ntp-server' }, 'create delete', 'permit'),
        rule('read-site', 'bench-site', {}, 'read', 'permit'),
        rule('no-rpc', '*', { 'rpc-name': '*' }, 'exec', 'deny'),
      ],
    },
    {
      name: 'guests', group: ['guests'], rule: [
        rule('no-address', 'bench-net', { path: '/bench-net:network/interface/address' }, 'read', 'deny'),
        rule('no-vlan', 'bench-net', { path: '/bench-net:network/interface/vlan' }, 'read', 'deny'),
        rule('no-state', 'bench-net', { path: '/bench-net:network/state' }, 'read', 'deny'),
        rule('no-contact', 'bench-net', { path: '/bench-net:network/contact' }, 'read', 'deny'),
        rule('no-site', 'bench-site', {}, '*', 'deny'),
        rule('no-writes', '*', {}, 'create update delete', 'deny'),
        rule('no-exec', '*', {}, 'exec', 'deny'),
      ],
    },
  ],
};

/** The users' file: every user of the rules, password `bench-<name>`. */
export const writeUsers = async (file: string): Promise<void> => {
  const users = [['root', 'admin'], ['bench', 'ops'], ['op1', 'ops'], ['op2', 'ops'], ['g1', 'guests'], ['g2', 'guests']] as const;
  const records = await Promise.all(users.map(async ([name]) => ({ name, hash: await hashPassword(`bench-${name}`, { ln: 14, r: 8, p: 1 }), groups: [] })));
  writeFileSync(file, formatUsers(records));
};

export const basicHeader = (user: string): string => `Basic ${Buffer.from(`${user}:bench-${user}`).toString('base64')}`;

/** The GET benchmark's datastore: `entries` interfaces, with the NACM rules or without. */
export const writeReadData = (file: string, entries: number, rules: boolean): void => {
  writeFileSync(file, `${JSON.stringify({ ...seedDocument(entries), ...(rules ? { 'ietf-netconf-acm:nacm': READ_RULES } : {}) })}\n`);
};

/** Three access classes of bench-streams:tick: everything; no payload; only the sequence number. */
export const STREAM_USERS = Array.from({ length: 10 }, (_, i) => `u${i}`);
const CLASS_OF = (i: number): 'full' | 'no-payload' | 'seq-only' => (i < 4 ? 'full' : i < 7 ? 'no-payload' : 'seq-only');

export const STREAM_RULES = {
  'ietf-netconf-acm:nacm': {
    'read-default': 'permit',
    groups: { group: (['full', 'no-payload', 'seq-only'] as const).map((g) => ({ name: g, 'user-name': STREAM_USERS.filter((_, i) => CLASS_OF(i) === g) })) },
    'rule-list': [
      { name: 'no-payload', group: ['no-payload', 'seq-only'], rule: [rule('payload', 'bench-streams', { path: '/bench-streams:tick/payload' }, 'read', 'deny')] },
      { name: 'seq-only', group: ['seq-only'], rule: [rule('sent', 'bench-streams', { path: '/bench-streams:tick/sent' }, 'read', 'deny')] },
    ],
  },
};
