/**
 * The query string → parameters by name, each percent-decoded (RFC 8040
 * §4.8: each parameter at most once). A name without `=` has the value
 * undefined (`?simplified`). `+` is a plain character, as RFC 3986 says.
 */
import type { RestconfError } from '../../../errors/index.ts';
import { percentDecode } from '../../../parser/expr/index.ts';
import { queryError } from './query-error.ts';

export type QueryParams = ReadonlyMap<string, string | undefined>;

export const noParams: QueryParams = new Map();

export type ParsedQuery =
  | { readonly ok: true; readonly params: QueryParams }
  | { readonly ok: false; readonly error: RestconfError };

const NO_QUERY: ParsedQuery = { ok: true, params: noParams };

export const parseQuery = (query: string): ParsedQuery => {
  if (query === '') return NO_QUERY;
  const params = new Map<string, string | undefined>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = percentDecode(part, 0, eq < 0 ? part.length : eq);
    if (!name.ok) return { ok: false, error: queryError(part.slice(0, eq < 0 ? part.length : eq), name.message) };
    let value: string | undefined;
    if (eq >= 0) {
      const v = percentDecode(part, eq + 1, part.length);
      if (!v.ok) return { ok: false, error: queryError(name.value, v.message) };
      value = v.value;
    }
    if (params.has(name.value)) return { ok: false, error: queryError(name.value, 'given more than once') };
    params.set(name.value, value);
  }
  return { ok: true, params };
};
