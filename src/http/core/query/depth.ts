/** RFC 8040 §4.8.2 depth: `1..65535` or `unbounded` (undefined: no limit). */
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

export const depth: QueryParameter<number | undefined> = {
  name: 'depth',
  use: 'read',
  parse: (value) => {
    const v = required(value);
    if (!v.ok) return v;
    if (v.value === 'unbounded') return parsed(undefined);
    const n = /^[0-9]{1,5}$/.test(v.value) ? Number(v.value) : NaN;
    return n >= 1 && n <= 65535 ? parsed(n) : refused(`expected 1..65535 or "unbounded", got "${v.value}"`);
  },
};
