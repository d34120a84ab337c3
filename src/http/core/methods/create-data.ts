/**
 * POST that creates a data resource (RFC 8040 §4.4.1): the body's one
 * member is the new child of the target, which must exist (404). 201 with
 * the new resource's Location; 409 data-exists when it is already there.
 * An entry of an ordered-by user list or leaf-list goes where insert and
 * point say (RFC 8040 §4.8.5-6), last by default.
 */
import { commitEdit } from '../../../actors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { decodeChildBody, requireJsonBody } from '../body/index.ts';
import { fail, type Call } from '../call.ts';
import { checkEditParameters, insertAt } from '../query/index.ts';
import { dataUrl } from '../response/index.ts';
import { decodeScope } from './decode-scope.ts';
import { missingTarget } from './missing-target.ts';
import { targetExists } from './probe-target.ts';

export const createData = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  const device = call.settings.device;
  const bad = checkEditParameters(call.params, { target: target.meta, schema: device.schema });
  if (bad !== undefined) return fail(call, [bad]);
  const body = await requireJsonBody(call.request, 'POST');
  const child = decodeChildBody(body.value, target, device, decodeScope(call, body));
  const insert = insertAt(call.params, child.steps, device, call.strict);
  if (!(await targetExists(call, target))) throw missingTarget(target);
  await commitEdit(device, child.browser, { steps: child.steps, operation: 'create', input: child.input, context: call.context, insert });
  return { status: 201, headers: { location: dataUrl(call.request, child.steps) }, body: undefined };
};
