/**
 * NACM checks a move (YANG Patch `move`, and `insert` on an existing entry)
 * in the dry run too, so a user who may read an ordered-by user list but
 * not write it gets 403 before any node hears of the edit (no BeginEdit),
 * and the order stays; a user who may write moves as asked. Over real
 * sockets, both transports.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import type { Node } from '../../src/actors/node.ts';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'nacm-move');

const DATA = {
  'ietf-netconf-acm:nacm': {
    'write-default': 'deny',
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'readers', 'user-name': ['bob'] }, { name: 'jobs', 'user-name': ['dave'] }] },
    'rule-list': [
      { name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] },
      { name: 'jobs', group: ['jobs'], rule: [{ name: 'jobs', 'module-name': 'nm-queue', path: '/nm-queue:queue/job', 'access-operations': 'update', action: 'permit' }] },
    ],
  },
  'nm-queue:queue': { job: [{ name: 'a', prio: 1 }, { name: 'b', prio: 2 }, { name: 'c', prio: 3 }], tag: ['x', 'y', 'z'] },
};

const patch = (edit: Record<string, string>): unknown => ({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: [{ 'edit-id': 'e', ...edit }] } });

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: a move the user may not make is refused 403 in the dry run (no BeginEdit) and the order stays`, async (t) => {
    const data = join(mkdtempSync(join(tmpdir(), 'rxconf-nacm-move-')), 'data.json');
    writeFileSync(data, JSON.stringify(DATA));
    const hooks: string[] = [];
    const server: RxconfServer = createServer({
      searchPath: [yang], modules: ['nm-queue'], host: '127.0.0.1', port: 0, logger: false, transport, data,
      auth: { proxy: { trusted: ['127.0.0.1'] } },
      nacm: true,
      nodes: {
        'nm-queue': (_ctx, stored) => wrapDeep(stored, (n: Node) => extendNode(n, {
          beginEdit: (base, r) => {
            hooks.push(`begin ${r.path.segments.length}`);
            return base.beginEdit?.(r);
          },
        })),
      },
    });
    try {
      const { url } = await server.listen();
      const send = async (user: string, method: string, path: string, body?: unknown, type = 'application/yang-data+json'): Promise<{ status: number; text: string }> => {
        const r = await fetch(`${url}/restconf/data/${path}`, {
          method, headers: { 'x-remote-user': user, 'content-type': type, accept: 'application/yang-data+json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: r.status, text: await r.text() };
      };
      const order = async (): Promise<unknown> => {
        const q = JSON.parse((await send('bob', 'GET', 'nm-queue:queue')).text) as { 'nm-queue:queue': { job: { name: string }[]; tag: string[] } };
        return { jobs: q['nm-queue:queue'].job.map((j) => j.name), tags: q['nm-queue:queue'].tag };
      };
      const before = { jobs: ['a', 'b', 'c'], tags: ['x', 'y', 'z'] };
      t.deepEqual(await order(), before, 'bob may read the list');
      const yangPatch = 'application/yang-patch+json';
      const moveJob = await send('bob', 'PATCH', 'nm-queue:queue', patch({ operation: 'move', target: '/job=c', where: 'before', point: '/job=a' }), yangPatch);
      t.is(moveJob.status, 403, moveJob.text);
      t.regex(moveJob.text, /access-denied/);
      t.regex(moveJob.text, /job\[name='c'\]/, 'the error-path names the entry');
      t.deepEqual(hooks, [], 'refused before any node heard of it');
      const moveTag = await send('bob', 'PATCH', 'nm-queue:queue', patch({ operation: 'move', target: '/tag=z', where: 'first' }), yangPatch);
      t.is(moveTag.status, 403, moveTag.text);
      t.regex(moveTag.text, /access-denied/);
      t.deepEqual(hooks, []);
      const insert = await send('bob', 'PUT', 'nm-queue:queue/job=c?insert=first', { 'nm-queue:job': [{ name: 'c', prio: 3 }] });
      t.is(insert.status, 403, insert.text);
      t.deepEqual(hooks, [], 'a PUT that would move an existing entry likewise');
      t.deepEqual(await order(), before, 'the order is unchanged');
      // dave may update the jobs (not the tags): the dry run runs and lets his move through
      const daveJob = await send('dave', 'PATCH', 'nm-queue:queue', patch({ operation: 'move', target: '/job=b', where: 'last' }), yangPatch);
      t.true(daveJob.status === 200 || daveJob.status === 204, daveJob.text);
      t.deepEqual(await order(), { jobs: ['a', 'c', 'b'], tags: ['x', 'y', 'z'] });
      const daveTag = await send('dave', 'PATCH', 'nm-queue:queue', patch({ operation: 'move', target: '/tag=z', where: 'first' }), yangPatch);
      t.is(daveTag.status, 403, daveTag.text);
      t.deepEqual(await order(), { jobs: ['a', 'c', 'b'], tags: ['x', 'y', 'z'] });
      hooks.length = 0;
      const allowed = await send('alice', 'PATCH', 'nm-queue:queue', patch({ operation: 'move', target: '/job=c', where: 'before', point: '/job=a' }), yangPatch);
      t.true(allowed.status === 200 || allowed.status === 204, allowed.text);
      t.true(hooks.length > 0, 'a permitted move runs the hooks');
      t.deepEqual(await order(), { jobs: ['c', 'a', 'b'], tags: ['x', 'y', 'z'] }, 'and moves');
    } finally {
      await server.close();
    }
  });
}
