/**
 * `rxconf ARGS...` as a test runs it: the CLI's sources through tsx in a
 * child process, optional standard input, its exit code and output. At most
 * two at once (each is a Node process compiling TypeScript), shared by every
 * test of a file.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'cli', 'main.ts');

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
  const release = await slot();
  try {
    return await new Promise<CliRun>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import=tsx', main, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
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
