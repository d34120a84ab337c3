/**
 * A client that goes away is not an error: a request
 * whose client leaves while its body is being read, or while its answer is
 * streamed, logs no error line and no 500; the access log says the client
 * went away (status 499, `clientGone`), and the metrics count it as 499.
 * Both transports.
 */
import test from 'ava';
import { connect } from 'node:net';
import { available, errorLines, JSON_TYPE, startHostile, TRANSPORTS, type Hostile } from './hostile-server.ts';

const until = async (what: () => boolean, label: string): Promise<void> => {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!what()) throw new Error(`never happened: ${label}`);
};

/** Sends a request head and part of its body, then resets the connection. */
const leaveMidBody = (port: number, method: string, path: string): Promise<void> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"hl-load:things":{"thing":[`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 50);
    });
    socket.on('error', () => resolve());
  });

/** Reads the head and a little of a streamed answer, then resets the connection. */
const leaveMidAnswer = (port: number, path: string): Promise<number> =>
  new Promise((resolve) => {
    let got = 0;
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (c: Buffer) => {
      got += c.byteLength;
      if (got > 1000) socket.destroy();
    });
    socket.on('close', () => resolve(got));
    socket.on('error', () => undefined);
  });

const accessLines = (h: Hostile, method: string) => h.log.filter((l) => l.message === 'request' && l.fields['method'] === method);

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: clients leaving mid-body and mid-answer log no error and no 500`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport, { limits: { maxNodeCount: 1_000_000 } });
    try {
      // Enough entries for a streamed answer.
      const thing = Array.from({ length: 3000 }, (_, i) => ({ name: `n${i}`, text: 'x'.repeat(100), tag: ['a', 'b'] }));
      const put = await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ 'hl-load:things': { thing } }) });
      t.is(put.status, 201);
      for (const method of ['PUT', 'PATCH', 'POST']) {
        const seen = accessLines(h, method).length;
        await leaveMidBody(h.port, method, '/restconf/data/hl-load:things');
        await until(() => accessLines(h, method).length > seen, `the access line of the ${method}`);
        t.like(accessLines(h, method).at(-1)?.fields, { status: 499, clientGone: true }, method);
      }
      for (let i = 0; i < 5; i++) t.true((await leaveMidAnswer(h.port, '/restconf/data/hl-load:things')) > 1000);
      // The server goes on answering, and said nothing was wrong.
      const get = await fetch(`${h.url}/restconf/data/hl-load:things/thing=n1/name`);
      t.is(get.status, 200);
      t.deepEqual(errorLines(h).map((l) => `${l.message} ${String((l.fields['err'] as Error | undefined)?.name)}`), []);
      t.false(h.log.some((l) => l.message === 'request' && l.fields['status'] === 500), 'no 500 in the access log');
      // nor in the counts: the metrics and the server's stats count them as 499
      const metrics = await (await fetch(`${h.url}/metrics`)).text();
      t.regex(metrics, /rxconf_http_requests_total\{[^}]*status="499"[^}]*\} [1-9]/);
      t.notRegex(metrics, /rxconf_http_requests_total\{[^}]*status="500"/);
    } finally {
      await h.close();
    }
  });
}
