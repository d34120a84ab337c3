/**
 * One file part of a multipart form as an operation's handler gets it in
 * place of a binary or anydata input value: the bytes as they arrive
 * (AsyncIterable of chunks; read once), never held whole. Reading slower
 * than the client sends slows the client (backpressure down to the
 * socket). A binary leaf's `length` applies to the octets: one octet past
 * its most ends the read with invalid-value. The read ends only once the
 * form has ended: a part after the file fails it (400).
 */
import { Buffer } from 'node:buffer';
import type { Readable } from 'node:stream';
import { restconfError, RestconfFailure } from '../../../errors/index.ts';
import type { Interval, LeafMeta, AnydataMeta } from '../../../meta/meta.ts';

export class FormUpload implements AsyncIterable<Uint8Array> {
  /** The form field's name (the input node's path below the input). */
  readonly field: string;
  /** The file name the client gave (may be ''). */
  readonly filename: string;
  /** The part's Content-Type (`application/octet-stream` when not given). */
  readonly mediaType: string;
  readonly #stream: Readable;
  readonly #formEnded: Promise<void>;
  readonly #lengths: readonly Interval[] | undefined;
  readonly #at: string;
  #taken = false;
  #bytes = 0;

  constructor(part: { field: string; filename: string; mediaType: string; stream: Readable; meta: LeafMeta | AnydataMeta; at: string }, formEnded: Promise<void>) {
    this.field = part.field;
    this.filename = part.filename;
    this.mediaType = part.mediaType;
    this.#stream = part.stream;
    this.#formEnded = formEnded;
    this.#lengths = part.meta.kind === 'leaf' ? part.meta.type.length?.value : undefined;
    this.#at = part.at;
  }

  /** Octets read so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether the handler began reading. */
  get taken(): boolean {
    return this.#taken;
  }

  #tooLong(): RestconfFailure {
    return new RestconfFailure([restconfError('invalid-value', `the file in "${this.field}" has more octets than its length allows`, { type: 'application', path: this.#at })]);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    if (this.#taken) throw new Error(`the upload "${this.field}" was read already`);
    this.#taken = true;
    const most = this.#lengths === undefined ? undefined : this.#lengths.reduce((m, i) => (i.max > m ? i.max : m), 0n);
    let ended = false;
    try {
      for (let chunk = await this.#pull(); chunk !== undefined; chunk = await this.#pull()) {
        this.#bytes += chunk.byteLength;
        if (most !== undefined && BigInt(this.#bytes) > most) throw this.#tooLong();
        yield chunk;
      }
      const n = BigInt(this.#bytes);
      if (this.#lengths !== undefined && !this.#lengths.some((i) => n >= i.min && n <= i.max)) {
        throw new RestconfFailure([restconfError('invalid-value', `the file in "${this.field}" has ${this.#bytes} octets, outside its length`, { type: 'application', path: this.#at })]);
      }
      ended = true;
    } finally {
      if (!ended) this.discard();
    }
    await this.#formEnded;
  }

  /** The next chunk, undefined at the end; the stream flows only while a pull waits. */
  #pull(): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      const s = this.#stream;
      const done = (): void => {
        s.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
        s.pause();
      };
      const onData = (chunk: Buffer): void => { done(); resolve(chunk); };
      const onEnd = (): void => { done(); resolve(undefined); };
      const onClose = (): void => { done(); reject(new RestconfFailure([restconfError('malformed-message', `the file in "${this.field}" ended early`, { type: 'rpc', path: this.#at })])); };
      const onError = (e: unknown): void => { done(); reject(e); };
      if (s.readableEnded) return resolve(undefined);
      if (s.errored !== null) return reject(s.errored);
      s.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
      s.resume();
    });
  }

  /** The form cannot be read on (client gone, body too large, malformed): a read in progress or to come throws `error`. */
  fail(error: unknown): void {
    const s = this.#stream;
    if (s.readableEnded || s.destroyed) return;
    s.on('error', () => undefined); // a read in progress has its own listener; a read to come finds `errored`
    s.destroy(error instanceof Error ? error : new Error(String(error)));
  }

  /** Lets the rest of the file go by unread (the form goes on being read). */
  discard(): void {
    const s = this.#stream;
    s.removeAllListeners('data');
    s.on('data', () => undefined).on('error', () => undefined);
    s.resume();
  }
}
