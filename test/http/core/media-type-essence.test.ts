/** A Content-Type's media type (essence): parameters and case dropped; the last one asked is remembered, so alternating types must each give their own. */
import test from 'ava';
import fc from 'fast-check';
import { essenceOf, isJsonContent } from '../../../src/http/core/media-type.ts';

test('the essence drops parameters, spaces and case, for each of several types asked in turn', (t) => {
  const cases: readonly [string, string][] = [
    ['application/yang-data+json', 'application/yang-data+json'],
    ['Application/JSON; charset=utf-8', 'application/json'],
    [' text/plain ;charset=UTF-8', 'text/plain'],
    ['application/yang-patch+json', 'application/yang-patch+json'],
    ['', ''],
    [';x=1', ''],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [header, essence] of cases) t.is(essenceOf(header), essence, header);
    for (const [header, essence] of [...cases].reverse()) t.is(essenceOf(header), essence, header);
  }
  t.true(isJsonContent('application/yang-data+json'));
  t.false(isJsonContent('text/plain'));
  t.true(isJsonContent('application/json;charset=utf-8'));
});

test('any sequence of Content-Types gives what the plain rule gives for each', (t) => {
  const plain = (h: string): string => (h.split(';')[0] ?? '').trim().toLowerCase();
  const header = fc.oneof(fc.constantFrom('application/json', 'APPLICATION/YANG-DATA+JSON', 'text/plain; a=b', ' x/y ', ''), fc.string({ maxLength: 30 }));
  fc.assert(fc.property(fc.array(header, { maxLength: 20 }), (headers) => {
    for (const h of headers) t.is(essenceOf(h), plain(h));
  }));
});
