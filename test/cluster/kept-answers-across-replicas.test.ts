/**
 * A replica's GET of a module's root, whose JSON it keeps from one read to
 * the next (src/actors/read/container-memo.ts), shows every edit another
 * replica made as soon as the log is applied: read with the edit's
 * sequence, it answers what a read that keeps nothing answers, with the
 * edit in it.
 */
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

let nats: NatsCluster | undefined;
let replicas: Replica[] = [];

natsTest.after.always(async () => {
  for (const r of replicas) await r.server.close();
  await nats?.stop();
});

natsTest('a replica\'s kept module root shows each edit applied from the log, at the edit\'s sequence', async (t) => {
  nats = await startNats();
  const a = await startReplica(nats.urls, { stream: 'KEPT', replica: 'a' });
  replicas.push(a);
  const b = await startReplica(nats.urls, { stream: 'KEPT', replica: 'b' });
  replicas.push(b);
  const read = async (query: string, seq: string): Promise<string> => {
    const r = await send(b.url, 'GET', `st-store:${query}`, undefined, { 'rxconf-sequence': seq });
    return `${r.status} ${await r.text()}`;
  };
  const edits: Array<[string, string, unknown, string]> = [];
  for (let i = 1; i <= 8; i++) {
    edits.push(['POST', 'st-store:', { 'st-store:entry': [{ id: i, v: `v${i}` }] }, `"v${i}"`]);
    edits.push(['PATCH', 'st-store:', { 'st-store:entry': [{ id: i, v: `w${i}` }] }, `"w${i}"`]);
    edits.push(['PUT', `st-store:settings`, { 'st-store:settings': { name: `n${i}` } }, `"n${i}"`]);
  }
  edits.push(['DELETE', 'st-store:entry=3', undefined, '"id":4']);
  for (const [method, path, body, shows] of edits) {
    const r = await send(a.url, method, path, body);
    t.true(r.status < 300, `${method} ${path}: ${r.status} ${await r.text()}`);
    const seq = r.headers.get('rxconf-sequence') as string;
    const fresh = await read('?depth=65535', seq);
    for (let i = 0; i < 2; i++) {
      const kept = await read('', seq);
      t.is(kept, fresh, `${method} ${path}, read ${i}`);
      t.true(kept.includes(shows), `${method} ${path}: ${kept}`);
    }
  }
  t.false((await read('', '0')).includes('"id":3,'), 'the deleted entry is gone');
});
