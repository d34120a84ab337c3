/**
 * One journal file being appended to. Records are queued, and `commit`
 * writes everything queued in one write through a descriptor opened with
 * O_DSYNC, in libuv's thread pool: the write returns once the records are
 * durable, and the event loop does not wait for the disk. `commitNow`
 * makes the same write from the event loop, for a lone record when nothing
 * else waits (group-commit.ts decides). The file is filled with zeros ahead
 * of the records, so that a durable write rarely has to change the file's
 * size and allocation (which costs a metadata flush).
 */
import { closeSync, constants, fdatasync, openSync, write, writeSync } from 'node:fs';

const CHUNK = 1 << 20;
const zeros = Buffer.alloc(CHUNK);

/** Writes all of `buf` at `position` through `fd`, in the pool. */
const writeAll = (fd: number, buf: Buffer, position: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const from = (done: number): void => {
      write(fd, buf, done, buf.length - done, position + done, (e, n) => {
        if (e !== null) reject(e);
        else if (done + n < buf.length) from(done + n);
        else resolve();
      });
    };
    from(0);
  });

export class JournalSegment {
  private end = 0;
  private allocated = 0;
  private queued = '';
  private closed = false;
  /** Until the header is durable (fdatasync started at creation): records wait for it too. */
  private header: Promise<void> | undefined;
  #ready: Promise<void> = Promise.resolve();
  /** Whether `ready` has resolved. */
  #readyNow = true;

  /** Resolves when records in this segment may be acknowledged once synced (a base snapshot it needs is durable). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  set ready(p: Promise<void>) {
    this.#ready = p;
    this.#readyNow = false;
    p.then(() => {
      if (this.#ready === p) this.#readyNow = true;
    }, () => undefined);
  }

  /** Whether records written now are acknowledged as soon as the write returns (header durable, segment ready). */
  get settled(): boolean {
    return this.header === undefined && this.#readyNow && !this.closed;
  }

  private constructor(
    public path: string,
    /** For the header and the zeros ahead (made durable by `sync`). */
    private readonly fd: number,
    /** O_DSYNC: for the records (durable when the write returns). */
    private readonly durable: number,
  ) {}

  /** A new (or truncated) segment at `path` starting with the framed `header` line (its sync starts at once). */
  static create(path: string, header: string): JournalSegment {
    const fd = openSync(path, 'w');
    let durable: number;
    try {
      durable = openSync(path, constants.O_WRONLY | constants.O_DSYNC);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    const s = new JournalSegment(path, fd, durable);
    const head = Buffer.from(header, 'utf8');
    s.extend(head.length);
    let done = 0;
    while (done < head.length) done += writeSync(fd, head, done, head.length - done, done);
    s.end = head.length;
    const synced = s.sync();
    s.header = synced;
    synced.then(() => {
      if (s.header === synced) s.header = undefined;
    }, () => undefined);
    return s;
  }

  /** Framed records for the next `commit`. */
  queue(text: string): void {
    this.queued += text;
  }

  /** Writes the queued records after the last ones, in the pool; resolves once they are durable. */
  commit(): Promise<void> {
    if (this.queued === '') return Promise.resolve();
    const [buf, at] = this.take();
    const written = writeAll(this.durable, buf, at);
    return this.header === undefined ? written : Promise.all([written, this.header]).then(() => undefined);
  }

  /** Writes the queued records after the last ones from the event loop; they are durable when it returns (throws when the write fails). */
  commitNow(): void {
    if (this.queued === '') return;
    const [buf, at] = this.take();
    let done = 0;
    while (done < buf.length) done += writeSync(this.durable, buf, done, buf.length - done, at + done);
  }

  /** The queued records as bytes, and where they go (the space is reserved). */
  private take(): [Buffer, number] {
    const buf = Buffer.from(this.queued, 'utf8');
    this.queued = '';
    if (this.end + buf.length > this.allocated) this.extend(this.end + buf.length);
    const at = this.end;
    this.end += buf.length;
    return [buf, at];
  }

  private extend(atLeast: number): void {
    while (this.allocated < atLeast + CHUNK / 2) {
      let done = 0;
      while (done < CHUNK) done += writeSync(this.fd, zeros, done, CHUNK - done, this.allocated + done);
      this.allocated += CHUNK;
    }
  }

  /** Bytes of records written or queued (header included). */
  get bytes(): number {
    return this.end + this.queued.length;
  }

  /** Makes everything written so far durable (the header and the zeros ahead; records are durable once committed). */
  sync(): Promise<void> {
    return new Promise((resolve, reject) => fdatasync(this.fd, (e) => (e === null ? resolve() : reject(e))));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.durable);
    closeSync(this.fd);
  }
}
