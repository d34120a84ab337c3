import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { parseApiPath, printApiPath } from '../../../src/parser/expr/index.ts';
import type { ApiPath, ApiPathSegment } from '../../../src/parser/expr/index.ts';
import { soakRuns } from '../../helpers/soak.ts';

const seg = (id: string, keys?: string[]): ApiPathSegment => {
  const i = id.indexOf(':');
  return { module: i < 0 ? undefined : id.slice(0, i), name: i < 0 ? id : id.slice(i + 1), keys };
};

const parses = (raw: string, segments: ApiPathSegment[]): void => {
  test(`parses ${JSON.stringify(raw)}`, (t) => {
    const r = parseApiPath(raw);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, { segments });
  });
};

const rejects = (raw: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(raw)}`, (t) => {
    const r = parseApiPath(raw);
    if (r.ok) return t.fail(JSON.stringify(r.value));
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
    t.true(r.message.includes(`offset ${offset}`), r.message);
  });
};

parses('', []);
parses('/', []);
parses('/ietf-interfaces:interfaces', [seg('ietf-interfaces:interfaces')]);
parses('/ietf-interfaces:interfaces/interface=eth0/ipv4', [
  seg('ietf-interfaces:interfaces'),
  seg('interface', ['eth0']),
  seg('ipv4'),
]);
parses('/ietf-interfaces:interfaces/interface=eth%2F0,x', [seg('ietf-interfaces:interfaces'), seg('interface', ['eth/0', 'x'])]);
parses('/a:list=', [seg('a:list', [''])]);
parses('/a:list=,', [seg('a:list', ['', ''])]);
parses('/a:list=x%2Cy,z', [seg('a:list', ['x,y', 'z'])]);
parses('/a:list=a%3Db=c', [seg('a:list', ['a=b=c'])]);
parses('/a:list=caf%C3%A9%20%E2%82%AC', [seg('a:list', ['café €'])]);
parses('/a:list=1+1', [seg('a:list', ['1+1'])]);
parses('/ietf-interfaces%3Ainterfaces', [seg('ietf-interfaces:interfaces')]);
parses('/a:b/c:d=1/e', [seg('a:b'), seg('c:d', ['1']), seg('e')]);

rejects('ietf-interfaces:interfaces', 0, "expected '/'");
rejects('/a:b//c', 5, 'but found nothing');
rejects('/a:b/', 5, 'api-identifier');
rejects('/a:b/=1', 5, 'api-identifier');
rejects('/a:b:c', 1, "found 'a:b:c'");
rejects('/1a', 1, "found '1a'");
rejects('/a:list=ab%2', 10, 'two hex digits');
rejects('/a:list=x,%zz', 10, 'two hex digits');
rejects('/a:list=ok/b=%FF', 13, 'not UTF-8');
rejects('/a%GG:b', 2, 'two hex digits');
rejects('/a:b/c=%C3%28', 7, 'not UTF-8');

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/);
const segment: fc.Arbitrary<ApiPathSegment> = fc.record({
  module: fc.option(identifier, { nil: undefined }),
  name: identifier,
  keys: fc.option(fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { minLength: 1, maxLength: 3 }), {
    nil: undefined,
  }),
}, { noNullPrototype: true });
const apiPath: fc.Arbitrary<ApiPath> = fc.record({ segments: fc.array(segment, { maxLength: 5 }) }, { noNullPrototype: true });

test('parse(print(path)) gives back the path', (t) => {
  fc.assert(
    fc.property(apiPath, (p) => {
      const printed = printApiPath(p);
      const r = parseApiPath(printed);
      if (!r.ok) throw new Error(`${printed}: ${r.message}`);
      if (!isDeepStrictEqual(r.value, p)) throw new Error(`${printed} parsed as ${JSON.stringify(r.value)}`);
    }),
    { numRuns: soakRuns(2000) },
  );
  t.pass();
});

test('prints the datastore root as the empty string and encodes reserved characters in keys', (t) => {
  t.is(printApiPath({ segments: [] }), '');
  t.is(printApiPath({ segments: [seg('a:l', ['x/y,z=%', 'é'])] }), '/a:l=x%2Fy%2Cz%3D%25,%C3%A9');
});
