/** rx.xfields: the inverse of fields, everything but the named descendants (same syntax). */
import type { FieldSelection } from '../../../actors/index.ts';
import { fieldSelection } from './field-selection.ts';
import type { QueryParameter } from './query-parameter.ts';

export const xfields: QueryParameter<FieldSelection> = { name: 'rx.xfields', use: 'read', parse: fieldSelection };
