/**
 * RFC 8040 §4.8.5-6 insert and point (ordering of ordered-by user entries
 * on POST and PUT): recognised but not supported, so a request relying on
 * them fails instead of silently inserting at the end.
 */
import { refused, type QueryParameter } from './query-parameter.ts';

const unsupported = (name: string): QueryParameter<never> => ({
  name,
  use: 'edit',
  parse: () => refused('is not supported by this server (entries are appended in the order created)'),
});

export const insert = unsupported('insert');
export const point = unsupported('point');
