import { Buffer } from 'node:buffer';
import type { Duplex } from 'node:stream';
import type { NodeRequest } from './node-request.ts';
import { statusLine } from './status-line.ts';

/** What node's HTTP/1 parser reports with a request it could not read (`clientError`). */
interface ParseError extends Error {
  readonly code?: string;
  /** The bytes the parser held when it gave up (its request line comes first). */
  readonly rawPacket?: Buffer;
}

/** RFC 9110 §5.6.2: a method is a token. */
const methodToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ /;
/** A request line that is well formed but for its version. */
const versionedLine = /^[^ \r\n]+ [^ \r\n]+ HTTP\/(\d+)\.(\d+)\r?\n/;

/**
 * The status for a request node's parser refused (docs/http.md, "Requests
 * that cannot be served"): 431 for a head over the size limit, 501 for a
 * method that is a well-formed token but none the parser knows, 505 for a
 * well-formed request line of another HTTP version, 408 for a head not
 * received in time, 400 for anything else.
 */
export const clientErrorStatus = (error: ParseError): number => {
  const line = error.rawPacket?.toString('latin1', 0, Math.min(error.rawPacket.length, 8192)) ?? '';
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_INVALID_METHOD':
      return methodToken.test(line) ? 501 : 400;
    case 'HPE_INVALID_VERSION': {
      const version = versionedLine.exec(line);
      return version !== null && version[1] !== '1' ? 505 : 400;
    }
    default:
      return 400;
  }
};

/**
 * node:http's `clientError` listener: answers the status above with
 * `Connection: close` and closes, unless an answer is already under way on
 * the connection (a status line now would corrupt it; node's own listener
 * makes the same check) or the client is gone.
 */
export const answerClientError = (error: ParseError, socket: Duplex): void => {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${statusLine(clientErrorStatus(error))}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

/**
 * A request node parsed but that is no HTTP/1.x request over an HTTP/1
 * connection: 400 for an HTTP/0.9 request line (no version: `GET /path`),
 * 505 for a version above 1 (`HTTP/2.0` in an HTTP/1 request line). HTTP/1.0
 * is served. Undefined when the request is to be served.
 */
export const unservedVersion = (req: NodeRequest): number | undefined => {
  if ('stream' in req) return undefined; // HTTP/2 proper
  const major = req.httpVersionMajor;
  if (major === 1) return undefined;
  return major === 0 ? 400 : 505;
};

/**
 * node:http's `connect` listener: a CONNECT request (a proxy's method, which
 * node hands over as a bare socket) is 501 and a close; without a listener
 * node closes the connection without a status.
 */
export const answerConnect = (_req: unknown, socket: Duplex): void => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${statusLine(501)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};
