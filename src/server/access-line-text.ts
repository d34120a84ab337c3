/**
 * An access line's chosen fields as JSON members (`"reqId":"…","method":
 * "GET",…`, in ACCESS_FIELDS' order, undefined values left out), made of
 * few pieces: what repeats from line to line (method, path, status, bytes,
 * address, user) is kept as two texts, made again only when one of those
 * values changes, so that a line is its request id, those two texts and
 * its duration: four pieces, where writing each member would make twenty
 * and copy them all when the line is written.
 */
import { ACCESS_FIELDS, type AccessField } from './access-line.ts';

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

export class AccessLineText {
  readonly #has: Readonly<Record<AccessField, boolean>>;
  readonly #redact: (query: string) => string;
  readonly #head: string;
  /** The values the texts were made of. */
  #last: Repeated = { method: '', path: '', query: '', status: -1, bytes: undefined, remote: '', user: undefined, gone: false };
  /** What comes between the request id and the duration's number, and after that number. */
  #middle = '';
  #end = '';

  constructor(fields: readonly AccessField[], redactQuery: (query: string) => string) {
    this.#has = Object.fromEntries(ACCESS_FIELDS.map((f) => [f, fields.includes(f)])) as Record<AccessField, boolean>;
    this.#redact = redactQuery;
    // a request id is plain (requestId: a client's only when it matches /^[\w.:-]+$/)
    this.#head = this.#has.reqId ? '"reqId":"' : '';
  }

  /** The line's members; `us`: its duration in whole µs. */
  text(reqId: string, method: string, path: string, query: string, status: number, us: number, bytes: number | undefined, remote: string, user: string | undefined, gone: boolean): string {
    const l = this.#last;
    if (method !== l.method || path !== l.path || query !== l.query || status !== l.status || bytes !== l.bytes || remote !== l.remote || user !== l.user || gone !== l.gone) {
      this.#last = { method, path, query, status, bytes, remote, user, gone };
      this.#make();
    }
    const id = this.#has.reqId ? reqId : '';
    // without a duration the line is made of its request id and the repeated text alone
    return this.#has.durationMs ? `${this.#head}${id}${this.#middle}${durationText(us)}${this.#end}` : `${this.#head}${id}${this.#middle}`;
  }

  /** The texts around the request id and the duration, from the repeated values. */
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
      this.#middle = `${middle}${middle === '' ? '' : ','}"durationMs":`;
      this.#end = after.map((m) => `,${m}`).join('');
    } else {
      for (const m of after) middle += `${middle === '' ? '' : ','}${m}`;
      this.#middle = middle;
      this.#end = '';
    }
  }
}

/** '.001' … '.999' as JSON writes the fraction of a number of ms (no trailing zeros), made on first use. */
let fractions: readonly string[] | undefined;
const fractionText = (us: number): string => {
  fractions ??= Array.from({ length: 1000 }, (_, i) => (i === 0 ? '' : `.${String(i).padStart(3, '0').replace(/0+$/, '')}`));
  return fractions[us] as string;
};

/** A duration of whole µs as JSON writes it in ms (`0.12`, `3`, `12.345`): the ms, then its fraction's text from a table. */
export const durationText = (us: number): string => {
  if ((us | 0) !== us || us < 0) return JSON.stringify(Math.round(us) / 1000);
  const whole = (us / 1000) | 0;
  return `${whole}${fractionText(us - whole * 1000)}`;
};
