export { ERROR_TAGS, ERROR_TYPES, statusOf, typeOf, type ErrorTag, type ErrorType, type ErrorTypeOf } from './error-tag.ts';
export { restconfError, RestconfFailure, type RestconfError } from './restconf-error.ts';
export { unauthorized, forbidden, notFound, badRequest, conflict, notImplemented, PREDEFINED_ERRORS, wrapError } from './predefined.ts';
