/**
 * The small collections of an edit's validation (PairSet, FewSet, FewMap)
 * against the Map and Set they stand for: same answers from add/get and
 * the same order, below and past the size where they move to a Map or Set.
 */
import test from 'ava';
import fc from 'fast-check';
import { FewMap } from '../../src/validate/few-map.ts';
import { FewSet } from '../../src/validate/few-set.ts';
import { PairSet } from '../../src/validate/pair-set.ts';

const keys = [{ k: 0 }, { k: 1 }, { k: 2 }, { k: 3 }, { k: 4 }];
const values = ['a', 'b', 'c', 'd', 'e', 'f'];
const pairs = fc.array(fc.tuple(fc.nat(keys.length - 1), fc.nat(values.length - 1)), { minLength: 1, maxLength: 40 });

test('PairSet adds and lists its pairs as a Map of Sets does', (t) => {
  fc.assert(fc.property(pairs, (ps) => {
    const [[k0, v0], ...rest] = ps as [[number, number], ...[number, number][]];
    const set = new PairSet(keys[k0], values[v0]);
    const ref = new Map([[keys[k0], new Set([values[v0]])]]);
    for (const [ki, vi] of rest) {
      const k = keys[ki];
      const v = values[vi];
      let s = ref.get(k);
      if (s === undefined) ref.set(k, (s = new Set()));
      const fresh = !s.has(v);
      s.add(v);
      if (set.add(k, v) !== fresh) return false;
    }
    const listed: unknown[] = [];
    set.forEach((k, v) => listed.push(k, v));
    const expected: unknown[] = [];
    for (const [k, vs] of ref) for (const v of vs) expected.push(k, v);
    t.deepEqual(listed, expected);
    return true;
  }));
});

test('FewSet adds and lists its items as a Set does', (t) => {
  fc.assert(fc.property(fc.array(fc.nat(20), { minLength: 1, maxLength: 40 }), ([first, ...rest]) => {
    const set = new FewSet(first);
    const ref = new Set([first]);
    for (const x of rest) {
      const fresh = !ref.has(x);
      ref.add(x);
      if (set.add(x) !== fresh) return false;
    }
    t.deepEqual([...set.items()], [...ref]);
    return true;
  }));
});

test('FewMap gets what was set last, as a Map does', (t) => {
  fc.assert(fc.property(fc.array(fc.tuple(fc.nat(20), fc.nat(5)), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(22)), (sets, gets) => {
    const [[k0, v0], ...rest] = sets as [[number, number], ...[number, number][]];
    const map = new FewMap(k0, v0);
    const ref = new Map([[k0, v0]]);
    for (const [k, v] of rest) {
      map.set(k, v);
      ref.set(k, v);
    }
    for (const k of [...gets, ...ref.keys()]) t.is(map.get(k), ref.get(k));
    return true;
  }));
});
