/** Parent and child of a benchmark over Node's IPC channel: one reply per command, by kind. */
import { fork, type ChildProcess } from 'node:child_process';

interface Tagged { readonly op: string }
interface Failed { readonly op: 'failed'; readonly message: string }

/** Forks a TypeScript module (through tsx), its stdout and stderr shared with ours. */
export const forkTs = (script: string, execArgv: readonly string[] = [], args: readonly string[] = []): ChildProcess =>
  fork(script, args, { execArgv: ['--import=tsx', ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

/** Sends `command` and waits for the child's reply of kind `want` (a `failed` reply or the child's exit rejects). */
export const ask = <R extends Tagged, K extends R['op']>(child: ChildProcess, command: Tagged, want: K): Promise<Extract<R, { op: K }>> => {
  const reply = new Promise<Extract<R, { op: K }>>((resolve, reject) => {
    const onMessage = (m: R | Failed): void => {
      if (m.op !== want && m.op !== 'failed') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (m.op === 'failed') reject(new Error(`${command.op}: ${(m as Failed).message}`));
      else resolve(m as Extract<R, { op: K }>);
    };
    const onExit = (code: number | null): void => {
      child.off('message', onMessage);
      reject(new Error(`child process exited (${code}) before answering ${command.op}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  child.send(command);
  return reply;
};

/** In a child: answers each command with `answer`'s reply, or a `failed` reply naming the error. */
export const serveCommands = <C extends Tagged>(answer: (command: C) => Promise<Tagged | undefined>): void => {
  process.on('message', (command: C) => {
    answer(command).then(
      (reply) => { if (reply !== undefined) process.send?.(reply); },
      (e: unknown) => process.send?.({ op: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies Failed),
    );
  });
};
