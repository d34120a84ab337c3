/**
 * Snapshots of the datastore beside its commit log: a second JetStream
 * stream (`<STREAM>_SNAPSHOTS`) holding the latest snapshot, the whole
 * datastore as it was at one sequence of the log. A snapshot is larger than
 * a NATS message may be (1 MB by default), so it is cut into chunks, each
 * on its own subject (`….snapshot.<seq>.<i>`); once every chunk is stored,
 * an index message (`….snapshot-index`: the sequence and the number of
 * chunks) names it. The stream keeps one message per subject; the chunks
 * of an older snapshot are purged once a newer one is named. A reader
 * takes the index, then each chunk by its subject.
 */
import { JetStreamApiError, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';

/** Chunk size: below NATS's default 1 MB payload limit, with room for headers. */
export const CHUNK = 512 * 1024;

export interface SnapshotIndex {
  readonly seq: number;
  readonly chunks: number;
}

export class SnapshotStore {
  private readonly name: string;
  private readonly prefix: string;

  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    stream: string,
    private readonly replicas: number,
  ) {
    this.name = `${stream}_SNAPSHOTS`;
    this.prefix = `rxconf.${stream.toLowerCase()}`;
  }

  private get index(): string {
    return `${this.prefix}.snapshot-index`;
  }

  private chunkSubject(seq: number, i: number): string {
    return `${this.prefix}.snapshot.${seq}.${i}`;
  }

  /** Makes the stream when missing. */
  async ensure(): Promise<void> {
    try {
      await this.jsm.streams.info(this.name);
    } catch {
      await this.jsm.streams.add({
        name: this.name,
        subjects: [this.index, `${this.prefix}.snapshot.>`],
        num_replicas: this.replicas,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_msgs_per_subject: 1,
      }).catch(async (e: unknown) => {
        // another replica made it meanwhile
        await this.jsm.streams.info(this.name).catch(() => {
          throw e;
        });
      });
    }
  }

  /** The latest snapshot's index, or undefined when none was taken. */
  async latest(): Promise<SnapshotIndex | undefined> {
    try {
      const m = await this.jsm.streams.getMessage(this.name, { last_by_subj: this.index });
      if (m === null) return undefined;
      return m.json<SnapshotIndex>();
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** The bytes of the snapshot `index` names. */
  async read(index: SnapshotIndex): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let size = 0;
    for (let i = 0; i < index.chunks; i++) {
      const m = await this.jsm.streams.getMessage(this.name, { last_by_subj: this.chunkSubject(index.seq, i) });
      if (m === null) throw new Error(`snapshot at ${index.seq}: chunk ${i} is missing`);
      parts.push(m.data);
      size += m.data.length;
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  /** Stores `data` as the snapshot at `seq`, names it latest, and drops the one it replaces. */
  async write(seq: number, data: Uint8Array): Promise<void> {
    const before = await this.latest();
    if (before !== undefined && before.seq >= seq) return; // another replica took a newer one
    const chunks = Math.max(1, Math.ceil(data.length / CHUNK));
    for (let i = 0; i < chunks; i++) await this.js.publish(this.chunkSubject(seq, i), data.subarray(i * CHUNK, (i + 1) * CHUNK));
    await this.js.publish(this.index, JSON.stringify({ seq, chunks } satisfies SnapshotIndex));
    if (before !== undefined) await this.jsm.streams.purge(this.name, { filter: `${this.prefix}.snapshot.${before.seq}.>` }).catch(() => undefined);
  }
}

/** JetStream's "no message found" (10037). */
const isNotFound = (e: unknown): boolean => e instanceof JetStreamApiError && e.code === 10037;
