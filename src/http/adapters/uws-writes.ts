import type { HttpResponse } from '@trufflesuite/uws-js-unofficial';
import { giveBackChunkBytes } from '../../base/chunk-bytes.ts';
import { utf8Once } from './utf8-once.ts';

/**
 * Corked writes outside the route handler without a closure per write: an
 * event burst is written to every subscriber's socket in turn, so a closure
 * per write would be one allocation per subscriber per burst. `cork` runs its
 * callback at once, so the arguments pass through module state.
 */
let target: HttpResponse | undefined;
let bytes: Uint8Array | undefined;
let wrote = false;
let closing = false;

const writeTarget = (): void => {
  wrote = (target as HttpResponse).write(bytes as Uint8Array);
};

const endTarget = (): void => {
  (target as HttpResponse).end(undefined, closing);
};

/**
 * `res.write(chunk)` in a cork; false when uWS buffered it (backpressure).
 * uWS copies what it is given, so the bytes of a read's chunk are given
 * back to be filled again (chunk-bytes.ts): the caller holds no view of a
 * chunk once it is written.
 */
export const corkedWrite = (res: HttpResponse, chunk: Uint8Array): boolean => {
  target = res;
  bytes = chunk;
  wrote = false;
  try {
    res.cork(writeTarget);
  } finally {
    target = undefined;
    bytes = undefined;
    giveBackChunkBytes(chunk);
  }
  return wrote;
};

/**
 * `res.write(text)` in a cork, as UTF-8 encoded once for consecutive writes
 * of the same text (utf8Once: an event burst goes to every subscriber's
 * socket in turn); false when uWS buffered it. The bytes are not lent
 * (chunk-bytes.ts), so nothing is given back: this is the write of every
 * event stream, once per socket per burst.
 */
export const corkedWriteText = (res: HttpResponse, text: string): boolean => {
  target = res;
  bytes = utf8Once(text);
  wrote = false;
  try {
    res.cork(writeTarget);
  } finally {
    target = undefined;
    bytes = undefined;
  }
  return wrote;
};

/** `res.end(undefined, close)` in a cork. */
export const corkedEnd = (res: HttpResponse, close: boolean): void => {
  target = res;
  closing = close;
  try {
    res.cork(endTarget);
  } finally {
    target = undefined;
  }
};
