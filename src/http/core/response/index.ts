/** Answers: RFC 8040 error bodies and statuses, streamed read bodies, Location, Allow. */
export { errorBody, errorMember } from './error-body.ts';
export { errorAnswer, type ErrorAnswerOptions } from './error-answer.ts';
export { toRestconfErrors } from './to-restconf-errors.ts';
export { unsupportedMediaType } from './unsupported-media-type.ts';
export { methodNotAllowed, allowHeader } from './method-not-allowed.ts';
export { allowedMethods, ACCEPT_PATCH, READ_ONLY, OPERATION } from './allow.ts';
export { bodyOf } from './body-stream.ts';
export { dataUrl } from './location.ts';
