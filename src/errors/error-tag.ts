/**
 * The error catalogue (docs/errors.md): every error-tag with the HTTP
 * statuses RFC 8040 §7 allows for it, the usual one first, and the
 * error-types RFC 6241 Appendix A allows with it, the one used when none is
 * named first. The tag decides the status, never the reverse; an error may
 * only pick another status from its tag's list (a missing resource is
 * invalid-value with 404, a response over max-node-count is too-big with 400).
 *
 * `missing-element` is not in RFC 8040's table (which maps NETCONF's tags to
 * HTTP), but RFC 7950 §8.3.1 requires it for a list entry without all its
 * keys and RFC 6241 defines it; it answers 400 like the other tags of a
 * request whose content is wrong (bad-element, unknown-element).
 */
export const ERROR_TAGS = {
  'in-use': [409],
  'invalid-value': [400, 404, 406],
  'too-big': [413, 400],
  'missing-attribute': [400],
  'bad-attribute': [400],
  'unknown-attribute': [400],
  'missing-element': [400],
  'bad-element': [400],
  'unknown-element': [400],
  'unknown-namespace': [400],
  'access-denied': [401, 403],
  'lock-denied': [409],
  'resource-denied': [409, 503],
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

/** RFC 6241 Appendix A: the error-types each tag may be reported with; the first is the default. */
export const ERROR_TYPES = {
  'in-use': ['application', 'protocol'],
  'invalid-value': ['application', 'protocol'],
  'too-big': ['application', 'transport', 'rpc', 'protocol'],
  'missing-attribute': ['application', 'rpc', 'protocol'],
  'bad-attribute': ['application', 'rpc', 'protocol'],
  'unknown-attribute': ['application', 'rpc', 'protocol'],
  'missing-element': ['application', 'protocol'],
  'bad-element': ['application', 'protocol'],
  'unknown-element': ['application', 'protocol'],
  'unknown-namespace': ['application', 'protocol'],
  'access-denied': ['application', 'protocol'],
  'lock-denied': ['protocol'],
  'resource-denied': ['application', 'transport', 'rpc', 'protocol'],
  'rollback-failed': ['application', 'protocol'],
  'data-exists': ['application'],
  'data-missing': ['application'],
  'operation-not-supported': ['application', 'protocol'],
  'operation-failed': ['application', 'rpc', 'protocol'],
  'partial-operation': ['application'],
  'malformed-message': ['rpc'],
} as const satisfies Record<ErrorTag, readonly [ErrorType, ...ErrorType[]]>;

/** The error-types a tag allows. */
export type ErrorTypeOf<T extends ErrorTag> = (typeof ERROR_TYPES)[T][number];

/** The status for a tag, or the chosen one when the tag allows it. */
export const statusOf = (tag: ErrorTag, chosen?: number): number => {
  const allowed: readonly number[] = ERROR_TAGS[tag];
  return chosen !== undefined && allowed.includes(chosen) ? chosen : (allowed[0] ?? 500);
};

/** The error-type for a tag: the chosen one when the tag allows it, else the tag's default. */
export const typeOf = (tag: ErrorTag, chosen?: ErrorType): ErrorType => {
  const allowed: readonly ErrorType[] = ERROR_TYPES[tag];
  return chosen !== undefined && allowed.includes(chosen) ? chosen : (allowed[0] as ErrorType);
};
