/**
 * Every lexical form RFC 7950 gives a value is accepted and canonicalised
 * (§9.1: a value has one canonical form and may have other lexical forms):
 * decimal64 with a sign, leading zeros or trailing zeros beyond
 * fraction-digits (§9.3.1), integers with a sign or leading zeros (§9.2.1),
 * bits in any order with any white space (§9.7.1), identities without the
 * module of their leaf (RFC 7951 §6.8). What the RFC does not allow is
 * refused. yanglint, the reference, is asked about the same documents; where
 * it differs, the case says why we follow the RFC.
 */
import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataContainer } from '../../src/data/data-container.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { LeafMeta, ListMeta, ModuleMeta } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import { encodeString, type YangValue } from '../../src/types/index.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'lexical');
const compiled = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'lx-forms.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema = compiled.context;
const module = schema.modules.get('lx-forms') as ModuleMeta;
const top = findDataChild(module, undefined, 'top') as unknown as { children: LeafMeta[] } & Parameters<typeof findDataChild>[0];

const REFUSED = Symbol('refused');
type Want = string | typeof REFUSED;

interface Case {
  readonly leaf: string;
  /** The member's value in an RFC 7951 document. */
  readonly json: unknown;
  /** The canonical lexical form (RFC 7950 §9) of the decoded value, or REFUSED. */
  readonly want: Want;
  /** When yanglint answers otherwise: what it answers and why we do not. */
  readonly yanglint?: { readonly want: Want; readonly why: string };
}

const cases: readonly Case[] = [
  // decimal64 (§9.3): trailing zeros beyond fraction-digits are the same number.
  { leaf: 'd2', json: '1.500', want: '1.5' },
  { leaf: 'd2', json: '1.5000000', want: '1.5' },
  { leaf: 'd2', json: '+1.5', want: '1.5' },
  { leaf: 'd2', json: '01.50', want: '1.5' },
  { leaf: 'd2', json: '1', want: '1.0' },
  { leaf: 'd2', json: '-0.00', want: '0.0' },
  { leaf: 'd2', json: '1.505', want: REFUSED },
  { leaf: 'd2', json: '1.', want: REFUSED },
  { leaf: 'd2', json: '.5', want: REFUSED },
  { leaf: 'd2', json: 1.5, want: REFUSED },
  { leaf: 'd2', json: ' 1.5', want: REFUSED, yanglint: { want: '1.5', why: 'RFC 7950 §9.3.1 has no white space in the lexical form' } },
  { leaf: 'd1r', json: '10.000', want: '10.0' },
  { leaf: 'd1r', json: '-1.50', want: '-1.5' },
  { leaf: 'd1r', json: '10.01', want: REFUSED },
  // integers (§9.2.1): a sign and leading zeros; hexadecimal and octal only in modules.
  { leaf: 'i8', json: 5, want: '5' },
  { leaf: 'i8', json: -0, want: '0' },
  { leaf: 'i8', json: '5', want: REFUSED },
  { leaf: 'u16', json: 65535, want: '65535' },
  { leaf: 'i64', json: '+5', want: '5' },
  { leaf: 'i64', json: '007', want: '7' },
  { leaf: 'i64', json: '-0', want: '0' },
  { leaf: 'i64', json: 5, want: REFUSED },
  { leaf: 'i64', json: '0x10', want: REFUSED, yanglint: { want: '16', why: 'RFC 7950 §9.2.1 allows hexadecimal only for defaults written in a module' } },
  { leaf: 'i64', json: '010', want: '10', yanglint: { want: '8', why: 'RFC 7950 §9.2.1: instance data is decimal; octal is only for defaults written in a module' } },
  { leaf: 'u64', json: '+18446744073709551615', want: '18446744073709551615' },
  { leaf: 'u64', json: '-1', want: REFUSED },
  // boolean (§9.5.1): only "true" and "false" (JSON true and false).
  { leaf: 'b', json: true, want: 'true' },
  { leaf: 'b', json: 'true', want: REFUSED },
  // binary (§9.8): base64 with padding; pad bits are cleared in the canonical form.
  { leaf: 'bin', json: 'YWJj', want: 'YWJj' },
  { leaf: 'bin', json: 'YWJ=', want: 'YWI=', yanglint: { want: 'YWJ=', why: 'RFC 4648 §3.5: canonical base64 has zero pad bits; libyang keeps the text as sent' } },
  { leaf: 'bin', json: 'YW Jj', want: REFUSED },
  // bits (§9.7): any order, any white space; each bit once.
  { leaf: 'bits', json: 'c a', want: 'a c' },
  { leaf: 'bits', json: ' b\ta  ', want: 'a b' },
  { leaf: 'bits', json: 'a a', want: REFUSED },
  // enumeration, identityref (RFC 7951 §6.8: the module may be left out when it is the leaf's).
  { leaf: 'e', json: 'y', want: 'y' },
  { leaf: 'e', json: 'Y', want: REFUSED },
  { leaf: 'id', json: 'one', want: 'lx-forms:one' },
  { leaf: 'id', json: 'lx-forms:one', want: 'lx-forms:one' },
  // instance-identifier (RFC 7951 §6.11): canonical layout, predicates re-quoted.
  { leaf: 'ii', json: "/lx-forms:top/lx-forms:u8[.=\"5\"]", want: "/lx-forms:top/u8[.='5']", yanglint: { want: REFUSED, why: 'RFC 7951 §6.11 gives one form; a redundant qualifier names the same node, so it is accepted and dropped' } },
  { leaf: 'ii', json: "/lx-forms:top/e", want: '/lx-forms:top/e' },
  // ... and its key and leaf-list values are values of their types, written canonically (§9.13.1: the instance the data holds).
  { leaf: 'ii', json: "/lx-forms:top/u8[ . = '05' ]", want: "/lx-forms:top/u8[.='5']" },
  { leaf: 'ii', json: "/lx-forms:top/dl[k='+01.50']/k", want: "/lx-forms:top/dl[k='1.5']/k" },
  { leaf: 'ii', json: "/lx-forms:top/dl[k='1.505']", want: REFUSED },
  { leaf: 'ii', json: "/lx-forms:top/u8[.='256']", want: REFUSED },
  // empty, union (§9.12: the first member type that takes the value, canonical in that type).
  { leaf: 'e0', json: [null], want: '' },
  { leaf: 'un', json: 7, want: '7' },
  { leaf: 'un', json: '7.50', want: '7.5' },
  { leaf: 'un', json: 'seven', want: 'seven' },
];

