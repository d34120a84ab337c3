/**
 * Real Debian `nats-server` processes with JetStream: one server, or a
 * 3-node cluster routed on loopback, each with a temporary store
 * directory, on free ports; stopped (and their directories removed) by the
 * caller. Used by the cluster tests (through nats-server.ts) and by
 * `npm run bench -- cluster`; `natsBinary` is undefined where nats-server
 * is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const findBinary = (): string | undefined => {
  for (const p of ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']) {
    if (spawnSync(p, ['--version']).status === 0) return p;
  }
  const r = spawnSync('nats-server', ['--version']);
  return r.status === 0 ? 'nats-server' : undefined;
};

export const natsBinary = findBinary();

export const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const s = createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});

const accepts = (port: number): Promise<boolean> => new Promise((resolve) => {
  const c = tcpConnect(port, '127.0.0.1');
  c.once('connect', () => {
    c.destroy();
    resolve(true);
  });
  c.once('error', () => resolve(false));
});

/** One nats-server process; `stop()` and `start()` again keep its port and store. */
export class NatsNode {
  private child: ChildProcess | undefined;
  log = '';

  constructor(
    readonly port: number,
    readonly storeDir: string,
    private readonly extra: readonly string[] = [],
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** The process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child !== undefined) return;
    const child = spawn(natsBinary as string, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir, ...this.extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => { this.log += d.toString(); });
    child.stderr?.on('data', (d: Buffer) => { this.log += d.toString(); });
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    for (let i = 0; i < 200; i++) {
      if (await accepts(this.port)) return;
      if (this.child === undefined) throw new Error(`nats-server exited: ${this.log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nats-server did not listen on ${this.port}: ${this.log}`);
  }

  /** Stops the process (SIGKILL with `kill`, else SIGTERM) and waits for its end. */
  async stop(kill = false): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(kill ? 'SIGKILL' : 'SIGTERM');
    await ended;
    this.child = undefined;
  }
}

export interface NatsCluster {
  readonly nodes: readonly NatsNode[];
  /** Every node's client URL, comma-separated (what --cluster takes). */
  readonly urls: string;
  stop(): Promise<void>;
}

/** One JetStream server (R1). */
export const startNats = async (): Promise<NatsCluster> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-nats-'));
  const node = new NatsNode(await freePort(), dir);
  await node.start();
  return {
    nodes: [node],
    urls: node.url,
    stop: async () => {
      await node.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** A 3-node JetStream cluster routed on loopback (R3 streams possible). */
export const startNatsCluster = async (size = 3): Promise<NatsCluster> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-nats-cluster-'));
  const clientPorts: number[] = [];
  const routePorts: number[] = [];
  for (let i = 0; i < size; i++) {
    clientPorts.push(await freePort());
    routePorts.push(await freePort());
  }
  const routes = routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(',');
  const nodes = clientPorts.map((port, i) => new NatsNode(port, join(dir, `n${i}`), [
    '--name', `n${i}`, '--cluster_name', 'rxconf-test', '--cluster', `nats://127.0.0.1:${routePorts[i] as number}`, '--routes', routes,
  ]));
  await Promise.all(nodes.map((n) => n.start()));
  return {
    nodes,
    urls: nodes.map((n) => n.url).join(','),
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
