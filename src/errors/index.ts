export { ERROR_TAGS, statusOf, type ErrorTag, type ErrorType } from './error-tag.ts';
export { restconfError, RestconfFailure, type RestconfError } from './restconf-error.ts';
export { unauthorized, forbidden, notFound, badRequest, conflict, notImplemented, PREDEFINED_ERRORS, wrapError } from './predefined.ts';
