/**
 * An access line's chosen fields as JSON members (`,"reqId":"…","method":
 * "GET",…`, in ACCESS_FIELDS' order, undefined values left out), written as
 * bytes (line-bytes.ts) between the logger's head and end. What repeats
 * from line to line (the head with its time, method, path, status, bytes,
 * address, user, the end with its message) is kept as at most three runs
 * of bytes, made again only when one of those changes, so that a line is
 * three copies with its request id and its duration written byte by byte
 * between them.
 */
import { Buffer } from 'node:buffer';
import { ACCESS_FIELDS, type AccessField } from './access-line.ts';
import { asciiInto, bytesInto, type FramedMembers } from './line-bytes.ts';

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
/** The longest duration's text: 16 digits, a point and three more. */
const DURATION_MOST = 24;

export class AccessLineBytes implements FramedMembers {
  readonly #has: Readonly<Record<AccessField, boolean>>;
  readonly #redact: (query: string) => string;
  /** The values the members were made of. */
  #last: Repeated = { method: '', path: '', query: '', status: -1, bytes: undefined, remote: '', user: undefined, gone: false };
  /** The members' bytes before the first hole (the id's, else the duration's), before the duration (only when it is chosen), after the last hole. */
  #before: Uint8Array = NONE;
  #between: Uint8Array = NONE;
  #after: Uint8Array = NONE;
  /** The runs of bytes written around the id and the duration, and the head, end and members they were made of. */
  #first: Uint8Array = NONE;
  #third: Uint8Array = NONE;
  #firstHead: Uint8Array | undefined;
  #thirdEnd: Uint8Array | undefined;
  /** The members' own bytes, without the id and the duration. */
  #fixed = 0;
  /** This line's own values. */
  #id = '';
  #us = 0;
  most = 0;

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
    this.#id = reqId;
    this.#us = us;
    // an id's character escaped takes at most 6 bytes (`\u001f`)
    this.most = this.#fixed + (this.#has.reqId ? reqId.length * 6 : 0) + (this.#has.durationMs ? DURATION_MOST : 0);
    return this;
  }

  writeFramed(into: Uint8Array, at: number, head: Uint8Array, end: Uint8Array): number {
    if (head !== this.#firstHead) {
      this.#firstHead = head;
      this.#first = Buffer.concat([head, this.#before]);
    }
    if (end !== this.#thirdEnd) {
      this.#thirdEnd = end;
      this.#third = Buffer.concat([this.#after, end]);
    }
    let to = bytesInto(this.#first, into, at);
    if (this.#has.reqId) to = idInto(this.#id, into, to);
    if (this.#has.durationMs) to = durationInto(this.#us, into, bytesInto(this.#between, into, to));
    return bytesInto(this.#third, into, to);
  }

  /** The members around the request id and the duration, from the repeated values. */
  #make(): void {
    const has = this.#has;
    const l = this.#last;
    let before = '';
    let after = '';
    if (has.method) before += `,"method":${JSON.stringify(l.method)}`;
    if (has.path) before += `,"path":${JSON.stringify(l.query === '' ? l.path : `${l.path}?${this.#redact(l.query)}`)}`;
    if (has.status) before += `,"status":${JSON.stringify(l.status)}`;
    if (has.bytes && l.bytes !== undefined) after += `,"bytes":${JSON.stringify(l.bytes)}`;
    if (has.remote) after += `,"remote":${JSON.stringify(l.remote)}`;
    if (has.user && l.user !== undefined) after += `,"user":${JSON.stringify(l.user)}`;
    if (l.gone) after += ',"clientGone":true';
    if (l.bytes === undefined) after += ',"stream":true';
    // the runs around the holes (the id's characters, its quotes in the runs; then the duration's):
    // before the first hole, between the two (only with a duration), after the last
    let first = before;
    let between = '';
    let last = after;
    if (has.reqId) {
      first = ',"reqId":"';
      between = `"${before}`;
    }
    if (has.durationMs) {
      between += ',"durationMs":';
    } else {
      last = between + last;
      between = '';
    }
    this.#before = Buffer.from(first);
    this.#between = Buffer.from(between);
    this.#after = Buffer.from(last);
    this.#fixed = this.#before.length + this.#between.length + this.#after.length;
    this.#firstHead = undefined;
    this.#thirdEnd = undefined;
  }
}

/**
 * The request id inside its quotes. It is plain (request-id.ts: a client's only
 * when it matches /^[\w.:-]+$/), so its characters are its bytes; any other
 * is written as JSON would.
 */
const idInto = (id: string, into: Uint8Array, at: number): number => {
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return at + Buffer.from(JSON.stringify(id).slice(1, -1)).copy(into, at);
    into[at + i] = c;
  }
  return at + id.length;
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
