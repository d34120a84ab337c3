/**
 * `rxconf ARGS...` as a test runs it: the CLI's sources (bundled once per
 * edit of them, cli-command.ts) in a child process, optional standard input,
 * its exit code and output. At most two at once, shared by every test of a
 * file.
 */
import { spawn } from 'node:child_process';
import { cliCommand } from './cli-command.ts';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let running = 0;
const queue: (() => void)[] = [];
const slot = async (): Promise<() => void> => {
  if (running >= 2) await new Promise<void>((resolve) => queue.push(resolve));
  else running += 1;
  return () => {
    const next = queue.shift();
    if (next === undefined) running -= 1;
    else next(); // the slot passes to the next in line
  };
};

export const runCli = async (args: readonly string[], stdin?: string): Promise<CliRun> => {
  const command = await cliCommand();
  const release = await slot();
  try {
    return await new Promise<CliRun>((resolve, reject) => {
      const child = spawn(process.execPath, [...command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin ?? '');
    });
  } finally {
    release();
  }
};
