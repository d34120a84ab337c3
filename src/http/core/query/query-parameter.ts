/** One query parameter: its name, which requests may carry it, and how its value is read. */
import type { SelectionMeta } from '../../../actors/index.ts';
import type { DataNodeMeta, SchemaContext } from '../../../meta/meta.ts';

/**
 * Which requests a parameter belongs to (RFC 8040 §4.8.1 table): `read` GET
 * and HEAD of data, `stream` GET of an event stream, `edit` POST and PUT of
 * data, `any` every request.
 */
export type ParameterUse = 'read' | 'stream' | 'edit' | 'any';

export interface QueryScope {
  /** What the request targets; undefined for the datastore resource. */
  readonly target: SelectionMeta | DataNodeMeta | undefined;
  readonly schema: SchemaContext;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export interface QueryParameter<T> {
  readonly name: string;
  readonly use: ParameterUse;
  /** `value` is undefined when the parameter was given without `=`. */
  readonly parse: (value: string | undefined, scope: QueryScope) => Parsed<T>;
}

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const refused = (message: string): Parsed<never> => ({ ok: false, message });

/** The value, or a message saying one is needed. */
export const required = (value: string | undefined): Parsed<string> =>
  value === undefined || value === '' ? refused('needs a value') : parsed(value);
