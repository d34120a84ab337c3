/**
 * The Server-Sent Events wire format, read incrementally (WHATWG HTML
 * §9.2.6): `data:` lines joined with '\n', `event:` names the type, a
 * blank line dispatches, `:` lines are comments (keep-alives), CR, LF or
 * CRLF end a line.
 */
export interface SseMessage {
  /** 'message' unless the server named another type (rxconf sends 'error' before ending a stream on a failure). */
  readonly event: string;
  readonly data: string;
}

/** A feeder of text chunks that calls `emit` for each complete message. */
export const parseSse = (emit: (m: SseMessage) => void): ((chunk: string) => void) => {
  let rest = '';
  let event = '';
  let data: string[] = [];
  let afterCr = false;
  const line = (l: string): void => {
    if (l === '') {
      if (data.length > 0) emit({ event: event === '' ? 'message' : event, data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };
  return (chunk) => {
    let text = rest + chunk;
    if (afterCr && text.startsWith('\n')) text = text.slice(1);
    afterCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      line(text.slice(start, i));
      if (c === '\r') {
        if (i + 1 < text.length) {
          if (text[i + 1] === '\n') i += 1;
        } else {
          afterCr = true;
        }
      }
      start = i + 1;
    }
    rest = text.slice(start);
  };
};
