/** What the benchmark reads about its server processes from /proc (Linux). */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resident set size of `pid` in bytes (0 once the process is gone). */
export const rssBytes = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? 0 : Number(m[1]) * 1024;
  } catch {
    return 0;
  }
};

/** CPU time `pid` has used so far (user + system), in clock ticks. */
export const cpuTicks = (pid: number): number => {
  try {
    // fields after the command name (which may hold spaces) start at ")"
    const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return 0;
  }
};

/**
 * Where `pid`'s time went so far, in µs: CPU of the whole process (user +
 * system, threads that ended included), of its main thread (the event
 * loop: its thread id is the pid), and how long the main thread waited,
 * ready, for a core (the scheduler's run-queue time, /proc/PID/task/PID/schedstat).
 * The rest of the CPU is the helper threads' (libuv's pool, V8's workers).
 */
export interface ThreadTimes {
  readonly processUs: number;
  readonly mainUs: number;
  readonly mainWaitUs: number;
}

export const threadTimes = (pid: number): ThreadTimes => {
  const ticks = (file: string): number => {
    const rest = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(rest[11]) + Number(rest[12])) * 10_000;
  };
  try {
    const [, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { processUs: ticks(`/proc/${pid}/stat`), mainUs: ticks(`/proc/${pid}/task/${pid}/stat`), mainWaitUs: Number(wait) / 1000 };
  } catch {
    return { processUs: 0, mainUs: 0, mainWaitUs: 0 };
  }
};

/**
 * Waits until none of `pids` uses CPU (under 5 % over 200 ms), at most
 * `limitMs`: a server still working on answers its client gave up on
 * would otherwise take CPU from the next measurement. Says how long it took.
 */
export const settle = async (pids: readonly number[], limitMs = 10_000): Promise<number> => {
  const start = Date.now();
  let before = pids.map(cpuTicks);
  for (;;) {
    await sleep(200);
    const now = pids.map(cpuTicks);
    const busy = now.some((t, i) => t - (before[i] ?? 0) > 1); // 1 tick = 10 ms = 5 % of 200 ms
    before = now;
    if (!busy || Date.now() - start > limitMs) return Date.now() - start;
  }
};

/** Samples the RSS of `pid` every `everyMs` until stopped; gives the highest value seen. */
export const peakRss = (pid: number, everyMs = 20): { stop(): number } => {
  let peak = rssBytes(pid);
  const timer = setInterval(() => { peak = Math.max(peak, rssBytes(pid)); }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssBytes(pid));
    },
  };
};
