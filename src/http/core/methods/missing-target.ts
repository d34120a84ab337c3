/** RFC 8040 §4.3: a target resource that does not exist is 404 with error-tag invalid-value, for every method. */
import { formatPath } from '../../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../../errors/index.ts';
import type { ResolvedTarget } from '../api-path/index.ts';

export const missingTarget = (target: ResolvedTarget): RestconfFailure => {
  const path = formatPath(target.path);
  return new RestconfFailure([restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path, status: 404 })]);
};
