/**
 * Long lists stream with flat memory: what the server
 * holds for an answer in flight does not grow with the answer, whether its
 * client reads slowly or not at all, and the chunks of a streamed read are
 * written from buffers lent again and again (chunk-bytes.ts), not made per
 * chunk — without a byte of any answer changing while buffers are reused.
 * A client that goes away lets go of everything. Both transports.
 */
import test from 'ava';
import { get, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { chunkBytesCounts } from '../../src/base/chunk-bytes.ts';
import { available, JSON_TYPE, startHostile, TRANSPORTS, type Hostile, type HostileTransport } from './hostile/hostile-server.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Process memory a collection cannot free: the JS heap and the bytes of buffers. */
const held = (): number => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const LIST = '/restconf/data/hl-load:things/thing';
/**
 * Entries of the list: an answer of about 8 MB, far more than the buffers
 * of a loopback socket take in (about 4 MB here), and over 400 chunks.
 */
const ENTRIES = 8000;

/** Room for the whole list in one PUT and in one answer. */
const LIMITS = { limits: { maxNodeCount: 1_000_000, maxBodyBytes: 64 * 1024 * 1024 } };

const fill = async (h: Hostile): Promise<void> => {
  const thing = Array.from({ length: ENTRIES }, (_, i) => ({ name: `n${i}`, text: `entry ${i} `.padEnd(1000, 'x'), tag: ['a', `t${i % 7}`] }));
  const put = await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ 'hl-load:things': { thing } }) });
  if (put.status !== 201) throw new Error(`PUT: ${put.status} ${await put.text()}`);
};

/** GET of the list, read in pieces with a pause after each: the body as bytes. */
const readSlowly = (h: Hostile): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    get(`${h.url}${LIST}`, { agent: false }, (res: IncomingMessage) => {
      const pieces: Buffer[] = [];
      res.on('data', (piece: Buffer) => {
        pieces.push(piece);
        res.pause();
        setTimeout(() => res.resume(), 1);
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(pieces)) : reject(new Error(`GET: ${res.statusCode}`))));
      res.on('error', reject);
    }).on('error', reject);
  });

/** A client that sends the GET, reads the first bytes of the answer and then nothing. */
interface Stalled {
  readonly socket: Socket;
  readonly started: Promise<void>;
}

const stall = (h: Hostile): Stalled => {
  const socket = connect(h.port, '127.0.0.1', () => socket.write(`GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
  const started = new Promise<void>((resolve) => socket.once('data', () => {
    socket.pause();
    resolve();
  }));
  socket.on('error', () => undefined);
  return { socket, started };
};

/** A server filled and read once (its code paths and chunk buffers warm), and the length of the list's answer. */
interface Filled {
  readonly h: Hostile;
  readonly length: number;
}

/** One server per transport, filled once, for every test of this file. */
const servers = new Map<HostileTransport, Promise<Filled>>();
const serverFor = (transport: HostileTransport): Promise<Filled> => {
  let f = servers.get(transport);
  if (f === undefined) {
    f = startHostile(transport, LIMITS).then(async (h) => {
      await fill(h);
      return { h, length: (await (await fetch(`${h.url}${LIST}`)).arrayBuffer()).byteLength };
    });
    servers.set(transport, f);
  }
  return f;
};

test.after.always(async () => {
  for (const f of servers.values()) await (await f).h.close();
});

/** Waits until the server fills no more chunks (its answers wait for their sockets); says how many it filled meanwhile. */
const quiet = async (from: number): Promise<number> => {
  let last = -1;
  for (let still = 0, i = 0; still < 5 && i < 1000; i++) {
    await sleep(20);
    const now = chunkBytesCounts().lent;
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last - from;
};

const until = async (what: () => boolean, label: string): Promise<void> => {
  for (let i = 0; i < 200 && !what(); i++) await sleep(10);
  if (!what()) throw new Error(`never happened: ${label}`);
};

/** A chunk holds FLUSH_AT (16 K) characters, and at most one list entry and one spill (2 K) more. */
const MOST_PER_CHUNK = 20 * 1024;

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: a long list read slowly by 3 clients at once: each gets the bytes of a fast read`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const { h } = await serverFor(transport);
    const fast = Buffer.from(await (await fetch(`${h.url}${LIST}`)).arrayBuffer());
    t.true(fast.length > 7_000_000, `${fast.length} bytes`);
    t.is(Object.values(JSON.parse(fast.toString()) as Record<string, unknown[]>)[0]?.length, ENTRIES);
    const slow = await Promise.all([readSlowly(h), readSlowly(h), readSlowly(h)]);
    for (const body of slow) t.true(body.equals(fast), 'a slow read gave other bytes than a fast one');
  });

  test.serial(`${transport}: streaming a long list makes no buffer per chunk`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const { h, length } = await serverFor(transport); // (read once already)
    const made = chunkBytesCounts().made;
    t.is((await (await fetch(`${h.url}${LIST}`)).arrayBuffer()).byteLength, length);
    const more = chunkBytesCounts().made - made;
    // an answer of 8 MB is over 400 chunks: buffers lent again, none made (a few at most)
    t.log(`an answer of ${length} bytes: ${more} chunk buffers made`);
    t.true(more <= 20, `${more} chunk buffers made for an answer of ${length} bytes`);
  });

  test.serial(`${transport}: 3 clients that stop reading mid-answer hold the server to a bounded number of bytes, released when they leave`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const { h, length } = await serverFor(transport);
    const stallAll = async (): Promise<{ clients: Stalled[]; filled: number }> => {
      const from = chunkBytesCounts().lent;
      const clients = [stall(h), stall(h), stall(h)];
      await Promise.all(clients.map((c) => c.started));
      return { clients, filled: await quiet(from) };
    };
    const leave = async (clients: readonly Stalled[], bound: number): Promise<number> => {
      for (const c of clients) c.socket.destroy();
      let now = held();
      for (let i = 0; i < 100 && now - before >= bound; i++) {
        await sleep(20); // until the server heard of the closed sockets
        now = held();
      }
      return now;
    };
    // once through, so that what the first stalled answers leave for good (compiled code, kept buffers) is in the baseline
    let before = held();
    await leave((await stallAll()).clients, 1024 * 1024);
    before = held();
    const inFlight = (): number => chunkBytesCounts().lent - chunkBytesCounts().given;
    const lentBefore = inFlight();
    const { clients, filled } = await stallAll();
    // the reads stopped mid-answer (not run to the end into the sockets' buffers)
    t.true(filled * MOST_PER_CHUNK < 3 * length, `${filled} chunks filled for 3 stalled answers of ${length} bytes`);
    const during = held();
    const after = await leave(clients, 1024 * 1024);
    t.log(`3 answers of ${length} bytes stalled after ${filled} chunks: the server holds ${((during - after) / 1024).toFixed(0)} KiB for them; ${((after - before) / 1024).toFixed(0)} KiB more than before once they left`);
    t.true(during - after < 3 * 1024 * 1024, `${during - after} bytes held for 3 stalled answers of ${length} bytes`);
    t.true(after - before < 1024 * 1024, `${after - before} bytes still held after the clients left`);
    // and every chunk buffer the abandoned answers had was given back
    await until(() => inFlight() === lentBefore, 'the abandoned answers give back their chunk buffers');
    t.is(inFlight(), lentBefore);
  });
}
