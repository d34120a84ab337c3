/**
 * One journal file being appended to. Records are queued, written together
 * (one write into the page cache, from the calling thread) and made durable
 * by `sync` (fdatasync, off the event loop). The file is filled with zeros
 * ahead of the records, so that syncing a record rarely has to change the
 * file's size and allocation (which costs a metadata flush).
 */
import { closeSync, fdatasync, openSync, writeSync } from 'node:fs';

const CHUNK = 1 << 20;
const zeros = Buffer.alloc(CHUNK);

export class JournalSegment {
  private end = 0;
  private allocated = 0;
  private queued = '';
  private closed = false;
  /** Resolves when records in this segment may be acknowledged once synced (a base snapshot it needs is durable). */
  ready: Promise<void> = Promise.resolve();

  private constructor(
    public path: string,
    private readonly fd: number,
  ) {}

  /** A new (or truncated) segment at `path` starting with the framed `header` line. */
  static create(path: string, header: string): JournalSegment {
    const s = new JournalSegment(path, openSync(path, 'w'));
    s.queue(header);
    s.write();
    return s;
  }

  /** Framed records to write with the next `write`. */
  queue(text: string): void {
    this.queued += text;
  }

  /** Writes the queued records after the last ones (not yet durable). */
  write(): void {
    if (this.queued === '') return;
    const buf = Buffer.from(this.queued, 'utf8');
    this.queued = '';
    if (this.end + buf.length > this.allocated) this.extend(this.end + buf.length);
    let done = 0;
    while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done, this.end + done);
    this.end += buf.length;
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

  /** Makes everything appended so far durable. */
  sync(): Promise<void> {
    return new Promise((resolve, reject) => fdatasync(this.fd, (e) => (e === null ? resolve() : reject(e))));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
