/**
 * `rxconf watch URL NOTIFICATION | --stream NAME`: an event stream, one
 * event per line on stdout (the JSON the server sent), until the server
 * ends it, `--count` events have come, or SIGINT/SIGTERM.
 */
import { answerErrors, errorsOfBody } from '../../client/answer-errors.ts';
import { eventStream } from '../../client/event-stream.ts';
import { UsageError } from '../usage-error.ts';
import type { ClientIo } from './client-io.ts';
import type { ClientSession } from './client-session.ts';
import { printErrors } from './print-errors.ts';

export const watchOptions = {
  stream: { type: 'string' },
  filter: { type: 'string' },
  count: { type: 'string', short: 'n' },
} as const;

export interface WatchValues {
  readonly stream?: string | undefined;
  readonly filter?: string | undefined;
  readonly count?: string | undefined;
}

export const watchCommand = (s: ClientSession, values: WatchValues, io: ClientIo): Promise<number> => {
  const count = values.count === undefined ? undefined : Number(values.count);
  if (count !== undefined && !(Number.isInteger(count) && count > 0)) throw new UsageError(`--count takes a positive number, not "${values.count}"`);
  if ((values.stream === undefined) === (s.target.path === '')) throw new UsageError('give a NOTIFICATION path or --stream NAME (one of them)');
  const query = values.filter === undefined ? [] : [`filter=${encodeURIComponent(values.filter)}`];
  const target = values.stream === undefined
    ? s.url(s.target.path, query)
    : `${s.restconf}/streams/${values.stream.split('/').map(encodeURIComponent).join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const accept = s.strict ? 'text/event-stream, application/yang-data+json;q=0.1' : 'text/event-stream';
  return new Promise<number>((resolve, reject) => {
    let seen = 0;
    const stop = (code: number): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      sub.unsubscribe();
      resolve(code);
    };
    const onSignal = (): void => stop(0);
    const sub = eventStream(s.transport, target, { accept }).subscribe({
      next: (m) => {
        if ('status' in m) {
          printErrors(answerErrors(m, `GET ${target}`), io.err);
          stop(1);
          return;
        }
        if (m.event === 'error') {
          printErrors(errorsOfBody(m.data, 500) ?? [], io.err);
          if (errorsOfBody(m.data, 500) === undefined) io.err(`the stream failed: ${m.data}`);
          stop(1);
          return;
        }
        io.out(`${m.data.replace(/\n/g, ' ')}\n`);
        seen += 1;
        if (count !== undefined && seen >= count) stop(0);
      },
      error: (e: unknown) => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        reject(e);
      },
      complete: () => stop(0),
    });
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
};
