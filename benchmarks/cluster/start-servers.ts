/**
 * The servers of one cluster benchmark run, each `rxconf serve` as users
 * run it (spawn-rxconf.ts: the built command, access log on to a file,
 * `--data`) serving the two-module model and the benchmark's notification
 * application:
 * - the baseline: one process on its journal;
 * - a 3-node NATS cluster on loopback and 3 replicas on it, the commit log
 *   created with `--cluster-replicas 3` (R3), as docs/cluster.md deploys.
 */
import { mkdirSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { join } from 'node:path';
import { writeClusterSeed } from './cluster-seed.ts';
import type { ServerProcess } from '../http/server-process.ts';
import type { RxconfLauncher } from '../http/spawn-rxconf.ts';
import { natsBinary, startNatsCluster, type NatsCluster } from '../../test/cluster/helpers/nats-processes.ts';

export interface BenchServers {
  /** The single process on its journal. */
  readonly single: ServerProcess;
  /** The replicas r0, r1, r2. */
  readonly replicas: readonly ServerProcess[];
  readonly nats: NatsCluster;
  /** The NATS servers' process ids (for their CPU). */
  natsPids(): number[];
  /** The last sequence of the cluster's events stream (<stream>_EVENTS), as NATS says: the events it has stored. */
  eventsStored(): Promise<number>;
  /** How rxconf serve ran. */
  readonly how: string;
  /** Stops every server; says what went wrong (stderr lines, unclean exits). */
  stop(): Promise<string[]>;
}

export interface ServerSettings {
  readonly dir: string;
  readonly launcher: RxconfLauncher;
  readonly entries: number;
  readonly replayEvents: number;
  readonly log: (line: string) => void;
  /** Each rxconf serve writes a V8 CPU profile into `<profileDir>/<name>` when it stops. */
  readonly profileDir?: string;
}

/** The benchmark's application module on top of the http benchmark's model. */
const APP_ARGS = ['--path', join('benchmarks', 'cluster'), '--module', 'bench-cluster', '--app', join('benchmarks', 'cluster', 'bench-cluster-app.mjs')];

const STREAM = 'BENCH';

/** The last sequence of a stream, as NATS says. */
const lastSequence = async (servers: string, name: string): Promise<number> => {
  const nc = await connect({ servers: servers.split(',') });
  try {
    return (await (await jetstreamManager(nc)).streams.info(name)).state.last_seq;
  } finally {
    await nc.close();
  }
};

export const startServers = async (s: ServerSettings): Promise<BenchServers> => {
  if (natsBinary === undefined) throw new Error('the cluster benchmark needs nats-server (Debian: apt-get install nats-server)');
  const started: { readonly name: string; readonly server: ServerProcess }[] = [];
  const start = async (name: string, extraArgs: readonly string[]): Promise<ServerProcess> => {
    const dataDir = join(s.dir, `data-${name}`);
    mkdirSync(dataDir);
    writeClusterSeed(join(dataDir, 'data.json'), s.entries, s.replayEvents);
    const cpuProfileDir = s.profileDir === undefined ? undefined : join(s.profileDir, name);
    if (cpuProfileDir !== undefined) mkdirSync(cpuProfileDir, { recursive: true });
    const { server } = await s.launcher.start({
      dataFile: join(dataDir, 'data.json'), stdoutFile: join(s.dir, `${name}-stdout.log`), extraArgs: [...APP_ARGS, ...extraArgs],
      ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
    });
    started.push({ name, server });
    return server;
  };
  const nats = await startNatsCluster(3);
  const stop = async (): Promise<string[]> => {
    const problems: string[] = [];
    for (const { name, server } of started.splice(0)) {
      for (const line of server.stderr) problems.push(`${name} stderr: ${line}`);
      const end = await server.stop();
      if (end !== 'exit 0') problems.push(`${name} ended with ${end} on SIGTERM`);
    }
    await nats.stop();
    return problems;
  };
  try {
    const single = await start('single', []);
    s.log(`  single process: ${single.url}`);
    const replica = (i: number): Promise<ServerProcess> =>
      start(`r${i}`, ['--cluster', nats.urls, '--cluster-replicas', '3', '--cluster-stream', STREAM, '--replica-id', `r${i}`, '--cluster-wait', '120']);
    // the first creates the streams (R3) and seeds them; the others join
    const first = await replica(0);
    const replicas = [first, ...(await Promise.all([1, 2].map(replica)))];
    s.log(`  replicas on a 3-node NATS cluster (R3): ${replicas.map((r) => r.url).join(', ')}`);
    return {
      single,
      replicas,
      nats,
      natsPids: () => nats.nodes.flatMap((n) => (n.pid === undefined ? [] : [n.pid])),
      eventsStored: () => lastSequence(nats.urls, `${STREAM}_EVENTS`),
      how: s.launcher.how,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
};
