/**
 * The raw baseline's durable write: each body appended to a zero-filled file
 * (wrapping round) through an O_DSYNC descriptor from the event loop before
 * the answer: for one client the fastest durable answer (a write handed to
 * libuv's pool adds two thread wake-ups), so what the disk allows one
 * client's edits.
 */
import { closeSync, constants, fdatasyncSync, openSync, writeSync } from 'node:fs';

export const durableWriter = (file: string): ((body: Buffer) => void) => {
  const size = 8 << 20;
  const zeros = Buffer.alloc(1 << 20);
  const fill = openSync(file, 'w');
  for (let at = 0; at < size; at += zeros.length) writeSync(fill, zeros, 0, zeros.length, at);
  fdatasyncSync(fill);
  closeSync(fill);
  const fd = openSync(file, constants.O_WRONLY | constants.O_DSYNC);
  let end = 0;
  return (body) => {
    if (end + body.length > size) end = 0;
    let done = 0;
    while (done < body.length) done += writeSync(fd, body, done, body.length - done, end + done);
    end += body.length;
  };
};
