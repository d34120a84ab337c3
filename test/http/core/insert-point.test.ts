/**
 * RFC 8040 §4.8.5 insert and §4.8.6 point on POST and PUT
 * of entries of ordered-by user lists and leaf-lists (first, last, before,
 * after; PUT with insert moves an entry that exists), and their errors,
 * each leaving the data as it was; the order kept across a restart and
 * made in application nodes (a reflected array). Over real sockets, uWS and
 * node:http, both compliance modes.
 */
import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reflectNode } from '../../../src/actors/index.ts';
import { createServer } from '../../../src/server/create-server.ts';
import { http1Client } from '../adapters/http1-client.ts';
import type { Exchange } from './conformance/case.ts';
import { checkExchange } from './conformance/check-exchange.ts';
import { EDITS_YANG, M, modal, runEditCases, TOP, type EditCase, type Modal } from './edit-servers.ts';

const point = (path: string): string => `point=${encodeURIComponent(`/${M}:top/${path}`)}`;
const songs = (m: Modal, ...names: string[]) => m.top('song', names.map((name) => ({ name })));
const song = (m: Modal, name: string, title?: string) => m.top('song', [{ name, ...(title === undefined ? {} : { title }) }]);

const cases: readonly EditCase[] = [
  {
    title: 'PUT of new list entries with insert=first, last, after and before a point',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', {}), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/song=s4?insert=first`, headers: m.send, body: song(m, 's4'), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/song=s5?insert=last`, headers: m.send, body: song(m, 's5'), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/song=s1?insert=first`, headers: m.send, body: song(m, 's1'), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/song=s2?insert=after&${point('song=s1')}`, headers: m.send, body: song(m, 's2'), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/song=s3?insert=before&${point('song=s4')}`, headers: m.send, body: song(m, 's3'), expect: { status: 201 } },
      { path: `${TOP}/song`, headers: m.get, expect: { status: 200, json: songs(m, 's1', 's2', 's3', 's4', 's5') } },
    ],
  },
  {
    title: 'POST of new list entries with insert and point',
    exchanges: (m) => [
      { method: 'POST', path: `${TOP}?insert=first`, headers: m.send, body: song(m, 's0'), expect: { status: 201 } },
      { method: 'POST', path: `${TOP}?insert=after&${point('song=s2')}`, headers: m.send, body: song(m, 's2b'), expect: { status: 201 } },
      { method: 'POST', path: `${TOP}?insert=before&${point('song=s0')}`, headers: m.send, body: song(m, 'sa'), expect: { status: 201 } },
      { method: 'POST', path: `${TOP}?insert=last`, headers: m.send, body: song(m, 'sz'), expect: { status: 201 } },
      { path: `${TOP}/song`, headers: m.get, expect: { status: 200, json: songs(m, 'sa', 's0', 's1', 's2', 's2b', 's3', 's4', 's5', 'sz') } },
    ],
  },
  {
    title: 'PUT with insert moves an entry that exists (and replaces it); PUT without insert leaves it where it is',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { song: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] }), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=d?insert=first`, headers: m.send, body: song(m, 'd', 'four'), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=a?insert=after&${point('song=c')}`, headers: m.send, body: song(m, 'a'), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=b?insert=last`, headers: m.send, body: song(m, 'b', 'two'), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=c`, headers: m.send, body: song(m, 'c', 'three'), expect: { status: 204 } },
      { path: `${TOP}/song`, headers: m.get, expect: { status: 200, json: m.top('song', [{ name: 'd', title: 'four' }, { name: 'c', title: 'three' }, { name: 'a' }, { name: 'b', title: 'two' }]) } },
      { method: 'PUT', path: `${TOP}/song=b?insert=before&${point('song=d')}`, headers: m.send, body: song(m, 'b'), expect: { status: 204 } },
      { path: `${TOP}/song`, headers: m.get, expect: { status: 200, json: m.top('song', [{ name: 'b' }, { name: 'd', title: 'four' }, { name: 'c', title: 'three' }, { name: 'a' }]) } },
    ],
  },
  {
    title: 'leaf-list entries: PUT and POST with insert and point, moves, and an entry PUT or PATCHed again stays in place',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { tag: ['m'] }), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/tag=a?insert=first`, headers: m.send, body: m.top('tag', ['a']), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/tag=z?insert=last`, headers: m.send, body: m.top('tag', ['z']), expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/tag=b?insert=after&${point('tag=a')}`, headers: m.send, body: m.top('tag', ['b']), expect: { status: 201 } },
      { method: 'POST', path: `${TOP}?insert=before&${point('tag=z')}`, headers: m.send, body: m.top('tag', ['y']), expect: { status: 201 } },
      { method: 'POST', path: `${TOP}?insert=first`, headers: m.send, body: m.top('tag', ['0']), expect: { status: 201 } },
      { path: `${TOP}/tag`, headers: m.get, expect: { status: 200, json: m.top('tag', ['0', 'a', 'b', 'm', 'y', 'z']) } },
      { method: 'PUT', path: `${TOP}/tag=a`, headers: m.send, body: m.top('tag', ['a']), expect: { status: 204 } },
      { method: 'PATCH', path: `${TOP}/tag=b`, headers: m.send, body: m.top('tag', ['b']), expect: { status: 204 } },
      { path: `${TOP}/tag`, headers: m.get, expect: { status: 200, json: m.top('tag', ['0', 'a', 'b', 'm', 'y', 'z']) } },
      { method: 'PUT', path: `${TOP}/tag=z?insert=first`, headers: m.send, body: m.top('tag', ['z']), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/tag=0?insert=after&${point('tag=m')}`, headers: m.send, body: m.top('tag', ['0']), expect: { status: 204 } },
      { path: `${TOP}/tag`, headers: m.get, expect: { status: 200, json: m.top('tag', ['z', 'a', 'b', 'm', '0', 'y']) } },
    ],
  },
  {
    title: 'insert=before or after without point: 400 missing-attribute; point without them, or a bad insert value: 400 invalid-value; nothing changes',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { song: [{ name: 'a' }, { name: 'b' }], tag: ['x', 'y'] }), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=c?insert=after`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'missing-attribute', type: 'protocol' } } },
      { method: 'POST', path: `${TOP}?insert=before`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'missing-attribute', type: 'protocol' } } },
      { method: 'PUT', path: `${TOP}/song=c?${point('song=a')}`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'invalid-value', type: 'protocol', message: /point/ } } },
      { method: 'PUT', path: `${TOP}/song=c?insert=first&${point('song=a')}`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'invalid-value', message: /point/ } } },
      { method: 'PUT', path: `${TOP}/song=c?insert=middle`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'invalid-value', message: /insert/ } } },
      { method: 'PUT', path: `${TOP}/tag=c?insert=after`, headers: m.send, body: m.top('tag', ['c']), expect: { status: 400, error: { tag: 'missing-attribute' } } },
      { path: TOP, headers: m.get, expect: { status: 200, json: m.top('top', { song: [{ name: 'a' }, { name: 'b' }], tag: ['x', 'y'] }) } },
    ],
  },
  {
    title: 'a point to a missing entry, to another list, to an entry of another parent or to the entry itself: 400 bad-attribute; nothing changes',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { song: [{ name: 'a' }, { name: 'b' }], tag: ['x', 'y'], playlist: [{ name: 'p1', track: [{ id: 1 }] }, { name: 'p2', track: [{ id: 2 }] }] }), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/song=c?insert=after&${point('song=nope')}`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'bad-attribute', type: 'protocol', path: `/${M}:top/song[name='nope']` } } },
      { method: 'POST', path: `${TOP}?insert=before&${point('song=nope')}`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'bad-attribute' } } },
      { method: 'PUT', path: `${TOP}/song=a?insert=after&${point('song=nope')}`, headers: m.send, body: song(m, 'a', 'changed'), expect: { status: 400, error: { tag: 'bad-attribute' } } },
      { method: 'PUT', path: `${TOP}/song=c?insert=after&${point('tag=x')}`, headers: m.send, body: song(m, 'c'), expect: { status: 400, error: { tag: 'bad-attribute', message: /not an entry of the list/ } } },
      { method: 'PUT', path: `${TOP}/playlist=p1/track=3?insert=after&${point('playlist=p2/track=2')}`, headers: m.send, body: m.top('track', [{ id: 3 }]), expect: { status: 400, error: { tag: 'bad-attribute' } } },
      { method: 'PUT', path: `${TOP}/song=a?insert=after&${point('song=a')}`, headers: m.send, body: song(m, 'a'), expect: { status: 400, error: { tag: 'bad-attribute', message: /is the entry being placed/ } } },
      { method: 'PUT', path: `${TOP}/tag=c?insert=before&${point('tag=nope')}`, headers: m.send, body: m.top('tag', ['c']), expect: { status: 400, error: { tag: 'bad-attribute', path: `/${M}:top/tag[.='nope']` } } },
      { method: 'POST', path: `${TOP}?insert=after&${point('song=a')}`, headers: m.send, body: m.top('tag', ['c']), expect: { status: 400, error: { tag: 'bad-attribute' } } },
      { path: TOP, headers: m.get, expect: { status: 200, json: m.top('top', { song: [{ name: 'a' }, { name: 'b' }], tag: ['x', 'y'], playlist: [{ name: 'p1', track: [{ id: 1 }] }, { name: 'p2', track: [{ id: 2 }] }] }) } },
    ],
  },
  {
    title: 'insert on an ordered-by system list or leaf-list, or on a target that is no entry: 400 invalid-value; nothing changes',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { plain: [{ id: 'p' }], sys: ['s'] }), expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/plain=q?insert=first`, headers: m.send, body: m.top('plain', [{ id: 'q' }]), expect: { status: 400, error: { tag: 'invalid-value', type: 'protocol', message: /ordered-by system/ } } },
      { method: 'POST', path: `${TOP}?insert=first`, headers: m.send, body: m.top('plain', [{ id: 'q' }]), expect: { status: 400, error: { tag: 'invalid-value', message: /ordered-by system/ } } },
      { method: 'PUT', path: `${TOP}/sys=t?insert=last`, headers: m.send, body: m.top('sys', ['t']), expect: { status: 400, error: { tag: 'invalid-value', message: /ordered-by system/ } } },
      { method: 'PUT', path: `${TOP}?insert=first`, headers: m.send, body: m.top('top', {}), expect: { status: 400, error: { tag: 'invalid-value', message: /insert/ } } },
      { method: 'PUT', path: `${TOP}/inner?insert=first`, headers: m.send, body: m.top('inner', { x: 'v' }), expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: TOP, headers: m.get, expect: { status: 200, json: m.top('top', { plain: [{ id: 'p' }], sys: ['s'] }) } },
    ],
  },
];

runEditCases(cases);

// ------------------------------------------------------------ order across a restart, and in application nodes

const transports = ['uws', 'http1'] as const;

const startServer = async (transport: (typeof transports)[number], extra: Partial<Parameters<typeof createServer>[0]>) => {
  const server = createServer({
    searchPath: [EDITS_YANG], modules: [M], data: false, host: '127.0.0.1', port: 0, transport, logger: false, accessLog: false, ...extra,
  });
  const { port } = await server.listen();
  return { server, client: http1Client(port) };
};

for (const transport of transports) {
  for (const mode of ['plain', 'strict'] as const) {
    const m = modal(mode);

    test.serial(`${transport} ${mode}: the order made with insert and point is the order after a restart`, async (t) => {
      const dir = mkdtempSync(join(tmpdir(), 'rxconf-insert-'));
      const data = join(dir, 'data.json');
      try {
        const first = await startServer(transport, { data });
        const edits: Exchange[] = [
          { method: 'PUT', path: `${TOP}/song=b`, headers: m.send, body: song(m, 'b'), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/song=a?insert=first`, headers: m.send, body: song(m, 'a'), expect: { status: 201 } },
          { method: 'POST', path: `${TOP}?insert=before&${point('song=b')}`, headers: m.send, body: song(m, 'ab'), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/song=b?insert=first`, headers: m.send, body: song(m, 'b'), expect: { status: 204 } },
          { method: 'PUT', path: `${TOP}/tag=y`, headers: m.send, body: m.top('tag', ['y']), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/tag=x?insert=first`, headers: m.send, body: m.top('tag', ['x']), expect: { status: 201 } },
        ];
        for (const [i, x] of edits.entries()) await checkExchange(t, first.client, x, i);
        await first.client.close();
        await first.server.close();
        const second = await startServer(transport, { data });
        try {
          await checkExchange(t, second.client, { path: TOP, headers: m.get, expect: { status: 200, json: m.top('top', { song: [{ name: 'b' }, { name: 'a' }, { name: 'ab' }], tag: ['x', 'y'] }) } }, edits.length);
        } finally {
          await second.client.close();
          await second.server.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test.serial(`${transport} ${mode}: application nodes see the order: a reflected array or Map takes entries where insert and point say, and moves`, async (t) => {
      const songRows: { name: string; title?: string }[] = [{ name: 'a' }, { name: 'c' }];
      const tags = ['x'];
      const tracks = new Map<number, { id: number }>([[1, { id: 1 }], [2, { id: 2 }]]);
      const app = { top: { song: songRows, tag: tags, playlist: [{ name: 'p', track: tracks }] } };
      const { server, client } = await startServer(transport, { nodes: { [M]: () => reflectNode(app) } });
      try {
        const edits: Exchange[] = [
          { method: 'PUT', path: `${TOP}/song=b?insert=after&${point('song=a')}`, headers: m.send, body: song(m, 'b'), expect: { status: 201 } },
          { method: 'POST', path: `${TOP}?insert=first`, headers: m.send, body: song(m, '0'), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/song=c?insert=before&${point('song=0')}`, headers: m.send, body: song(m, 'c', 'moved'), expect: { status: 204 } },
          { method: 'PUT', path: `${TOP}/song=z?insert=after&${point('song=nope')}`, headers: m.send, body: song(m, 'z'), expect: { status: 400, error: { tag: 'bad-attribute' } } },
          { method: 'PUT', path: `${TOP}/tag=w?insert=first`, headers: m.send, body: m.top('tag', ['w']), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/playlist=p/track=3?insert=first`, headers: m.send, body: m.top('track', [{ id: 3 }]), expect: { status: 201 } },
          { method: 'POST', path: `${TOP}/playlist=p?insert=after&${point('playlist=p/track=3')}`, headers: m.send, body: m.top('track', [{ id: 4 }]), expect: { status: 201 } },
          { method: 'PUT', path: `${TOP}/playlist=p/track=2?insert=before&${point('playlist=p/track=3')}`, headers: m.send, body: m.top('track', [{ id: 2 }]), expect: { status: 204 } },
          { path: `${TOP}/song`, headers: m.get, expect: { status: 200, json: m.top('song', [{ name: 'c', title: 'moved' }, { name: '0' }, { name: 'a' }, { name: 'b' }]) } },
        ];
        for (const [i, x] of edits.entries()) await checkExchange(t, client, x, i);
        t.deepEqual(app.top.song.map((s) => s.name), ['c', '0', 'a', 'b'], 'the application array, in order');
        t.deepEqual(app.top.tag, ['w', 'x']);
        t.deepEqual([...tracks.keys()], [2, 3, 4, 1], 'the application Map, in order');
      } finally {
        await client.close();
        await server.close();
      }
    });
  }
}
