/**
 * An event stream of a connection (GET with Accept: text/event-stream) as
 * an Observable of its SSE messages: subscribing opens it on a connection
 * of its own, each message is emitted, the server ending it completes,
 * and unsubscribing closes the connection. An answer other than 200 is
 * emitted as the answer (its errors body) and completes.
 */
import type { IncomingMessage } from 'node:http';
import { Observable } from 'rxjs';
import { TransportFailure, type ClientTransport, type HttpAnswer } from './client-transport.ts';
import { parseSse, type SseMessage } from './parse-sse.ts';

export const eventStream = (transport: ClientTransport, target: string, headers: Record<string, string> = {}): Observable<SseMessage | HttpAnswer> =>
  new Observable<SseMessage | HttpAnswer>((subscriber) => {
    const req = transport.open('GET', target, { accept: 'text/event-stream', ...headers }, true);
    req.on('error', (e) => subscriber.error(new TransportFailure(`GET ${new URL(target, transport.origin).href}: ${e.message}`, e)));
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      if (status !== 200) {
        let text = '';
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          subscriber.next({ status, headers: res.headers, text });
          subscriber.complete();
        });
        return;
      }
      const feed = parseSse((m) => subscriber.next(m));
      res.on('data', (c: string) => feed(c));
      res.on('end', () => subscriber.complete());
      res.on('error', (e) => subscriber.error(new TransportFailure(`event stream ${target}: ${e.message}`, e)));
    });
    req.end();
    return () => req.destroy();
  });
