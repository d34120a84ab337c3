/** Behaviour that needs code to check: streamed answers, clients going away, HEAD sizes, what handlers receive. */
import { fetchText, readAll } from '../../adapters/client.ts';
import { STRICT, STRICT_GET, type Case } from './case.ts';

const FEED = '/restconf/data/hx-stream:feed';
const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const codeCases: readonly Case[] = [
  {
    title: 'a large GET is streamed (no content-length) and is whole JSON',
    fixture: 'feed',
    run: async (t, client, fixture) => {
      const response = await client.request({ path: `${FEED}/row?rx.range=!0-19999&rx.max-node-count=unbounded`, headers: STRICT_GET });
      t.is(response.status, 200);
      t.is(response.headers['content-type'], 'application/yang-data+json');
      t.is(response.headers['content-length'], undefined, 'streamed, so its length was not known up front');
      const json = JSON.parse((await readAll(response.body)).toString('utf8')) as { 'hx-stream:row': { id: number; text: string }[] };
      const rows = json['hx-stream:row'];
      t.is(rows.length, 20000);
      t.deepEqual(rows.map((r) => r.id).slice(0, 3), [0, 1, 2]);
      t.is(rows[19999]?.id, 19999);
      t.is(fixture.probe?.rows, 20000, 'only the selected rows were asked for');
    },
  },
  {
    title: 'a client that goes away mid-answer stops the read and its nodes are released',
    fixture: 'feed',
    run: async (t, client, fixture) => {
      const probe = fixture.probe;
      if (probe === undefined) return void t.fail('no probe');
      const released = probe.released();
      const response = await client.request({ path: `${FEED}?rx.max-node-count=unbounded`, headers: STRICT_GET });
      t.is(response.status, 200);
      const first = await new Promise<Buffer>((resolve) => response.body.once('data', resolve));
      t.true(first.toString('utf8').startsWith('{"hx-stream:feed":{"row":[{"id":0,'));
      response.cancel();
      await released;
      t.is(probe.releases, 1);
      const rowsThen = probe.rows;
      const after = await fetchText(client, { path: `${FEED}/row=5/text`, headers: STRICT_GET });
      t.is(after.response.status, 200, 'the server still answers');
      t.is(probe.rows, rowsThen + 1, 'the abandoned read asked for no more rows');
    },
  },
  {
    title: 'GET of the whole datastore streams too, inside its ietf-restconf:data wrapper',
    fixture: 'feed',
    run: async (t, client) => {
      const { response, text } = await fetchText(client, { path: '/restconf/data?rx.range=hx-stream:feed/row!0-9999&rx.max-node-count=100000', headers: STRICT_GET });
      t.is(response.status, 200);
      const json = JSON.parse(text) as { 'ietf-restconf:data': { 'hx-stream:feed': { row: unknown[] } } };
      t.is(json['ietf-restconf:data']['hx-stream:feed'].row.length, 10000);
    },
  },
  {
    title: 'HEAD announces the length GET sends',
    fixture: 'jukebox-library',
    run: async (t, client) => {
      const path = '/restconf/data/example-jukebox:jukebox/library';
      const get = await fetchText(client, { path, headers: STRICT_GET });
      const head = await fetchText(client, { method: 'HEAD', path, headers: STRICT_GET });
      t.is(head.response.status, 200);
      t.is(head.text, '');
      t.is(Number(head.response.headers['content-length']), Buffer.byteLength(get.text));
    },
  },
  {
    title: 'rpc handlers get the decoded input and the caller\'s context',
    fixture: 'jukebox',
    run: async (t, client, fixture) => {
      const r = await fetchText(client, { method: 'POST', path: '/restconf/operations/example-jukebox:play', headers: STRICT, body: [JSON.stringify({ 'example-jukebox:input': { playlist: 'Foo-One', 'song-number': 2 } })] });
      t.is(r.response.status, 204);
      t.deepEqual(fixture.served?.invocations, [{ operation: 'example-jukebox:play', input: { playlist: 'Foo-One', 'song-number': 2 }, user: undefined }]);
    },
  },
  {
    title: 'a refused rpc input never reaches the handler',
    fixture: 'jukebox',
    run: async (t, client, fixture) => {
      const r = await fetchText(client, { method: 'POST', path: '/restconf/operations/example-jukebox:play', headers: STRICT, body: [JSON.stringify({ 'example-jukebox:input': { playlist: 'Foo-One', 'song-number': -1 } })] });
      t.is(r.response.status, 400);
      t.deepEqual(fixture.served?.invocations, []);
    },
  },
  {
    title: 'an edit refused by a node leaves the datastore as it was',
    fixture: 'auth',
    run: async (t, client, fixture) => {
      const before = JSON.stringify([...(fixture.served?.store.all.entries() ?? [])].map(([k, v]) => [k, v.size]));
      const r = await fetchText(client, { method: 'DELETE', path: '/restconf/data/example-jukebox:jukebox/player', headers: { authorization: basic('guest', 'guest') } });
      t.is(r.response.status, 403);
      const get = await fetchText(client, { path: '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light/year', headers: { authorization: basic('admin', 'secret') } });
      t.deepEqual(JSON.parse(get.text), { year: 2011 });
      t.is(JSON.stringify([...(fixture.served?.store.all.entries() ?? [])].map(([k, v]) => [k, v.size])), before);
    },
  },
];
