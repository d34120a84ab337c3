import test from 'ava';
import { SnocList, materialize } from '../../../src/parser/grammars/index.ts';
import type { Building } from '../../../src/parser/grammars/index.ts';

test('a SnocList keeps its order and shares its prefix', (t) => {
  const ab = SnocList.of('a').snoc('b');
  const abc = ab.snoc('c');
  const abd = ab.snoc('d');
  t.deepEqual(abc.toArray(), ['a', 'b', 'c']);
  t.deepEqual(abd.toArray(), ['a', 'b', 'd']);
  t.deepEqual(ab.toArray(), ['a', 'b']);
  t.is(abc.length, 3);
  t.deepEqual(SnocList.empty<string>().toArray(), []);
});

test('materialize turns nested SnocLists into arrays', (t) => {
  interface Tree { readonly name: string; readonly kids: readonly Tree[] }
  const leaf = (name: string): Building<Tree> => ({ name, kids: SnocList.empty() });
  const tree: Building<Tree> = { name: 'root', kids: SnocList.of(leaf('x')).snoc({ name: 'y', kids: SnocList.of(leaf('z')) }) };
  t.deepEqual(materialize<Tree>(tree), {
    name: 'root',
    kids: [{ name: 'x', kids: [] }, { name: 'y', kids: [{ name: 'z', kids: [] }] }],
  });
  t.deepEqual(materialize<string[]>(SnocList.of('top')), ['top']);
});
