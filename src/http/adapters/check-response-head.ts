import type { CoreResponse } from '../exchange.ts';

/** RFC 9110 §5.1: a field name is a token. */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 §5.5: no CR, LF, NUL or other controls in a value (node:http's rule). */
const badValueChar = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Throws a TypeError when the core's status or headers cannot be written as
 * they are. Checked before anything is written, so the adapter can still
 * answer 500 instead; uWS writes whatever it is given (a CR LF in a value
 * would split the response), node:http would throw half-way.
 */
export const checkResponseHead = (response: CoreResponse): void => {
  const status = response.status;
  if (!Number.isInteger(status) || status < 100 || status > 999) throw new TypeError(`invalid HTTP status ${String(status)}`);
  const headers = response.headers;
  for (const name in headers) {
    const value: unknown = headers[name];
    if (!token.test(name)) throw new TypeError(`invalid header name ${JSON.stringify(name)}`);
    if (typeof value !== 'string' || badValueChar.test(value)) throw new TypeError(`invalid value for header ${name}`);
  }
};
