/** RFC 8040 §4.8.9 with-defaults: the four RFC 6243 modes; report-all is the basic mode. */
import type { WithDefaults } from '../../../actors/index.ts';
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

const VALUES: readonly WithDefaults[] = ['report-all', 'trim', 'explicit', 'report-all-tagged'];

export const withDefaults: QueryParameter<WithDefaults> = {
  name: 'with-defaults',
  use: 'read',
  parse: (value) => {
    const v = required(value);
    if (!v.ok) return v;
    const hit = VALUES.find((c) => c === v.value);
    return hit === undefined ? refused(`expected ${VALUES.join(', ')}, got "${v.value}"`) : parsed(hit);
  },
};
