/** How a server joins a cluster: `rxconf serve --cluster nats://HOST:PORT[,…]`, `createServer({ cluster })`. */
export interface ClusterOptions {
  /** NATS server URLs. */
  readonly servers: readonly string[];
  /** The JetStream stream that holds the datastore's commit log (default `RXCONF`). */
  readonly stream?: string;
  /** The stream's replicas when this replica creates it: 1, or 3 on a 3-node NATS cluster (default 1). */
  readonly replicas?: number;
  /** This replica's id in the runtime state (default a random UUID). */
  readonly replica?: string;
  /** How long a commit waits for JetStream's acknowledgement (default 5,000 ms). */
  readonly publishTimeoutMs?: number;
  /**
   * How long start-up (`listen()`) waits for NATS and the stream before it
   * fails naming the servers (default 30,000 ms): a replica serves only
   * once it holds the cluster's data.
   */
  readonly startTimeoutMs?: number;
  /**
   * A snapshot of the datastore is taken every this many commits of the
   * log (by the replica whose commit reaches the multiple), and the log
   * below the previous snapshot dropped (default 10,000; 0: never).
   */
  readonly snapshotEvery?: number;
  /**
   * Whether this replica's edits run only in its turn to commit, granted by
   * the sequencer one replica at a time (default true): replicas writing at
   * once then commit one after another instead of conflicting. false: edits
   * run at once, and a commit validated before another replica's is
   * refused and made again (after 8 in a row the client gets 409 in-use).
   */
  readonly turns?: boolean;
  /**
   * Listen on a port other replicas of this machine listen on too (what
   * `rxconf serve --workers` gives each worker): uWebSockets.js with
   * SO_REUSEPORT, node:http through the node:cluster primary's socket.
   * Default false: the port is listened on exclusively.
   */
  readonly sharedPort?: boolean;
}
