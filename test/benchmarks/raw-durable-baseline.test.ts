/**
 * The http benchmark's raw baselines (uWS and node:http): a GET answers the
 * bytes it was given; a PATCH under /durable/ is answered 204 only after its
 * body is in the file; other PATCHes are answered at once and write nothing.
 */
import test from 'ava';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRawBaseline } from '../../benchmarks/http/raw-baseline.ts';
import { uwsNative } from '../../src/http/adapters/uws-native.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

for (const transport of ['uws', 'http1'] as const) {
  test(`raw ${transport} baseline: GET answers the given bytes; /durable/ PATCH bodies are written before the 204, plain PATCHes are not`, async (t) => {
    if (transport === 'uws' && !uwsNative) {
      t.log('SKIPPED: the raw uWS baseline needs a native uWebSockets.js build');
      t.pass();
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'rxconf-raw-durable-'));
    const answer = { path: '/restconf/data/x:y', answer: 'bytes' as const, body: '{"x:y":"é"}', contentType: 'application/yang-data+json' };
    const raw = await startRawBaseline(dir, root, [answer], true, transport);
    try {
      const got = await fetch(raw.url + answer.path);
      t.is(got.status, 200);
      t.is(got.headers.get('content-type'), answer.contentType);
      t.is(await got.text(), answer.body);
      const patch = (path: string, body: string) =>
        fetch(raw.url + path, { method: 'PATCH', body, headers: { 'content-type': 'application/yang-data+json' } });
      const file = join(dir, 'durable.bin');
      const written = (): string => readFileSync(file, 'latin1').replace(/\0+$/, '');

      t.is((await patch('/restconf/data/x:y', '{"x:y":0}')).status, 204);
      t.is(written(), '', 'a plain PATCH writes nothing');
      t.is((await patch('/durable/restconf/data/x:y', '{"x:y":1}')).status, 204);
      t.is(written(), '{"x:y":1}');
      t.is((await patch('/durable/restconf/data/x:y', '{"x:y":22}')).status, 204);
      t.is(written(), '{"x:y":1}{"x:y":22}', 'bodies are appended in order');
    } finally {
      await raw.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
