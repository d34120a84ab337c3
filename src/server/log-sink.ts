/**
 * Where log lines go: gathered in memory and written in large writes, as
 * nginx's `access_log … buffer= flush=` does. A write happens when the
 * buffer is full, on a short timer, at `flush()`/`close()` and, for what is
 * still held, before the process exits (also a fatal exit).
 *
 * Writing never stalls serving: writes go through libuv's pool, one at a
 * time, so the event loop never waits for a disk; a pipe or terminal is
 * written through a non-blocking descriptor of its own (a pipe nobody reads
 * answers EAGAIN at once and is tried again a little later, without holding
 * a pool thread). Memory is bounded: past `maxPendingBytes` held and not yet
 * written, lines are dropped and counted; when the destination takes lines
 * again, a line says how many were dropped, and the first drop of a spell
 * is said at once on the process's standard error (through a sink of its
 * own, so a blocked standard error drops that notice instead of stalling).
 */
import { Buffer } from 'node:buffer';
import { closeSync, fstatSync, openSync, write, writeSync, constants } from 'node:fs';
import { countLines, HeldLines } from './held-lines.ts';
import type { LineBytes } from './line-bytes.ts';

export interface LogSinkOptions {
  /** Bytes gathered before a write starts (default 256 KiB). */
  readonly bufferBytes?: number;
  /** The longest a line waits before a write starts, in ms (default 1000). */
  readonly flushMs?: number;
  /** Bytes held, written or waiting, beyond which lines are dropped and counted (default 4 MiB). */
  readonly maxPendingBytes?: number;
  /** Where the first drop of a spell is said (default: a sink on standard error; `false`: nowhere). */
  readonly notice?: ((text: string) => void) | false;
}

export interface LogSink {
  /** Takes one or more whole lines, each ending in `\n`. */
  write(text: string): void;
  /** Takes one whole line, ending in `\n`, that writes its own bytes. */
  writeBytes(line: LineBytes): void;
  /** Resolves when everything taken so far is written, or after `timeoutMs` (default 5 s) with what is left dropped and counted. */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes, then releases the descriptor it opened. */
  close(timeoutMs?: number): Promise<void>;
  /** Lines dropped so far (the destination did not keep up, or failed). */
  readonly dropped: number;
}

/** `rxconf: 12 log lines dropped …` and the like, one JSON line as every log line is. */
const droppedLine = (count: number, why: string): string =>
  `{"level":40,"time":${Date.now()},"dropped":${count},"reason":${JSON.stringify(why)},"msg":"log lines dropped"}\n`;

const RETRY_MS = 50;
const FLUSH_TIMEOUT_MS = 5000;

/** The sinks to write out before the process exits: one listener for all. */
const atExit = new Set<{ exiting(): void }>();
process.on('exit', () => {
  for (const s of atExit) s.exiting();
});

/** The descriptor to write `fd`'s destination through: a non-blocking one of its own for pipes, sockets-as-FIFOs and terminals. */
const writableDescriptor = (fd: number): { fd: number; own: boolean } => {
  try {
    const s = fstatSync(fd);
    if (s.isFIFO() || s.isCharacterDevice()) return { fd: openSync(`/proc/self/fd/${fd}`, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_APPEND), own: true };
  } catch {
    // no /proc, or a socket (which cannot be opened again): written as it is
  }
  return { fd, own: false };
};

class Sink implements LogSink {
  readonly #fd: number;
  readonly #own: boolean;
  readonly #bufferBytes: number;
  readonly #flushMs: number;
  readonly #maxPending: number;
  readonly #notice: ((text: string) => void) | false | undefined;
  /** Lines taken and not yet handed to a write (counted only when dropped). */
  readonly #held: HeldLines;
  /** Bytes of the write in progress (a Buffer's remainder). */
  #writing: Buffer | undefined;
  #timer: NodeJS.Timeout | undefined;
  #dropped = 0;
  /** Dropped and not yet said in the destination. */
  #unsaid = 0;
  #why = '';
  #waiters: (() => void)[] = [];
  #closed = false;

  constructor(fd: number, o: LogSinkOptions) {
    const d = writableDescriptor(fd);
    this.#fd = d.fd;
    this.#own = d.own;
    this.#bufferBytes = o.bufferBytes ?? 256 * 1024;
    this.#flushMs = o.flushMs ?? 1000;
    this.#maxPending = Math.max(o.maxPendingBytes ?? 4 * 1024 * 1024, this.#bufferBytes);
    // a chunk with room past the buffer's size: the line that fills the buffer mostly fits in the same chunk
    this.#held = new HeldLines(this.#bufferBytes + 16 * 1024);
    this.#notice = o.notice;
    atExit.add(this);
  }

  get dropped(): number {
    return this.#dropped;
  }

  write(text: string): void {
    // the line's length in characters is what is cheap to know (its bytes may be up to 3 times that)
    if (this.#isFull(text.length)) {
      this.#drop(countLines(text), 'the destination does not keep up');
      return;
    }
    this.#held.add(text);
    this.#added();
  }

  writeBytes(line: LineBytes): void {
    if (this.#isFull(line.most)) {
      this.#drop(1, 'the destination does not keep up');
      return;
    }
    this.#held.addBytes(line);
    this.#added();
  }

