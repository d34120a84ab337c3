/**
 * The moo lexer on its own: token types, what stays one token, and line/col.
 */
import test from 'ava';
import { yangLexer } from '../../../src/parser/yang-lexer.ts';

const lex = (text: string): string[] => Array.from(yangLexer(text), (t) => `${t.type}:${t.text}`);
const significant = (text: string): string[] =>
  lex(text).filter((s) => !s.startsWith('ws:') && !s.startsWith('lineComment:') && !s.startsWith('blockComment:'));

test('punctuation, strings, comments and whitespace', (t) => {
  t.deepEqual(lex(`a "b" 'c';{}+ // d\n/* e */`), [
    'unquoted:a', 'ws: ', 'dqString:"b"', 'ws: ', "sqString:'c'", 'semi:;', 'lbrace:{', 'rbrace:}', 'plus:+', 'ws: ',
    'lineComment:// d', 'ws:\n', 'blockComment:/* e */',
  ]);
});

test('paths, dates, prefixed names and ranges are one unquoted token each', (t) => {
  t.deepEqual(significant('/if:interfaces/if:interface 2018-02-20 oc-ext:openconfig-version 1..10|20..max ../a*'), [
    'unquoted:/if:interfaces/if:interface', 'unquoted:2018-02-20', 'unquoted:oc-ext:openconfig-version',
    'unquoted:1..10|20..max', 'unquoted:../a*',
  ]);
});

test("a '+' is a token only where it stands alone", (t) => {
  t.deepEqual(significant(`"a"+"b" + 'c' +5 a+b +/*x*/"d"`), [
    'dqString:"a"', 'plus:+', 'dqString:"b"', 'plus:+', "sqString:'c'", 'unquoted:+5', 'unquoted:a+b', 'plus:+', 'dqString:"d"',
  ]);
});

test('an unquoted string ends where a comment starts, and "*/" is an error token', (t) => {
  t.deepEqual(lex('a//b'), ['unquoted:a', 'lineComment://b']);
  t.deepEqual(lex('a/*b*/c'), ['unquoted:a', 'blockComment:/*b*/', 'unquoted:c']);
  t.deepEqual(lex('a*/b'), ['unquoted:a', 'badCommentEnd:*/', 'unquoted:b']);
});

test('quoted strings span lines and keep escaped quotes', (t) => {
  t.deepEqual(lex('"a\\"b\nc" \'d\\\''), ['dqString:"a\\"b\nc"', 'ws: ', "sqString:'d\\'"]);
});

test('unterminated strings and comments run to the end of the input', (t) => {
  t.deepEqual(lex('a "b\\" c'), ['unquoted:a', 'ws: ', 'badDqString:"b\\" c']);
  t.deepEqual(lex("'b"), ["badSqString:'b"]);
  t.deepEqual(lex('/* b * /'), ['badComment:/* b * /']);
});

test('CRLF is whitespace, a lone CR is an error token', (t) => {
  t.deepEqual(lex('a\r\nb\rc'), ['unquoted:a', 'ws:\r\n', 'unquoted:b', 'badChar:\r', 'unquoted:c']);
});

test('line and column of tokens after multi-line tokens', (t) => {
  const pos = Array.from(yangLexer('a "x\ny" b\n/* c\n */ d'), (tok) => `${tok.text.trim() || 'ws'}@${tok.line}:${tok.col}`);
  t.deepEqual(pos, ['a@1:1', 'ws@1:2', '"x\ny"@1:3', 'ws@2:3', 'b@2:4', 'ws@2:5', '/* c\n */@3:1', 'ws@4:4', 'd@4:5']);
});

test('the lexer never throws, whatever the input', (t) => {
  for (const text of ['\u0000', '\uD800', '"\\', '*', '/', '+', '\r', "'", '"']) {
    t.notThrows(() => lex(text), JSON.stringify(text));
  }
});
