/**
 * Dynamic subscriptions across the replicas of a datastore
 * (subscription-routing.ts), through NATS:
 *
 * - An id is the sequence of a message the establishing replica publishes
 *   into `<stream>_SUBSCRIPTIONS` naming itself: unique across replicas,
 *   and the message tells who owns the subscription.
 * - Every replica answers requests on its own subject,
 *   `rxconf.<stream>.subscriptions.<replica, hex>`: modify-, delete- and
 *   kill-subscription sent to another replica are looked up there (the
 *   message of the id) and sent to the owner, which runs them as its own
 *   and answers; its errors are the caller's. An owner that is gone has
 *   no subscriptions (no responders): no-such-subscription.
 */
import { Buffer } from 'node:buffer';
import { RequestError, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType, DiscardPolicy } from '@nats-io/jetstream';
import { restconfError, RestconfFailure, type RestconfError } from '../../errors/index.ts';
import type { RoutedCall, SubscriptionRouting } from '../../streams/subscriptions/subscription-routing.ts';
import type { ClusterBackend } from '../cluster-backend.ts';

/** How many ids' owners the stream keeps (the oldest dropped first; a subscription that old can then be reached on its owner only). */
const KEPT_IDS = 1_000_000;
const REQUEST_TIMEOUT_MS = 5_000;

type Reply = { readonly ok: true } | { readonly errors: readonly RestconfError[] };

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const unavailable = (message: string): RestconfFailure => new RestconfFailure([restconfError('resource-denied', message, { status: 503 })]);
const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

export class SubscriptionPeers implements SubscriptionRouting {
  private nats: { readonly nc: NatsConnection; readonly name: string; readonly subject: string; readonly control: string } | undefined;
  private run: ((call: RoutedCall) => void) | undefined;
  private inbox: Subscription | undefined;
  private closed = false;

  private started: Promise<void>;

  /** `joined` settles once the replica holds the cluster's data (its NATS connection made). */
  constructor(private readonly backend: ClusterBackend, joined: Promise<void>) {
    this.started = joined.then(() => this.start());
    this.started.catch(() => undefined);
  }

  private async start(): Promise<void> {
    const n = this.backend.nats;
    if (n === undefined || this.closed) return;
    const base = `rxconf.${n.stream.toLowerCase()}`;
    const name = `${n.stream}_SUBSCRIPTIONS`;
    const jsm = await jetstreamManager(n.connection);
    await jsm.streams.info(name).catch(() => jsm.streams.add({
      name, subjects: [`${base}.subscription`], num_replicas: n.replicas,
      storage: StorageType.File, retention: RetentionPolicy.Limits, max_msgs: KEPT_IDS, discard: DiscardPolicy.Old,
    }));
    this.nats = { nc: n.connection, name, subject: `${base}.subscription`, control: `${base}.subscriptions` };
    this.inbox = n.connection.subscribe(this.subjectOf(this.backend.replica), { callback: (_e, m) => void m.respond(encoder.encode(JSON.stringify(this.answer(m.data)))) });
  }

  private subjectOf(replica: string): string {
    return `${this.nats?.control as string}.${hex(replica)}`;
  }

  private answer(data: Uint8Array): Reply {
    try {
      const call = JSON.parse(decoder.decode(data)) as RoutedCall;
      (this.run as (call: RoutedCall) => void)(call);
      return { ok: true };
    } catch (e) {
      if (e instanceof RestconfFailure) return { errors: e.errors };
      return { errors: [restconfError('operation-failed', e instanceof Error ? e.message : String(e))] };
    }
  }

  private async ready(): Promise<NonNullable<SubscriptionPeers['nats']>> {
    await this.started.catch(() => undefined);
    if (this.nats === undefined && !this.closed) {
      this.started = this.start(); // NATS was not there when the replica joined
      await this.started.catch(() => undefined);
    }
    if (this.nats === undefined) throw unavailable('this replica has not yet joined the cluster\'s subscriptions');
    return this.nats;
  }

  async newId(): Promise<number> {
    const n = await this.ready();
    const ack = await jetstream(n.nc).publish(n.subject, JSON.stringify({ replica: this.backend.replica })).catch((e: unknown) => {
      throw unavailable(`no subscription id from the cluster (${e instanceof Error ? e.message : String(e)}); try again`);
    });
    return ack.seq;
  }

  async forward(id: number, call: RoutedCall): Promise<boolean> {
    const n = await this.ready();
    const stored = await (await jetstreamManager(n.nc)).streams.getMessage(n.name, { seq: id }).catch(() => null);
    const owner = stored === null ? undefined : (JSON.parse(decoder.decode(stored.data)) as { replica?: string }).replica;
    if (owner === undefined || owner === this.backend.replica) return false;
    const reply = await n.nc.request(this.subjectOf(owner), encoder.encode(JSON.stringify(call)), { timeout: REQUEST_TIMEOUT_MS })
      .then((m) => JSON.parse(decoder.decode(m.data)) as Reply, (e: unknown) => {
        if (e instanceof RequestError && e.isNoResponders()) return undefined; // the owner is gone, and its subscriptions with it
        throw unavailable(`replica ${owner}, which owns subscription ${id}, did not answer; try again`);
      });
    if (reply === undefined) return false;
    if ('errors' in reply) throw new RestconfFailure(reply.errors);
    return true;
  }

  serve(run: (call: RoutedCall) => void): void {
    this.run = run;
  }

  close(): void {
    this.closed = true;
    this.inbox?.unsubscribe();
  }
}
