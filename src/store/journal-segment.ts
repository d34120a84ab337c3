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
import { Buffer } from 'node:buffer';
import { closeSync, constants, fdatasync, openSync, write, writeSync } from 'node:fs';
import { frameInto, framedBytesAtMost } from './journal-line.ts';

const CHUNK = 1 << 20;
const zeros = Buffer.alloc(CHUNK);
/** The queued records' buffer to begin with (it grows as a group needs). */
const QUEUE_BYTES = 16 * 1024;

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
  /**
   * The queued records' bytes (encoded as they are queued, not gathered as
   * text and encoded at the write): `queuedBytes` of them. A buffer handed
   * to a write in the pool is not written over: the next records get a new one.
   */
  private queued: Buffer | undefined;
  private queuedBytes = 0;
  /** Queue buffers whose pool writes have finished, for the next records (a few go round; none is made per group). */
  private readonly spares: Buffer[] = [];
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

  /** The record `json`, framed (journal-line.ts), for the next `commit`. */
  queueRecord(json: string): void {
    const buf = this.room(framedBytesAtMost(json));
    this.queuedBytes += frameInto(buf, this.queuedBytes, json);
  }

  /** The queue's buffer, with room for `bytes` more. */
  private room(bytes: number): Buffer {
    let q = this.queued;
    if (q === undefined) q = this.queued = this.spares.pop();
    if (q !== undefined && this.queuedBytes + bytes <= q.length) return q;
    const grown = Buffer.allocUnsafe(Math.max(QUEUE_BYTES, 2 * (this.queuedBytes + bytes)));
    if (q !== undefined) q.copy(grown, 0, 0, this.queuedBytes);
    this.queued = grown;
    return grown;
  }

  /** Writes the queued records after the last ones, in the pool; resolves once they are durable. */
  commit(): Promise<void> {
    if (this.queuedBytes === 0) return Promise.resolve();
    const [buf, at] = this.take();
    const lent = this.queued as Buffer;
    this.queued = undefined; // the pool writes from it: a spare again once written
    const written = writeAll(this.durable, buf, at).then(() => {
      if (this.spares.length < 2) this.spares.push(lent);
    });
    return this.header === undefined ? written : Promise.all([written, this.header]).then(() => undefined);
  }

  /** Writes the queued records after the last ones from the event loop; they are durable when it returns (throws when the write fails). */
  commitNow(): void {
    if (this.queuedBytes === 0) return;
    const [buf, at] = this.take();
    let done = 0;
    while (done < buf.length) done += writeSync(this.durable, buf, done, buf.length - done, at + done);
  }

  /** The queued records' bytes, and where they go (the space is reserved); the queue is empty after. */
  private take(): [Buffer, number] {
    const buf = (this.queued as Buffer).subarray(0, this.queuedBytes);
    this.queuedBytes = 0;
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
    return this.end + this.queuedBytes;
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
