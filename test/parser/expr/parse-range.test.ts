import test from 'ava';
import { parseRange } from '../../../src/parser/expr/index.ts';
import type { RangeBound, RangeExpr } from '../../../src/parser/expr/index.ts';
import { allParses, rangeGrammar } from '../../../src/parser/grammars/index.ts';

const v = (text: string): RangeBound => ({ kind: 'value', text });
const min: RangeBound = { kind: 'min' };
const max: RangeBound = { kind: 'max' };

const parses = (text: string, expected: RangeExpr): void => {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const r = parseRange(text);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, expected);
    t.is(allParses(rangeGrammar, text).length, 1);
  });
};

const rejects = (text: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(text)}`, (t) => {
    const r = parseRange(text);
    if (r.ok) return t.fail(JSON.stringify(r.value));
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
  });
};

parses('1..10', [{ lo: v('1'), hi: v('10') }]);
parses('42', [{ lo: v('42'), hi: v('42') }]);
parses('min..max', [{ lo: min, hi: max }]);
parses('-128..-1 | 1..127', [{ lo: v('-128'), hi: v('-1') }, { lo: v('1'), hi: v('127') }]);
parses('1 | 3 | 5..max', [{ lo: v('1'), hi: v('1') }, { lo: v('3'), hi: v('3') }, { lo: v('5'), hi: max }]);
parses('-3.5 .. 0.25', [{ lo: v('-3.5'), hi: v('0.25') }]);
parses('+1..+2', [{ lo: v('+1'), hi: v('+2') }]);
parses('10..1', [{ lo: v('10'), hi: v('1') }]);
parses('\n 0 ..\t18446744073709551615 ', [{ lo: v('0'), hi: v('18446744073709551615') }]);
parses('min|max', [{ lo: min, hi: min }, { lo: max, hi: max }]);

rejects('', 0, 'end of input');
rejects('1..', 3, 'end of input');
rejects('1..2..3', 4, "found '..'");
rejects('1 || 2', 3, "found '|'");
rejects('1 2', 2, "found '2'");
rejects('minimum..5', 0, "found 'minimum'");
rejects('1.5.5', 3, "unexpected character '.'");
rejects('1..x', 3, "found 'x'");
rejects('|1', 0, "found '|'");
