/** What a read selects (RFC 8040 §4.8 query parameters and the service's rx.* extensions), resolved against the schema. */
import type { ListMeta } from '../../meta/meta.ts';
import type { ContentFilter } from './content.ts';
import type { FieldSelection } from './field-selection.ts';
import type { WithDefaults } from './with-defaults.ts';

export interface RowRange {
  /** The list whose rows are selected. */
  readonly list: ListMeta;
  /** 0-based, both ends inclusive. */
  readonly from: number;
  readonly to: number;
}

export interface ReadOptions {
  /** Levels below and including the target (RFC 8040 depth); undefined is unbounded. */
  readonly depth: number | undefined;
  readonly content: ContentFilter;
  readonly withDefaults: WithDefaults;
  /** Only these fields (RFC 8040 fields); undefined selects all. */
  readonly fields: FieldSelection | undefined;
  /** All but these fields (rx.xfields). */
  readonly xfields: FieldSelection | undefined;
  readonly range: RowRange | undefined;
  /** Most data nodes an answer may hold (rx.max-node-count). */
  readonly maxNodes: number;
  /** RFC 7951 names and values (strict mode) or plain. */
  readonly strict: boolean;
}

export const DEFAULT_MAX_NODES = 10_000;

export const defaultReadOptions: ReadOptions = {
  depth: undefined,
  content: 'all',
  withDefaults: 'report-all',
  fields: undefined,
  xfields: undefined,
  range: undefined,
  maxNodes: DEFAULT_MAX_NODES,
  strict: false,
};
