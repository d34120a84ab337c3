import type { CoreResponse } from '../exchange.ts';

/** RFC 9110 §5.6.2 tchar: which of the first 128 character codes may be in a field name (a token). */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") TCHAR[c.charCodeAt(0)] = 1;

/**
 * Names found to be tokens: an answer's names are a few constants (the same
 * strings each time), so each is scanned once. Bounded: names made per
 * request would otherwise fill it.
 */
const tokens = new Set<string>();
const MAX_TOKENS = 256;

const isToken = (name: string): boolean => {
  if (tokens.has(name)) return true;
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i += 1) if (TCHAR[name.charCodeAt(i)] !== 1) return false;
  if (tokens.size < MAX_TOKENS) tokens.add(name);
  return true;
};

/** RFC 9110 §5.5: no CR, LF, NUL or other controls in a value, nothing above U+00FF (node:http's rule): tab, 0x20–0x7E, 0x80–0xFF. */
const isFieldValue = (value: string): boolean => {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 : c === 0x7f || c > 0xff) return false;
  }
  return true;
};

/**
 * Frozen header objects whose fields passed. The core shares one frozen
 * object per media type among its answers (and cache-control one with
 * `no-cache` added to it), so each is checked once, not once per answer.
 * Only an object that cannot change is kept: frozen, with plain data
 * fields (no getter could give another value later) and no prototype but
 * Object's or none.
 */
const checkedFrozen = new WeakSet<object>();
/** The last of them asked about: most answers in a row share one. */
let lastChecked: object | undefined;

const unchanging = (headers: object): boolean => {
  if (!Object.isFrozen(headers)) return false;
  const proto: unknown = Object.getPrototypeOf(headers);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(Object.getOwnPropertyDescriptors(headers)).every((d) => 'value' in d);
};

/** Whether `headers` passed before and cannot change since (what is made from it may be kept). */
export const checkedForGood = (headers: object): boolean => {
  if (headers === lastChecked) return true;
  if (!checkedFrozen.has(headers)) return false;
  lastChecked = headers;
  return true;
};

/**
 * Throws a TypeError when the core's status or headers cannot be written as
 * they are. Checked before anything is written, so the adapter can still
 * answer 500 instead; uWS writes whatever it is given (a CR LF in a value
 * would split the response), node:http would throw half-way. A loop over
 * the character codes, not a regular expression: this runs for every field
 * of every answer, and a short value is checked in fewer steps than a
 * regular expression takes to start.
 */
export const checkResponseHead = (response: CoreResponse): void => {
  const status = response.status;
  if (!Number.isInteger(status) || status < 100 || status > 999) throw new TypeError(`invalid HTTP status ${String(status)}`);
  const headers = response.headers;
  if (!checkedForGood(headers)) checkFields(headers);
  const id: unknown = response.requestId;
  if (id !== undefined && (typeof id !== 'string' || !isFieldValue(id))) throw new TypeError('invalid request id');
};

const checkFields = (headers: CoreResponse['headers']): void => {
  for (const name in headers) {
    const value: unknown = headers[name];
    if (!isToken(name)) throw new TypeError(`invalid header name ${JSON.stringify(name)}`);
    if (typeof value !== 'string' || !isFieldValue(value)) throw new TypeError(`invalid value for header ${name}`);
  }
  if (unchanging(headers)) checkedFrozen.add(headers);
};
