import test from 'ava';
import { countLines, HeldLines } from '../../src/server/held-lines.ts';
import type { LineBytes } from '../../src/server/line-bytes.ts';

test('lines come out as their UTF-8 bytes, in order, across chunks and with a line longer than a chunk', (t) => {
  const held = new HeldLines(4096);
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) lines.push(`{"i":${i},"path":"/é/€/𝄞/${'x'.repeat(i % 50)}"}\n`);
  lines.splice(100, 0, `{"long":"${'ü'.repeat(5000)}"}\n`);
  for (const l of lines) held.add(l);
  const text = lines.join('');
  t.is(held.bytes, Buffer.byteLength(text));
  t.is(held.lines(), lines.length);
  t.is(held.take('{"first":true}\n').toString(), `{"first":true}\n${text}`);
  t.is(held.bytes, 0);
  t.is(held.lines(), 0);
  t.is(held.take().length, 0);
});

test('cleared lines are gone; lines added after a take are held anew', (t) => {
  const held = new HeldLines(0);
  held.add('a\n');
  held.clear();
  t.is(held.bytes, 0);
  held.add('b\n');
  t.is(held.take().toString(), 'b\n');
  held.add('c\n');
  t.is(held.take().toString(), 'c\n');
});

test('lines are counted in text and in bytes', (t) => {
  t.is(countLines('a\nb\n'), 2);
  t.is(countLines(Buffer.from('€\n\n')), 2);
  t.is(countLines(''), 0);
});

/** A line that writes its own bytes, asking for more room than it takes. */
const bytesOf = (text: string): LineBytes => ({
  most: Buffer.byteLength(text) + 7,
  writeInto: (into, at) => at + Buffer.from(text).copy(into, at),
});

test('lines that write their own bytes and lines of text are held in the order they came, across chunks', (t) => {
  const held = new HeldLines(4096);
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) lines.push(`{"i":${i},"p":"/é/€/${'x'.repeat(i % 70)}"}\n`);
  lines.splice(150, 0, `{"long":"${'€'.repeat(3000)}"}\n`);
  lines.forEach((l, i) => (i % 3 === 0 ? held.add(l) : held.addBytes(bytesOf(l))));
  const text = lines.join('');
  t.is(held.bytes, Buffer.byteLength(text));
  t.is(held.lines(), lines.length);
  t.is(held.take().toString(), text);
});
