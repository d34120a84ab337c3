/**
 * A server in a child process of its own that prints `listening on URL`
 * when ready (as `rxconf serve` does, and the raw baseline imitates), and
 * stops on SIGTERM. Its standard output goes to a file, as when an operator
 * runs `rxconf serve > log` (the access log is on by default): the
 * benchmark does not spend CPU reading it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** The last lines it wrote to stderr (warnings, errors). */
  readonly stderr: readonly string[];
  /** SIGTERM, then SIGKILL after `graceMs`; says how it ended. */
  stop(graceMs?: number): Promise<string>;
}

const KEEP_LINES = 40;

export const startServerProcess = async (argv: readonly string[], cwd: string, stdoutFile: string, startLimitMs = 120_000): Promise<ServerProcess> => {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('no command');
  const out = openSync(stdoutFile, 'w');
  const child: ChildProcess = spawn(command, args, { cwd, stdio: ['ignore', out, 'pipe'] });
  closeSync(out);
  const stderr: string[] = [];
  let ended: string | undefined;
  const exited = new Promise<string>((done) => {
    child.once('exit', (code, signal) => {
      ended = signal === null ? `exit ${code}` : `signal ${signal}`;
      done(ended);
    });
  });
  child.stderr?.setEncoding('utf8').on('data', (s: string) => {
    stderr.push(...s.split('\n').filter((l) => l !== ''));
    stderr.splice(0, Math.max(0, stderr.length - KEEP_LINES));
  });
  const stop = async (graceMs = 20_000): Promise<string> => {
    if (ended !== undefined) return ended;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const how = await exited;
    clearTimeout(killer);
    return how;
  };
  const limit = Date.now() + startLimitMs;
  for (;;) {
    const m = /listening on (http:\/\/\S+)/.exec(readFileSync(stdoutFile, 'utf8').slice(0, 64 * 1024));
    if (m?.[1] !== undefined) return { url: m[1], pid: child.pid ?? 0, stderr, stop };
    if (ended !== undefined) throw new Error(`${argv.join(' ')}: ${ended} before listening\n${stderr.join('\n')}`);
    if (Date.now() > limit) {
      await stop(1000);
      throw new Error(`${argv.join(' ')}: not listening after ${startLimitMs} ms\n${stderr.join('\n')}`);
    }
    await sleep(50);
  }
};
