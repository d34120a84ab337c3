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

test('the memory of lines once written is written into again, and what it then holds is the new lines only', (t) => {
  const held = new HeldLines(4096);
  held.add('first\n');
  const first = held.take();
  held.add('held meanwhile\n');
  const second = held.take();
  t.not(second.buffer, first.buffer, 'not before it is given back');
  held.giveBack(first);
  held.add('x\n');
  const third = held.take();
  t.is(third.buffer, first.buffer);
  t.is(third.toString(), 'x\n');
  // bytes it did not make (a join of several chunks, a copy) are not taken as its own
  const foreign = Buffer.alloc(4096);
  held.giveBack(foreign);
  held.add('y\n');
  t.not(held.take().buffer, foreign.buffer);
});
