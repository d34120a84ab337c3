/**
 * The RFC 8040 §7 error catalogue: every error-tag with the HTTP statuses the
 * RFC allows for it, the usual one first. The tag decides the status, never
 * the reverse; an error may only pick another status from its tag's list
 * (a missing resource is invalid-value with 404, a response over
 * max-node-count is too-big with 400).
 */
export const ERROR_TAGS = {
  'in-use': [409],
  'invalid-value': [400, 404, 406],
  'too-big': [413, 400],
  'missing-attribute': [400],
  'bad-attribute': [400],
  'unknown-attribute': [400],
  'bad-element': [400],
  'unknown-element': [400],
  'unknown-namespace': [400],
  'access-denied': [401, 403],
  'lock-denied': [409],
  'resource-denied': [409],
  'rollback-failed': [500],
  'data-exists': [409],
  'data-missing': [409],
  'operation-not-supported': [501, 405],
  'operation-failed': [500, 412],
  'partial-operation': [500],
  'malformed-message': [400],
} as const satisfies Record<string, readonly number[]>;

export type ErrorTag = keyof typeof ERROR_TAGS;

export type ErrorType = 'transport' | 'rpc' | 'protocol' | 'application';

/** The status for a tag, or the chosen one when the tag allows it. */
export const statusOf = (tag: ErrorTag, chosen?: number): number => {
  const allowed: readonly number[] = ERROR_TAGS[tag];
  return chosen !== undefined && allowed.includes(chosen) ? chosen : (allowed[0] ?? 500);
};
