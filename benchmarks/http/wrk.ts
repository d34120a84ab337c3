/**
 * The load generator: wrk (Debian: `apt-get install -y wrk`), one thread,
 * driven by wrk-request.lua, which prints its figures as one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./wrk-request.lua', import.meta.url));

export interface WrkOptions {
  readonly url: string;
  readonly connections: number;
  readonly durationS: number;
  /** wrk gives up on an answer after this long (counted as a time-out). */
  readonly timeoutS?: number;
  /** `leaf`/`entry`: PATCH edits (see wrk-request.lua); none: GET. */
  readonly edit?: 'leaf' | 'entry';
  /** For `entry` edits: the entries to pick from (eth0..eth{n-1}). */
  readonly entries?: number;
  /**
   * For `entry` edits from several wrk processes at once: this one's number
   * (1, 2, …), which seeds its choice of entries and goes into its
   * descriptions. Without it every wrk process sends the same edits in the
   * same order (Lua's random numbers start alike), and an edit another
   * process already made changes nothing.
   */
  readonly stream?: number;
  /** Wait this long before each request: a paced latency probe. */
  readonly paceMs?: number;
  /** Print the first few non-2xx answers (slows wrk: diagnostics only). */
  readonly capture?: boolean;
  /** Headers sent with every request (e.g. authorization). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface WrkResult {
  readonly durationUs: number;
  /** Answers received (any status). */
  readonly requests: number;
  readonly bytes: number;
  readonly connectErrors: number;
  readonly readErrors: number;
  readonly writeErrors: number;
  /** Answers that were not 2xx or 3xx. */
  readonly non2xx: number;
  readonly timeouts: number;
  readonly meanUs: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
  /** Lines wrk-request.lua printed for non-2xx answers (with `capture`). */
  readonly bad: readonly string[];
}

/** The wrk version line, or an error saying how to install it. */
export const wrkVersion = (): string => {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (r.error !== undefined) throw new Error('the http benchmark needs wrk as its load generator: apt-get install -y wrk');
  return (`${r.stdout}${r.stderr}`.split('\n')[0] ?? 'wrk').replace(/\s*Copyright.*$/, '').trim();
};

export const errorCount = (r: WrkResult): number => r.connectErrors + r.readErrors + r.writeErrors + r.non2xx + r.timeouts;

export const runWrk = (o: WrkOptions): Promise<WrkResult> =>
  new Promise((resolve, reject) => {
    const headers = Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const args = ['-t1', `-c${o.connections}`, `-d${o.durationS}s`, `--timeout`, `${o.timeoutS ?? 10}s`, ...headers, '-s', script, o.url];
    const env = {
      ...process.env,
      BENCH_EDIT: o.edit ?? '',
      BENCH_ENTRIES: String(o.entries ?? 0),
      BENCH_STREAM: String(o.stream ?? 0),
      BENCH_PACE_MS: String(o.paceMs ?? 0),
      BENCH_CAPTURE: o.capture === true ? '1' : '',
    };
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => { out += s; });
    child.stderr.setEncoding('utf8').on('data', (s: string) => { err += s; });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (line === undefined) {
        reject(new Error(`wrk ${args.join(' ')} (exit ${code}): no result\n${out}${err}`));
        return;
      }
      const bad = out.split('\n').filter((l) => l.startsWith('WRK_BAD ')).map((l) => l.slice('WRK_BAD '.length));
      resolve({ ...(JSON.parse(line.slice('WRK_JSON '.length)) as Omit<WrkResult, 'bad'>), bad });
    });
  });
