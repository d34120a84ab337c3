import test from 'ava';
import { call, loc, num, bin, st, path } from './build.ts';
import { ev, labels, sel } from './fixture.ts';

const itemB = () => sel('top', 'item', 1);

test('child', (t) => {
  t.deepEqual(labels(ev(loc('child::*'), itemB())), ['name=b', 'value=2', 'tag=y']);
  t.deepEqual(labels(ev(loc('tag'), sel('top', 'item', 0))), ['tag=x', 'tag=y']);
});

test('self and parent', (t) => {
  t.deepEqual(labels(ev(loc('.'), itemB())), ['item#b']);
  t.deepEqual(labels(ev(loc('self::ex:item'), itemB())), ['item#b']);
  t.deepEqual(labels(ev(loc('self::ex:top'), itemB())), []);
  t.deepEqual(labels(ev(loc('..'), itemB())), ['top']);
  t.deepEqual(labels(ev(loc('..'), sel('top'))), ['/']);
  t.deepEqual(labels(ev(loc('..'))), []);
});

test('ancestor and ancestor-or-self (the root matches node() but not *)', (t) => {
  const nameB = sel('top', 'item', 1, 'name');
  t.deepEqual(labels(ev(loc('ancestor::node()'), nameB)), ['/', 'top', 'item#b']);
  t.deepEqual(labels(ev(loc('ancestor::*'), nameB)), ['top', 'item#b']);
  t.deepEqual(labels(ev(loc('ancestor-or-self::*'), nameB)), ['top', 'item#b', 'name=b']);
});

test('descendant and descendant-or-self', (t) => {
  t.deepEqual(labels(ev(loc('descendant::*'), sel('top', 'extra'))), ['note=hi', 'n=5']);
  t.deepEqual(labels(ev(loc('descendant-or-self::*'), itemB())), ['item#b', 'name=b', 'value=2', 'tag=y']);
  t.deepEqual(labels(ev(loc('descendant::ex:name'))), ['name=a', 'name=b', 'name=c']);
});

test('following-sibling and preceding-sibling', (t) => {
  t.deepEqual(labels(ev(loc('following-sibling::*'), itemB())), ['item#c', 'ref=b', 'flag=', 'extra']);
  t.deepEqual(labels(ev(loc('preceding-sibling::*'), sel('top', 'ref'))), ['item#a', 'item#b', 'item#c']);
  t.deepEqual(labels(ev(loc('following-sibling::*'), sel('cars'))), []);
  t.deepEqual(labels(ev(loc('preceding-sibling::node()'))), []);
});

test('following: everything after, descendants excluded', (t) => {
  t.deepEqual(labels(ev(loc('following::*'), sel('cars', 'car', 1))), []);
  t.deepEqual(labels(ev(loc('following::*'), sel('cars', 'car', 0, 'tire', 1))), [
    'car#c2', 'id=c2', 'status=running', 'tire#fl', 'pos=fl', 'wear=50',
  ]);
});

test('preceding: everything before, ancestors excluded', (t) => {
  const nameB = sel('top', 'item', 1, 'name');
  t.deepEqual(labels(ev(loc('preceding::*'), nameB)), ['item#a', 'name=a', 'value=1', 'tag=x', 'tag=y']);
  t.deepEqual(labels(ev(loc('preceding::*'), sel('top', 'item', 0))), []);
});

test('attribute and namespace axes are empty', (t) => {
  t.deepEqual(labels(ev(loc('attribute::*'), itemB())), []);
  t.deepEqual(labels(ev(loc('@name'), itemB())), []);
  t.deepEqual(labels(ev(loc('namespace::node()'), itemB())), []);
});

test('text(), comment() and processing-instruction() match nothing', (t) => {
  t.deepEqual(labels(ev(loc('child::text()'), sel('top', 'ref'))), []);
  t.deepEqual(labels(ev(loc('descendant::comment()'))), []);
  t.deepEqual(labels(ev(loc('descendant::processing-instruction()'))), []);
});

test('proximity positions count backwards on reverse axes', (t) => {
  const nameB = sel('top', 'item', 1, 'name');
  t.deepEqual(labels(ev(loc('ancestor::*', num(1)), nameB)), ['item#b']);
  t.deepEqual(labels(ev(loc('ancestor::node()', num(3)), nameB)), ['/']);
  t.deepEqual(labels(ev(loc('preceding::*', num(1)), nameB)), ['tag=y']);
  t.deepEqual(labels(ev(loc('preceding-sibling::*', num(1)), sel('top', 'item', 2))), ['item#b']);
  const farthest = bin('=', call('position'), call('last'));
  t.deepEqual(labels(ev(loc('preceding-sibling::*', farthest), sel('top', 'ref'))), ['item#a']);
  t.deepEqual(labels(ev(loc('following-sibling::*', num(2)), sel('top', 'item', 0))), ['item#c']);
});

test('the result of a reverse axis with a positional predicate is still in document order', (t) => {
  const notFirst = bin('>', call('position'), num(1));
  t.deepEqual(labels(ev(loc('preceding-sibling::*', notFirst), sel('top', 'ref'))), ['item#a', 'item#b']);
});

test('predicates apply per context node, and one after another', (t) => {
  // Each item's first tag; item c has none.
  t.deepEqual(labels(ev(path(true, st('ex:top'), st('ex:item'), st('ex:tag', num(1))))), ['tag=x', 'tag=y']);
  // Second predicate sees positions renumbered by the first.
  const tagIsY = bin('=', loc('tag'), { kind: 'literal', value: 'y' });
  t.deepEqual(labels(ev(path(true, st('ex:top'), st('ex:item', tagIsY, num(2))))), ['item#b']);
});
