/**
 * The raw baseline, in a process of its own: uWebSockets.js (the build
 * rxconf loads, used directly) or node:http. GET routes answer the bytes
 * rxconf answered (`bytes`), or `JSON.stringify` of the same document per
 * request (`stringify`: parsed once at start); PATCH reads the body and
 * answers 204, under /durable/ once the body is written and synced
 * (`durableFile`). Prints `listening on URL` like `rxconf serve`; stops on
 * SIGTERM.
 *
 * Run: node --import tsx raw-server-main.ts SPEC.json
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uWS, uwsNative } from '../../src/http/adapters/uws-native.ts';
import { durableWriter } from './durable-writer.ts';
import type { RawSpec } from './raw-spec.ts';

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as RawSpec;

/** Each GET route's answer: the same bytes, or a function giving them per request. */
const routes = new Map<string, { readonly contentType: string; readonly body: () => Buffer | string }>();
for (const route of spec.get) {
  const text = readFileSync(route.file, 'utf8');
  if (route.answer === 'bytes') {
    const body = Buffer.from(text);
    routes.set(route.path, { contentType: route.contentType, body: () => body });
  } else {
    const document: unknown = JSON.parse(text);
    routes.set(route.path, { contentType: route.contentType, body: () => JSON.stringify(document) });
  }
}
const durable = spec.patch && spec.durableFile !== undefined ? durableWriter(spec.durableFile) : undefined;

const listening = (port: number, close: () => void): void => {
  console.log(`listening on http://127.0.0.1:${port}`);
  process.once('SIGTERM', close);
};

const serveUws = (): void => {
  if (!uwsNative) throw new Error('the raw uWS baseline needs a native uWebSockets.js build');
  const app = uWS.App();
  for (const [path, r] of routes) {
    app.get(path, (res) => {
      res.writeStatus('200 OK').writeHeader('content-type', r.contentType).end(r.body());
    });
  }
  const patch = (write: ((body: Buffer) => void) | undefined) => (res: import('@trufflesuite/uws-js-unofficial').HttpResponse): void => {
    let aborted = false;
    res.onAborted(() => { aborted = true; });
    const parts: Buffer[] = [];
    res.onData((chunk, last) => {
      if (write !== undefined) parts.push(Buffer.from(chunk.slice(0)));
      if (!last) return;
      write?.(Buffer.concat(parts));
      if (!aborted) res.cork(() => res.writeStatus('204 No Content').end());
    });
  };
  if (spec.patch) {
    if (durable !== undefined) app.patch('/durable/*', patch(durable));
    app.patch('/*', patch(undefined));
  }
  app.listen('127.0.0.1', 0, (socket) => {
    if (socket === false) throw new Error('uWS could not listen');
    listening(uWS.us_socket_local_port(socket), () => {
      uWS.us_listen_socket_close(socket);
      (app as { close?: () => void }).close?.();
    });
  });
};

const serveHttp1 = (): void => {
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET') {
      const r = routes.get(url);
      if (r === undefined) {
        res.writeHead(404).end();
        return;
      }
      const body = r.body();
      res.writeHead(200, { 'content-type': r.contentType, 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    if (req.method === 'PATCH' && spec.patch) {
      const write = url.startsWith('/durable/') ? durable : undefined;
      const parts: Buffer[] = [];
      req.on('data', (chunk: Buffer) => { if (write !== undefined) parts.push(chunk); });
      req.on('end', () => {
        write?.(Buffer.concat(parts));
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(405).end();
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    listening((server.address() as AddressInfo).port, () => {
      server.close();
      server.closeAllConnections();
    });
  });
};

if (spec.transport === 'http1') serveHttp1();
else serveUws();
