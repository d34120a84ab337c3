/** What the operations of one document are made with: its schema components, its operation ids, and the error statuses its server can answer. */
import { errorResponses, type ErrorStatus } from './error-schema.ts';
import type { JsonSchema } from './json-schema.ts';
import type { OperationIds } from './operation-ids.ts';
import type { SchemaComponents } from './schema-components.ts';

export interface PathContext {
  readonly components: SchemaComponents;
  readonly ids: OperationIds;
  /** Whether requests are authenticated (401 can happen). */
  readonly authenticated: boolean;
}

/** The error responses of an operation, without 401 where nothing is authenticated. */
export const errorsOf = (ctx: PathContext, statuses: readonly ErrorStatus[]): Record<string, JsonSchema> =>
  errorResponses(ctx.authenticated ? statuses : statuses.filter((s) => s !== 401));
