/** `rxconf get URL [PATH]`: the resource's JSON on stdout, as the server wrote it. */
import { answerErrors } from '../../client/answer-errors.ts';
import { UsageError } from '../usage-error.ts';
import type { ClientIo } from './client-io.ts';
import type { ClientSession } from './client-session.ts';
import { printErrors } from './print-errors.ts';

export const getOptions = {
  depth: { type: 'string' },
  fields: { type: 'string' },
  content: { type: 'string' },
  'with-defaults': { type: 'string' },
  query: { type: 'string', short: 'q', multiple: true, default: [] as string[] },
} as const;

export interface GetValues {
  readonly depth?: string | undefined;
  readonly fields?: string | undefined;
  readonly content?: string | undefined;
  readonly 'with-defaults'?: string | undefined;
  readonly query: readonly string[];
}

/** The query parameters the options name, percent-encoded. */
export const queryOf = (v: GetValues): string[] => {
  const q: string[] = [];
  const add = (name: string, value: string | undefined): void => {
    if (value !== undefined) q.push(`${name}=${encodeURIComponent(value)}`);
  };
  add('depth', v.depth);
  add('fields', v.fields);
  add('content', v.content);
  add('with-defaults', v['with-defaults']);
  for (const p of v.query) {
    const eq = p.indexOf('=');
    if (eq === 0) throw new UsageError(`--query takes NAME=VALUE, not "${p}"`);
    q.push(eq < 0 ? encodeURIComponent(p) : `${encodeURIComponent(p.slice(0, eq))}=${encodeURIComponent(p.slice(eq + 1))}`);
  }
  return q;
};

export const getCommand = async (s: ClientSession, values: GetValues, io: ClientIo): Promise<number> => {
  const target = s.url(s.target.path, queryOf(values));
  const a = await s.transport.request('GET', target, undefined, { accept: s.media });
  if (a.status !== 200) {
    printErrors(answerErrors(a, `GET ${target}`), io.err);
    return 1;
  }
  io.out(a.text.endsWith('\n') ? a.text : `${a.text}\n`);
  return 0;
};
