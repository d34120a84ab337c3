/**
 * The bytes of a long read's chunks are lent and given back
 * (src/base/chunk-bytes.ts): a buffer given back is filled again,
 * never while it is still lent, and only buffers lent there are taken back,
 * once. The JSON writer fills its chunks in them; a counting pass fills none.
 */
import test from 'ava';
import { CHUNK_BYTES, chunkBytesCounts, frameChunk, giveBackChunkBytes, isLentChunk, lendChunkBytes, packChunk } from '../../src/base/chunk-bytes.ts';
import { JsonBuffer, SPILL_AT } from '../../src/actors/nodes/json-writer.ts';

test.serial('a buffer given back is the next one lent; none is lent twice at once', (t) => {
  const a = lendChunkBytes();
  const b = lendChunkBytes();
  t.is(a.length, CHUNK_BYTES);
  t.not(a.buffer, b.buffer);
  t.true(isLentChunk(a.subarray(0, 10)));
  giveBackChunkBytes(a.subarray(0, 10));
  t.false(isLentChunk(a));
  const made = chunkBytesCounts().made;
  const c = lendChunkBytes();
  t.is(c.buffer, a.buffer, 'the buffer given back is lent again');
  t.is(chunkBytesCounts().made, made, 'no buffer made for it');
  t.not(c.buffer, b.buffer);
  giveBackChunkBytes(b);
  giveBackChunkBytes(c);
});

test.serial('a chunk given back twice is taken back once; bytes not lent are left alone', (t) => {
  const a = lendChunkBytes();
  giveBackChunkBytes(a);
  giveBackChunkBytes(a);
  const x = lendChunkBytes();
  const y = lendChunkBytes();
  t.not(x.buffer, y.buffer, 'a buffer given back twice was lent to two chunks at once');
  const own = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  t.false(isLentChunk(own));
  giveBackChunkBytes(own);
  const z = lendChunkBytes();
  t.not(z.buffer, own.buffer, 'bytes that were never lent were taken in');
  for (const b of [x, y, z]) giveBackChunkBytes(b);
});

test.serial('the JSON writer hands out a spilled chunk in lent bytes; a dropping buffer (a counting pass) fills none', (t) => {
  const text = `"${'x'.repeat(SPILL_AT)}"`;
  const writing = new JsonBuffer(true);
  writing.text += text;
  writing.spill();
  const chunk = writing.take();
  t.true(chunk instanceof Uint8Array);
  t.is(Buffer.from(chunk as Uint8Array).toString(), text);
  t.true(isLentChunk(chunk as Uint8Array));
  giveBackChunkBytes(chunk as Uint8Array);

  const lent = chunkBytesCounts().lent;
  const counting = new JsonBuffer(true, true);
  counting.text += text;
  counting.spill();
  t.is(counting.size, text.length, 'its size still counts for flushing');
  t.is(counting.take(), '');
  t.is(counting.size, 0);
  t.is(chunkBytesCounts().lent, lent, 'a counting pass filled a chunk');
});

test.serial('a chunk packed after a held one shares its buffer while there is room; its own bytes are given back', (t) => {
  const held = lendChunkBytes();
  held.write('abc');
  const next = lendChunkBytes();
  next.write('def');
  const packed = packChunk(held.subarray(0, 3), next.subarray(0, 3));
  t.truthy(packed);
  t.is(packed?.buffer, held.buffer);
  t.is(Buffer.from(packed as Uint8Array).toString(), 'abcdef');
  t.false(isLentChunk(next), 'the packed chunk\'s bytes were not given back');
  t.is(packChunk(held.subarray(0, CHUNK_BYTES - 1), lendChunkBytes().subarray(0, 2)), undefined, 'packed past the end of the buffer');
  t.is(packChunk(Buffer.from('abc'), lendChunkBytes().subarray(0, 2)), undefined, 'packed into bytes that were not lent');
  giveBackChunkBytes(held);
});

test.serial('a text chunk (a short last part, never spilled) is written into the held buffer as UTF-8 while it fits', (t) => {
  const held = lendChunkBytes();
  held.write('{"a":');
  const packed = packChunk(held.subarray(0, 5), '"é€"}');
  t.truthy(packed);
  t.is(packed?.buffer, held.buffer, 'not a new buffer');
  t.is(Buffer.from(packed as Uint8Array).toString(), '{"a":"é€"}');
  t.is(packed?.byteLength, 5 + Buffer.byteLength('"é€"}'));
  const nearlyFull = held.subarray(0, CHUNK_BYTES - 4);
  t.is(packChunk(nearlyFull, 'é€'), undefined, 'five bytes written into four');
  const fits = packChunk(held.subarray(0, CHUNK_BYTES - 5), 'é€');
  t.is(fits?.byteLength, CHUNK_BYTES, 'exactly full is packed');
  t.is(packChunk(Buffer.from('abc'), 'x'), undefined, 'packed into bytes that were not lent');
  giveBackChunkBytes(held);
});

test.serial('a chunk is framed in its own lent buffer while there is room; else copied, and its bytes given back', (t) => {
  const body = lendChunkBytes();
  body.write('[1,"é"]');
  const made = chunkBytesCounts().made;
  const framed = frameChunk('{"dätä":', body.subarray(0, Buffer.byteLength('[1,"é"]')), '}');
  t.is(framed.buffer, body.buffer, 'framed in place');
  t.is(Buffer.from(framed).toString(), '{"dätä":[1,"é"]}');
  t.is(chunkBytesCounts().made, made);
  t.true(isLentChunk(framed), 'still lent: the transport gives it back');

  const full = body.subarray(0, CHUNK_BYTES - 1);
  full.fill(0x31);
  const copied = frameChunk('[', full, ']');
  t.not(copied.buffer, body.buffer, 'framed past the end of the buffer');
  t.is(copied.byteLength, CHUNK_BYTES + 1);
  t.is(copied[0], 0x5b);
  t.is(copied[1], 0x31);
  t.is(copied[CHUNK_BYTES], 0x5d);
  t.false(isLentChunk(body), 'the chunk copied out was not given back');
  t.is(Buffer.from(frameChunk('<', Buffer.from('x'), '>')).toString(), '<x>', 'bytes not lent are framed too');
});
