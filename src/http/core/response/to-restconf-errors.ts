/**
 * Whatever a request's processing threw → RFC 8040 errors. A RestconfFailure
 * (a node's predefined error, wrapped or not, or the runtime's own) keeps its
 * tags; a body over the adapter's limit is 413 too-big; a client that went
 * away (the request aborted) is operation-failed but not unexpected: no one
 * is told of it as a failure, and the adapter sends nothing; anything else a
 * node threw is 500 operation-failed with its message.
 */
import { restconfError, RestconfFailure, type RestconfError } from '../../../errors/index.ts';
import { BodyTooLarge, isClientGone } from '../../adapters/index.ts';

export const toRestconfErrors = (thrown: unknown): { readonly errors: readonly RestconfError[]; readonly unexpected: boolean } => {
  if (thrown instanceof RestconfFailure && thrown.errors.length > 0) return { errors: thrown.errors, unexpected: false };
  if (thrown instanceof BodyTooLarge) {
    return { errors: [restconfError('too-big', `the request body is larger than ${thrown.limit} bytes`, { type: 'transport', status: 413 })], unexpected: false };
  }
  if (isClientGone(thrown)) {
    return { errors: [restconfError('operation-failed', 'the client went away before the answer', { type: 'application' })], unexpected: false };
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { errors: [restconfError('operation-failed', message === '' ? 'the operation failed' : message, { type: 'application' })], unexpected: true };
};
