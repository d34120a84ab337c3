/** RESTCONF query parameters (RFC 8040 §4.8 and the service's rx.* and simplified), one file each. */
export { parseQuery, noParams, type QueryParams, type ParsedQuery } from './parse-query.ts';
export { checkParameters, PARAMETERS } from './parameters.ts';
export { readOptions, type ReadOptionsResult } from './read-options.ts';
export { queryError } from './query-error.ts';
export type { ParameterUse, QueryScope, QueryParameter } from './query-parameter.ts';
export { checkEditParameters, insertAt, placement, type PlacementNames } from './edit-parameters.ts';
export type { InsertWhere } from './insert-point.ts';
