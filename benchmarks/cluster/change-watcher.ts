/**
 * A subscriber to a server's changes stream of bench-net (Server-Sent
 * Events over fetch) that notes when the value of each write of
 * bench-net's mtu leaf first arrived (performance.now() of this process).
 */
const MTU = /"target":"\/bench-net:network\/mtu"[^\n]*?"mtu":(\d+)/g;

export interface ChangeWatcher {
  /** Resolves with when `mtu` arrived (at once if it already did), or Infinity after `timeoutMs`. */
  arrival(mtu: number, timeoutMs: number): Promise<number>;
  close(): void;
}

export const watchChanges = async (url: string): Promise<ChangeWatcher> => {
  const abort = new AbortController();
  const r = await fetch(`${url}/restconf/streams/bench-net/changes`, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
  if (r.status !== 200 || r.body === null) throw new Error(`changes stream of ${url}: ${r.status} ${await r.text()}`);
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of r.body as ReadableStream<Uint8Array>) {
        const now = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        const end = pending.lastIndexOf('\n\n');
        if (end < 0) continue;
        const events = pending.slice(0, end);
        pending = pending.slice(end + 2);
        for (const m of events.matchAll(MTU)) {
          const mtu = Number(m[1]);
          if (arrived.has(mtu)) continue;
          arrived.set(mtu, now);
          waiting.get(mtu)?.(now);
          waiting.delete(mtu);
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    arrival: (mtu, timeoutMs) => {
      const at = arrived.get(mtu);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(mtu);
          resolve(Infinity);
        }, timeoutMs);
        waiting.set(mtu, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    close: () => abort.abort(),
  };
};
