/**
 * `rxconf call URL OPERATION [--data FILE|-]`: runs an rpc (`mod:rpc`) or
 * an action (`/mod:container/list=key/action`). The input may be given
 * bare or as `{"mod:input": …}`; it is checked against the operation's
 * input (types, mandatory nodes, constraints) before it is sent. The
 * output is printed on stdout.
 */
import { answerErrors } from '../../client/answer-errors.ts';
import type { RemoteDevice } from '../../client/remote-device.ts';
import { restconfError } from '../../errors/index.ts';
import type { OperationMeta } from '../../meta/meta.ts';
import { UsageError } from '../usage-error.ts';
import { checkInput, wrapInput } from '../../client/check-input.ts';
import type { ClientIo } from './client-io.ts';
import type { ClientSession } from './client-session.ts';
import { readData, type EditValues } from './edit-command.ts';
import { printErrors } from './print-errors.ts';

/** The operation the path names, when the schema is at hand. */
const operationAt = (device: RemoteDevice | undefined, path: string): OperationMeta | undefined => {
  if (device === undefined) return undefined;
  try {
    const t = device.resolve(path);
    return t.kind === 'operation' ? t.meta as OperationMeta : undefined;
  } catch {
    return undefined;
  }
};

export const callCommand = async (s: ClientSession, values: EditValues, io: ClientIo): Promise<number> => {
  const path = s.target.path;
  if (path === '') throw new UsageError('give the OPERATION: an rpc as MODULE:NAME, an action as its data path');
  const data = await readData(values.data, io);
  const device = values['no-check'] ? undefined : await s.device();
  const op = operationAt(device, path);
  const single = /^\/[^/]+$/.test(path);
  const module = op?.module.name ?? path.slice(1).split(':')[0] ?? '';
  const text = data === undefined ? undefined : wrapInput(data.text, { module });
  if (device !== undefined) {
    const problems = [...checkInput(device, 'POST', path, text)];
    if (problems.length === 0 && op === undefined) problems.push(restconfError('invalid-value', `${path} is not an rpc or action`, { type: 'protocol' }));
    if (problems.length > 0) {
      printErrors(problems, io.err, data?.source);
      return 1;
    }
  }
  const isRpc = op === undefined ? single || s.target.resource === 'operations' : op.kind === 'rpc';
  const target = s.url(path, [], isRpc ? 'operations' : 'data');
  const headers: Record<string, string> = { accept: s.media };
  if (text !== undefined) headers['content-type'] = s.media;
  const a = await s.transport.request('POST', target, text, headers);
  if (a.status !== 200 && a.status !== 204) {
    printErrors(answerErrors(a, `POST ${target}`), io.err);
    return 1;
  }
  if (a.text !== '') io.out(a.text.endsWith('\n') ? a.text : `${a.text}\n`);
  return 0;
};
