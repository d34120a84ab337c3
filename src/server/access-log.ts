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
import { REQUEST_ID_FIELD, type CoreRequest, type CoreResponse, type Handler } from '../http/exchange.ts';
import { requestId } from './request-id.ts';
import { utf8Length } from './utf8-length.ts';
import { clockAtAnswer, clockAtEntry } from './request-clock.ts';
import { clientAddress } from '../http/forwarded/index.ts';
import { authenticatedAs } from './auth/authenticate.ts';
import { fileLogSink } from './log-sink.ts';
import { isJsonLogger, jsonLogger, type JsonLogger, type Logger } from './logger.ts';
import { ACCESS_FIELDS, type AccessField, type AccessLine } from './access-line.ts';
import { AccessLineBytes } from './access-line-bytes.ts';

export { ACCESS_FIELDS, type AccessField } from './access-line.ts';

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
  if (typeof b === 'string') return utf8Length(b);
  if (b instanceof Uint8Array) return b.byteLength;
  return undefined;
};

/** nginx's "client closed request": what the log and the counts say when no answer could be sent. */
const CLIENT_GONE = 499;

/** The status an answer counts as: 499 when its client went away before a 5xx could be sent (no failure of the server). */
export const countedStatus = (req: CoreRequest, res: CoreResponse): number =>
  // the signal is read only here: an AbortController per request is not paid on success
  res.status >= 500 && req.signal.aborted ? CLIENT_GONE : res.status;

/**
 * The answer with the request's id, which the transport writes as
 * `x-request-id` (exchange.ts): its headers, often one frozen object many
 * answers share, are not copied, unless a stage within set that field
 * itself (the id replaces it).
 */
const withRequestId = (res: CoreResponse, requestId: string): CoreResponse => {
  if (res.headers[REQUEST_ID_FIELD] === undefined) return { ...res, requestId };
  const { [REQUEST_ID_FIELD]: _replaced, ...headers } = res.headers;
  return { ...res, headers, requestId };
};

/** The line with only the chosen fields (and the flags that apply). */
const chosen = (fields: readonly AccessField[]) => (line: AccessLine): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = line[f];
  if (line.clientGone === true) out['clientGone'] = true;
  if (line.stream === true) out['stream'] = true;
  return out;
};

export const withAccessLog = (inner: Handler, logger: Logger, enabled: () => boolean = () => true, fields: readonly AccessField[] = ACCESS_FIELDS): Handler => {
  // the remote address is read only when it is logged (on uWS 20.30 it is a system call)
  const remote = fields.includes('remote');
  const write = isJsonLogger(logger) ? bytesWriter(logger, fields) : objectWriter(logger, fields);
  /** The answer logged, with the request's id for the transport to write. */
  const logged = (req: CoreRequest, res: CoreResponse, started: number): CoreResponse => {
    const id = requestId(req);
    const answered = clockAtAnswer(req);
    write(req, id, countedStatus(req, res), answered, answered - started, bodyBytes(res), remote ? clientAddress(req) : '');
    return withRequestId(res, id);
  };
  return (req) => {
    if (!enabled()) return inner(req);
    const started = clockAtEntry(req);
    const answer = inner(req);
    // an answer given at once is logged here: no closure made for it
    return answer instanceof Promise ? answer.then((res) => logged(req, res, started)) : logged(req, answer, started);
  };
};

/** Writes one answered request's line (`answered`: performance.now() at its answer; `ms`: the time to it). */
type LineWriter = (req: CoreRequest, id: string, status: number, answered: number, ms: number, bytes: number | undefined, remote: string) => void;

/** For a JSON logger of ours: the line's members written as bytes (access-line-bytes.ts), no object or text per line. */
const bytesWriter = (logger: JsonLogger, fields: readonly AccessField[]): LineWriter => {
  const line = new AccessLineBytes(fields, redactQuery);
  return (req, id, status, answered, ms, bytes, remote) =>
    logger.infoMembers(line.of(id, req.method, req.path, req.query, status, Math.round(ms * 1000), bytes, remote, authenticatedAs(req)?.user, status === CLIENT_GONE), 'request', answered);
};

/** For any other logger (pino): the line as an object of the chosen fields. */
const objectWriter = (logger: Logger, fields: readonly AccessField[]): LineWriter => {
  const pick = ACCESS_FIELDS.every((f) => fields.includes(f)) ? undefined : chosen(fields);
  return (req, id, status, _answered, ms, bytes, remote) => {
    // one shape for every line (the optional fields are added to it only when they apply)
    const line: AccessLine = {
      reqId: id,
      method: req.method,
      path: req.query === '' ? req.path : `${req.path}?${redactQuery(req.query)}`,
      status,
      durationMs: Math.round(ms * 1000) / 1000,
      bytes,
      remote,
      user: authenticatedAs(req)?.user,
    };
    if (status === CLIENT_GONE) line.clientGone = true;
    if (bytes === undefined) line.stream = true;
    logger.info(pick === undefined ? line : pick(line), 'request');
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
