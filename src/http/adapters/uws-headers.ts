import type { HttpRequest } from '@trufflesuite/uws-js-unofficial';
import { HeaderList } from './header-list.ts';

let collecting: string[] = [];
/** One function for every request (no closure per request): uWS calls it once per field, names in lower case. */
const collect = (name: string, value: string): void => {
  collecting.push(name, value);
};

/** The request's header fields, copied out of `req` (which dies when the route handler returns). */
export const readUwsHeaders = (req: HttpRequest): HeaderList => {
  const fields: string[] = [];
  collecting = fields;
  req.forEach(collect);
  collecting = [];
  return new HeaderList(fields);
};
