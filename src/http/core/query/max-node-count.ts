/**
 * rx.max-node-count: the most data nodes the answer may hold, raising or
 * lowering the server's default; `unbounded` for no limit (an answer of
 * any length, an endless state list, streams at once: nothing has to be
 * held or counted before the status line).
 */
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

export const maxNodeCount: QueryParameter<number> = {
  name: 'rx.max-node-count',
  use: 'read',
  parse: (value) => {
    const v = required(value);
    if (!v.ok) return v;
    if (v.value === 'unbounded') return parsed(Number.POSITIVE_INFINITY);
    const n = /^[0-9]{1,15}$/.test(v.value) ? Number(v.value) : NaN;
    return n >= 1 ? parsed(n) : refused(`expected a positive integer or "unbounded", got "${v.value}"`);
  },
};
