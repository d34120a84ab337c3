/**
 * URL parameters that stand for headers, for browser clients that cannot
 * set them (an EventSource sends no headers of its own; a link or a form
 * none but its own), read before authentication and removed from the query:
 *
 * | parameter | stands for |
 * |---|---|
 * | `rx.mode=strict` | the strict compliance mode, as `Accept: application/yang-data+json` |
 * | `rx.mode=simplified` | the simplified mode (the `simplified` flag) |
 * | `access_token=T` (GET, when `web.urlCredentials`) | `Authorization: Bearer T` |
 * | `authorization=V` (GET, when `web.urlCredentials`) | `Authorization: V` (e.g. `Basic dXNlcjpwYXNz`) |
 *
 * The access log (outside this layer) shows the original URL with
 * credential values redacted (access-log.ts).
 */
import type { CoreRequest, Handler } from '../../http/exchange.ts';
import { YANG_JSON } from '../../http/core/index.ts';
import { requestError } from '../request-error.ts';
import { derivedRequest } from './derived-request.ts';
import type { WebOptions } from './web-options.ts';

export const MODE_PARAMETER = 'rx.mode';
const CREDENTIALS = new Set(['access_token', 'authorization']);
const MENTIONS = /(?:^|&)(?:rx\.mode|access_token|authorization)(?:=|&|$)/i;

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

export const withUrlParameters = (inner: Handler, options: WebOptions = {}): Handler => (req: CoreRequest) => {
  if (req.query === '' || !MENTIONS.test(req.query)) return inner(req);
  const kept: string[] = [];
  const headers = new Map(req.headers);
  let mode: string | undefined;
  let credentials: string | undefined;
  for (const part of req.query.split('&')) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).toLowerCase();
    if (name !== MODE_PARAMETER && !CREDENTIALS.has(name)) {
      kept.push(part);
      continue;
    }
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (value === undefined) return requestError(req, 'invalid-value', `query parameter ${name}: bad percent-encoding`, { status: 400 });
    if (name === MODE_PARAMETER) {
      if (mode !== undefined) return requestError(req, 'invalid-value', `query parameter ${name}: given more than once`, { status: 400 });
      mode = value;
      continue;
    }
    if (options.urlCredentials !== true) return requestError(req, 'invalid-value', `query parameter ${name}: this server takes no credentials in URLs`, { status: 400 });
    if (req.method !== 'GET' && req.method !== 'HEAD') return requestError(req, 'invalid-value', `query parameter ${name}: credentials in the URL are taken for GET only`, { status: 400 });
    if (credentials !== undefined || req.headers.has('authorization')) return requestError(req, 'invalid-value', 'credentials given more than once', { status: 400 });
    if (value === '') return requestError(req, 'invalid-value', `query parameter ${name}: empty`, { status: 400 });
    credentials = name === 'access_token' ? `Bearer ${value}` : value;
  }
  if (credentials !== undefined) headers.set('authorization', credentials);
  if (mode === 'strict') {
    const accept = req.headers.get('accept');
    headers.set('accept', accept === undefined || accept === '' || accept === '*/*' ? YANG_JSON : `${accept}, ${YANG_JSON}`);
  } else if (mode === 'simplified') {
    if (!kept.some((p) => p === 'simplified' || p.startsWith('simplified='))) kept.push('simplified');
  } else if (mode !== undefined) {
    return requestError(req, 'invalid-value', `query parameter ${MODE_PARAMETER}: expected strict or simplified, got "${mode}"`, { status: 400 });
  }
  return inner(derivedRequest(req, kept.join('&'), headers));
};
