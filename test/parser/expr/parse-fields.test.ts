import test from 'ava';
import { parseFields } from '../../../src/parser/expr/index.ts';
import type { FieldsExpr, FieldsItem, FieldsPathStep } from '../../../src/parser/expr/index.ts';
import { allParses, fieldsGrammar } from '../../../src/parser/grammars/index.ts';

const path = (p: string): FieldsPathStep[] =>
  p.split('/').map((q) => {
    const i = q.indexOf(':');
    return i < 0 ? { module: undefined, name: q } : { module: q.slice(0, i), name: q.slice(i + 1) };
  });
const item = (p: string, sub?: FieldsExpr): FieldsItem => ({ path: path(p), sub });

const parses = (text: string, expected: FieldsExpr): void => {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const r = parseFields(text);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, expected);
    t.is(allParses(fieldsGrammar, text).length, 1);
  });
};

const rejects = (text: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(text)}`, (t) => {
    const r = parseFields(text);
    if (r.ok) return t.fail(JSON.stringify(r.value));
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
  });
};

parses('a', [item('a')]);
parses('a;b', [item('a'), item('b')]);
parses('a/b/c', [item('a/b/c')]);
parses('a(b;c/d(e));f', [item('a', [item('b'), item('c/d', [item('e')])]), item('f')]);
parses('ietf-yang-library:modules-state/module(name;revision)', [
  item('ietf-yang-library:modules-state/module', [item('name'), item('revision')]),
]);
parses('example-jukebox:jukebox/library/artist(name)', [item('example-jukebox:jukebox/library/artist', [item('name')])]);
parses('a(b(c(d)))', [item('a', [item('b', [item('c', [item('d')])])])]);

rejects('', 0, 'end of input');
rejects('a;', 2, 'an api-identifier');
rejects('a((b))', 2, "found '('");
rejects('a(b', 3, "')'");
rejects('a(b))', 4, "found ')'");
rejects('a()', 2, "found ')'");
rejects('a/;b', 2, "found ';'");
rejects('a; b', 2, "unexpected character ' '");
rejects('a(b)c', 4, "found 'c'");
