/**
 * The raw baseline, in a process of its own: uWebSockets.js (the package
 * rxconf loads) used directly. GET routes answer the bytes rxconf answered
 * (`bytes`), or `JSON.stringify` of the same document per request
 * (`stringify`: parsed once at start); PATCH reads the body and answers 204,
 * under /durable/ once the body is written and synced (`durableFile`).
 * Prints `listening on URL` like `rxconf serve`; stops on SIGTERM.
 *
 * Run: node --import tsx raw-server-main.ts SPEC.json
 */
import { closeSync, constants, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import uWS, { type HttpResponse, type us_listen_socket } from '@trufflesuite/uws-js-unofficial';
import { uwsNative } from '../../src/http/adapters/uws-native.ts';
import type { RawSpec } from './raw-spec.ts';

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as RawSpec;
if (!uwsNative) throw new Error('the raw baseline needs the native uWebSockets.js binary');

const app = uWS.App();
for (const route of spec.get) {
  const text = readFileSync(route.file, 'utf8');
  if (route.answer === 'bytes') {
    const body = Buffer.from(text);
    app.get(route.path, (res) => {
      res.writeStatus('200 OK').writeHeader('content-type', route.contentType).end(body);
    });
  } else {
    const document: unknown = JSON.parse(text);
    app.get(route.path, (res) => {
      res.writeStatus('200 OK').writeHeader('content-type', route.contentType).end(JSON.stringify(document));
    });
  }
}
/**
 * Appends each body to a zero-filled file (wrapping round) with a durable
 * write (O_DSYNC) from the event loop before answering: for one client the
 * fastest durable answer (a write handed to libuv's pool adds two thread
 * wake-ups), so what the disk allows one client's edits.
 */
const durablePatch = (file: string): ((res: HttpResponse) => void) => {
  const size = 8 << 20;
  const zeros = Buffer.alloc(1 << 20);
  const fill = openSync(file, 'w');
  for (let at = 0; at < size; at += zeros.length) writeSync(fill, zeros, 0, zeros.length, at);
  fdatasyncSync(fill);
  closeSync(fill);
  const fd = openSync(file, constants.O_WRONLY | constants.O_DSYNC);
  let end = 0;
  return (res) => {
    let aborted = false;
    res.onAborted(() => { aborted = true; });
    const parts: Buffer[] = [];
    res.onData((chunk, last) => {
      parts.push(Buffer.from(chunk.slice(0)));
      if (!last) return;
      const body = Buffer.concat(parts);
      if (end + body.length > size) end = 0;
      let done = 0;
      while (done < body.length) done += writeSync(fd, body, done, body.length - done, end + done);
      end += body.length;
      if (!aborted) res.cork(() => res.writeStatus('204 No Content').end());
    });
  };
};

if (spec.patch) {
  if (spec.durableFile !== undefined) app.patch('/durable/*', durablePatch(spec.durableFile));
  app.patch('/*', (res) => {
    let aborted = false;
    res.onAborted(() => { aborted = true; });
    res.onData((_chunk, last) => {
      if (last && !aborted) res.cork(() => res.writeStatus('204 No Content').end());
    });
  });
}

app.listen('127.0.0.1', 0, (socket: us_listen_socket | false) => {
  if (socket === false) throw new Error('uWS could not listen');
  console.log(`listening on http://127.0.0.1:${uWS.us_socket_local_port(socket)}`);
  process.once('SIGTERM', () => {
    uWS.us_listen_socket_close(socket);
    (app as { close?: () => void }).close?.();
  });
});
