/**
 * The client went away before its answer ended: the reason the request's
 * signal fires with and its body throws. Not a failure of the server, so
 * neither an error in the log nor a 500 anyone sees (no answer is sent).
 */
const MESSAGE = 'the client went away';

export const clientGone = (): DOMException => new DOMException(MESSAGE, 'AbortError');

/**
 * Whether `error` says the request was aborted. Only the adapters abort a
 * request's signal, and only when its client goes away, so an AbortError
 * thrown while answering (the signal's reason rethrown, or an error a node
 * or library made from the signal) means just that.
 */
export const isClientGone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
