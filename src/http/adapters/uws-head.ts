import type { CoreResponse } from '../exchange.ts';
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
export const headText = (response: CoreResponse): string => {
  let text = statusLine(response.status);
  const headers = response.headers;
  for (const name in headers) {
    if (name === 'content-length' || name === 'transfer-encoding') continue;
    text += `\r\n${name}: ${headers[name] ?? ''}`;
  }
  return text;
};
