/**
 * PATCH, plain patch (RFC 8040 §4.6.1): merge the body into the target; 204.
 * Strict mode: the target must exist (404 otherwise, and nothing created).
 * Simplified mode: missing objects are created (the spec's upsert). A body
 * of type application/yang-patch+json is a YANG Patch (yang-patch.ts).
 */
import { commitEdit, type Browser } from '../../../actors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { decodeDatastoreBody, decodeModuleBody, decodeTargetBody, requireJsonBody } from '../body/index.ts';
import { noContent, type Call } from '../call.ts';
import { isPromise } from '../../../base/maybe.ts';
import { commitRoots } from './commit-roots.ts';
import { decodeScope } from './decode-scope.ts';
import { missingTarget } from './missing-target.ts';
import { targetExists } from './probe-target.ts';
import { isYangPatch, yangPatch } from './yang-patch.ts';

export const patchData = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  if (isYangPatch(call.request.headers.get('content-type'))) return yangPatch(call, target);
  const device = call.settings.device;
  const body = await requireJsonBody(call.request, 'PATCH');
  const scope = decodeScope(call, body);
  if (target.kind === 'datastore') {
    const trees = decodeDatastoreBody(body.value, device, scope);
    await commitRoots(call, trees, 'merge', device.all);
    return noContent();
  }
  const browser = target.browser as Browser;
  if (target.kind === 'module') {
    await commitRoots(call, new Map([[browser.module.name, decodeModuleBody(body.value, browser.module, scope)]]), 'merge', [browser]);
    return noContent();
  }
  const input = decodeTargetBody(body.value, target, scope);
  if (call.strict) {
    const exists = targetExists(call, target); // mostly answered at once: no await then
    if (!(isPromise(exists) ? await exists : exists)) throw missingTarget(target);
  }
  await commitEdit(device, browser, { steps: target.steps, operation: 'merge', input, context: call.context });
  return noContent();
};
