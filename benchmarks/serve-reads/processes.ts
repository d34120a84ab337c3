/** Child processes of the serve-reads benchmark: started, awaited until they print their port, stopped with SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Child {
  readonly pid: number;
  readonly port: number;
  stop(): Promise<void>;
}

export const startChild = (args: readonly string[], pattern: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<Child> =>
  new Promise((resolve, reject) => {
    const p: ChildProcess = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    const exited = new Promise<void>((done) => p.on('exit', () => done()));
    p.on('error', reject);
    p.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code} before listening: ${out}`)));
    let listening = false;
    p.stdout?.on('data', (d: Buffer) => {
      // after the port, output (an access log) is read and dropped
      if (listening) return;
      out += d.toString();
      const m = pattern.exec(out);
      if (m !== null) {
        listening = true;
        resolve({
          pid: p.pid ?? 0,
          port: Number(m[1]),
          stop: async () => {
            p.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });

/** Resident set size of a process in bytes (Linux). */
export const rssOf = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? 0 : Number(m[1]) * 1024;
};

/** Samples a process's RSS every `ms` until stopped; answers the highest seen. */
export const watchRss = (pid: number, ms = 50): { stop(): number } => {
  let max = rssOf(pid);
  const t = setInterval(() => { max = Math.max(max, rssOf(pid)); }, ms);
  return { stop: () => { clearInterval(t); return Math.max(max, rssOf(pid)); } };
};

/** CPU time a process has used so far (user + system), in seconds (Linux). */
export const cpuSecondsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), counted from the state field (3)
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
