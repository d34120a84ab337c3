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
 * - clients configured while the server has no TLS with a CA (call home
 *   serves only clients with a certificate): 400 invalid-value naming the
 *   first client.
 *
 * An edit that leaves the clients as they were (a PUT of the whole
 * `server` carrying them unchanged) passes.
 */
import { isPromiseLike, type Answer } from '../../actors/answer.ts';
import type { Node } from '../../actors/node.ts';
import type { Datastore } from '../../actors/nodes/datastore.ts';
import { formatPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { ContainerMeta, ListMeta, ModuleMeta } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import { encodeData } from '../../data/json/index.ts';
import { readNacmConfig } from '../nacm/nacm-config.ts';
import { callHomeData, readCallHomeClients } from './call-home-config.ts';

export interface CallHomeGuard {
  readonly store: Datastore;
  readonly module: ModuleMeta;
  /** Whether NACM is enforcing now (on, and `enable-nacm` not false). */
  readonly nacmEnforcing: () => boolean;
  /** Whether the server has TLS with a CA (call home can serve). */
  readonly tls: boolean;
}

const snapshot = (g: CallHomeGuard): string[] => readCallHomeClients(g.store, g.module).map((c) => JSON.stringify(c));

/** The refusal of the edit that made the clients what they are now (they were `before`, as snapshot gives them), or undefined. */
export const judgeCallHome = (g: CallHomeGuard, before: readonly string[]): RestconfFailure | undefined => {
  const clients = readCallHomeClients(g.store, g.module);
  const now = clients.map((c) => JSON.stringify(c));
  if (now.length === before.length && now.every((c, i) => c === before[i])) return undefined;
  const { meta } = callHomeData(g.store, g.module);
  const serverMeta = meta.parent as ContainerMeta;
  if (!g.nacmEnforcing()) {
    const path = formatPath({ segments: [{ meta: serverMeta as never }, { meta: meta as never }] });
    return new RestconfFailure([restconfError('access-denied',
      `${path} is changed only with NACM enforcing and a rule permitting it (it is default-deny-write); without NACM the Call Home clients are those given at start`,
      { path, status: 403 })]);
  }
  // without TLS, removing clients (configured before TLS was dropped) is fine; adding or changing one is not
  const was = new Set(before);
  const added = clients.find((_, i) => !was.has(now[i] as string));
  if (!g.tls && added !== undefined) {
    const list = findDataChild(meta, undefined, 'client') as ListMeta;
    const path = formatPath({ segments: [{ meta: serverMeta as never }, { meta: meta as never }, { meta: list as never, key: [added.name ?? ''] }] });
    return new RestconfFailure([restconfError('invalid-value',
      `Call Home needs TLS with a CA (createServer tls { key, cert, ca }; rxconf serve --tls-cert, --tls-key, --tls-ca): the client "${added.name ?? ''}" could not be served`,
      { path })]);
  }
  return undefined;
};

/** Whether NACM enforces its rules now: the module is served (`nacmModule` given) and `enable-nacm` is not false. */
export const nacmEnforcing = (store: Datastore, nacmModule: ModuleMeta | undefined): boolean =>
  nacmModule !== undefined && readNacmConfig(encodeData(store.root(nacmModule), { strict: false })).enabled;

const after = (a: Answer<void>, then: () => void): Answer<void> => {
  if (isPromiseLike(a)) return Promise.resolve(a).then(then);
  then();
  return undefined;
};

/** The module's root node, refusing at its endEdit an edit whose Call Home change is not allowed (rolled back first). */
export const guardCallHome = (root: Node, g: CallHomeGuard): Node => {
  let before: string[] | undefined;
  const out = Object.create(root) as Node;
  out.beginEdit = (r) => {
    before ??= snapshot(g);
    return root.beginEdit?.(r);
  };
  out.endEdit = (r) => {
    const refusal = r.failure === undefined && before !== undefined ? judgeCallHome(g, before) : undefined;
    before = undefined;
    if (refusal === undefined) return root.endEdit?.(r);
    return after(root.endEdit?.({ ...r, failure: refusal }), () => {
      throw refusal;
    });
  };
  return out;
};
