/**
 * PATCH with a YANG Patch body (RFC 8072, `application/yang-patch+json`) on
 * the datastore or any data resource: an ordered list of edits, each with
 * its own target (relative to the request's), run as one transaction
 * (commitEdits: applied to the candidate together, validated, and only then
 * to the nodes). A failing edit changes nothing; the answer is a
 * yang-patch-status naming it by its edit-id (yang-patch-status.ts).
 *
 * | operation | edit | missing target | target exists |
 * |---|---|---|---|
 * | create | create | created | 409 data-exists |
 * | insert | create, placed by where/point (ordered-by user entries) | created | 409 data-exists |
 * | merge | merge | created | merged |
 * | replace | replace | created | replaced |
 * | delete | delete | 409 data-missing | deleted |
 * | remove | delete | nothing | deleted |
 * | move | placed by where/point | 409 data-missing | moved |
 */
import { commitEdits, EditFailure, type Browser, type PlannedEdit } from '../../../actors/index.ts';
import { RestconfFailure, restconfError } from '../../../errors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import { isConfigTarget, resolveApiPath, type ResolvedTarget } from '../api-path/index.ts';
import { decodeTargetBody, requireJsonBody, type DecodeScope } from '../body/index.ts';
import { decodeYangPatch, type YangPatchEdit } from '../body/decode-yang-patch.ts';
import type { Call } from '../call.ts';
import { essenceOf } from '../media-type.ts';
import { placement } from '../query/index.ts';
import { toRestconfErrors } from '../response/index.ts';
import { decodeScope } from './decode-scope.ts';
import { missingTarget } from './missing-target.ts';
import { targetExists } from './probe-target.ts';
import { patchApplied, patchRejected, type EditErrors } from './yang-patch-status.ts';

export const YANG_PATCH = 'application/yang-patch+json';

/** Whether a request body is a YANG Patch (its Content-Type). */
export const isYangPatch = (contentType: string | undefined): boolean => contentType !== undefined && essenceOf(contentType) === YANG_PATCH;

const DATA = '/restconf/data';

const EDITABLE: ReadonlySet<ResolvedTarget['kind']> = new Set(['container', 'list-entry', 'leaf', 'leaf-list-entry', 'anydata']);

const failure = (message: string): RestconfFailure => new RestconfFailure([restconfError('invalid-value', message, { type: 'protocol' })]);

/** A target-resource-offset (RFC 8072 §2.1) resolved from the request's own api-path (`base`; '' for the datastore). */
const resolveOffset = (call: Call, base: string, offset: string): ResolvedTarget => {
  const r = resolveApiPath(offset === '/' ? base : `${base}${offset}`, call.settings.device, call.strict);
  if (!r.ok) throw new RestconfFailure([r.error]);
  return r.target;
};

/** `moduleRoot`: the module when the request targets a module root (`/restconf/data/<module>:`), whose edits name their targets from the top. */
const planEdit = (call: Call, base: string, moduleRoot: Browser | undefined, edit: YangPatchEdit, scope: DecodeScope): PlannedEdit => {
  const target = resolveOffset(call, base, edit.target);
  const meta = target.meta;
  if (!EDITABLE.has(target.kind) || !isConfigTarget(target) || (meta?.kind === 'leaf' && meta.isKey)) {
    throw failure(`the target ${edit.target} of edit "${edit.editId}" is not configuration data an edit can change`);
  }
  const browser = target.browser as Browser;
  if (moduleRoot !== undefined && browser !== moduleRoot) throw failure(`the target ${edit.target} of edit "${edit.editId}" is not in module ${moduleRoot.module.name}, the request's target`);
  const common = { browser, steps: target.steps };
  const names = { insert: `"where" of edit "${edit.editId}"`, point: `"point" of edit "${edit.editId}"` };
  const place = () => {
    const relative = edit.where === 'before' || edit.where === 'after';
    const point = relative && edit.point !== undefined ? resolveOffset(call, base, edit.point) : undefined;
    return placement(edit.where, point, edit.point ?? '', target.steps, names);
  };
  switch (edit.operation) {
    case 'create': case 'merge': case 'replace':
      return { ...common, operation: edit.operation, input: decodeTargetBody(edit.value, target, scope) };
    case 'insert':
      return { ...common, operation: 'create', input: decodeTargetBody(edit.value, target, scope), insert: place() };
    case 'move':
      return { ...common, operation: 'move', input: undefined, insert: place() };
    case 'delete':
      return { ...common, operation: 'delete', input: undefined, mustExist: true };
    case 'remove':
      return { ...common, operation: 'delete', input: undefined };
  }
};

export const yangPatch = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  const body = await requireJsonBody(call.request, 'a YANG Patch', isYangPatch);
  const patch = decodeYangPatch(body.value);
  const scope = decodeScope(call, body);
  const root = target.kind === 'datastore' || target.kind === 'module';
  if (!root && !(await targetExists(call, target))) throw missingTarget(target);
  const base = root ? '' : call.request.path.slice(DATA.length);
  const planned: PlannedEdit[] = [];
  const refused: EditErrors[] = [];
  for (const edit of patch.edits) {
    try {
      planned.push(planEdit(call, base, target.kind === 'module' ? target.browser : undefined, edit, scope));
    } catch (e) {
      refused.push({ editId: edit.editId, errors: toRestconfErrors(e).errors });
    }
  }
  if (refused.length > 0) return patchRejected(call, patch.patchId, refused);
  if (planned.length === 0) return patchApplied(call, patch.patchId);
  try {
    await commitEdits(call.settings.device, planned, call.context);
  } catch (e) {
    if (e instanceof EditFailure) {
      const edit = patch.edits[e.index] as YangPatchEdit;
      return patchRejected(call, patch.patchId, [{ editId: edit.editId, errors: toRestconfErrors(e.failure).errors }]);
    }
    if (e instanceof RestconfFailure) return patchRejected(call, patch.patchId, [], e.errors);
    throw e;
  }
  return patchApplied(call, patch.patchId);
};
