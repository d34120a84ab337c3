/**
 * Server-Sent Events framing (WHATWG HTML, "Server-sent events", §9.2.5):
 * each line of a value becomes its own `data:` line and a blank line ends the
 * event, so a value holding CR, LF or CRLF still arrives as one event whose
 * lines the client rejoins with '\n'.
 *
 *   sseData('{"a":1}')        === 'data: {"a":1}\n\n'
 *   sseData('x\ny')           === 'data: x\ndata: y\n\n'
 *   sseEvent('error', '{}')   === 'event: error\ndata: {}\n\n'
 *   sseComment('keep-alive')  === ': keep-alive\n\n'
 */

/** One frame of a stream's body: the bytes to write and what they carry. */
export interface SseFrame {
  /**
   * 'event': a notification, counted against the subscriber's queue bound.
   * 'comment': filler the client ignores (keep-alive), never queued twice.
   * 'final': the last frame of a stream (an error event); nothing follows it.
   */
  readonly kind: 'event' | 'comment' | 'final';
  /** Complete frame text, ending with the blank line (several SSE events when coalesced). */
  readonly text: string;
  /** Notifications it carries: 1 or more for 'event' (more once coalesced), 0 for the others. */
  readonly count: number;
}

const lineBreak = /\r\n|\r|\n/;

/** Whether `value` holds CR or LF: what lineBreak matches, without a regular expression (run once per event, it costs a third as much). */
const hasLineBreak = (value: string): boolean => value.includes('\n') || value.includes('\r');

const prefixLines = (field: string, value: string): string =>
  hasLineBreak(value)
    ? value.split(lineBreak).map((line) => `${field}${line}\n`).join('')
    : `${field}${value}\n`;

/** `data: <value>\n\n`, one `data:` line per line of `value`. */
export const sseData = (value: string): string => `${prefixLines('data: ', value)}\n`;

/** `event: <type>\n` then the data lines of `value`. `type` must be one line. */
export const sseEvent = (type: string, value: string): string => {
  if (hasLineBreak(type)) throw new RangeError(`SSE event type must be one line: ${JSON.stringify(type)}`);
  return `event: ${type}\n${sseData(value)}`;
};

/** `: <text>\n\n`, one comment line per line of `text`. */
export const sseComment = (text: string): string => `${prefixLines(': ', text)}\n`;

/** A notification frame: `data: <encoded>\n\n`. */
export const eventFrame = (encoded: string): SseFrame => ({ kind: 'event', text: sseData(encoded), count: 1 });

/** The keep-alive comment, exactly `: keep-alive\n\n`. */
export const KEEP_ALIVE_FRAME: SseFrame = Object.freeze({ kind: 'comment', text: sseComment('keep-alive'), count: 0 });
