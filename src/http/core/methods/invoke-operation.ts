/**
 * POST of an rpc or action (RFC 8040 §3.6, §4.4.2): the input checked
 * against the schema, the operation run, its output answered — 200 with
 * `{"<module>:output": {...}}` (simplified: the bare output members), or 204
 * when there is no output. An operation with no handler is 501. An
 * operation the access check denies is 403 access-denied before anything
 * else is said about it (RFC 8341 §3.4.4: its input is not read, and
 * whether it has a handler is not told).
 */
import { invoke, type Browser, type RequestContext } from '../../../actors/index.ts';
import type { DataContainer } from '../../../data/data-container.ts';
import { encodeData, NumberTexts } from '../../../data/json/index.ts';
import type { OperationMeta } from '../../../meta/meta.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { decodeInput, readFormInput, readJsonBody } from '../body/index.ts';
import { json, noContent, type Call } from '../call.ts';
import { formatPath } from '../../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../../errors/index.ts';

export const invokeOperation = async (call: Call, target: ResolvedTarget): Promise<CoreResponse> => {
  const op = target.meta as OperationMeta;
  if (call.settings.permits !== undefined && !call.settings.permits(call.context, 'exec', target)) {
    const where = formatPath(target.path);
    throw new RestconfFailure([restconfError('access-denied', `access denied: exec of ${where}`, { path: where, status: 403 })]);
  }
  const schema = call.settings.device.schema;
  const run = (input: DataContainer | undefined, context: RequestContext): Promise<DataContainer | undefined> =>
    invoke(target.browser as Browser, { steps: target.steps, input, context });
  const form = await readFormInput(call.request, op, target.path, schema); // HTML form input (docs/web.md)
  let output: DataContainer | undefined;
  if (form !== undefined) output = await form.run(run, call.context);
  else {
    const body = await readJsonBody(call.request);
    // Decoded here; checked (constraints, defaults filled in, also when there is no body) by invoke.
    output = await run(decodeInput(body, op, target.path, { strict: call.strict, schema, numbers: body?.numbers ?? new NumberTexts() }), call.context);
  }
  if (output === undefined || output.size === 0) return noContent();
  const members = encodeData(output, { strict: call.strict, schema });
  return json(call, 200, JSON.stringify(call.strict ? { [`${op.module.name}:output`]: members } : members));
};
