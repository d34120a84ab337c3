/**
 * The service's predefined errors: what a node (or a request filter) throws
 * to pick an answer other than 500. Each is a RestconfFailure, so the tag
 * travels with it and decides the status; a plain Error is always 500
 * operation-failed. `wrapError` adds text and keeps tag and status:
 * `throw wrapError(unauthorized, 'token expired')` answers 401 with the
 * message "unauthorized: token expired".
 *
 * | export | error-tag | status |
 * |---|---|---|
 * | unauthorized | access-denied | 401 |
 * | forbidden | access-denied | 403 |
 * | notFound | invalid-value | 404 |
 * | badRequest | invalid-value | 400 |
 * | conflict | data-exists | 409 |
 * | notImplemented | operation-not-supported | 501 |
 */
import type { ErrorTag } from './error-tag.ts';
import { restconfError, RestconfFailure } from './restconf-error.ts';

const predefined = (tag: ErrorTag, message: string, status: number): RestconfFailure =>
  Object.freeze(new RestconfFailure([restconfError(tag, message, { type: 'application', status })]));

export const unauthorized = predefined('access-denied', 'unauthorized', 401);
export const forbidden = predefined('access-denied', 'forbidden', 403);
export const notFound = predefined('invalid-value', 'not found', 404);
export const badRequest = predefined('invalid-value', 'bad request', 400);
export const conflict = predefined('data-exists', 'conflict', 409);
export const notImplemented = predefined('operation-not-supported', 'not implemented', 501);

/** Every predefined error by name (the catalogue documented above). */
export const PREDEFINED_ERRORS = { unauthorized, forbidden, notFound, badRequest, conflict, notImplemented } as const;

/** A new failure with the predefined error's tag and status and the message `"<its message>: <text>"`. */
export const wrapError = (error: RestconfFailure, text: string): RestconfFailure =>
  new RestconfFailure(error.errors.map((e) => ({ ...e, message: `${e.message}: ${text}` })));
