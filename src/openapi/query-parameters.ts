/** The RFC 8040 §4.8 query parameters as OpenAPI parameter components, and which methods take which. */
import type { JsonSchema } from './json-schema.ts';

export const QUERY_PARAMETERS: Readonly<Record<string, JsonSchema>> = {
  depth: { name: 'depth', in: 'query', description: 'How many levels of the subtree to return (RFC 8040 §4.8.2).', schema: { anyOf: [{ type: 'integer', minimum: 1, maximum: 65535 }, { const: 'unbounded' }] } },
  fields: { name: 'fields', in: 'query', description: 'The descendants to return, e.g. a/b;c(d;e) (RFC 8040 §4.8.3).', schema: { type: 'string' } },
  content: { name: 'content', in: 'query', description: 'Configuration, state, or both (RFC 8040 §4.8.1).', schema: { type: 'string', enum: ['config', 'nonconfig', 'all'], default: 'all' } },
  'with-defaults': { name: 'with-defaults', in: 'query', description: 'How default values are reported (RFC 8040 §4.8.9, RFC 6243).', schema: { type: 'string', enum: ['report-all', 'trim', 'explicit', 'report-all-tagged'] } },
  filter: { name: 'filter', in: 'query', description: 'An XPath expression each event must satisfy (RFC 8040 §4.8.4).', schema: { type: 'string' } },
  insert: { name: 'insert', in: 'query', description: 'Where a new entry of a user-ordered list goes (RFC 8040 §4.8.5).', schema: { type: 'string', enum: ['first', 'last', 'before', 'after'] } },
  point: { name: 'point', in: 'query', description: 'The entry insert=before|after is relative to (RFC 8040 §4.8.6).', schema: { type: 'string' } },
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` });

export const READ_PARAMETERS = ['depth', 'fields', 'content', 'with-defaults'].map(ref);
export const INSERT_PARAMETERS = ['insert', 'point'].map(ref);
export const STREAM_PARAMETERS = ['filter'].map(ref);
