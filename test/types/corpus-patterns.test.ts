/**
 * Every pattern of the shared YANG corpus translates and compiles, and the
 * patterns of well-known typedefs accept and reject the right values.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';
import { compileXsdRegex, decodeJson } from '../../src/types/index.ts';
import { makeType, pattern, strictJson } from './make-type.ts';
import { patternsOf, type CorpusPattern } from './yang-patterns.ts';

const files = hasShared ? readdirSync(corpusPublic).filter((f) => f.endsWith('.yang')).sort() : [];
const all: CorpusPattern[] = files.flatMap((f) => patternsOf(join(corpusPublic, f)));

sharedTest('every corpus pattern translates and compiles', (t) => {
  t.true(all.length > 100, `found ${all.length} patterns`);
  const failures = all
    .map((p) => ({ p, r: compileXsdRegex(p.source) }))
    .filter(({ r }) => !r.ok)
    .map(({ p, r }) => `${p.file} ${p.typedef ?? ''}: ${r.ok ? '' : r.message}`);
  t.deepEqual(failures, []);
});

/** The string type made of a typedef's own patterns. */
function typedefType(filePrefix: string, typedef: string) {
  const file = files.find((f) => f.startsWith(filePrefix));
  if (file === undefined) throw new Error(`no ${filePrefix} in the corpus`);
  const patterns = patternsOf(join(corpusPublic, file))
    .filter((p) => p.typedef === typedef)
    .map((p) => pattern(p.source, { invertMatch: p.invertMatch }));
  if (patterns.length === 0) throw new Error(`no patterns for ${typedef} in ${file}`);
  return makeType('string', { patterns });
}

const known: [file: string, typedef: string, accept: string[], reject: string[]][] = [
  ['ietf-inet-types@', 'ipv4-address',
    ['192.0.2.1', '0.0.0.0', '255.255.255.255', '10.0.0.1%eth0'],
    ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', ' 1.2.3.4', '1.2.3.4%', '1.2.3.a']],
  ['ietf-inet-types@', 'ipv6-address',
    ['2001:db8::1', '::', '::1', 'fe80::1%eth0', '2001:db8:0:0:0:0:0:1', '::ffff:192.0.2.1', '2001:DB8::ABCD'],
    ['12345::1', 'g::1', '1.2.3.4', '2001:db8::1::2', '2001:db8:1', '']],
  ['ietf-inet-types@', 'ipv4-prefix',
    ['10.0.0.0/8', '192.0.2.0/24', '0.0.0.0/0', '255.255.255.255/32'],
    ['10.0.0.0/33', '10.0.0.0', '10.0.0.256/8', '10.0.0.0/08x']],
  ['ietf-inet-types@', 'ipv6-prefix',
    ['2001:db8::/32', '::/0', '::1/128'],
    ['2001:db8::/129', '2001:db8::', '2001:db8::/']],
  ['ietf-inet-types@', 'domain-name',
    ['example.com', 'example.com.', '.', 'a', 'xn--bcher-kva.example', '_sip._tcp.example.com', `${'a'.repeat(63)}.com`],
    ['-example.com', 'example..com', 'exa mple.com', '', `${'a'.repeat(64)}.com`, 'example-.com']],
  ['ietf-yang-types@', 'date-and-time',
    ['2024-01-15T10:30:00Z', '2024-01-15T10:30:00.123+05:30', '2016-12-31T23:59:60Z', '2024-01-15T10:30:00', '2024-02-29T00:00:00-14:00'],
    ['2024-13-01T00:00:00Z', '2024-01-15 10:30:00Z', '2024-01-15T24:00:00Z', '2024-01-15T10:30:00+15:00', '2024-01-15T10:30Z', '2024-1-15T10:30:00Z']],
  ['ietf-yang-types@', 'mac-address',
    ['00:1a:2B:3c:4D:5e'],
    ['00:1a:2b:3c:4d', '00-1a-2b-3c-4d-5e', '00:1a:2b:3c:4d:5g']],
  ['ietf-yang-types@', 'uuid',
    ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
    ['f81d4fae7dec11d0a76500a0c91e6bf6', '{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}']],
  ['openconfig-inet-types', 'ipv4-prefix',
    ['10.0.0.0/8', '192.0.2.0/24', '0.0.0.0/0'],
    ['10.0.0.0/33', '10.0.0.0', '10.0.0.256/8', '1.2.3/24']],
  ['openconfig-inet-types', 'ipv6-prefix',
    ['2001:db8::/32', '::/0', '2001:db8:0:0:0:0:0:1/128', 'fe80::/10'],
    ['2001:db8::/129', '2001:db8::', '2001:db8:::/32', '12345::/16', '1:2:3:4:5:6:7:8:9/64']],
  ['openconfig-inet-types', 'ipv4-address',
    ['192.0.2.1'],
    ['192.0.2.1%eth0', '192.0.2']],
  ['iana-crypt-hash@', 'crypt-hash',
    ['$0$cleartext', `$1$saltsalt$${'a'.repeat(22)}`, `$5$rounds=5000$salt$${'b'.repeat(43)}`, `$6$salt$${'c'.repeat(86)}`],
    ['cleartext', '$2$abc', `$1$salt$${'a'.repeat(21)}`, `$6$salt$${'c'.repeat(85)}`]],
];

for (const [file, typedef, accept, reject] of known) {
  sharedTest(`${file}${typedef} accepts and rejects the right values`, (t) => {
    const type = typedefType(file, typedef);
    for (const value of accept) t.true(decodeJson(type, value, strictJson()).ok, `should accept ${value}`);
    for (const value of reject) t.false(decodeJson(type, value, strictJson()).ok, `should reject ${value}`);
  });
}

sharedTest('the corpus invert-match pattern (ietf-dhcpv6-common duid-unstructured)', (t) => {
  const type = typedefType('ietf-dhcpv6-common@', 'duid-unstructured');
  t.true(type.patterns[0]?.invertMatch);
  t.true(decodeJson(type, '0005ABCD', strictJson()).ok);
  t.false(decodeJson(type, '0001ABCD', strictJson()).ok);
});
