/**
 * A 401 to a script's request (`X-Requested-With: XMLHttpRequest`, as the
 * explorer and many web clients send) goes without `WWW-Authenticate`:
 * browsers answer a Basic challenge, even one to fetch(), with their own
 * log-in dialog, over the page that asked for credentials itself. The
 * error body is the same; every other request keeps its challenge.
 */
import type { CoreResponse, Handler } from '../../http/exchange.ts';

const quiet = (res: CoreResponse): CoreResponse => {
  if (res.status !== 401 || res.headers['www-authenticate'] === undefined) return res;
  const { 'www-authenticate': _challenge, ...headers } = res.headers;
  return { ...res, headers };
};

export const withQuietChallenge = (inner: Handler): Handler => (req) => {
  if (req.headers.get('x-requested-with')?.toLowerCase() !== 'xmlhttprequest') return inner(req);
  const answer = inner(req);
  return answer instanceof Promise ? answer.then(quiet) : quiet(answer);
};
