/**
 * The bytes of a long read's chunks, lent and given back: a read fills one
 * buffer of CHUNK_BYTES per chunk it hands out (JsonBuffer.spill), and a
 * transport gives the buffer back once it no longer needs the chunk (uWS
 * copies on write; node:http once the chunk is flushed); the next chunk of
 * any answer is filled in it. A streamed answer of any length then makes
 * no new buffer per chunk: no chunk is left for the collector to find in
 * old space (where each would wait for a full collection, and the process
 * would grow by the chunks of every answer since the last one), and the
 * bytes a process holds for its answers stay those of the chunks in
 * flight. A chunk nobody gives back (a whole answer, inject()) is
 * collected as any buffer is.
 *
 * Only a buffer lent here and not given back yet is taken back, once.
 */
import { Buffer } from 'node:buffer';

/**
 * A chunk's buffer: a chunk is handed out at FLUSH_AT characters (16 K)
 * spilled every 2 K (up to 6 K bytes), so about 18 K of ASCII; two such
 * chunks fit in one (packChunk).
 */
export const CHUNK_BYTES = 40 * 1024;

/**
 * Buffers kept for the next chunks (2.5 MiB at most): a bounded read holds
 * up to 256 KiB of output (8 or 9 buffers, packed) while it is counted, so
 * this covers several such answers at once; beyond that, buffers are made
 * and collected.
 */
const KEEP = 64;

/** A chunk's buffer and the DataView over it, made once and kept with it: lending a kept buffer makes no object. */
export interface ChunkBytes {
  readonly bytes: Buffer;
  readonly view: DataView;
}

const free: ChunkBytes[] = [];
/**
 * A lent buffer's memory carries its ChunkBytes under this key while it is
 * lent (a chunk given back may be any view of it), undefined once given
 * back: a property read and write, where a WeakMap's set and delete on
 * every lend and give-back cost more than the rest of a small read's
 * buffer handling. Module-private: nothing else can mark memory as lent.
 */
const LENT = Symbol('rxconf.lentChunk');
type Marked = ArrayBufferLike & { [LENT]?: ChunkBytes | undefined };
/** Buffers made, chunks filled (in a made or a kept buffer) and given back, since the process started. */
const counts = { made: 0, lent: 0, given: 0 };

/** A buffer of CHUNK_BYTES to fill, with its DataView; it is the caller's until given back. */
export const lendChunk = (): ChunkBytes => {
  let kept = free.pop();
  if (kept === undefined) {
    const bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    kept = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.length) };
    counts.made += 1;
  }
  counts.lent += 1;
  (kept.bytes.buffer as Marked)[LENT] = kept;
  return kept;
};

/** A buffer of CHUNK_BYTES to fill; it is the caller's until given back. */
export const lendChunkBytes = (): Buffer => lendChunk().bytes;

/**
 * How many buffers were made (what streaming costs the collector), how many
 * chunks were filled and how many given back, so far: `lent - given` are
 * the chunks in flight, and those of whole answers (not given back).
 */
export const chunkBytesCounts = (): { readonly made: number; readonly lent: number; readonly given: number } => ({ ...counts });

/** Whether `chunk`'s bytes were lent here and are not given back yet. */
export const isLentChunk = (chunk: Uint8Array): boolean => chunk.buffer.byteLength === CHUNK_BYTES && (chunk.buffer as Marked)[LENT] !== undefined;

/**
 * `chunk` was copied out (or will never be handed out): its buffer may be
 * filled again. The caller holds no view of it any longer. Chunks whose
 * bytes were not lent here, or were given back already, are left alone.
 */
export const giveBackChunkBytes = (chunk: Uint8Array): void => {
  const buffer = chunk.buffer as Marked;
  if (buffer.byteLength !== CHUNK_BYTES) return;
  const kept = buffer[LENT];
  if (kept === undefined) return;
  buffer[LENT] = undefined;
  counts.given += 1;
  if (free.length < KEEP) free.push(kept);
};

/**
 * `next` appended to `held` in `held`'s own buffer, when `held` is the
 * start of a lent buffer with room for it; `next`'s bytes (when bytes) are
 * then given back. Else undefined. Output held a while (a bounded read waiting to be
 * counted) then takes half the buffers a chunk each would.
 */
export const packChunk = (held: Uint8Array, next: string | Uint8Array): Uint8Array | undefined => {
  const buffer = held.buffer;
  if (held.byteOffset !== 0 || !isLentChunk(held)) return undefined;
  if (typeof next === 'string') {
    // a text chunk (a short last part, never spilled) is written in as UTF-8
    const most = next.length * 3;
    const room = buffer.byteLength - held.byteLength;
    if (most > room && Buffer.byteLength(next) > room) return undefined;
    const written = Buffer.from(buffer, held.byteLength, room).write(next, 'utf8');
    return new Uint8Array(buffer, 0, held.byteLength + written);
  }
  const end = held.byteLength + next.byteLength;
  if (end > buffer.byteLength) return undefined;
  const whole = new Uint8Array(buffer, 0, end);
  whole.set(next, held.byteLength);
  giveBackChunkBytes(next);
  return whole;
};

/**
 * `body` between the texts `prefix` and `suffix` (a JSON frame such as
 * `{"data":` and `}`), as UTF-8: in `body`'s own buffer when it is the
 * start of a lent buffer with room (the bytes moved up, no buffer made),
 * else copied into a new one and `body`'s bytes given back.
 */
export const frameChunk = (prefix: string, body: Uint8Array, suffix: string): Uint8Array => {
  const buffer = body.buffer;
  const before = Buffer.byteLength(prefix);
  const end = before + body.byteLength + Buffer.byteLength(suffix);
  if (body.byteOffset === 0 && end <= buffer.byteLength && isLentChunk(body)) {
    const whole = Buffer.from(buffer, 0, end);
    whole.copyWithin(before, 0, body.byteLength);
    whole.write(prefix, 0, 'utf8');
    whole.write(suffix, before + body.byteLength, 'utf8');
    return new Uint8Array(buffer, 0, end);
  }
  const whole = Buffer.concat([Buffer.from(prefix), body, Buffer.from(suffix)]);
  giveBackChunkBytes(body);
  return whole;
};
