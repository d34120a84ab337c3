/**
 * A state list with no end (hx-stream:feed/row), answered synchronously row
 * by row, that reports how far reads went and when they let go of it: for
 * streamed answers, backpressure and clients that go away.
 */
import { Browser, Device, type ListItem, type Node } from '../../../src/actors/index.ts';
import type { FieldRequest, NextRequest } from '../../../src/actors/requests.ts';
import type { ModuleMeta } from '../../../src/meta/meta.ts';
import { httpSchema } from './served.ts';

export interface FeedProbe {
  /** Rows handed out, over all requests. */
  rows: number;
  /** Times a row-list node was released. */
  releases: number;
  /** Settles at the next release. */
  released(): Promise<void>;
}

const PADDING = 'x'.repeat(80);

const rowNode = (row: number): Node => ({
  field: (r: FieldRequest) => (r.meta.name === 'id' ? row : `row ${row} ${PADDING}`),
});

export const feedDevice = (): { device: Device; probe: FeedProbe } => {
  const schema = httpSchema(['hx-stream']);
  const module = schema.modules.get('hx-stream') as ModuleMeta;
  let waiting: (() => void)[] = [];
  const probe: FeedProbe = {
    rows: 0,
    releases: 0,
    released: () => new Promise((resolve) => { waiting.push(resolve); }),
  };
  const rows: Node = {
    next: (r: NextRequest): ListItem => {
      const row = r.key === undefined ? r.row : Number(r.key[0]);
      probe.rows++;
      return { node: rowNode(row), key: [row] };
    },
    release: () => {
      probe.releases++;
      const w = waiting;
      waiting = [];
      for (const resolve of w) resolve();
    },
  };
  const feed: Node = { child: () => rows };
  const root: Node = { child: () => feed };
  return { device: new Device(schema).add(new Browser(module, schema, () => root)), probe };
};
