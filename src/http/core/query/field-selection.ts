/**
 * A `fields`-syntax value resolved against the target: what `fields` and
 * `rx.xfields` share. On the datastore resource (RFC 8040 §4.8.3, example
 * B.3.3) the first step of each field is a module-qualified top-level node.
 */
import { resolveFields, type FieldSelection } from '../../../actors/index.ts';
import { parseFields } from '../../../parser/expr/index.ts';
import { fieldHolder } from './field-holder.ts';
import { parsed, refused, required, type Parsed, type QueryScope } from './query-parameter.ts';

export const fieldSelection = (value: string | undefined, scope: QueryScope): Parsed<FieldSelection> => {
  const v = required(value);
  if (!v.ok) return v;
  const holder = scope.target === undefined ? parsed({ kind: 'datastore' as const, schema: scope.schema }) : fieldHolder(scope);
  if (!holder.ok) return holder;
  const expr = parseFields(v.value);
  if (!expr.ok) return refused(expr.message);
  const selection = resolveFields(expr.value, holder.value);
  return typeof selection === 'string' ? refused(selection) : parsed(selection);
};
