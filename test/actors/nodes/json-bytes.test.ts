/**
 * The fast path's byte writers (src/actors/nodes/json-bytes.ts) put the
 * same UTF-8 as the text encoders make: strings short and long, plain and
 * needing escapes (quotes, controls, non-ASCII, lone surrogates), numbers
 * of every kind, names; across the end of a lent chunk and in a counting
 * buffer.
 */
import test from 'ava';
import fc from 'fast-check';
import { putAscii, putBytes, putNumber, putString, putText, textBytes } from '../../../src/actors/nodes/json-bytes.ts';
import { stringText } from '../../../src/actors/nodes/json-value-text.ts';
import { JsonBuffer } from '../../../src/actors/nodes/json-writer.ts';
import { soakRuns } from '../../helpers/soak.ts';

/** What `put` writes into a fresh buffer (after `before` as text), as UTF-8 bytes. */
const written = (put: (buf: JsonBuffer) => void, before = ''): Buffer => {
  const buf = new JsonBuffer(true);
  buf.text += before;
  put(buf);
  const out = buf.take();
  return typeof out === 'string' ? Buffer.from(out) : Buffer.from(out);
};

const strings = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u0000', '\u001f', '\u007f', 'é', '\ud800', '\udc00', '\ud83d\ude42', ' '), maxLength: 40 }),
);

test('a string is the UTF-8 of its JSON text, however short or long and whatever it holds', (t) => {
  fc.assert(fc.property(strings, fc.string({ maxLength: 3 }), (s, before) => {
    t.deepEqual(written((b) => putString(b, s), before), Buffer.from(before + stringText(s)));
  }), { numRuns: soakRuns(2000) });
  // either side of the length where the check moves from the loop to the regular expression
  const edges = [24, 25, 256, 257, 300].flatMap((n) => ['x'.repeat(n), `${'x'.repeat(n - 1)}"`, `${'x'.repeat(n - 1)}\u00e9`, `${'x'.repeat(n - 1)}\ud800`, `\u0001${'x'.repeat(n - 1)}`]);
  for (const s of ['', ...edges]) {
    t.deepEqual(written((b) => putString(b, s)), Buffer.from(stringText(s)), JSON.stringify(s));
  }
});

test('a number is what String writes', (t) => {
  const samples = [0, -0, 1, 9, 10, 99, 100, 1500, 9000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, -1, -(2 ** 31), 1.5, 1e21, 1e-7, Number.MAX_SAFE_INTEGER];
  for (const n of samples) t.is(written((b) => putNumber(b, n)).toString(), String(n), String(n));
  fc.assert(fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
    t.is(written((b) => putNumber(b, n)).toString(), String(n));
  }));
});

test('names, ASCII and any text are put as UTF-8, in order after text written before them', (t) => {
  fc.assert(fc.property(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), (a, s) => {
    const name = JSON.stringify(a);
    t.deepEqual(written((b) => { putBytes(b, textBytes(name)); putText(b, s); putAscii(b, '}'); }, '{'), Buffer.from(`{${name}${s}}`));
  }));
});

test('what is put past a chunk\'s end goes on in a buffer of its own, and a long answer comes out whole', (t) => {
  const long = 'y'.repeat(100);
  const out = written((b) => { for (let i = 0; i < 1000; i++) { putString(b, long); putAscii(b, ','); } });
  t.is(out.toString(), `${JSON.stringify(long)},`.repeat(1000));
});

test('a counting buffer keeps nothing but counts what was put', (t) => {
  const counting = new JsonBuffer(true, true);
  for (let i = 0; i < 1000; i++) putString(counting, 'z'.repeat(98));
  t.is(counting.size, 100_000);
  t.is(counting.take(), '');
  t.is(counting.size, 0);
});
