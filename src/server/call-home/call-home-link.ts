/**
 * One Call Home client's connection, kept as its plan says. The server
 * opens the TCP connection and hands it to a TLS server that never listens
 * (`emit('connection')`): from there it is served like any accepted
 * connection. Persistent: when the connection drops, connect again at once,
 * then after 1 s, 2 s, 4 s... (bounded by maxDelayMs) while attempts fail.
 * Periodic: connect at every period's start, close after the idle time-out.
 * An attempt succeeds when the TLS handshake does (so a client whose
 * certificate is refused is retried with back-off, not in a tight loop).
 */
import { connect, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../logger.ts';
import { retryDelay, type CallHomePlan } from './call-home-options.ts';

/** What the link needs of the TLS server: it accepts a connection, and tells of handshakes done or failed. */
export interface TlsAcceptor {
  emit(event: 'connection', socket: Socket): boolean;
  on(event: 'secureConnection', listener: (socket: TLSSocket) => void): unknown;
  on(event: 'tlsClientError', listener: (error: Error, socket: TLSSocket) => void): unknown;
}

export type LinkState = 'connecting' | 'connected' | 'waiting' | 'given-up' | 'stopped';

export class CallHomeLink {
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private periodStart = 0;
  private secured = false;
  state: LinkState = 'waiting';
  /** Connections that completed their TLS handshake. */
  sessions = 0;

  constructor(readonly plan: CallHomePlan, private readonly server: TlsAcceptor, private readonly logger: Logger) {
    server.on('secureConnection', () => {
      this.secured = true;
      this.failures = 0;
      this.sessions += 1;
      this.state = 'connected';
      this.logger.info({ callHome: plan.name }, 'call home connected');
    });
    server.on('tlsClientError', (error) => {
      this.logger.warn({ callHome: plan.name, err: { message: error.message } }, 'call home TLS handshake failed');
    });
  }

  start(): void {
    this.periodStart = Date.now();
    this.attempt();
  }

  stop(): void {
    this.state = 'stopped';
    clearTimeout(this.timer);
    this.socket?.destroy();
    this.socket = undefined;
  }

  private attempt(): void {
    if (this.state === 'stopped') return;
    this.state = 'connecting';
    this.secured = false;
    const socket = connect({ host: this.plan.host, port: this.plan.port });
    this.socket = socket;
    socket.setKeepAlive(true, 30_000);
    socket.once('connect', () => {
      const idle = this.plan.periodic?.idleTimeoutMs ?? 0;
      if (idle > 0) socket.setTimeout(idle, () => socket.destroy());
      this.server.emit('connection', socket);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!this.secured) this.logger.warn({ callHome: this.plan.name, err: { message: e.message, code: e.code } }, 'call home connection failed');
    });
    socket.once('close', () => {
      if (this.socket === socket) this.socket = undefined;
      if (this.state === 'stopped') return;
      if (this.secured) this.logger.info({ callHome: this.plan.name }, 'call home connection closed');
      else this.failures += 1;
      this.schedule();
    });
  }

  /** The next attempt: a retry with back-off, the next period, or none. */
  private schedule(): void {
    const plan = this.plan;
    const now = Date.now();
    if (this.failures >= plan.maxAttempts) {
      this.failures = 0;
      if (plan.periodic === undefined) {
        this.state = 'given-up';
        this.logger.error({ callHome: plan.name, attempts: plan.maxAttempts }, 'call home gave up');
        return;
      }
    }
    let wait = retryDelay(plan, this.failures);
    if (plan.periodic !== undefined && this.failures === 0) {
      // the connection of this period is over (or its attempts are spent): the next period
      const next = this.periodStart + plan.periodic.periodMs * Math.max(1, Math.ceil((now - this.periodStart) / plan.periodic.periodMs));
      wait = next - now;
    }
    this.state = 'waiting';
    this.timer = setTimeout(() => {
      if (plan.periodic !== undefined && this.failures === 0) this.periodStart = Date.now();
      this.attempt();
    }, Math.max(0, wait));
    this.timer.unref?.();
  }
}
