/** Runs a command to its end, bounded in time; never throws on a non-zero exit. */
import { spawn } from 'node:child_process';

export interface CommandResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export const runCommand = (
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CommandResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      stderr += `\n[killed after ${options.timeoutMs} ms]`;
    }, options.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });

/** The last lines of a command's output, for a failure message. */
export const tail = (r: CommandResult, lines = 15): string =>
  `exit ${r.code ?? r.signal}\n${[...r.stdout.trim().split('\n'), ...r.stderr.trim().split('\n')].slice(-lines).join('\n')}`;
