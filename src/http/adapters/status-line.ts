import { STATUS_CODES } from 'node:http';

const lines = new Map<number, string>();

/** '200 OK', '404 Not Found', ...: what uWS's writeStatus wants (it writes it verbatim). */
export const statusLine = (status: number): string => {
  let line = lines.get(status);
  if (line === undefined) {
    line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
    lines.set(status, line);
  }
  return line;
};
