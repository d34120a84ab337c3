import test from 'ava';
import { bin, call, lit, loc, num, path, st } from './build.ts';
import { ev, labels, sel } from './fixture.ts';

test('last() and position() in predicates', (t) => {
  const top = sel('top');
  t.deepEqual(labels(ev(loc('item', bin('=', call('position'), call('last'))), top)), ['item#c']);
  t.deepEqual(labels(ev(loc('item', call('last')), top)), ['item#c']);
  t.deepEqual(labels(ev(loc('item', bin('<', call('position'), num(3))), top)), ['item#a', 'item#b']);
  t.is(ev(call('position')), 1);
  t.is(ev(call('last')), 1);
});

test('count()', (t) => {
  t.is(ev(call('count', loc('//ex:item'))), 3);
  t.is(ev(call('count', loc('//ex:tag'))), 3);
  t.is(ev(call('count', loc('nothing'))), 0);
  t.is(ev(call('count', loc('/'))), 1);
});

test('id() finds nothing in YANG data', (t) => {
  t.deepEqual(ev(call('id', lit('a b'))), []);
});

test('local-name(), namespace-uri() (the module name), name() (qualified outside the default module)', (t) => {
  const note = sel('top', 'extra', 'note');
  t.is(ev(call('local-name'), note), 'note');
  t.is(ev(call('namespace-uri'), note), 'other');
  t.is(ev(call('name'), note), 'other:note');
  t.is(ev(call('name'), sel('top', 'ref')), 'ref');
  t.is(ev(call('name'), sel('top', 'ref'), { defaultModule: undefined }), 'example:ref');
  t.is(ev(call('local-name', loc('item')), sel('top')), 'item');
  t.is(ev(call('local-name', loc('nothing')), sel('top')), '');
  t.is(ev(call('name', loc('nothing')), sel('top')), '');
  t.is(ev(call('name')), '', 'the root has no name');
  t.is(ev(call('namespace-uri')), '');
  // The first node in document order.
  t.is(ev(call('local-name', bin('|', loc('/ex:cars'), loc('/ex:top')))), 'top');
});

test('boolean functions', (t) => {
  t.is(ev(call('not', loc('nothing'))), true);
  t.is(ev(call('not', num(1))), false);
  t.is(ev(call('true')), true);
  t.is(ev(call('false')), false);
  t.is(ev(call('boolean', lit('0'))), true);
  t.is(ev(call('boolean', num(0))), false);
  t.is(ev(call('lang', lit('en'))), false);
});

test('filter expressions: predicates on a function result, then steps', (t) => {
  const cur = sel('top', 'item', 1, 'name');
  const e = { kind: 'filter', primary: call('current'), predicates: [], steps: [st('..'), st('ex:value')] } as const;
  t.deepEqual(labels(ev(e, cur)), ['value=2']);
  const firstOfUnion = { kind: 'filter', primary: bin('|', loc('//ex:tag'), loc('//ex:name')), predicates: [num(1)], steps: [] } as const;
  t.deepEqual(labels(ev(firstOfUnion)), ['name=a']);
  const lastOfUnion = { kind: 'filter', primary: bin('|', loc('//ex:tag'), loc('//ex:name')), predicates: [call('last')], steps: [st('..')] } as const;
  t.deepEqual(labels(ev(lastOfUnion)), ['item#c']);
  t.deepEqual(labels(ev(path(true, st('ex:top'), st('ex:item', num(2)), st('ex:name')))), ['name=b']);
});
