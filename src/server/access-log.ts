/**
 * One log line per answered request: request id, method, path (query values
 * that may carry credentials are redacted), status, duration to the answer,
 * body bytes when known, the client's address (the one a trusted proxy
 * names, else the peer's), the authenticated user (left out
 * for an anonymous request). `fields` chooses a subset; the default is all
 * of them. Headers are never logged. A
 * request whose client went away before its answer was sent is logged as
 * that (`clientGone`, status 499 as nginx writes it: nothing was sent), not
 * as the 500 the core made for no one.
 */
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { withHeaders } from '../http/with-headers.ts';
import { clientAddress } from '../http/forwarded/index.ts';
import { authenticatedAs } from './auth/authenticate.ts';
import { fileLogSink } from './log-sink.ts';
import { isJsonLogger, jsonLogger, type Logger } from './logger.ts';

const SECRET = /token|pass|secret|auth|credential|key|session/i;

/** The query string with the values of credential-like parameters replaced. */
export const redactQuery = (query: string): string =>
  query === '' ? '' : query.split('&').map((p) => {
    const eq = p.indexOf('=');
    return eq > 0 && SECRET.test(p.slice(0, eq)) ? `${p.slice(0, eq)}=[redacted]` : p;
  }).join('&');

const bodyBytes = (res: CoreResponse): number | undefined => {
  const b = res.body;
  if (b === undefined) return 0;
  if (typeof b === 'string') return Buffer.byteLength(b);
  if (b instanceof Uint8Array) return b.byteLength;
  return undefined;
};

/** nginx's "client closed request": what the log and the counts say when no answer could be sent. */
const CLIENT_GONE = 499;

/** The status an answer counts as: 499 when its client went away before a 5xx could be sent (no failure of the server). */
export const countedStatus = (req: CoreRequest, res: CoreResponse): number =>
  // the signal is read only here: an AbortController per request is not paid on success
  res.status >= 500 && req.signal.aborted ? CLIENT_GONE : res.status;

/** The fields of an access log line. */
type AccessLine = {
  reqId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Body bytes; left out of the line for a streamed answer (`stream` instead). */
  bytes: number | undefined;
  remote: string;
  user: string | undefined;
  clientGone?: true;
  stream?: true;
};

let sequence = 0;
const prefix = `${process.pid.toString(36)}-`;

/** The client's `x-request-id` when it is short and plain, else a new one. */
export const requestId = (req: CoreRequest): string => {
  const given = req.headers.get('x-request-id');
  if (given !== undefined && given.length <= 64 && /^[\w.:-]+$/.test(given)) return given;
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return prefix + sequence.toString(36);
};

/** The fields an access line can carry (`clientGone` and `stream` are added when they apply). */
export const ACCESS_FIELDS = ['reqId', 'method', 'path', 'status', 'durationMs', 'bytes', 'remote', 'user'] as const;
export type AccessField = (typeof ACCESS_FIELDS)[number];

/** The line with only the chosen fields (and the flags that apply). */
const chosen = (fields: readonly AccessField[]) => (line: AccessLine): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = line[f];
  if (line.clientGone === true) out['clientGone'] = true;
  if (line.stream === true) out['stream'] = true;
  return out;
};

/**
 * A JSON string of text, the last one kept: consecutive lines mostly repeat
 * a method, path, address or user, and comparing is cheaper than quoting.
 */
const lastQuoted = (): ((text: string) => string) => {
  let last = '';
  let quoted = '""';
  return (text) => {
    if (text !== last) {
      last = text;
      quoted = JSON.stringify(text);
    }
    return quoted;
  };
};

/** A duration in ms (rounded to the µs) written as JSON writes that number (`0.12`, `3`, `12.345`), from integers: cheaper than a double's shortest text. */
export const durationText = (ms: number): string => {
  const us = Math.round(ms * 1000);
  if (!(us >= 0 && us < 1e15)) return String(Math.round(ms * 1000) / 1000);
  const whole = Math.floor(us / 1000);
  let fraction = us - whole * 1000;
  if (fraction === 0) return `${whole}`;
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  return `${whole}.${String(fraction).padStart(digits, '0')}`;
};

