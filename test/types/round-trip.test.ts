/**
 * Property tests: for random valid values, JSON (both modes, through JSON
 * text) and the lexical form give back the same value.
 */
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import type { IntegerTypeName, TypeMeta } from '../../src/meta/meta.ts';
import {
  decodeJson, decodeString, encodeJson, encodeString, formatDecimal, INTEGER_RANGES, validateValue, type YangValue,
} from '../../src/types/index.ts';
import {
  bitsOf, enumsOf, intervals, leafrefTo, lookupOf, makeIdentity, makeType, pattern, restriction,
} from './make-type.ts';

const base = makeIdentity('crypto', 'hash');
const identities = [
  base,
  makeIdentity('crypto', 'sha-256', [base]),
  makeIdentity('crypto', 'sha-512', [base]),
  makeIdentity('ext', 'blake2', [base]),
];
const identity = lookupOf(...identities);
const leafModule = 'crypto';

function roundTrips(t: ExecutionContext, type: TypeMeta, values: fc.Arbitrary<YangValue>): void {
  t.notThrows(() =>
    fc.assert(
      fc.property(values, (value) => {
        for (const strict of [true, false]) {
          const wire = JSON.parse(JSON.stringify(encodeJson(type, value, { strict, leafModule }))) as unknown;
          const back = decodeJson(type, wire, { strict, leafModule, identity });
          if (!back.ok) throw new Error(`${strict ? 'strict' : 'plain'} JSON ${JSON.stringify(wire)}: ${back.errors[0]?.message}`);
          if (!sameValue(back.value, value)) throw new Error(`JSON ${JSON.stringify(wire)} came back as ${String(back.value)}`);
        }
        const text = encodeString(type, value);
        const back = decodeString(type, text, { qualifier: 'module', leafModule, identity });
        if (!back.ok || !sameValue(back.value, value)) throw new Error(`text ${JSON.stringify(text)} did not come back`);
        if (!validateValue(type, value, identity).ok) throw new Error('the value does not validate');
      }),
      { numRuns: 300 },
    ),
  );
}

const sameValue = (a: YangValue, b: YangValue): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

const integerValues = (name: IntegerTypeName): fc.Arbitrary<YangValue> => {
  const { min, max } = INTEGER_RANGES[name];
  const big = fc.oneof(fc.bigInt({ min, max }), fc.constantFrom(min, max, 0n));
  return name === 'int64' || name === 'uint64' ? big : big.map(Number);
};

for (const name of Object.keys(INTEGER_RANGES) as IntegerTypeName[]) {
  test(`${name} round trips`, (t) => roundTrips(t, makeType(name), integerValues(name)));
}

test('decimal64 round trips, every fraction-digits', (t) => {
  for (let fd = 1; fd <= 18; fd++) {
    const values = fc
      .oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -1000n, max: 1000n }))
      .map((scaled) => formatDecimal(scaled, fd));
    roundTrips(t, makeType('decimal64', { fractionDigits: fd }), values);
  }
});

test('string round trips (any valid characters)', (t) => {
  const type = makeType('string');
  const values = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => validateValue(type, s).ok);
  roundTrips(t, type, values);
});

test('restricted string round trips', (t) => {
  const type = makeType('string', { length: restriction(intervals([1, 12])), patterns: [pattern('[a-z][a-z0-9\\-]*')] });
  const values = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
  roundTrips(t, type, values);
});

test('binary round trips', (t) => {
  roundTrips(t, makeType('binary'), fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64')));
});

test('bits round trip', (t) => {
  const bits = bitsOf(['a', 3], ['b', 0], ['c', 7], ['d', 1]);
  const order = [...bits].sort((x, y) => x.position - y.position).map((b) => b.name);
  const values = fc.subarray(order);
  roundTrips(t, makeType('bits', { bits }), values);
});

test('boolean, empty and enumeration round trip', (t) => {
  roundTrips(t, makeType('boolean'), fc.boolean());
  roundTrips(t, makeType('empty'), fc.constant(null));
  const names = ['zero', 'one', 'two-words', 'x.y'];
  roundTrips(t, makeType('enumeration', { enums: enumsOf(...names) }), fc.constantFrom(...names));
});

test('identityref round trips, in and out of the leaf module', (t) => {
  const values = fc.constantFrom('crypto:sha-256', 'crypto:sha-512', 'ext:blake2');
  roundTrips(t, makeType('identityref', { bases: [base] }), values);
});

test('instance-identifier round trips', (t) => {
  const id = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,6}$/);
  const quoted = fc.string({ unit: 'grapheme-ascii', maxLength: 8 }).filter((s) => !s.includes("'") || !s.includes('"'));
  const predicate = fc.oneof(
    fc.tuple(id, quoted).map(([k, v]) => `[${k}=${v.includes("'") ? `"${v}"` : `'${v}'`}]`),
    quoted.map((v) => `[.=${v.includes("'") ? `"${v}"` : `'${v}'`}]`),
    fc.integer({ min: 1, max: 99 }).map((n) => `[${n}]`),
  );
  const step = fc.tuple(fc.option(fc.constantFrom('m1', 'm2')), id, fc.option(predicate));
  const type = makeType('instance-identifier');
  const values = fc.tuple(id, fc.array(step, { maxLength: 4 })).map(([first, steps]) => {
    const text = `/m1:${first}${steps.map(([m, n, p]) => `/${m === null ? '' : `${m}:`}${n}${p ?? ''}`).join('')}`;
    const canonical = decodeJson(type, text, { strict: true, leafModule, identity });
    if (!canonical.ok) throw new Error(`generated ${text}: ${canonical.errors[0]?.message}`);
    return canonical.value;
  });
  roundTrips(t, type, values);
});

test('union values round trip through the member that produced them', (t) => {
  const type = makeType('union', {
    members: [
      makeType('int8', { range: restriction(intervals([0, 9])) }),
      makeType('uint64'),
      makeType('enumeration', { enums: enumsOf('auto', 'none') }),
      makeType('identityref', { bases: [base] }),
      makeType('decimal64', { fractionDigits: 3 }),
      makeType('boolean'),
      makeType('empty'),
      makeType('string', { patterns: [pattern('[A-Z]+')] }),
    ],
  });
  const values: fc.Arbitrary<YangValue> = fc.oneof(
    fc.integer({ min: 0, max: 9 }),
    fc.bigInt({ min: 10n, max: 2n ** 64n - 1n }),
    fc.constantFrom('auto', 'none', 'crypto:sha-256', 'ext:blake2', true, false, null),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => formatDecimal(n, 3)),
    fc.stringMatching(/^[A-Z]{1,8}$/),
  );
  roundTrips(t, type, values);
});

test('leafref values round trip as their target type', (t) => {
  roundTrips(t, leafrefTo(makeType('uint64')), integerValues('uint64'));
});
