import { Buffer } from 'node:buffer';
import { REQUEST_ID_FIELD, type CoreResponse } from '../exchange.ts';
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

/** What `writeStatus` is given for a head checkResponseHead passed, with the request's id when it has one. */
export const headOf = (response: CoreResponse): string | Uint8Array => {
  const head = headersOf(response);
  const id = response.requestId;
  return id === undefined ? head : withRequestId(head, id);
};

/** The status and the core's headers: their kept bytes, else their text. */
const headersOf = (response: CoreResponse): string | Uint8Array => {
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

/**
 * A head and `x-request-id`: the id differs per answer, so it is written
 * after a copy of the kept head in memory kept for that, and the view of
 * the length they take given (uWS copies it before writeStatus returns):
 * the head is copied there only when it is not the one there already, the
 * id's characters one by one. Given apart (writeHeader), the id and the
 * field's name would each be made into bytes through V8's API, which costs
 * more than the rest of the access line. An id longer than 64 characters
 * or above ASCII (only a client's could be, and only of plain characters:
 * request-id.ts) and a head given as text are joined as text.
 */
const ID_FIELD = `\r\n${REQUEST_ID_FIELD}: `;
const ID_FIELD_BYTES = Buffer.from(ID_FIELD);
const ID_MOST = 64;
const MEMORY_BYTES = 4096;
const memory = new ArrayBuffer(MEMORY_BYTES);
const written = new Uint8Array(memory);
/** A view of the memory per length, made when first needed. */
const views: (Uint8Array | undefined)[] = [];
/** The head copied into the memory, and where its id goes. */
let headThere: Uint8Array | undefined;
let idAt = 0;

const withRequestId = (head: string | Uint8Array, id: string): string | Uint8Array => {
  if (typeof head === 'string') return head + ID_FIELD + id;
  if (id.length > ID_MOST) return joined(head, id);
  if (head !== headThere) {
    if (head.length + ID_FIELD_BYTES.length + ID_MOST > MEMORY_BYTES) return joined(head, id);
    written.set(head, 0);
    written.set(ID_FIELD_BYTES, head.length);
    headThere = head;
    idAt = head.length + ID_FIELD_BYTES.length;
  }
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    if (c > 0x7e) return joined(head, id);
    written[idAt + i] = c;
  }
  const length = idAt + id.length;
  return (views[length] ??= new Uint8Array(memory, 0, length));
};

/** The head's bytes and the field, as uWS would write the text (UTF-8). */
const joined = (head: Uint8Array, id: string): Uint8Array => Buffer.concat([head, Buffer.from(ID_FIELD + id)]);