  /** Whether `more` bytes would pass the bound of what is held and being written. */
  #isFull(more: number): boolean {
    return this.#held.bytes + (this.#writing?.length ?? 0) + more > this.#maxPending;
  }

  /** After a line was taken: a write when enough is gathered (and none is in progress), else the timer. */
  #added(): void {
    if (this.#writing !== undefined) return;
    if (this.#held.bytes >= this.#bufferBytes) this.#start();
    else this.#timer ??= setTimeout(this.#onTimer, this.#flushMs).unref();
  }

  flush(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
    if (this.#held.bytes === 0 && this.#writing === undefined && this.#unsaid === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // a destination that takes nothing (a reader that never reads) does not hold a stop: what is held is dropped, counted
        this.#waiters = this.#waiters.filter((w) => w !== done);
        const lines = this.#held.lines() + (this.#writing === undefined ? 0 : countLines(this.#writing));
        if (lines > 0) this.#drop(lines, 'the destination took nothing before the stop');
        this.#held.clear();
        resolve();
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.#waiters.push(done);
      if (this.#writing === undefined) this.#start();
    });
  }

  async close(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
    await this.flush(timeoutMs);
    if (this.#closed) return;
    this.#closed = true;
    if (this.#unsaid > 0 && this.#notice !== false) (this.#notice ?? stderrNotice)(`rxconf: ${this.#dropped} log lines could not be written (${this.#why})\n`);
    atExit.delete(this);
    if (this.#own) closeSync(this.#fd);
  }

  readonly #onTimer = (): void => {
    this.#timer = undefined;
    if (this.#writing === undefined) this.#start();
  };

  #drop(lines: number, why: string): void {
    if (this.#unsaid === 0 && this.#notice !== false) (this.#notice ?? stderrNotice)(`rxconf: log lines are being dropped: ${why}\n`);
    this.#dropped += lines;
    this.#unsaid += lines;
    this.#why = why;
  }

  /** Hands what is gathered to one write. */
  #start(): void {
    if (this.#closed) return;
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#writing === undefined) {
      const said = this.#unsaid > 0 ? droppedLine(this.#dropped, this.#why) : '';
      this.#unsaid = 0;
      if (said === '' && this.#held.bytes === 0) {
        this.#settle();
        return;
      }
      this.#writing = this.#held.take(said);
    }
    const bytes = this.#writing;
    write(this.#fd, bytes, 0, bytes.length, null, (err, written) => this.#written(bytes, err, written));
  }

  #written(bytes: Buffer, err: NodeJS.ErrnoException | null, written: number): void {
    if (err !== null) {
      if (err.code === 'EAGAIN') {
        // a pipe nobody reads: tried again a little later, lines gather meanwhile up to the bound
        setTimeout(() => this.#start(), RETRY_MS).unref();
        return;
      }
      // the destination failed (a full disk: ENOSPC): these lines are lost, counted
      this.#writing = undefined;
      this.#drop(countLines(bytes), `${err.code ?? 'error'}: ${err.message}`);
      this.#held.giveBack(bytes);
      this.#next(true);
      return;
    }
    if (written < bytes.length) {
      this.#writing = bytes.subarray(written);
      this.#start();
      return;
    }
    this.#writing = undefined;
    this.#held.giveBack(bytes);
    this.#next(false);
  }

  /** After a write: the next one if enough gathered or someone waits, else the timer. */
  #next(failed: boolean): void {
    if (this.#held.bytes === 0 && (this.#unsaid === 0 || failed)) {
      this.#settle();
      return;
    }
    if (failed) {
      // a failing destination is tried again on the timer, not in a loop
      this.#timer ??= setTimeout(this.#onTimer, this.#flushMs).unref();
      if (this.#waiters.length > 0) {
        // whoever waits is not kept waiting for a destination that fails: what is held is dropped
        this.#drop(this.#held.lines(), this.#why);
        this.#held.clear();
        this.#settle();
      }
      return;
    }
    if (this.#waiters.length > 0 || this.#held.bytes >= this.#bufferBytes || this.#unsaid > 0) this.#start();
    else this.#timer ??= setTimeout(this.#onTimer, this.#flushMs).unref();
  }

  #settle(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** Before the process exits: what is held written at once (a write in progress goes on in the pool, or is lost with the process). */
  exiting(): void {
    const said = this.#unsaid > 0 ? droppedLine(this.#dropped, this.#why) : '';
    if (said === '' && this.#held.bytes === 0) return;
    const bytes = this.#held.take(said);
    try {
      writeSync(this.#fd, bytes);
    } catch (e) {
      if (this.#notice === false) return;
      try {
        writeSync(2, `rxconf: ${this.#dropped + countLines(bytes) - (said === '' ? 0 : 1)} log lines could not be written (${(e as NodeJS.ErrnoException).code ?? String(e)})\n`);
      } catch {
        // nothing more can be done at exit
      }
    }
  }
}

let stderrSink: Sink | undefined;
/** Notices of dropped lines, on standard error, never blocking. */
const stderrNotice = (text: string): void => {
  stderrSink ??= new Sink(2, { bufferBytes: 0, flushMs: 0, maxPendingBytes: 16 * 1024, notice: false });
  stderrSink.write(text);
};

/** A sink writing to an open descriptor. */
export const logSink = (fd: number, options: LogSinkOptions = {}): LogSink => new Sink(fd, options);

let stdoutSink: Sink | undefined;
/** The process's one sink on standard output (made on first use, with the default options). */
export const standardOutput = (): LogSink => (stdoutSink ??= new Sink(1, {}));

/** A sink appending to a file, created if missing. */
export const fileLogSink = (path: string, options: LogSinkOptions = {}): LogSink & { readonly path: string } => {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o640);
  const sink = new Sink(fd, options);
  return {
    path,
    write: (t) => sink.write(t),
    writeBytes: (line) => sink.writeBytes(line),
    flush: (ms) => sink.flush(ms),
    close: async (ms) => {
      await sink.close(ms);
      closeSync(fd);
    },
    get dropped() {
      return sink.dropped;
    },
  };
};
