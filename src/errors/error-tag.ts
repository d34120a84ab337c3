/**
 * The RFC 8040 §7 error catalogue: every error-tag with its HTTP status.
 * The tag decides the status, never the reverse.
 */
export const ERROR_TAGS = {
  'in-use': 409,
  'invalid-value': 400,
  'too-big': 413,
  'missing-attribute': 400,
  'bad-attribute': 400,
  'unknown-attribute': 400,
  'bad-element': 400,
  'unknown-element': 400,
  'unknown-namespace': 400,
  'access-denied': 401,
  'lock-denied': 409,
  'resource-denied': 409,
  'rollback-failed': 500,
  'data-exists': 409,
  'data-missing': 409,
  'operation-not-supported': 501,
  'operation-failed': 500,
  'partial-operation': 500,
  'malformed-message': 400,
} as const satisfies Record<string, number>;

export type ErrorTag = keyof typeof ERROR_TAGS;

export type ErrorType = 'transport' | 'rpc' | 'protocol' | 'application';

export const statusOf = (tag: ErrorTag): number => ERROR_TAGS[tag];
