/**
 * DELETE (RFC 8040 §4.7): 204. A target that does not exist is 404 in the
 * strict mode (as for every method, §4.3) and not an error in the simplified
 * one (the spec's rule).
 */
import { commitEdit, type Browser } from '../../../actors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { noContent, type Call } from '../call.ts';
import { missingTarget } from './missing-target.ts';

export const deleteData = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  const outcome = await commitEdit(call.settings.device, target.browser as Browser, {
    steps: target.steps, operation: 'delete', input: undefined, context: call.context,
  });
  if (!outcome.existed && call.strict) throw missingTarget(target);
  return noContent();
};
