/** The schema node whose children `fields`, `rx.xfields` and `rx.range` name: a module root, container or list. */
import type { SelectionMeta } from '../../../actors/index.ts';
import { parsed, refused, type Parsed, type QueryScope } from './query-parameter.ts';

export const fieldHolder = (scope: QueryScope): Parsed<SelectionMeta> => {
  const t = scope.target;
  if (t === undefined) return refused('applies below a module: name one in the path (/restconf/data/<module>:...)');
  if (t.kind === 'module' || t.kind === 'container' || t.kind === 'list') return parsed(t);
  return refused(`applies to a module root, container or list, not to ${t.kind} "${t.name}"`);
};
