/**
 * SSE subscribers in a child process (sse-client-process.ts): the server
 * under measure keeps its event loop and its file descriptors to itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, ClientReply } from './sse-client-process.ts';

export interface RemoteSseClients {
  /** Settles once `count` events arrived over all sockets, or `timeoutMs` passed: how many, and when the last came (epoch ms). */
  waitFor(count: number, timeoutMs: number): Promise<{ readonly received: number; readonly last: number }>;
  /** Arrival times (epoch ms) of each event on the sampled sockets since the last call; clears them. */
  arrivals(): Promise<number[][]>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./sse-client-process.ts', import.meta.url));

/** Asks the child one thing and waits for the reply of that kind. */
const ask = async <K extends ClientReply['op']>(child: ChildProcess, command: ClientCommand, want: K): Promise<Extract<ClientReply, { op: K }>> => {
  const reply = new Promise<Extract<ClientReply, { op: K }>>((resolve, reject) => {
    const onMessage = (m: ClientReply): void => {
      if (m.op !== want && m.op !== 'failed') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (m.op === 'failed') reject(new Error(`SSE client process: ${m.message}`));
      else resolve(m as Extract<ClientReply, { op: K }>);
    };
    const onExit = (code: number | null): void => {
      child.off('message', onMessage);
      reject(new Error(`SSE client process exited (${code})`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  child.send(command);
  return reply;
};

/** Opens `count` SSE streams on 127.0.0.1:`port``path` from a new child process. */
export const spawnSseClients = async (port: number, path: string, count: number): Promise<RemoteSseClients> => {
  const child = fork(script, [], { execArgv: ['--import=tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await ask(child, { op: 'open', port, path, count }, 'opened');
  return {
    waitFor: (count, timeoutMs) => ask(child, { op: 'wait', count, timeoutMs }, 'reached'),
    arrivals: async () => (await ask(child, { op: 'arrivals' }, 'arrivals')).arrivals,
    close: async () => {
      const exited = once(child, 'exit');
      child.send({ op: 'close' } satisfies ClientCommand);
      await exited;
    },
  };
};
