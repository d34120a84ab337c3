/**
 * One server per datastore: `<data file>.lock`, made exclusively (O_EXCL)
 * before the data file and its journal are read, holding the owner's pid,
 * its start time and, once it listens, its address. A second server on the
 * same file is refused with the owner's pid and address. A lock whose owner
 * is gone (kill -9, a crash, a reboot) is stale and taken over: its pid is
 * not running, or runs a process started at another time (pid reuse, as
 * after a container restart). Released by `release()` (the server's close)
 * or at the process's exit.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

interface LockOwner {
  readonly pid: number;
  /** The process's start time (Linux: /proc/PID/stat field 22), when known. */
  readonly started?: string;
  readonly host: string;
  readonly address?: string;
}

/** The datastore is another server's: the message names its pid and address. */
export class DatastoreLocked extends Error {
  constructor(readonly file: string, readonly owner: LockOwner) {
    super(`the datastore ${file} is in use by another rxconf server (pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}, ${owner.address === undefined ? 'not listening yet' : `listening on ${owner.address}`}): one server per data file; stop it, or give this one another --data (lock file ${file}.lock)`);
    this.name = 'DatastoreLocked';
  }
}

/** A process's state and start time from /proc (Linux), when there is one. */
const procStat = (pid: number): { readonly state: string; readonly started: string } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count from the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
};

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Lock files this process holds (another server of the same process on the same file is refused too). */
const held = new Set<string>();

const readOwner = (path: string): LockOwner | undefined => {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o as LockOwner : undefined;
  } catch {
    return undefined; // unreadable or half written: its writer died before finishing (a live one writes it at once)
  }
};

/** Whether the owner written in a lock file is alive (on another host: assumed so, it cannot be checked). */
const alive = (path: string, owner: LockOwner): boolean => {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return held.has(path);
  if (!running(owner.pid)) return false;
  const now = procStat(owner.pid);
  if (now === undefined) return true;
  // a zombie (killed, not yet waited for) holds nothing; another start time is another process
  return now.state !== 'Z' && (owner.started === undefined || now.started === owner.started);
};

export class DatastoreLock {
  readonly path: string;
  #owner: LockOwner;
  #released = false;
  readonly #onExit = (): void => this.release();

  private constructor(readonly file: string) {
    this.path = `${file}.lock`;
    const started = procStat(process.pid)?.started;
    this.#owner = { pid: process.pid, ...(started === undefined ? {} : { started }), host: hostname() };
  }

  /** Takes the lock of `file`'s datastore; throws DatastoreLocked when a live server holds it. */
  static acquire(file: string): DatastoreLock {
    const lock = new DatastoreLock(file);
    lock.#take();
    held.add(lock.path);
    process.once('exit', lock.#onExit);
    return lock;
  }

  #take(): void {
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', 0o644);
        try {
          writeSync(fd, `${JSON.stringify(this.#owner)}\n`);
        } finally {
          closeSync(fd);
        }
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw e;
      }
      const owner = readOwner(this.path);
      if (owner !== undefined && alive(this.path, owner)) throw new DatastoreLocked(this.file, owner);
      try {
        unlinkSync(this.path); // stale: its owner is gone
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  }

  /** Writes the address the server listens on into the lock, for the message a second server gets. */
  listening(address: string): void {
    if (this.#released) return;
    this.#owner = { ...this.#owner, address };
    try {
      writeFileSync(this.path, `${JSON.stringify(this.#owner)}\n`);
    } catch {
      // the lock stands without the address
    }
  }

  /** Removes the lock file (once; also run at the process's exit). */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    held.delete(this.path);
    process.off('exit', this.#onExit);
    try {
      unlinkSync(this.path);
    } catch {
      // removed already
    }
  }
}
