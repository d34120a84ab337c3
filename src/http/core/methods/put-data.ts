/**
 * PUT (RFC 8040 §4.5): create or replace the target. 201 with Location when
 * it was created, 204 when it was replaced; the datastore and module roots
 * are replaced whole (204). An entry of an ordered-by user list or
 * leaf-list is created or moved where insert and point say (RFC 8040
 * §4.8.5-6); without them a new entry goes last and one that exists stays.
 */
import { commitEdit, type Browser } from '../../../actors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { decodeDatastoreBody, decodeModuleBody, decodeTargetBody, requireJsonBody } from '../body/index.ts';
import { fail, noContent, type Call } from '../call.ts';
import { checkEditParameters, insertAt } from '../query/index.ts';
import { dataUrl } from '../response/index.ts';
import { commitRoots } from './commit-roots.ts';
import { decodeScope } from './decode-scope.ts';

export const putData = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  const device = call.settings.device;
  const bad = checkEditParameters(call.params, { target: target.meta, schema: device.schema });
  if (bad !== undefined) return fail(call, [bad]);
  const insert = insertAt(call.params, target.steps, device, call.strict);
  const body = await requireJsonBody(call.request, 'PUT');
  const scope = decodeScope(call, body);
  if (target.kind === 'datastore') {
    await commitRoots(call, decodeDatastoreBody(body.value, device, scope), 'replace', device.all);
    return noContent();
  }
  const browser = target.browser as Browser;
  if (target.kind === 'module') {
    await commitRoots(call, new Map([[browser.module.name, decodeModuleBody(body.value, browser.module, scope)]]), 'replace', [browser]);
    return noContent();
  }
  const input = decodeTargetBody(body.value, target, scope);
  const outcome = await commitEdit(device, browser, { steps: target.steps, operation: 'replace', input, context: call.context, insert });
  return outcome.created ? { status: 201, headers: { location: dataUrl(call.request, target.steps) }, body: undefined } : noContent();
};
