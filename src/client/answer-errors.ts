/**
 * A RESTCONF answer that is not a success, as data: the RFC 8040 §7.1
 * errors body (either mode's wrapper) read into RestconfErrors, each with
 * the status the server answered; a body that is not one becomes a single
 * error named after the status. `formatRestconfError` prints one the way
 * people read it: `path: tag: message`.
 */
import { ERROR_TAGS, restconfError, RestconfFailure, type ErrorTag, type ErrorType, type RestconfError } from '../errors/index.ts';
import type { HttpAnswer } from './client-transport.ts';

const isTag = (s: unknown): s is ErrorTag => typeof s === 'string' && Object.hasOwn(ERROR_TAGS, s);

/** The tag an answer without an errors body stands for. */
const tagOfStatus = (status: number): ErrorTag =>
  status === 401 || status === 403 ? 'access-denied'
    : status === 404 || status === 406 ? 'invalid-value'
    : status === 405 || status === 501 ? 'operation-not-supported'
    : status === 409 ? 'data-exists'
    : status === 413 ? 'too-big'
    : status === 412 || status >= 500 ? 'operation-failed'
    : 'malformed-message';

const readError = (m: Record<string, unknown>, status: number): RestconfError | undefined => {
  const tag = m['error-tag'];
  if (!isTag(tag)) return undefined;
  const info = m['error-info'];
  return {
    type: (typeof m['error-type'] === 'string' ? m['error-type'] : 'application') as ErrorType,
    tag,
    message: typeof m['error-message'] === 'string' ? m['error-message'] : tag,
    ...(typeof m['error-app-tag'] === 'string' ? { appTag: m['error-app-tag'] } : {}),
    ...(typeof m['error-path'] === 'string' ? { path: m['error-path'] } : {}),
    ...(typeof info === 'object' && info !== null ? { info: info as Record<string, unknown> } : {}),
    status,
  };
};

/** The errors an answer's body holds (`ietf-restconf:errors` or `errors`), or undefined. */
export const errorsOfBody = (text: string, status: number): RestconfError[] | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const wrapper = (json as Record<string, unknown>)['ietf-restconf:errors'] ?? (json as Record<string, unknown>)['errors'];
  const list = (wrapper as { error?: unknown } | undefined)?.error;
  if (!Array.isArray(list)) return undefined;
  const errors = list.flatMap((m) => (typeof m === 'object' && m !== null ? [readError(m as Record<string, unknown>, status)] : []))
    .filter((e): e is RestconfError => e !== undefined);
  return errors.length > 0 ? errors : undefined;
};

/** The errors of an answer that is not a success. */
export const answerErrors = (answer: HttpAnswer, what: string): RestconfError[] => {
  const fromBody = errorsOfBody(answer.text, answer.status);
  if (fromBody !== undefined) return fromBody;
  const text = answer.text.trim();
  return [{ ...restconfError(tagOfStatus(answer.status), `${what}: HTTP ${answer.status}${text === '' ? '' : `: ${text.slice(0, 200)}`}`), status: answer.status }];
};

export const answerFailure = (answer: HttpAnswer, what: string): RestconfFailure => new RestconfFailure(answerErrors(answer, what));

/** `path: tag: message` (the path left out when the error has none). */
export const formatRestconfError = (e: RestconfError): string =>
  `${e.path !== undefined && e.path !== '' ? `${e.path}: ` : ''}${e.tag}: ${e.message}`;
