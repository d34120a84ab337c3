import test from 'ava';
import { parseXPath } from '../../../src/parser/expr/index.ts';
import type { XPathExpr } from '../../../src/parser/expr/index.ts';
import { allParses, xpathGrammar } from '../../../src/parser/grammars/index.ts';
import {
  abs, bin, call, child, dos, filter, lit, names, neg, node, num, parent, rel, self, star, step, variable,
} from './helpers/xpath-ast.ts';

const parses = (text: string, expected: XPathExpr): void => {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const r = parseXPath(text);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, expected);
    t.is(allParses(xpathGrammar, text).length, 1, 'the grammar is ambiguous here');
  });
};

const rejects = (text: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(text)} at ${offset}`, (t) => {
    const r = parseXPath(text);
    if (r.ok) return t.fail(`parsed as ${JSON.stringify(r.value)}`);
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
    t.true(r.message.includes(`offset ${offset}`), r.message);
  });
};

// §3.7: `*` and operator names depend on the preceding token.
parses('a * b', bin('*', names('a'), names('b')));
parses('*/a', rel(child(star), child('a')));
parses('a/*', rel(child('a'), child(star)));
parses('* * *', bin('*', rel(child(star)), rel(child(star))));
parses('2*3', bin('*', num(2), num(3)));
parses('..*2', bin('*', rel(parent), num(2)));
parses('f()*2', bin('*', call('f'), num(2)));
parses('a[1]*2', bin('*', rel(child('a', num(1))), num(2)));
parses('@*', rel(step('attribute', star)));
parses('child::*', rel(child(star)));
parses('(*)', rel(child(star)));
parses('f(*, *)', call('f', rel(child(star)), rel(child(star))));
parses('a[*]', rel(child('a', rel(child(star)))));
parses('div div div', bin('div', names('div'), names('div')));
parses('and and and', bin('and', names('and'), names('and')));
parses('or or or or or', bin('or', bin('or', names('or'), names('or')), names('or')));
parses('mod mod mod', bin('mod', names('mod'), names('mod')));
parses('a/and', names('a/and'));
parses('and(1)', call('and', num(1)));
parses('node', names('node'));
parses('text/comment', names('text/comment'));
parses('child/child::child', rel(child('child'), child('child')));
parses('node()', rel(child(node)));
parses('p:node()', call('p:node'));
parses('and or (b)', bin('or', names('and'), names('b')));

// Precedence and associativity.
parses('1 + 2 * 3', bin('+', num(1), bin('*', num(2), num(3))));
parses('(1 + 2) * 3', bin('*', bin('+', num(1), num(2)), num(3)));
parses('1 - 2 - 3', bin('-', bin('-', num(1), num(2)), num(3)));
parses('8 div 4 div 2', bin('div', bin('div', num(8), num(4)), num(2)));
parses('7 mod 4 * 2', bin('*', bin('mod', num(7), num(4)), num(2)));
parses('a or b and c', bin('or', names('a'), bin('and', names('b'), names('c'))));
parses('a and b or c', bin('or', bin('and', names('a'), names('b')), names('c')));
parses('a = b != c', bin('!=', bin('=', names('a'), names('b')), names('c')));
parses('a < b = c > d', bin('=', bin('<', names('a'), names('b')), bin('>', names('c'), names('d'))));
parses('a <= b >= c', bin('>=', bin('<=', names('a'), names('b')), names('c')));
parses('1 + 2 < 4', bin('<', bin('+', num(1), num(2)), num(4)));
parses('-1 - -2', bin('-', neg(num(1)), neg(num(2))));
parses('--1', neg(neg(num(1))));
parses('-a | b', neg(bin('|', names('a'), names('b'))));
parses('a | b[c]', bin('|', names('a'), rel(child('b', names('c')))));
parses('a | b | c', bin('|', bin('|', names('a'), names('b')), names('c')));
parses('a-b - c', bin('-', names('a-b'), names('c')));

// Location paths, axes and node tests.
parses('/', abs());
parses('/a', abs(child('a')));
parses('//a', abs(dos, child('a')));
parses('a//b', rel(child('a'), dos, child('b')));
parses('.', rel(self));
parses('..', rel(parent));
parses('./a', rel(self, child('a')));
parses('@name', rel(step('attribute', 'name')));
parses('@p:name', rel(step('attribute', 'p:name')));
parses('p:*', rel(child({ kind: 'wildcard', prefix: 'p' })));
parses('a.b-c.d', names('a.b-c.d'));
parses('if:interface/if:name', rel(child('if:interface'), child('if:name')));
parses('text()', rel(child({ kind: 'text' })));
parses('comment()', rel(child({ kind: 'comment' })));
parses('processing-instruction()', rel(child({ kind: 'processing-instruction', literal: undefined })));
parses("processing-instruction('x')", rel(child({ kind: 'processing-instruction', literal: 'x' })));
parses('a[1][2]', rel(child('a', num(1), num(2))));
parses('ancestor::a', rel(step('ancestor', 'a')));
parses('ancestor-or-self::a', rel(step('ancestor-or-self', 'a')));
parses('attribute::a', rel(step('attribute', 'a')));
parses('descendant::a', rel(step('descendant', 'a')));
parses('descendant-or-self::a', rel(step('descendant-or-self', 'a')));
parses('following::a', rel(step('following', 'a')));
parses('following-sibling::a', rel(step('following-sibling', 'a')));
parses('namespace::a', rel(step('namespace', 'a')));
parses('parent::a', rel(step('parent', 'a')));
parses('preceding::a', rel(step('preceding', 'a')));
parses('preceding-sibling::a', rel(step('preceding-sibling', 'a')));
parses('self::node()', rel(self));
parses(' child :: a [ 1 ] ', rel(child('a', num(1))));

// Primaries and filter expressions.
parses('"it\'s"', lit("it's"));
parses("'say \"hi\"'", lit('say "hi"'));
parses("''", lit(''));
parses('1.5', num(1.5));
parses('.5', num(0.5));
parses('3.', num(3));
parses('$x', variable('x'));
parses('$p:x', variable('p:x'));
parses('f()', call('f'));
parses('p:f(1, 2)', call('p:f', num(1), num(2)));
parses('f ( 1 )', call('f', num(1)));
parses('f()[1]', filter(call('f'), [num(1)]));
parses('f()/a', filter(call('f'), [], [child('a')]));
parses('f()//a', filter(call('f'), [], [dos, child('a')]));
parses('(a)[1]/b', filter(names('a'), [num(1)], [child('b')]));
parses('$x[1][2]', filter(variable('x'), [num(1), num(2)]));
parses('((a))', names('a'));

// YANG-typical expressions.
parses('../../config/name', rel(parent, parent, child('config'), child('name')));
parses(
  '/if:interfaces/if:interface[if:name = current()/../if:name]/if:type',
  abs(
    child('if:interfaces'),
    child('if:interface', bin('=', names('if:name'), filter(call('current'), [], [parent, child('if:name')]))),
    child('if:type'),
  ),
);
parses(
  "derived-from-or-self(../type, 'ianaift:ethernetCsmacd')",
  call('derived-from-or-self', rel(parent, child('type')), lit('ianaift:ethernetCsmacd')),
);
parses(
  "count(../x) > 1 and not(../y = 'z')",
  bin(
    'and',
    bin('>', call('count', rel(parent, child('x'))), num(1)),
    call('not', bin('=', rel(parent, child('y')), lit('z'))),
  ),
);
parses("re-match(., '\\d+')", call('re-match', rel(self), lit('\\d+')));
parses(
  "../../../../../../config/type = 'MATCH_ACTION_POLICY'",
  bin('=', rel(parent, parent, parent, parent, parent, parent, child('config'), child('type')), lit('MATCH_ACTION_POLICY')),
);
parses(
  'deref(../interface)/../ip:address/ip:ip',
  filter(call('deref', rel(parent, child('interface'))), [], [parent, child('ip:address'), child('ip:ip')]),
);
parses('\n  ../a\n  and\t../b\n', bin('and', rel(parent, child('a')), rel(parent, child('b'))));

// Errors: what was expected, and where.
rejects('', 0, 'expected an expression but found end of input');
rejects('a b', 2, "expected an operator, '/', '//' or '[' but found 'b'");
rejects('a +', 3, 'expected an expression');
rejects('a[1', 3, "']'");
rejects('f(1,)', 4, "found ')'");
rejects('foo::a', 0, "unknown axis 'foo'");
rejects('p:child::a', 0, "unknown axis 'p:child'");
rejects("'abc", 0, 'unterminated literal');
rejects('a # b', 2, "unexpected character '#'");
rejects('a/', 2, 'expected a step');
rejects('a//', 3, 'expected a step');
rejects('.[1]', 1, "found '['");
rejects('a = = b', 4, "found '='");
rejects('a and', 5, 'end of input');
rejects('$', 0, "unexpected character '$'");
rejects('text()()', 6, "found '('");
rejects('processing-instruction(1)', 23, "found '1'");
rejects('child::', 7, 'end of input');
rejects('a/ div 2', 7, "found '2'");
