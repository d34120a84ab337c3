/**
 * A request run through the server's whole pipeline without a socket, as a
 * transport would: for users' own tests (Fastify's `inject` habit).
 */
import { REQUEST_ID_FIELD, type CoreRequest, type CoreResponse, type Handler } from '../http/exchange.ts';

export interface InjectRequest {
  readonly method?: string;
  /** Path with an optional query: `/restconf/data/mod:top?depth=1`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string or bytes as sent; any other value is sent as JSON (with `content-type: application/json` unless given). */
  readonly body?: unknown;
  /** Aborting it is the client going away. */
  readonly signal?: AbortSignal;
}

export interface InjectResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body as text ('' when none). Event streams are not read: see `stream`. */
  readonly body: string;
  /** The body parsed as JSON (undefined when empty). */
  json<T = unknown>(): T;
  /** An event stream's chunks as they come (undefined for other answers); stop reading to end it. */
  readonly stream: AsyncIterable<string> | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const text = (chunk: string | Uint8Array): string => (typeof chunk === 'string' ? chunk : decoder.decode(chunk));

// Module generators, not generator expressions per request: a generator made
// from a new function object gets a new hidden class and prototype each time,
// and keeps the request's scope from the young generation until a major GC.

/** The request body: its bytes once, or nothing. */
async function* bodyOf(body: Uint8Array | undefined): AsyncGenerator<Uint8Array> {
  if (body !== undefined) yield body;
}

/** An event stream's chunks as text. */
async function* textsOf(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  for await (const chunk of source) yield text(chunk);
}

/** The answer's header fields as a transport writes them: the request's id last. */
const headersOf = (res: CoreResponse): Readonly<Record<string, string>> =>
  res.requestId === undefined ? res.headers : { ...res.headers, [REQUEST_ID_FIELD]: res.requestId };

export const injectRequest = async (handler: Handler, r: InjectRequest): Promise<InjectResponse> => {
  const headers = new Map<string, string>(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  let bytes: Uint8Array | undefined;
  if (r.body !== undefined) {
    if (typeof r.body === 'string') bytes = encoder.encode(r.body);
    else if (r.body instanceof Uint8Array) bytes = r.body;
    else {
      bytes = encoder.encode(JSON.stringify(r.body));
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    headers.set('content-length', String(bytes.byteLength));
  }
  // no Host unless given: the URLs in answers are the server's own (where it listens, or will)
  const q = r.path.indexOf('?');
  const body = bytes;
  const request: CoreRequest = {
    method: (r.method ?? 'GET').toUpperCase(),
    path: q < 0 ? r.path : r.path.slice(0, q),
    query: q < 0 ? '' : r.path.slice(q + 1),
    headers,
    body: bodyOf(body),
    signal: r.signal ?? new AbortController().signal,
    remoteAddress: '127.0.0.1',
    protocol: 'http/1.1',
    secure: false,
  };
  const res = await handler(request);
  let out = '';
  let stream: AsyncIterable<string> | undefined;
  if (res.flushEachChunk === true && res.body !== undefined && typeof res.body !== 'string' && !(res.body instanceof Uint8Array)) {
    const source = res.body;
    stream = textsOf(source);
  } else if (res.body !== undefined) {
    if (typeof res.body === 'string' || res.body instanceof Uint8Array) out = text(res.body);
    else for await (const chunk of res.body) out += text(chunk);
  }
  return {
    status: res.status,
    headers: headersOf(res),
    body: out,
    json: <T>() => (out === '' ? undefined : JSON.parse(out)) as T,
    stream,
  };
};
