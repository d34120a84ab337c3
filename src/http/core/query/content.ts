/** RFC 8040 §4.8.1 content: `config`, `nonconfig` or `all`. */
import type { ContentFilter } from '../../../actors/index.ts';
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

const VALUES: readonly ContentFilter[] = ['config', 'nonconfig', 'all'];

export const content: QueryParameter<ContentFilter> = {
  name: 'content',
  use: 'read',
  parse: (value) => {
    const v = required(value);
    if (!v.ok) return v;
    const hit = VALUES.find((c) => c === v.value);
    return hit === undefined ? refused(`expected ${VALUES.join(', ')}, got "${v.value}"`) : parsed(hit);
  },
};
