/**
 * An access line's chosen fields as JSON members (`"reqId":"…","method":
 * "GET",…`, in ACCESS_FIELDS' order, undefined values left out), written as
 * bytes (line-bytes.ts): what repeats from line to line (method, path,
 * status, bytes, address, user) is kept as two runs of bytes, made again
 * only when one of those values changes, so that a line is its request id
 * and its duration written byte by byte between two copies.
 */
import { ACCESS_FIELDS, type AccessField } from './access-line.ts';
import { asciiInto, type LineBytes } from './line-bytes.ts';

/** The values of a line that mostly repeat from one to the next. */
interface Repeated {
  method: string;
  path: string;
  query: string;
  status: number;
  bytes: number | undefined;
  remote: string;
  user: string | undefined;
  gone: boolean;
}

const NONE = new Uint8Array(0);
const REQ_ID = Buffer.from('"reqId":"');
/** The longest duration's text: 16 digits, a point and three more. */
const DURATION_MOST = 24;

export class AccessLineBytes implements LineBytes {
  readonly #has: Readonly<Record<AccessField, boolean>>;
  readonly #redact: (query: string) => string;
  /** The values the bytes were made of. */
  #last: Repeated = { method: '', path: '', query: '', status: -1, bytes: undefined, remote: '', user: undefined, gone: false };
  /** What comes between the request id and the duration's number, and after that number. */
  #middle: Uint8Array = NONE;
  #end: Uint8Array = NONE;
  /** This line's own values. */
  #id = '';
  #us = 0;

  constructor(fields: readonly AccessField[], redactQuery: (query: string) => string) {
    this.#has = Object.fromEntries(ACCESS_FIELDS.map((f) => [f, fields.includes(f)])) as Record<AccessField, boolean>;
    this.#redact = redactQuery;
  }

  /** This line with these values (`us`: its duration in whole µs); written before the next `of`. */
  of(reqId: string, method: string, path: string, query: string, status: number, us: number, bytes: number | undefined, remote: string, user: string | undefined, gone: boolean): this {
    const l = this.#last;
    if (method !== l.method || path !== l.path || query !== l.query || status !== l.status || bytes !== l.bytes || remote !== l.remote || user !== l.user || gone !== l.gone) {
      this.#last = { method, path, query, status, bytes, remote, user, gone };
      this.#make();
    }
    this.#id = this.#has.reqId ? reqId : '';
    this.#us = us;
    return this;
  }

  get most(): number {
    // an id's character escaped takes at most 6 bytes (`\u001f`)
    return REQ_ID.length + this.#id.length * 6 + this.#middle.length + DURATION_MOST + this.#end.length;
  }

  writeInto(into: Uint8Array, at: number): number {
    let to = at;
    if (this.#has.reqId) {
      into.set(REQ_ID, to);
      to = idInto(this.#id, into, to + REQ_ID.length);
    }
    into.set(this.#middle, to);
    to += this.#middle.length;
    if (this.#has.durationMs) to = durationInto(this.#us, into, to);
    into.set(this.#end, to);
    return to + this.#end.length;
  }

  /** The bytes around the request id and the duration, from the repeated values. */
  #make(): void {
    const has = this.#has;
    const l = this.#last;
    const before: string[] = [];
    const after: string[] = [];
    if (has.method) before.push(`"method":${JSON.stringify(l.method)}`);
    if (has.path) before.push(`"path":${JSON.stringify(l.query === '' ? l.path : `${l.path}?${this.#redact(l.query)}`)}`);
    if (has.status) before.push(`"status":${JSON.stringify(l.status)}`);
    if (has.bytes && l.bytes !== undefined) after.push(`"bytes":${JSON.stringify(l.bytes)}`);
    if (has.remote) after.push(`"remote":${JSON.stringify(l.remote)}`);
    if (has.user && l.user !== undefined) after.push(`"user":${JSON.stringify(l.user)}`);
    if (l.gone) after.push('"clientGone":true');
    if (l.bytes === undefined) after.push('"stream":true');
    // the request id's closing quote; a comma before each member that follows another
    let middle = has.reqId ? '"' : '';
    for (const m of before) middle += `${middle === '' ? '' : ','}${m}`;
    if (has.durationMs) {
      this.#middle = Buffer.from(`${middle}${middle === '' ? '' : ','}"durationMs":`);
      this.#end = Buffer.from(after.map((m) => `,${m}`).join(''));
    } else {
      for (const m of after) middle += `${middle === '' ? '' : ','}${m}`;
      this.#middle = Buffer.from(middle);
      this.#end = NONE;
    }
  }
}

/**
 * The request id inside its quotes. It is plain (requestId: a client's only
 * when it matches /^[\w.:-]+$/), so its characters are its bytes; any other
 * is written as JSON would.
 */
const idInto = (id: string, into: Uint8Array, at: number): number => {
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return at + Buffer.from(JSON.stringify(id).slice(1, -1)).copy(into, at);
  }
  return asciiInto(id, into, at);
};

const ZERO = 0x30;

/** A duration of whole µs as JSON writes it in ms (`0.12`, `3`, `12.345`): the whole ms, then the fraction without trailing zeros. */
export const durationInto = (us: number, into: Uint8Array, at: number): number => {
  if (!Number.isSafeInteger(us) || us < 0) {
    // not what the access log gives (a rounded, non-negative count): written as JSON would (a number's text is ASCII)
    return asciiInto(JSON.stringify(Math.round(us) / 1000), into, at);
  }
  const fraction = us % 1000;
  let to = naturalInto((us - fraction) / 1000, into, at);
  if (fraction === 0) return to;
  into[to++] = 0x2e;
  const digits = fraction % 100 === 0 ? 1 : fraction % 10 === 0 ? 2 : 3;
  into[to++] = ZERO + Math.floor(fraction / 100);
  if (digits > 1) into[to++] = ZERO + (Math.floor(fraction / 10) % 10);
  if (digits > 2) into[to++] = ZERO + (fraction % 10);
  return to;
};

/** A natural number's decimal digits. */
const naturalInto = (n: number, into: Uint8Array, at: number): number => {
  if (n < 10) {
    into[at] = ZERO + n;
    return at + 1;
  }
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits += 1;
  let rest = n;
  for (let i = at + digits - 1; i >= at; i -= 1) {
    const digit = rest % 10;
    into[i] = ZERO + digit;
    rest = (rest - digit) / 10;
  }
  return at + digits;
};
