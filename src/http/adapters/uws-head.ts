import type { CoreResponse } from '../exchange.ts';
import { checkedForGood } from './check-response-head.ts';
import { statusLine } from './status-line.ts';

/**
 * The status and the core's header fields as one text for uWS's
 * `writeStatus`, which writes `HTTP/1.1 `, the text and CR LF verbatim:
 * `200 OK\r\ncontent-type: application/json\r\n…` makes the same bytes as
 * writeStatus and a writeHeader per field, in one native call instead of
 * one per field (each costs about as much as a small read). Only for a
 * head checkResponseHead passed (no CR or LF in a name or value, so no
 * field can end early). Framing fields are uWS's to write.
 */
const headText = (response: CoreResponse): string => {
  let text = statusLine(response.status);
  const headers = response.headers;
  for (const name in headers) {
    if (name === 'content-length' || name === 'transfer-encoding') continue;
    text += `\r\n${name}: ${headers[name] ?? ''}`;
  }
  return text;
};

/**
 * The heads of header objects that cannot change (checkResponseHead keeps
 * which: the core shares one frozen object per media type among its
 * answers), as bytes by status: made once, not per answer. A text made of
 * pieces is joined into one string, its UTF-8 length counted and its bytes
 * copied by uWS at every answer (together more than checking the head);
 * bytes are handed over as they are. They are the bytes uWS makes of the
 * text (UTF-8).
 */
const kept = new WeakMap<object, Map<number, Uint8Array>>();
let lastHeaders: object | undefined;
let lastStatus = 0;
let lastHead: Uint8Array = new Uint8Array(0);

/** What `writeStatus` is given for a head checkResponseHead passed: its kept bytes, else its text. */
export const headOf = (response: CoreResponse): string | Uint8Array => {
  const headers = response.headers;
  const status = response.status;
  if (headers === lastHeaders && status === lastStatus) return lastHead;
  if (!checkedForGood(headers)) return headText(response);
  let byStatus = kept.get(headers);
  if (byStatus === undefined) kept.set(headers, (byStatus = new Map()));
  let head = byStatus.get(status);
  if (head === undefined) byStatus.set(status, (head = Buffer.from(headText(response), 'utf8')));
  lastHeaders = headers;
  lastStatus = status;
  lastHead = head;
  return head;
};
