import type { ChildProcess } from 'node:child_process';

/** The URL a spawned `rxconf serve` prints in its `listening on URL` line; rejects with its output when it exits first or stays silent for `ms`. */
export const listeningUrl = (child: ChildProcess, ms: number): Promise<string> => {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within ${ms / 1000} s:\n${output}`)), ms);
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stdout?.setEncoding('utf8').on('data', (c: string) => {
      output += c;
      const m = /listening on (\S+)/.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('close', (code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
};
