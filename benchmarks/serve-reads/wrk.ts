/** Runs wrk (Debian package `wrk`) against one URL and reads its summary. */
import { spawn } from 'node:child_process';

export interface WrkResult {
  readonly requestsPerSecond: number;
  /** Response bytes per second, headers included, as wrk counts them. */
  readonly transferPerSecond: number;
  readonly requests: number;
  readonly errors: number;
}

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

export const wrk = (url: string, connections: number, seconds: number): Promise<WrkResult> =>
  new Promise((resolve, reject) => {
    const p = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`wrk exited ${code}: ${out}`));
        return;
      }
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      const tps = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(out);
      const total = /(\d+) requests in/.exec(out);
      const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      if (rps === null || tps === null || total === null) {
        reject(new Error(`cannot read wrk's output: ${out}`));
        return;
      }
      resolve({
        requestsPerSecond: Number(rps[1]),
        transferPerSecond: Number(tps[1]) * (UNITS[tps[2] ?? 'B'] ?? 1),
        requests: Number(total[1]),
        errors: Number(errors?.[1] ?? 0) + (socketErrors === null ? 0 : socketErrors.slice(1).reduce((a, b) => a + Number(b), 0)),
      });
    });
  });
