/**
 * The two JSON media types RESTCONF speaks here (RFC 8040 §5.2; XML is not
 * served), Accept negotiation (RFC 9110 §12.5.1: the most specific matching
 * range decides, q=0 refuses) and Content-Type checks.
 */
import { restconfError, type RestconfError } from '../../errors/index.ts';
import type { CoreRequest } from '../exchange.ts';

export const YANG_JSON = 'application/yang-data+json';
export const PLAIN_JSON = 'application/json';
export type JsonMediaType = typeof YANG_JSON | typeof PLAIN_JSON;

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

/** `text/html;q=0.5, application/*` → ranges (types lower-cased). */
export const parseAccept = (header: string): MediaRange[] => {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [essence = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = essence.trim().toLowerCase().split('/');
    if (type === '' || subtype === '') continue;
    let q = 1;
    for (const p of params) {
      const [name, value] = p.split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(value?.trim() ?? '1');
    }
    ranges.push({ type, subtype, q: Number.isNaN(q) ? 0 : q });
  }
  return ranges;
};

/** The weight Accept gives `mediaType` (0: refused or not matched). */
const weight = (ranges: readonly MediaRange[], mediaType: string): number => {
  const [type, subtype] = mediaType.split('/');
  let best: MediaRange | undefined;
  let rank = -1;
  for (const r of ranges) {
    const r2 = r.type === type && r.subtype === subtype ? 2 : r.type === type && r.subtype === '*' ? 1 : r.type === '*' && r.subtype === '*' ? 0 : -1;
    if (r2 > rank) {
      rank = r2;
      best = r;
    }
  }
  return best?.q ?? 0;
};

/**
 * The JSON type to answer with: the mode's own type when Accept admits it,
 * else the other JSON type Accept admits, else undefined (406).
 */
export const negotiate = (accept: string | undefined, strict: boolean): JsonMediaType | undefined => {
  const preferred = strict ? YANG_JSON : PLAIN_JSON;
  if (accept === undefined || accept === '' || accept === '*/*') return preferred;
  const ranges = parseAccept(accept);
  if (weight(ranges, preferred) > 0) return preferred;
  const other = strict ? PLAIN_JSON : YANG_JSON;
  return weight(ranges, other) > 0 ? other : undefined;
};

/** Whether Accept names application/yang-data+json itself (not through a wildcard) with q > 0. */
export const acceptNamesYangJson = (accept: string | undefined): boolean =>
  accept !== undefined && accept.includes(YANG_JSON) && parseAccept(accept).some((r) => `${r.type}/${r.subtype}` === YANG_JSON && r.q > 0);

/** The last Content-Type asked and its essence: one request asks up to four times (mode, YANG Patch, JSON, form), and clients send the same each time. */
let lastContentType: string | undefined;
let lastEssence = '';

/** The media type of a Content-Type header without its parameters, lower-cased. */
export const essenceOf = (contentType: string): string => {
  if (contentType === lastContentType) return lastEssence;
  const semicolon = contentType.indexOf(';');
  const essence = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  lastContentType = contentType;
  lastEssence = essence;
  return essence;
};

/**
 * The media types a request body is read in: the one place that decides
 * which bodies are refused with 415 (a reader for another type, such as
 * YANG Patch or form input, adds its type here or passes its own set).
 */
export const JSON_BODY_TYPES: ReadonlySet<string> = new Set([YANG_JSON, PLAIN_JSON]);

/**
 * Whether a request body of this Content-Type can be read. A body without
 * Content-Type is not: it is what a web page can send cross-origin without
 * a CORS preflight (as are text/plain and the form types), so it is 415,
 * never read as JSON.
 */
export const isJsonContent = (contentType: string | undefined, accepted: ReadonlySet<string> = JSON_BODY_TYPES): boolean =>
  contentType !== undefined && accepted.has(essenceOf(contentType));

/** Whether Accept admits Server-Sent Events (what an EventSource sends): such a request may only reach an event stream. */
export const admitsEventStream = (accept: string | undefined): boolean =>
  accept !== undefined && weight(parseAccept(accept), 'text/event-stream') > 0;

/** 406: Accept admits no type this resource can answer with. */
export const notAcceptable = (request: CoreRequest): RestconfError =>
  restconfError('invalid-value', `Accept "${request.headers.get('accept') ?? ''}" admits neither application/yang-data+json nor application/json`, { type: 'protocol', status: 406 });
