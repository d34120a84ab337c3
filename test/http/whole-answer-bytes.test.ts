/**
 * An answer of a few chunks that is sent whole (a bounded read held until
 * it ended: a module root of ~20 KB) is written from the buffer its first
 * chunk was lent, with the short text that ended it packed in, not copied
 * into a new buffer; the transport gives that buffer back once it is sent
 * (chunk-bytes.ts), and the next answers, filled in the same buffer, are
 * byte for byte what a fresh read gives. Both transports.
 */
import test from 'ava';
import { chunkBytesCounts } from '../../src/base/chunk-bytes.ts';
import { available, JSON_TYPE, startHostile, TRANSPORTS, type Hostile } from './hostile/hostile-server.ts';

/** 20 entries of ~1 KB: one chunk (16 K characters) and a short rest, held whole (the default max-node-count bounds the read). */
const ENTRIES = 20;
const ROOT = '/restconf/data/hl-load:things';

const fill = async (h: Hostile, mark: string): Promise<void> => {
  const thing = Array.from({ length: ENTRIES }, (_, i) => ({ name: `n${i}`, text: `${mark} ${i} é€ `.padEnd(1000, 'x'), tag: ['a', `t${i % 7}`] }));
  const put = await fetch(`${h.url}${ROOT}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ 'hl-load:things': { thing } }) });
  if (put.status !== 201 && put.status !== 204) throw new Error(`PUT: ${put.status} ${await put.text()}`);
};

/** The entries of an answer (the member is named as the server's naming mode has it). */
const thingsOf = (text: string): { text: string }[] => Object.values(JSON.parse(text) as Record<string, { thing: { text: string }[] }>)[0]?.thing ?? [];

const inFlight = (): number => chunkBytesCounts().lent - chunkBytesCounts().given;

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: a whole answer of two chunks is sent from one lent buffer, given back, and the next answers are right`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport);
    try {
      await fill(h, 'first');
      const first = await fetch(`${h.url}${ROOT}`);
      const firstText = await first.text();
      t.is(first.status, 200);
      t.is(first.headers.get('transfer-encoding'), null, 'sent whole, with a length');
      t.is(Number(first.headers.get('content-length')), Buffer.byteLength(firstText));
      t.true(firstText.length > 16 * 1024 && firstText.length < 32 * 1024, `${firstText.length} characters: more than one chunk`);
      const things = thingsOf(firstText);
      t.is(things.length, ENTRIES);
      t.true(things.every((x, i) => x.text.startsWith(`first ${i} é€ `)));

      const made = chunkBytesCounts().made;
      const before = inFlight();
      for (let i = 0; i < 5; i++) t.is(await (await fetch(`${h.url}${ROOT}`)).text(), firstText, 'an answer changed while its buffer was reused');
      t.is(inFlight(), before, 'whole answers kept their lent buffers');
      t.true(chunkBytesCounts().made - made <= 1, `${chunkBytesCounts().made - made} buffers made for 5 whole answers`);

      // the whole datastore: the answer framed in {"data": ...}, its lent bytes given back once copied into the frame
      const data = await (await fetch(`${h.url}/restconf/data?content=config`)).text();
      t.true(data.includes(`"first 0 é€ `), 'the datastore holds the list');
      const framedBefore = inFlight();
      for (let i = 0; i < 5; i++) t.is(await (await fetch(`${h.url}/restconf/data?content=config`)).text(), data, 'a framed answer changed while its buffer was reused');
      t.is(inFlight(), framedBefore, 'framed whole answers kept their lent buffers');

      // other data written into the buffers given back
      await fill(h, 'second');
      const second = await (await fetch(`${h.url}${ROOT}`)).text();
      const again = thingsOf(second);
      t.is(again.length, ENTRIES);
      t.true(again.every((x, i) => x.text.startsWith(`second ${i} é€ `)));
      t.is(second.length, firstText.length, 'texts padded to the same length');
    } finally {
      await h.close();
    }
  });
}
