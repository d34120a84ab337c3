/**
 * `rxconf serve` in a child process, for tests that kill it (kill -9): the
 * CLI's sources bundled once (cli-command.ts) so that a restart costs a
 * fraction of a second. `start` waits for its `listening on URL` line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cliCommand } from './cli-command.ts';

/** The command that runs `rxconf serve` (node's arguments before `serve`). */
export const serverCommand = cliCommand;

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<void>;
}

/**
 * `rxconf serve --path DIR --module M... [--data FILE] [--transport T] ARGS...` on 127.0.0.1, a free port, quiet.
 * `wrap`: a command that runs node (e.g. strace and its arguments).
 */
export const startServe = async (command: readonly string[], o: { readonly path: string; readonly modules: readonly string[]; readonly data?: string; readonly transport?: string; readonly args?: readonly string[]; readonly env?: Record<string, string>; readonly wrap?: readonly string[] }): Promise<ServeProcess> => {
  const [program, ...before] = [...(o.wrap ?? []), process.execPath];
  const choices = [...(o.data === undefined ? [] : ['--data', o.data]), ...(o.transport === undefined ? [] : ['--transport', o.transport]), ...(o.args ?? [])];
  const child = spawn(program as string, [...before, ...command, 'serve', '--path', o.path, ...o.modules.flatMap((m) => ['--module', m]), '--host', '127.0.0.1', '--port', '0', '--quiet', ...choices], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...o.env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const m = /^listening on (\S+)/.exec(line);
      if (m !== null) resolve(m[1] as string);
    });
    void exited.then(() => reject(new Error(`the server exited before listening: ${stderr}`)));
  });
  child.stdout?.resume();
  return { child, url, exited };
};
