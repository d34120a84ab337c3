import test from 'ava';
import { HeaderList } from '../../../src/http/adapters/header-list.ts';

test('a header list reads as a Map of lower-case names with repeats joined', (t) => {
  const headers = new HeaderList(['host', 'a', 'accept', 'text/plain', 'x-dup', '1', 'accept', 'application/json']);
  headers.add('x-dup', '2');
  t.is(headers.get('host'), 'a');
  t.is(headers.get('accept'), 'text/plain, application/json');
  t.is(headers.get('x-dup'), '1, 2');
  t.is(headers.get('missing'), undefined);
  t.true(headers.has('accept'));
  t.false(headers.has('missing'));
  t.is(headers.size, 3);
  t.deepEqual([...headers], [['host', 'a'], ['accept', 'text/plain, application/json'], ['x-dup', '1, 2']]);
  t.deepEqual([...headers.keys()], ['host', 'accept', 'x-dup']);
  t.deepEqual([...headers.values()], ['a', 'text/plain, application/json', '1, 2']);
  const seen: string[] = [];
  headers.forEach((value, name) => seen.push(`${name}=${value}`));
  t.deepEqual(seen, ['host=a', 'accept=text/plain, application/json', 'x-dup=1, 2']);
  headers.add('late', 'yes');
  t.is(headers.size, 4, 'a field added after a walk is seen by the next walk');
  t.deepEqual(new Map(headers), new Map([...headers.entries()]));
});
