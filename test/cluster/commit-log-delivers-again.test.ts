/**
 * The commit log delivers again from a sequence it is told to (what a
 * replica does when a message is missing before one it was given): the
 * consumer is made again from there, on a real nats-server.
 */
import { CommitLog } from '../../src/cluster/commit-log.ts';
import { natsTest, startNats } from './helpers/nats-server.ts';

natsTest('refollow delivers the log again from the sequence named, in order', async (t) => {
  t.timeout(30_000);
  const nats = await startNats();
  const log = await CommitLog.open({ servers: [nats.urls], stream: 'REFOLLOW', replicas: 1 });
  try {
    for (let i = 0; i < 3; i++) t.deepEqual(await log.publish(new TextEncoder().encode(`[${i}]`), `t${i}`, i), { seq: i + 1 });
    const seqs: number[] = [];
    let told: (() => void) | undefined;
    const until = (n: number): Promise<void> => new Promise((resolve) => {
      told = () => {
        if (seqs.length >= n) resolve();
      };
      told();
    });
    void log.follow(1, ({ seq }) => {
      seqs.push(seq);
      told?.();
    });
    await until(3);
    log.refollow(2);
    await until(5);
    t.deepEqual(seqs, [1, 2, 3, 2, 3]);
  } finally {
    await log.close();
    await nats.stop();
  }
});