const label = (c: Case): string => `${c.leaf} ${JSON.stringify(c.json)}`;
const leafOf = (name: string): LeafMeta => findDataChild(top, undefined, name) as LeafMeta;

/** Our verdict: the canonical form of the decoded value, or REFUSED. */
const ours = (c: Case): Want => {
  const r = decodeData({ 'lx-forms:top': { [c.leaf]: c.json } }, module, { strict: true, content: 'config', schema });
  if (!r.ok) return REFUSED;
  const t = r.value.get(top as never) as DataContainer;
  return encodeString(leafOf(c.leaf).type, t.get(leafOf(c.leaf)) as YangValue);
};

for (const c of cases) {
  test(`${label(c)} → ${c.want === REFUSED ? 'refused' : JSON.stringify(c.want)}`, (t) => {
    t.is(ours(c), c.want);
  });
}

test('list keys: a non-canonical decimal64 key is the same entry as the canonical one', (t) => {
  const dl = findDataChild(top, undefined, 'dl') as ListMeta;
  const one = decodeData({ 'lx-forms:top': { dl: [{ k: '1.500' }] } }, module, { strict: true, content: 'config', schema });
  t.true(one.ok);
  const entries = one.ok ? ((one.value.get(top as never) as DataContainer).get(dl) as DataContainer[]) : [];
  t.is(entries[0]?.get(dl.keys[0] as LeafMeta), '1.5');
  const twice = decodeData({ 'lx-forms:top': { dl: [{ k: '1.5' }, { k: '1.50' }] } }, module, { strict: true, content: 'config', schema });
  t.false(twice.ok, 'two entries whose keys are the same number');
});

/** yanglint's canonical form of the member, or REFUSED. */
const lint = (c: Case, scratch: string): Want => {
  const file = join(scratch, 'doc.json');
  writeFileSync(file, JSON.stringify({ 'lx-forms:top': { [c.leaf]: c.json } }));
  const r = yanglint(['-f', 'json', '-t', 'config', join(dir, 'lx-forms.yang'), file]);
  if (!r.ok) return REFUSED;
  const json = JSON.parse(r.output) as Record<string, Record<string, unknown>>;
  const v = json['lx-forms:top']?.[c.leaf];
  return Array.isArray(v) ? '' : String(v);
};

yanglintTest('yanglint answers the same, except where a case says why not', (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'rxconf-lexical-'));
  try {
    for (const c of cases) {
      const expected = c.yanglint?.want ?? c.want;
      const got = lint(c, scratch);
      t.is(got === REFUSED ? 'refused' : got, expected === REFUSED ? 'refused' : expected, label(c));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
