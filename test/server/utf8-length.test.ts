import test from 'ava';
import fc from 'fast-check';
import { soakRuns } from '../helpers/soak.ts';
import { utf8Length } from '../../src/server/utf8-length.ts';

test('a string\'s UTF-8 length is what Buffer.byteLength counts, short or long, lone surrogates included', (t) => {
  fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 300 })), (s) => utf8Length(s) === Buffer.byteLength(s)), { numRuns: soakRuns(3000) });
  for (const s of ['', 'a', 'é', '€', '𝄞', '\ud800', '\udc00x', 'a\ud800\udc00b', '\ud800\ud800\udc00', 'x'.repeat(257) + 'é']) t.is(utf8Length(s), Buffer.byteLength(s), JSON.stringify(s));
});
