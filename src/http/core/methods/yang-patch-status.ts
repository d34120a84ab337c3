/**
 * The answer to a YANG Patch (RFC 8072 §2.3, container yang-patch-status):
 * 200 with `ok` when every edit was made; otherwise the status of the first
 * error's tag, with the errors of each edit that failed under its edit-id
 * (`edit-status`), and errors that belong to no one edit (a constraint the
 * patch as a whole breaks) as the global `errors`. Names qualified in the
 * strict mode, plain in the simplified one.
 */
import { statusOf, type RestconfError } from '../../../errors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import { json, type Call } from '../call.ts';
import { errorMember } from '../response/index.ts';

export interface EditErrors {
  readonly editId: string;
  readonly errors: readonly RestconfError[];
}

const wrap = (call: Call, status: Record<string, unknown>): string =>
  JSON.stringify({ [call.strict ? 'ietf-yang-patch:yang-patch-status' : 'yang-patch-status']: status });

export const patchApplied = (call: Call, patchId: string): CoreResponse => json(call, 200, wrap(call, { 'patch-id': patchId, ok: [null] }));

export const patchRejected = (call: Call, patchId: string, edits: readonly EditErrors[], global: readonly RestconfError[] = []): CoreResponse => {
  const first = edits[0]?.errors[0] ?? global[0];
  const status = first === undefined ? 500 : statusOf(first.tag, first.status);
  const body: Record<string, unknown> = { 'patch-id': patchId };
  if (global.length > 0) body.errors = { error: global.map(errorMember) };
  if (edits.length > 0) body['edit-status'] = { edit: edits.map((e) => ({ 'edit-id': e.editId, errors: { error: e.errors.map(errorMember) } })) };
  return json(call, status, wrap(call, body));
};