/** The chosen fields of a line as JSON members (`"reqId":"…","status":200`), in ACCESS_FIELDS' order; undefined values left out. */
const membersOf = (fields: readonly AccessField[]) => {
  const has = (f: AccessField): boolean => fields.includes(f);
  const [reqId, method, path, status, duration, bytes, remote, user] = ACCESS_FIELDS.map(has) as boolean[];
  const [methodJson, pathJson, remoteJson, userJson] = [lastQuoted(), lastQuoted(), lastQuoted(), lastQuoted()];
  // a member after another takes a comma: no comma cut off the front afterwards (slicing would copy the whole line)
  const comma = (s: string): string => (s === '' ? '' : ',');
  return (line: AccessLine): string => {
    // a request id is plain (requestId: a client's only when it matches /^[\w.:-]+$/)
    let s = reqId === true ? `"reqId":"${line.reqId}"` : '';
    if (method === true) s += `${comma(s)}"method":${methodJson(line.method)}`;
    if (path === true) s += `${comma(s)}"path":${pathJson(line.path)}`;
    if (status === true) s += `${comma(s)}"status":${line.status}`;
    if (duration === true) s += `${comma(s)}"durationMs":${durationText(line.durationMs)}`;
    if (bytes === true && line.bytes !== undefined) s += `${comma(s)}"bytes":${line.bytes}`;
    if (remote === true) s += `${comma(s)}"remote":${remoteJson(line.remote)}`;
    if (user === true && line.user !== undefined) s += `${comma(s)}"user":${userJson(line.user)}`;
    if (line.clientGone === true) s += `${comma(s)}"clientGone":true`;
    if (line.stream === true) s += `${comma(s)}"stream":true`;
    return s;
  };
};

export const withAccessLog = (inner: Handler, logger: Logger, enabled: () => boolean = () => true, fields: readonly AccessField[] = ACCESS_FIELDS): Handler => {
  const pick = ACCESS_FIELDS.every((f) => fields.includes(f)) ? undefined : chosen(fields);
  // a JSON logger of ours takes the line's members as text: no object per line for JSON.stringify to walk
  const write: (line: AccessLine) => void = isJsonLogger(logger)
    ? ((members) => (line: AccessLine) => logger.infoFields(members(line), 'request'))(membersOf(fields))
    : (line) => logger.info(pick === undefined ? line : pick(line), 'request');
  // the remote address is read only when it is logged (on uWS 20.30 it is a system call)
  const remote = fields.includes('remote');
  return (req) => {
    if (!enabled()) return inner(req);
    const started = performance.now();
    const id = requestId(req);
    const done = (res: CoreResponse): CoreResponse => {
      const bytes = bodyBytes(res);
      const status = countedStatus(req, res);
      const gone = status === CLIENT_GONE;
      // one shape for every line (the optional fields are added to it only when they apply)
      const line: AccessLine = {
        reqId: id,
        method: req.method,
        path: req.query === '' ? req.path : `${req.path}?${redactQuery(req.query)}`,
        status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        bytes,
        remote: remote ? clientAddress(req) : '',
        user: authenticatedAs(req)?.user,
      };
      if (gone) line.clientGone = true;
      if (bytes === undefined) line.stream = true;
      write(line);
      return withHeaders(res, { 'x-request-id': id });
    };
    const answer = inner(req);
    return answer instanceof Promise ? answer.then(done) : done(answer);
  };
};

/** Where the access log goes and what its lines carry (`createServer({ accessLog })`). */
export interface AccessLogOptions {
  /** The fields of each line (default: all of ACCESS_FIELDS). */
  readonly fields?: readonly AccessField[];
  /** A file the lines are appended to (default: the server's logger). */
  readonly file?: string;
}

/** The access log a server writes: through its logger, or a file of its own; `close()` writes out what is held. */
export interface AccessLog {
  readonly logger: Logger;
  readonly fields: readonly AccessField[];
  close(): Promise<void>;
}

export const accessLogOf = (option: boolean | AccessLogOptions | undefined, logger: Logger): AccessLog => {
  const o = typeof option === 'object' ? option : {};
  if (o.file === undefined) return { logger, fields: o.fields ?? ACCESS_FIELDS, close: () => Promise.resolve() };
  const sink = fileLogSink(o.file);
  return { logger: jsonLogger(sink), fields: o.fields ?? ACCESS_FIELDS, close: () => sink.close() };
};
