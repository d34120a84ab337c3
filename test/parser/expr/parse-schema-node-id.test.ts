import test from 'ava';
import { parseSchemaNodeId } from '../../../src/parser/expr/index.ts';
import type { NodeIdStep, SchemaNodeId } from '../../../src/parser/expr/index.ts';

const s = (q: string): NodeIdStep => {
  const i = q.indexOf(':');
  return i < 0 ? { prefix: undefined, name: q } : { prefix: q.slice(0, i), name: q.slice(i + 1) };
};

const parses = (text: string, expected: SchemaNodeId): void => {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const r = parseSchemaNodeId(text);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, expected);
  });
};

const rejects = (text: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(text)}`, (t) => {
    const r = parseSchemaNodeId(text);
    if (r.ok) return t.fail(JSON.stringify(r.value));
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
  });
};

parses('/if:interfaces/if:interface', { absolute: true, steps: [s('if:interfaces'), s('if:interface')] });
parses('/a', { absolute: true, steps: [s('a')] });
parses('a:b/c', { absolute: false, steps: [s('a:b'), s('c')] });
parses('input', { absolute: false, steps: [s('input')] });
parses('/x:a.b-c/y:_d', { absolute: true, steps: [s('x:a.b-c'), s('y:_d')] });

rejects('', 0, 'end of input');
rejects('/', 1, 'a node identifier');
rejects('/a/', 3, 'end of input');
rejects('a//b', 2, "found '/'");
rejects('/a /b', 2, "unexpected character ' '");
rejects('/a:b:c', 4, "unexpected character ':'");
rejects('/1a', 1, "unexpected character '1'");
