/** A query parameter problem (RFC 8040 §4.8): always 400 invalid-value, naming the parameter. */
import { restconfError, type RestconfError } from '../../../errors/index.ts';

export const queryError = (name: string, message: string): RestconfError =>
  restconfError('invalid-value', `query parameter "${name}": ${message}`, { type: 'protocol', info: { parameter: name } });
