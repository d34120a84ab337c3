import test from 'ava';
import { utf8Once } from '../../../src/http/adapters/utf8-once.ts';

test('the same text written in turn is encoded once; other text is encoded anew, correctly', (t) => {
  const burst = `data: {"t":"${'é'.repeat(3)}"}\n\n`;
  const first = utf8Once(burst);
  t.is(Buffer.from(first).toString('utf8'), burst);
  t.is(first.length, Buffer.byteLength(burst), 'UTF-8 bytes, not UTF-16 units');
  t.is(utf8Once(burst), first, 'the very same bytes for the next socket');
  const other = utf8Once('data: 2\n\n');
  t.not(other, first);
  t.is(Buffer.from(other).toString(), 'data: 2\n\n');
  t.is(Buffer.from(utf8Once(burst)).toString(), burst, 'back to the first text: right bytes again');
});
