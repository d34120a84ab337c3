/** A request body that cannot be used as it is: 400, with where and why. */
import { restconfError, RestconfFailure, type ErrorTag } from '../../../errors/index.ts';

export const bodyError = (tag: ErrorTag, message: string, path?: string): RestconfFailure =>
  new RestconfFailure([restconfError(tag, message, { type: 'application', path })]);
