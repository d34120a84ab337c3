/**
 * Before a row is measured: one request of each kind the row sends, checked
 * (GET 200 with JSON, PATCH 204), and the answers the raw baseline must give.
 */
import type { RawAnswer } from './raw-baseline.ts';
import type { Row } from './rows.ts';

export interface Probe {
  readonly answers: readonly RawAnswer[];
  /** Body bytes of rxconf's answer to the measured request (0 for edits). */
  readonly bodyBytes: number;
  /** Body bytes of the raw baseline's answer to it. */
  readonly rawBodyBytes: number;
  readonly identical: boolean;
}

const get = async (url: string, path: string): Promise<{ body: string; contentType: string }> => {
  const r = await fetch(url + path);
  const body = await r.text();
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${body.slice(0, 400)}`);
  JSON.parse(body);
  return { body, contentType: r.headers.get('content-type') ?? 'application/json' };
};

const editProbe = async (row: Row, url: string): Promise<void> => {
  const [path, body] = row.edit === 'leaf'
    ? [row.path, '{"bench-net:mtu":1499}']
    : [`${row.path}=eth0`, '{"bench-net:interface":[{"name":"eth0","description":"access port 0, probed"}]}'];
  const r = await fetch(url + path, { method: 'PATCH', body, headers: { 'content-type': 'application/yang-data+json' } });
  const text = await r.text();
  if (r.status !== 204) throw new Error(`PATCH ${path}: ${r.status} ${text.slice(0, 400)}`);
};

const bytes = (s: string): number => Buffer.byteLength(s);

export const probeRow = async (row: Row, url: string): Promise<Probe> => {
  switch (row.kind) {
    case 'edit':
      await editProbe(row, url);
      return { answers: [], bodyBytes: 0, rawBodyBytes: 0, identical: true };
    case 'get': {
      const a = await get(url, row.path);
      return { answers: [{ path: row.path, answer: 'bytes', ...a }], bodyBytes: bytes(a.body), rawBodyBytes: bytes(a.body), identical: true };
    }
    case 'big-get': {
      const a = await get(url, row.path);
      const again = JSON.stringify(JSON.parse(a.body));
      return { answers: [{ path: row.path, answer: 'stringify', ...a }], bodyBytes: bytes(a.body), rawBodyBytes: bytes(again), identical: again === a.body };
    }
    case 'small-under-big': {
      const small = await get(url, row.path);
      const bigPath = row.bigPath ?? '';
      const big = await get(url, bigPath);
      const again = JSON.stringify(JSON.parse(big.body));
      return {
        answers: [{ path: row.path, answer: 'bytes', ...small }, { path: bigPath, answer: 'stringify', ...big }],
        bodyBytes: bytes(small.body),
        rawBodyBytes: bytes(small.body),
        identical: again === big.body,
      };
    }
  }
};
