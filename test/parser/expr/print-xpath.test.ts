import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { parseXPath, printXPath } from '../../../src/parser/expr/index.ts';
import { abs, bin, child, dos, filter, lit, names, neg, num, rel, star } from './helpers/xpath-ast.ts';
import { xpathExpr } from './helpers/xpath-arbitrary.ts';
import { soakRuns } from '../../helpers/soak.ts';

const reprints = (text: string): void => {
  test(`prints ${JSON.stringify(text)} as written`, (t) => {
    const r = parseXPath(text);
    if (!r.ok) return t.fail(r.message);
    t.is(printXPath(r.value), text);
  });
};

reprints('/if:interfaces/if:interface[if:name = current()/../if:name]/if:type');
reprints("derived-from-or-self(../type, 'ianaift:ethernetCsmacd')");
reprints("count(../x) > 1 and not(../y = 'z')");
reprints('//a/b//c[@d = 1]/.');
reprints('f(1)[2]//a/following-sibling::b');
reprints('(a | b)[1]');
reprints('-(1 + 2) * 3 - (4 - 5)');
reprints('a or b and (c or d)');
reprints("processing-instruction('p') | comment() | text() | p:*");

test('brackets a bare / on the left of an operator, where * or div would read as a name test', (t) => {
  t.is(printXPath(bin('*', abs(), num(2))), '(/) * 2');
  t.is(printXPath(bin('div', abs(), num(2))), '(/) div 2');
});

test('writes // only between steps and after the root', (t) => {
  t.is(printXPath(rel(dos, child('a'))), 'descendant-or-self::node()/a');
  t.is(printXPath(rel(child('a'), dos)), 'a/descendant-or-self::node()');
  t.is(printXPath(abs(dos)), '/descendant-or-self::node()');
  t.is(printXPath(abs(dos, child(star))), '//*');
});

test('prints numbers without exponents and literals with whichever quote fits', (t) => {
  t.is(printXPath(num(1e21)), '1000000000000000000000');
  t.is(printXPath(num(1.5e-7)), '0.00000015');
  t.is(printXPath(num(-2)), '(-2)');
  t.is(printXPath(num(Number.NaN)), '(0 div 0)');
  t.is(printXPath(lit("it's")), `"it's"`);
  t.is(printXPath(lit(`a'b"c`)), `concat('a', "'", 'b"c')`);
});

test('brackets the right operand of a left-associative operator', (t) => {
  t.is(printXPath(bin('-', num(1), bin('-', num(2), num(3)))), '1 - (2 - 3)');
  t.is(printXPath(bin('|', names('a'), bin('|', names('b'), names('c')))), 'a | (b | c)');
  t.is(printXPath(neg(bin('|', names('a'), names('b')))), '-a | b');
  t.is(printXPath(filter(names('a'), [num(1)])), '(a)[1]');
});

test('parse(print(ast)) gives back the ast', (t) => {
  fc.assert(
    fc.property(xpathExpr, (ast) => {
      const printed = printXPath(ast);
      const r = parseXPath(printed);
      if (!r.ok) throw new Error(`${printed}: ${r.message}`);
      if (!isDeepStrictEqual(r.value, ast)) throw new Error(`${printed} parsed as ${JSON.stringify(r.value)}`);
    }),
    { numRuns: soakRuns(2000) },
  );
  t.pass();
});
