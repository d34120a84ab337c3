/**
 * What the leader-kill test prints when its replicas end different: from
 * each replica's trace of the commit log (RXCONF_CLUSTER_TRACE,
 * src/cluster/apply-trace.ts), the sequences at which the replicas hold
 * different transactions, and for every differing entry the sequence and
 * transaction id at which each replica created or deleted it, beside the
 * stream's own message at that sequence. That tells a stream that served
 * different content (NATS diverged) from a replica that skipped a message.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TraceLine {
  readonly how: string;
  readonly seq: number;
  readonly id?: string;
  readonly data?: string;
}

/** The stream's own message at a sequence: its transaction id and text (undefined: none there). */
export type StreamMessage = (seq: number) => Promise<{ readonly id: string | undefined; readonly data: string } | undefined>;

const readTrace = (folder: string, replica: string): TraceLine[] => {
  const file = join(folder, `${replica}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as TraceLine);
};

const short = (s: string | undefined, n = 160): string => (s === undefined ? '-' : s.length > n ? `${s.slice(0, n)}…` : s);

/** The report's lines: replicas named as their trace files, `held` the entries' ids each replica holds. */
export const diagnoseDivergence = async (
  folder: string, replicas: readonly string[], held: readonly ReadonlySet<number>[], message: StreamMessage,
  /** Entries to explain besides those not held by every replica (acknowledged edits lost). */
  also: readonly number[] = [],
): Promise<string[]> => {
  const out: string[] = [];
  const traces = replicas.map((r) => readTrace(folder, r));
  // The transaction each replica holds at each sequence (applied from the log or its own).
  const atSeq = traces.map((lines) => {
    const m = new Map<number, string>();
    for (const l of lines) if (l.how === 'log' || l.how === 'own') m.set(l.seq, l.id ?? '?');
    return m;
  });
  const seqs = new Set(atSeq.flatMap((m) => [...m.keys()]));
  const differing = [...seqs].sort((a, b) => a - b).filter((s) => {
    const ids = atSeq.map((m) => m.get(s)).filter((x) => x !== undefined);
    return new Set(ids).size > 1;
  });
  out.push(`sequences where replicas applied different transactions: ${differing.length === 0 ? 'none' : differing.slice(0, 20).join(', ')}`);
  for (const s of differing.slice(0, 5)) {
    const stream = await message(s).catch((e: unknown) => ({ id: `(get failed: ${String(e)})`, data: '' }));
    out.push(`  seq ${s}: ${replicas.map((r, i) => `${r} ${atSeq[i]?.get(s) ?? '-'}`).join(', ')}; stream ${stream?.id ?? '(none)'} ${short(stream?.data)}`);
  }
  const union = new Set(held.flatMap((h) => [...h]));
  const differ = [...union].filter((id) => !held.every((h) => h.has(id)));
  out.push(`entries not held by every replica: ${differ.sort((a, b) => a - b).slice(0, 20).join(', ') || 'none'}`);
  const odd = [...new Set([...differ, ...also])].sort((a, b) => a - b);
  for (const entry of odd.slice(0, 5)) {
    const mentions = new RegExp(`(?<![0-9])${entry}(?![0-9])`);
    out.push(`entry ${entry}: held by ${replicas.filter((_, i) => held[i]?.has(entry)).join(', ')}`);
    const asked = new Set<number>();
    for (const [i, r] of replicas.entries()) {
      for (const l of traces[i] ?? []) {
        if (l.data === undefined || !mentions.test(l.data)) continue;
        out.push(`  ${r}: ${l.how} seq ${l.seq} txn ${l.id ?? '-'} ${short(l.data)}`);
        if (l.how !== 'undone') asked.add(l.seq);
      }
    }
    for (const s of [...asked].sort((a, b) => a - b)) {
      const stream = await message(s).catch((e: unknown) => ({ id: `(get failed: ${String(e)})`, data: '' }));
      const each = replicas.map((r, i) => {
        const ls = (traces[i] ?? []).filter((l) => l.seq === s && l.how !== 'undone');
        return `${r} ${ls.map((l) => `${l.how}:${l.id ?? '-'}`).join('/') || '-'}`;
      });
      out.push(`  seq ${s}: stream ${stream?.id ?? '(none)'} ${short(stream?.data)}; ${each.join(', ')}`);
    }
  }
  return out;
};
