/**
 * The rows of `npm run bench -- http`. The rows of one datastore size share
 * `rxconf serve` on a fresh data file whose bench-net list holds `entries`
 * entries; each row compares it with a baseline in a process of its own
 * (its `pair`): a raw uWS server giving the same answers, a raw node:http
 * server giving them (rxconf then serves with `--transport http1`), or the
 * same rxconf with its access log off (`-q`).
 */
export type RowKind =
  /** GETs of one resource; raw uWS answers the same bytes. Figure: requests/s. */
  | 'get'
  /** PATCH edits (persisted); raw uWS reads the body and answers 204. Figure: acknowledged edits/s and time per edit. */
  | 'edit'
  /** GETs of the whole list; raw uWS answers JSON.stringify of the same array per request. Figures: bytes/s, server RSS growth. */
  | 'big-get'
  /** A paced small GET while `bigConnections` clients GET the whole list. Figure: the small GET's p99. */
  | 'small-under-big';

/**
 * What a row compares, subject ÷ baseline:
 * - `uws`: rxconf serve as shipped (uWS where a native build loads) ÷ raw uWS;
 * - `node-http`: rxconf serve --transport http1 ÷ raw node:http, the path of a
 *   user whose runtime has no uWS build;
 * - `quiet`: rxconf serve as shipped ÷ the same with `-q` (no access log).
 */
export type Pair = 'uws' | 'node-http' | 'quiet';

export interface Row {
  /** Its name in BENCH_HTTP_ROWS. */
  readonly key: string;
  readonly title: string;
  readonly kind: RowKind;
  /** Entries of bench-net's interface list in the data file. */
  readonly entries: number;
  readonly path: string;
  readonly connections: number;
  readonly durationS: number;
  /** wrk counts an answer slower than this as a time-out. */
  readonly timeoutS: number;
  readonly edit?: 'leaf' | 'entry';
  /** The raw baseline answers this row's requests under this path prefix (`/durable`: edits written and synced, see raw-spec.ts). */
  readonly rawPrefix?: string;
  /** small-under-big: the big GET and how many clients send it at once. */
  readonly bigPath?: string;
  readonly bigConnections?: number;
  /** What the row compares (default `uws`). */
  readonly pair?: Pair;
}

export const pairOf = (row: Row): Pair => row.pair ?? 'uws';

const NET = '/restconf/data/bench-net:network';
const LIST = `${NET}/interface`;

export const ROWS: readonly Row[] = [
  { key: 'get-leaf', title: 'GET leaf', kind: 'get', entries: 100, path: `${NET}/hostname`, connections: 50, durationS: 2, timeoutS: 10 },
  { key: 'get-entry', title: 'GET list entry', kind: 'get', entries: 100, path: `${LIST}=eth42`, connections: 50, durationS: 2, timeoutS: 10 },
  { key: 'get-root', title: 'GET module root (100 entries)', kind: 'get', entries: 100, path: NET, connections: 50, durationS: 2, timeoutS: 10 },
  { key: 'patch-leaf-1', title: 'PATCH leaf, 1 client', kind: 'edit', edit: 'leaf', entries: 100, path: `${NET}/mtu`, connections: 1, durationS: 2, timeoutS: 10 },
  // the same edits against a raw server that also writes each body durably (from its event loop): what the disk allows one client
  { key: 'patch-leaf-1-durable', title: 'PATCH leaf, 1 client, vs raw uWS + durable write', kind: 'edit', edit: 'leaf', entries: 100, path: `${NET}/mtu`, connections: 1, durationS: 2, timeoutS: 10, rawPrefix: '/durable' },
  { key: 'patch-leaf-50', title: 'PATCH leaf, 50 clients', kind: 'edit', edit: 'leaf', entries: 100, path: `${NET}/mtu`, connections: 50, durationS: 2, timeoutS: 10 },
  { key: 'edit-100', title: 'PATCH one entry, 100 entries', kind: 'edit', edit: 'entry', entries: 100, path: LIST, connections: 1, durationS: 2, timeoutS: 30 },
  { key: 'edit-10k', title: 'PATCH one entry, 10,000 entries', kind: 'edit', edit: 'entry', entries: 10_000, path: LIST, connections: 1, durationS: 3, timeoutS: 30 },
  { key: 'edit-100k', title: 'PATCH one entry, 100,000 entries', kind: 'edit', edit: 'entry', entries: 100_000, path: LIST, connections: 1, durationS: 3, timeoutS: 30 },
  // both list rows load the server for the same time: until a major collection RSS grows with the bytes served,
  // so rows of unequal length would compare their lengths, not what the size of an answer costs
  { key: 'list-10k', title: 'GET 10,000-entry list', kind: 'big-get', entries: 10_000, path: LIST, connections: 4, durationS: 3, timeoutS: 30 },
  { key: 'list-100k', title: 'GET 100,000-entry list', kind: 'big-get', entries: 100_000, path: LIST, connections: 4, durationS: 3, timeoutS: 60 },
  {
    key: 'small-under-big',
    // issue 12 item 4: 20 concurrent GETs of a 10 MB list (50,000 entries here: 9 MB)
    title: 'GET leaf p99 under 20 GETs of a 50,000-entry list',
    kind: 'small-under-big',
    entries: 50_000,
    path: `${NET}/hostname`,
    connections: 1,
    durationS: 4,
    timeoutS: 60,
    bigPath: LIST,
    bigConnections: 20,
  },
  // what the access log costs: the same server with and without it
  { key: 'get-leaf-log', title: 'GET leaf, access log on ÷ -q', kind: 'get', entries: 100, path: `${NET}/hostname`, connections: 50, durationS: 2, timeoutS: 10, pair: 'quiet' },
  { key: 'patch-leaf-50-log', title: 'PATCH leaf, 50 clients, access log on ÷ -q', kind: 'edit', edit: 'leaf', entries: 100, path: `${NET}/mtu`, connections: 50, durationS: 2, timeoutS: 10, pair: 'quiet' },
  // node:http, what a runtime without a uWS build serves with
  { key: 'get-leaf-node', title: 'GET leaf, node:http', kind: 'get', entries: 100, path: `${NET}/hostname`, connections: 50, durationS: 2, timeoutS: 10, pair: 'node-http' },
  { key: 'get-entry-node', title: 'GET list entry, node:http', kind: 'get', entries: 100, path: `${LIST}=eth42`, connections: 50, durationS: 2, timeoutS: 10, pair: 'node-http' },
  { key: 'patch-leaf-50-node', title: 'PATCH leaf, 50 clients, node:http', kind: 'edit', edit: 'leaf', entries: 100, path: `${NET}/mtu`, connections: 50, durationS: 2, timeoutS: 10, pair: 'node-http' },
];

/** Rows named in BENCH_HTTP_ROWS (comma-separated keys), or all. */
export const selectedRows = (wanted: string | undefined): readonly Row[] => {
  if (wanted === undefined || wanted.trim() === '') return ROWS;
  const keys = wanted.split(',').map((k) => k.trim());
  const unknown = keys.filter((k) => !ROWS.some((r) => r.key === k));
  if (unknown.length > 0) throw new Error(`BENCH_HTTP_ROWS: unknown row ${unknown.join(', ')} (rows: ${ROWS.map((r) => r.key).join(', ')})`);
  return ROWS.filter((r) => keys.includes(r.key));
};
