/** The errors ready-made nodes raise, each an RFC 8040 error naming the data path. */
import { formatPath, type DataPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';

/** The application handed a value that does not fit the schema (a server-side fault: 500). */
export const badApplicationData = (path: DataPath, problem: string): RestconfFailure => {
  const at = formatPath(path);
  return new RestconfFailure([restconfError('operation-failed', `the application's data at ${at} is invalid: ${problem}`, { path: at })]);
};

/** The node does not do what was asked (501). */
export const notSupported = (path: DataPath, what: string): RestconfFailure => {
  const at = formatPath(path);
  return new RestconfFailure([restconfError('operation-not-supported', `${what} at ${at} is not supported by its node`, { path: at })]);
};

/** A JavaScript value as a message names it. */
export const describeValue = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof Map) return 'a Map';
  if (typeof v === 'bigint') return `the bigint ${v}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}...` : v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `the ${typeof v} ${String(v)}`;
  if (typeof v === 'object') return 'an object';
  return `a value of type ${typeof v}`;
};
