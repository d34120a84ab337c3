/**
 * `rxconf put|patch|post|delete URL PATH [--data FILE|-]`: the input is
 * checked against the server's schema first (check-input.ts; `--no-check`
 * sends it as it is), then sent as is. A created resource's Location is
 * printed on stdout; an operation's output (POST to an rpc or action) too.
 */
import { readFileSync } from 'node:fs';
import { answerErrors } from '../../client/answer-errors.ts';
import { UsageError } from '../usage-error.ts';
import type { InputMethod } from '../../client/check-input.ts';
import type { ClientIo } from './client-io.ts';
import type { ClientSession } from './client-session.ts';
import { printErrors } from './print-errors.ts';

export const editOptions = {
  data: { type: 'string', short: 'd' },
  'no-check': { type: 'boolean', default: false },
} as const;

export interface EditValues {
  readonly data?: string | undefined;
  readonly 'no-check': boolean;
}

/** `--data FILE`, or stdin for `-`; with the name its problems are reported under. */
export const readData = async (file: string | undefined, io: ClientIo): Promise<{ text: string; source: string } | undefined> => {
  if (file === undefined) return undefined;
  if (file === '-') return { text: await io.stdin(), source: 'stdin' };
  try {
    return { text: readFileSync(file, 'utf8'), source: file };
  } catch (e) {
    throw new UsageError(`--data: cannot read ${file}: ${(e as Error).message}`);
  }
};

export const editCommand = async (method: InputMethod | 'DELETE', s: ClientSession, values: EditValues, io: ClientIo): Promise<number> => {
  const path = s.target.path;
  const data = await readData(values.data, io);
  if (method === 'DELETE') {
    if (data !== undefined) throw new UsageError('delete takes no --data');
    if (path === '') throw new UsageError('give the PATH of the resource to delete');
  } else if (data === undefined) {
    throw new UsageError(`${method.toLowerCase()} needs its body: --data FILE, or --data - for stdin`);
  }
  if (data !== undefined && !values['no-check']) {
    const [{ checkInput }, device] = await Promise.all([import('../../client/check-input.ts'), s.device()]);
    const problems = checkInput(device, method as InputMethod, path, data.text);
    if (problems.length > 0) {
      printErrors(problems, io.err, data.source);
      return 1;
    }
  }
  const target = s.url(path);
  const headers: Record<string, string> = { accept: s.media };
  if (data !== undefined) headers['content-type'] = s.media;
  const a = await s.transport.request(method, target, data?.text, headers);
  if (a.status < 200 || a.status >= 300) {
    printErrors(answerErrors(a, `${method} ${target}`), io.err);
    return 1;
  }
  const location = a.headers.location;
  if (a.status === 201 && typeof location === 'string') io.out(`${location}\n`);
  else if (a.text !== '') io.out(a.text.endsWith('\n') ? a.text : `${a.text}\n`);
  return 0;
};
