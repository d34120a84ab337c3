/** rx.max-node-count: the most data nodes the answer may hold, raising or lowering the server's default. */
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

export const maxNodeCount: QueryParameter<number> = {
  name: 'rx.max-node-count',
  use: 'read',
  parse: (value) => {
    const v = required(value);
    if (!v.ok) return v;
    const n = /^[0-9]{1,15}$/.test(v.value) ? Number(v.value) : NaN;
    return n >= 1 ? parsed(n) : refused(`expected a positive integer, got "${v.value}"`);
  },
};
