/**
 * The JetStream view of a stream on a test NATS cluster: which node leads
 * it (`cluster.leader` of the stream info) and whether every replica of it
 * is current, asked over a connection of the test's own to every node.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsCluster, NatsNode } from './nats-server.ts';

export interface StreamWatch {
  /** The node leading the stream, once it has a leader and every other replica is current (waits up to `ms`). */
  settledLeader(ms?: number): Promise<NatsNode>;
  /** The nodes whose replica of the stream is not current (offline or behind) now. */
  laggards(): Promise<NatsNode[]>;
  /** The stream's last sequence now. */
  lastSequence(): Promise<number>;
  /** How long after `since` (ms since the epoch) a node other than `gone` led the stream (polled every 50 ms, up to `ms`; NaN: none did). */
  electedAfter(gone: NatsNode, since: number, ms?: number): Promise<number>;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export const watchStream = async (nats: NatsCluster, stream: string): Promise<StreamWatch> => {
  const nc: NatsConnection = await connect({ servers: nats.urls.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  // a cluster just started answers JetStream requests once its nodes have met: asked again until then
  let jsm: JetStreamManager | undefined;
  for (const until = Date.now() + 60_000; jsm === undefined; ) {
    try {
      jsm = await jetstreamManager(nc, { timeout: 2_000 });
    } catch (e) {
      if (Date.now() > until) {
        await nc.close();
        throw e;
      }
      await sleep(200);
    }
  }
  // asked often while the stream may have no leader: a short time-out
  const quick = await jetstreamManager(nc, { timeout: 250, checkAPI: false });
  return {
    settledLeader: async (ms = 60_000) => {
      const until = Date.now() + ms;
      let last = '';
      while (Date.now() < until) {
        try {
          const info = await jsm.streams.info(stream);
          const c = info.cluster;
          const leader = nats.nodes.find((_, i) => c?.leader === `n${i}`);
          const others = c?.replicas ?? [];
          last = JSON.stringify(c);
          if (leader?.running === true && others.length === nats.nodes.length - 1 && others.every((r) => r.current && r.offline !== true)) return leader;
        } catch (e) {
          last = e instanceof Error ? e.message : String(e);
        }
        await sleep(100);
      }
      throw new Error(`stream ${stream} has no settled leader after ${ms} ms: ${last}`);
    },
    laggards: async () => {
      const replicas = (await jsm.streams.info(stream)).cluster?.replicas ?? [];
      return nats.nodes.filter((_, i) => replicas.some((r) => r.name === `n${i}` && (!r.current || r.offline === true)));
    },
    lastSequence: async () => (await jsm.streams.info(stream)).state.last_seq,
    electedAfter: async (gone, since, ms = 60_000) => {
      const name = `n${nats.nodes.indexOf(gone)}`;
      // (polled every 50 ms: within about 0.3 s of the election)
      while (Date.now() - since < ms) {
        const leader = await quick.streams.info(stream).then((i) => i.cluster?.leader, () => undefined);
        if (leader !== undefined && leader !== '' && leader !== name) return Date.now() - since;
        await sleep(50);
      }
      return Number.NaN;
    },
    close: () => nc.close(),
  };
};
