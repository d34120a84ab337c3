/**
 * Application notifications across replicas. The replica holding the source
 * lease (source-lease.ts) runs every top-level notification's source and
 * publishes each event once into a JetStream stream of the datastore,
 * `<stream>_EVENTS`, bounded by the replay settings; every replica follows
 * that stream and hands its events to its own subscribers (Browser.notified),
 * so all replicas send the same events in the same order. Replay
 * (`start-time`) reads the stream's kept events first, so a replica
 * replays what another replica published, from before it started too.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { filter, Observable, retry, Subject, take, type Subscription } from 'rxjs';
import type { Device } from '../../actors/device.ts';
import { notifications, type NotificationEvent } from '../../actors/operations/index.ts';
import { decodeData, encodeData } from '../../data/json/index.ts';
import type { NotificationMeta, SchemaContext } from '../../meta/meta.ts';
import type { SourceLease } from './source-lease.ts';

interface Logged {
  readonly seq: number;
  readonly meta: NotificationMeta;
  readonly event: NotificationEvent;
}

export interface SharedNotificationsOptions {
  /** Stream replicas when created here (as the commit log's). */
  readonly replicas: number;
  /** The stream keeps at most this many events, none older than maxAgeMs (the replay settings). */
  readonly maxEvents: number;
  readonly maxAgeMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class SharedNotifications {
  private readonly live = new Subject<Logged>();
  private readonly metas = new Map<string, NotificationMeta>();
  private running: Subscription[] = [];
  private holder: Subscription | undefined;
  private closed = false;
  private readonly name: string;
  private readonly subject: string;

  constructor(
    private readonly device: Device,
    private readonly schema: SchemaContext,
    private readonly nc: NatsConnection,
    stream: string,
    private readonly added: Observable<NotificationMeta>,
    /** The replica's source lease (started by the caller, who stops it). */
    private readonly lease: SourceLease,
    private readonly o: SharedNotificationsOptions,
  ) {
    this.name = `${stream}_EVENTS`;
    this.subject = `rxconf.${stream.toLowerCase()}.event`;
    for (const b of device.all) {
      for (const n of b.module.notifications) this.metas.set(`${b.module.name}:${n.name}`, n);
      if (b.module.notifications.length > 0) b.notified = (meta, history) => this.events(meta, history);
    }
  }

  /** Whether this replica runs the sources now. */
  get holding(): boolean {
    return this.lease.held.value;
  }

  async start(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    await jsm.streams.info(this.name).catch(() => jsm.streams.add({
      name: this.name, subjects: [this.subject], num_replicas: this.o.replicas,
      storage: StorageType.File, retention: RetentionPolicy.Limits,
      max_msgs: this.o.maxEvents > 0 ? this.o.maxEvents : 1, max_age: Math.max(1, this.o.maxAgeMs) * 1_000_000,
    }));
    const last = (await jsm.streams.info(this.name)).state.last_seq;
    void this.follow(last + 1, (l) => this.live.next(l));
    this.holder = this.lease.held.subscribe((held) => (held ? this.run() : this.stopSources()));
  }

  /** Runs every top-level notification's source here, publishing its events. */
  private run(): void {
    if (this.closed) return;
    for (const [name, meta] of this.metas) {
      const browser = this.device.browser(meta.module.name);
      if (browser === undefined) continue;
      const source = notifications(browser, [{ meta }], {}).pipe(retry({ delay: () => this.added.pipe(filter((m) => m === meta), take(1)) }));
      this.running.push(source.subscribe({
        next: (ev) => this.nc.publish(this.subject, JSON.stringify({ n: name, t: ev.time.getTime(), d: encodeData(ev.data, { strict: true }) })),
        error: () => undefined,
      }));
    }
  }

  private stopSources(): void {
    for (const s of this.running.splice(0)) s.unsubscribe();
  }

  private decode(seq: number, data: Uint8Array): Logged | undefined {
    try {
      const m = JSON.parse(new TextDecoder().decode(data)) as { n?: string; t?: number; d?: unknown };
      const meta = this.metas.get(m.n ?? '');
      if (meta === undefined || typeof m.t !== 'number') return undefined;
      const d = decodeData(m.d ?? {}, meta, { strict: true, content: 'all', schema: this.schema });
      return d.ok ? { seq, meta, event: { time: new Date(m.t), data: d.value } } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every event of the stream from sequence `from` on, in order, while open (made again after an error). */
  private async follow(from: number, deliver: (l: Logged) => void, until?: number): Promise<void> {
    const js = jetstream(this.nc);
    while (!this.closed) {
      try {
        const consumer = await js.consumers.get(this.name, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
        const messages = await consumer.consume({ max_messages: 1_000 });
        for await (const m of messages) {
          from = m.seq + 1;
          const l = this.decode(m.seq, m.data);
          if (l !== undefined) deliver(l);
          if (until !== undefined && m.seq >= until) {
            // not awaited: close() settles once this loop has left the iterator (awaiting it here never ends)
            void messages.close();
            return;
          }
        }
      } catch {
        // made again from where it was
      }
      if (until !== undefined || this.closed) return;
      await sleep(250);
    }
  }

  /**
   * The events of one notification: the live ones, or (`history`) the kept
   * ones first, then the live ones after them, none twice.
   */
  private events(meta: NotificationMeta, history: boolean): Observable<NotificationEvent> {
    return new Observable<NotificationEvent>((subscriber) => {
      if (!history) {
        const s = this.live.pipe(filter((l) => l.meta === meta)).subscribe((l) => subscriber.next(l.event));
        return () => s.unsubscribe();
      }
      const queued: Logged[] = [];
      let upTo: number | undefined;
      const s = this.live.pipe(filter((l) => l.meta === meta)).subscribe((l) => {
        if (upTo === undefined) queued.push(l);
        else if (l.seq > upTo) subscriber.next(l.event);
      });
      void (async () => {
        const jsm = await jetstreamManager(this.nc);
        const state = (await jsm.streams.info(this.name)).state;
        if (state.last_seq > 0 && state.messages > 0) {
          await this.follow(state.first_seq, (l) => {
            if (l.meta === meta && !subscriber.closed) subscriber.next(l.event);
          }, state.last_seq);
        }
        upTo = state.last_seq;
        for (const l of queued.splice(0)) if (l.seq > state.last_seq) subscriber.next(l.event);
      })().catch(() => {
        upTo = 0;
        for (const l of queued.splice(0)) subscriber.next(l.event);
      });
      return () => s.unsubscribe();
    });
  }

  close(): void {
    this.closed = true;
    this.holder?.unsubscribe();
    this.stopSources();
    this.live.complete();
  }
}
