/**
 * A request body without a JSON media type is 415 and changes nothing
 *: no Content-Type, text/plain and the form types are
 * what a web page may send cross-origin without a CORS preflight, so none
 * is ever read as JSON. PUT, PATCH and POST, both transports, both modes.
 */
import test from 'ava';
import { request } from 'node:http';
import { available, snapshot, startHostile, TRANSPORTS, type Hostile } from './hostile-server.ts';

/** A raw node:http request: no Content-Type unless given (fetch would add text/plain). */
const send = (url: string, method: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });

const THING = JSON.stringify({ 'hl-load:thing': [{ name: 'x', text: 'from a page' }] });
const bodies: readonly { readonly type: string | undefined; readonly body: string }[] = [
  { type: undefined, body: THING },
  { type: 'text/plain', body: THING },
  { type: 'text/plain;charset=UTF-8', body: THING },
  { type: 'application/x-www-form-urlencoded', body: `a=${encodeURIComponent(THING)}` },
  { type: 'multipart/form-data; boundary=b', body: `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${THING}\r\n--b--\r\n` },
];
const targets = [
  { method: 'PUT', path: '/restconf/data/hl-load:things/thing=x' },
  { method: 'PATCH', path: '/restconf/data/hl-load:things/thing=x' },
  { method: 'POST', path: '/restconf/data/hl-load:things' },
];

for (const transport of TRANSPORTS) {
  for (const mode of ['strict', 'simplified'] as const) {
    test.serial(`${transport}, ${mode}: a body without a JSON Content-Type is 415 on PUT, PATCH and POST; nothing changes`, async (t) => {
      if (!available(transport)) return void t.pass(`${transport} is not available here`);
      const h: Hostile = await startHostile(transport);
      try {
        const accept: Record<string, string> = mode === 'strict' ? { accept: 'application/yang-data+json' } : {};
        const before = await snapshot(h.url);
        for (const { method, path } of targets) {
          for (const { type, body } of bodies) {
            const r = await send(h.url, method, path, { ...accept, ...(type === undefined ? {} : { 'content-type': type }) }, body);
            t.is(r.status, 415, `${method} with ${type ?? 'no Content-Type'}: ${r.text}`);
            const errors = JSON.parse(r.text) as Record<string, { error: { 'error-tag': string }[] }>;
            t.is(errors[mode === 'strict' ? 'ietf-restconf:errors' : 'errors']?.error[0]?.['error-tag'], 'invalid-value');
          }
        }
        t.is(await snapshot(h.url), before, 'the datastore is as it was');
        // The same body with a JSON type is read (the refusals above were about the type).
        const ok = await send(h.url, 'PUT', targets[0]!.path, { ...accept, 'content-type': 'application/json' }, THING);
        t.is(ok.status, 201, ok.text);
        // An empty body needs no type: DELETE and bodiless requests are not refused for it.
        t.is((await send(h.url, 'DELETE', targets[0]!.path, accept, '')).status, 204);
      } finally {
        await h.close();
      }
    });
  }
}
