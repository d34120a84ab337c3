import type { CoreResponse } from './exchange.ts';

/**
 * The response with `extra` header fields added (a same-named field is
 * replaced). The fields are copied one by one: an object spread followed by
 * more keys (`{ ...headers, 'x-request-id': id }`) makes a dictionary-mode
 * object in V8, slow to build and slow for every later walk of its fields
 * (checking and writing the head); measured at about 2 µs a response, more
 * than the rest of a small answer's head.
 */
export const withHeaders = (res: CoreResponse, extra: Readonly<Record<string, string>>): CoreResponse => {
  const headers: Record<string, string> = {};
  const given = res.headers;
  for (const name in given) headers[name] = given[name] as string;
  for (const name in extra) headers[name] = extra[name] as string;
  return { ...res, headers };
};
