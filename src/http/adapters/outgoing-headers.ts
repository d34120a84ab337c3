/**
 * The head fields node writes: the core's minus framing (a core's
 * content-length or transfer-encoding is never copied as is: framing is the
 * adapter's), plus the request's id and what the adapter adds.
 */
import { REQUEST_ID_FIELD } from '../exchange.ts';

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2); node:http2 throws on them. */
const connectionSpecific = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade']);

/** For node:http2's compatibility `writeHead`: the core's fields minus connection-specific ones, the request's id and the content-length when given. */
export const h2HeadFields = (core: Readonly<Record<string, string>>, requestId: string | undefined, contentLength: string | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name in core) if (!connectionSpecific.has(name)) out[name] = core[name] ?? '';
  if (requestId !== undefined) out[REQUEST_ID_FIELD] = requestId;
  if (contentLength !== undefined) out['content-length'] = contentLength;
  return out;
};

/**
 * For node:http's (HTTP/1.1) `writeHead`, as the flat list it takes
 * ([name, value, ...]): the core's fields minus framing, the request's id,
 * then `content-length` when given and `connection: close` when asked (in place
 * of the core's own). One array and no lookup per field: node validates and
 * writes each field anyway.
 */
export const http1HeadFields = (
  core: Readonly<Record<string, string>>,
  requestId: string | undefined,
  contentLength: string | undefined,
  close: boolean,
): string[] => {
  const fields: string[] = [];
  for (const name in core) {
    if (name === 'content-length' || name === 'transfer-encoding' || (close && name === 'connection')) continue;
    fields.push(name, core[name] ?? '');
  }
  if (requestId !== undefined) fields.push(REQUEST_ID_FIELD, requestId);
  if (contentLength !== undefined) fields.push('content-length', contentLength);
  if (close) fields.push('connection', 'close');
  return fields;
};
