/** RFC 8040 §4.8.3 fields: only the named descendants of the target. */
import type { FieldSelection } from '../../../actors/index.ts';
import { fieldSelection } from './field-selection.ts';
import type { QueryParameter } from './query-parameter.ts';

export const fields: QueryParameter<FieldSelection> = { name: 'fields', use: 'read', parse: fieldSelection };
