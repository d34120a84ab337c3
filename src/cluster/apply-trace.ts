/**
 * A replica's trace of the commit log, for diagnosing replicas that end
 * different: with `RXCONF_CLUSTER_TRACE` naming a folder, every replica
 * appends one JSON line per event to `<folder>/<replica>.jsonl`: a commit
 * applied from the log (`log`), its own commit stored (`own`), a message
 * delivered again or its own commit arriving with the log (`skip`), an
 * edit undone (`undone`, `reordered`), a snapshot loaded (`snapshot`) and
 * a delivery asked for again (`refollow`), and this replica's turns to
 * commit (`turn`: asked, granted with the stream's last sequence, ended,
 * or not had), each with the sequence, the transaction id
 * (`Nats-Msg-Id`) and the message's text. Unset: nothing.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export type TraceEvent = 'log' | 'own' | 'skip' | 'undone' | 'reordered' | 'snapshot' | 'refollow' | 'fork' | 'rebuild' | 'turn';

export type ApplyTrace = (how: TraceEvent, seq: number, id?: string, data?: Uint8Array | string) => void;

const decoder = new TextDecoder();

/** The trace of replica `replica`, or undefined when `RXCONF_CLUSTER_TRACE` is not set. */
export const openApplyTrace = (replica: string): { readonly trace: ApplyTrace; readonly close: () => void } | undefined => {
  const folder = process.env.RXCONF_CLUSTER_TRACE;
  if (folder === undefined || folder === '') return undefined;
  mkdirSync(folder, { recursive: true });
  // written at once (a test reads it while the replica runs)
  const fd = openSync(join(folder, `${replica.replace(/[^\w.-]/g, '_')}.jsonl`), 'a');
  return {
    trace: (how, seq, id, data) => {
      const text = data === undefined ? undefined : typeof data === 'string' ? data : decoder.decode(data);
      writeSync(fd, `${JSON.stringify({ how, seq, at: Date.now(), ...(id === undefined ? {} : { id }), ...(text === undefined ? {} : { data: text }) })}\n`);
    },
    close: () => closeSync(fd),
  };
};
