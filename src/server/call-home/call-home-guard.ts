/**
 * Who may change where the server connects. With NACM enforcing, NACM
 * decides before the edit (the call-home subtree is `default-deny-write`:
 * only users a rule permits, and the recovery user). Here, on the
 * rxconf-server root node, the edit's effect on the call-home clients is
 * judged once it is applied and before it is committed (the root ends
 * last; a refusal rolls the edit back):
 *
 * - the clients changed while NACM is not enforcing (off, or
 *   `enable-nacm` false): 403 access-denied — without access control no
 *   one has been permitted to point the server elsewhere;
 * - with NACM, a client created, changed or removed that the user may not
 *   create, update or delete (an edit above the list, such as a delete of
 *   the whole `server`, is not judged per client by NACM's own check):
 *   403 access-denied naming the client;
 * - clients configured while the server has no TLS with a CA (call home
 *   serves only clients with a certificate): 400 invalid-value naming the
 *   first client.
 *
 * An edit that leaves the clients as they were (a PUT of the whole
 * `server` carrying them unchanged) passes.
 */
import { isPromiseLike, type Answer } from '../../base/answer.ts';
import type { Node } from '../../actors/node.ts';
import type { Datastore } from '../../actors/nodes/datastore.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import { formatPath, type DataPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { ContainerMeta, ListMeta, ModuleMeta } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import { encodeData } from '../../data/json/index.ts';
import type { Nacm } from '../nacm/nacm.ts';
import { readNacmConfig, type AccessOperation } from '../nacm/nacm-config.ts';
import { callHomeData, readCallHomeClients } from './call-home-config.ts';

export interface CallHomeGuard {
  readonly store: Datastore;
  readonly module: ModuleMeta;
  /** NACM when the server runs it (its module, to tell whether `enable-nacm` is on). */
  readonly nacm: { readonly rules: Nacm; readonly module: ModuleMeta } | undefined;
  /** Whether the server has TLS with a CA (call home can serve). */
  readonly tls: boolean;
}

/** Whether NACM enforces its rules now: it runs, and `enable-nacm` is not false. */
const enforcing = (g: CallHomeGuard): boolean =>
  g.nacm !== undefined && readNacmConfig(encodeData(g.store.root(g.nacm.module), { strict: false })).enabled;

type Clients = ReadonlyMap<string, string>;

/** The clients by name, each as the JSON of its settings. */
const snapshot = (g: CallHomeGuard): Clients => new Map(readCallHomeClients(g.store, g.module).map((c) => [c.name ?? '', JSON.stringify(c)]));

/** What the edit did to each client it touched. */
const changes = (before: Clients, now: Clients): [string, AccessOperation][] => [
  ...[...now].filter(([name, c]) => before.get(name) !== c).map(([name]): [string, AccessOperation] => [name, before.has(name) ? 'update' : 'create']),
  ...[...before.keys()].filter((name) => !now.has(name)).map((name): [string, AccessOperation] => [name, 'delete']),
];

const denied = (path: string, message: string): RestconfFailure =>
  new RestconfFailure([restconfError('access-denied', message, { path, status: 403 })]);

/** The refusal of the edit that made the clients what they are now (they were `before`), or undefined. */
export const judgeCallHome = (g: CallHomeGuard, before: Clients, context: RequestContext): RestconfFailure | undefined => {
  const now = snapshot(g);
  const changed = changes(before, now);
  if (changed.length === 0) return undefined;
  const { meta } = callHomeData(g.store, g.module);
  const serverMeta = meta.parent as ContainerMeta;
  const list = findDataChild(meta, undefined, 'client') as ListMeta;
  const entry = (name: string): DataPath => ({ segments: [{ meta: serverMeta as never }, { meta: meta as never }, { meta: list as never, key: [name] }] });
  if (g.nacm === undefined || !enforcing(g)) {
    const path = formatPath({ segments: [{ meta: serverMeta as never }, { meta: meta as never }] });
    return denied(path, `${path} is changed only with NACM enforcing and a rule permitting it (it is default-deny-write); without NACM the Call Home clients are those given at start`);
  }
  // NACM judged the edit's own target before it ran; an edit above the list (a delete of the whole server) is judged here per client
  for (const [name, op] of changed) {
    if (!g.nacm.rules.permits(context, op, list, entry(name))) return denied(formatPath(entry(name)), `access denied: ${op} of ${formatPath(entry(name))}`);
  }
  // without TLS, removing clients (configured before TLS was dropped) is fine; adding or changing one is not
  const added = changed.find(([, op]) => op !== 'delete');
  if (!g.tls && added !== undefined) {
    return new RestconfFailure([restconfError('invalid-value',
      `Call Home needs TLS with a CA (createServer tls { key, cert, ca }; rxconf serve --tls-cert, --tls-key, --tls-ca): the client "${added[0]}" could not be served`,
      { path: formatPath(entry(added[0])) })]);
  }
  return undefined;
};

const after = (a: Answer<void>, then: () => void): Answer<void> => {
  if (isPromiseLike(a)) return Promise.resolve(a).then(then);
  then();
  return undefined;
};

/** The module's root node, refusing at its endEdit an edit whose Call Home change is not allowed (rolled back first). */
export const guardCallHome = (root: Node, g: CallHomeGuard): Node => {
  let before: Clients | undefined;
  const out = Object.create(root) as Node;
  out.beginEdit = (r) => {
    before ??= snapshot(g);
    return root.beginEdit?.(r);
  };
  out.endEdit = (r) => {
    const refusal = r.failure === undefined && before !== undefined ? judgeCallHome(g, before, r.selection.context) : undefined;
    before = undefined;
    if (refusal === undefined) return root.endEdit?.(r);
    return after(root.endEdit?.({ ...r, failure: refusal }), () => {
      throw refusal;
    });
  };
  return out;
};
