/**
 * `Cache-Control` on every answer (RFC 8040 §5.5: "The server MUST include
 * a 'Cache-Control' header field in every response that specifies whether
 * the response should be cached"). An answer that names none gets
 * `no-cache`: a cache may keep it but must ask the server again before each
 * use, since data, errors and the documents made from the schema change
 * without notice. Answers that know better set their own (the YANG sources
 * of `/restconf/schema`, event streams).
 */
import type { CoreResponse, Handler } from '../http/exchange.ts';
import { withHeaders } from '../http/with-headers.ts';

export const DEFAULT_CACHE_CONTROL = 'no-cache';

const NO_CACHE = { 'cache-control': DEFAULT_CACHE_CONTROL } as const;

/**
 * The headers last given frozen (the core shares one such object among its
 * answers of a media type), and they with `no-cache` added: made once, not
 * per answer. A frozen object cannot change, so what was made from it stays
 * right.
 */
let frozenGiven: CoreResponse['headers'] | undefined;
let frozenMade: CoreResponse['headers'] = NO_CACHE;

const ensure = (res: CoreResponse): CoreResponse => {
  const given = res.headers;
  if (given['cache-control'] !== undefined) return res;
  if (given === frozenGiven) return { ...res, headers: frozenMade };
  if (!Object.isFrozen(given)) return withHeaders(res, NO_CACHE);
  frozenMade = Object.freeze({ ...given, ...NO_CACHE });
  frozenGiven = given;
  return { ...res, headers: frozenMade };
};

export const withCacheControl = (next: Handler): Handler => (req) => {
  const answer = next(req);
  return answer instanceof Promise ? answer.then(ensure) : ensure(answer);
};
