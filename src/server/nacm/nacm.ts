/**
 * NACM (RFC 8341) for a server: the rules live in the ietf-netconf-acm
 * module on the embedded datastore like any configuration; they are read
 * again after each committed edit of that module (a new version), and each
 * (user, groups) gets its AccessRights once per version. Every module's root
 * node is guarded for the request's user; the recovery user is not. A read
 * the user may read all of (the whole module, or the target data node, its
 * subtree and the way to it, whatever the instance) is given the node behind,
 * unguarded: it reads as without NACM, on every fast path. The user is the
 * identity authentication gave the request (its scope: request-scope.ts),
 * never a value a filter or a node put in the context.
 */
import type { Node } from '../../actors/node.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import { decide, dryRunOf, identityOf, isReading, readTargetOf, type AuthorizeEdit, type RequestScope } from '../../actors/request-scope.ts';
import type { Datastore } from '../../actors/nodes/datastore.ts';
import { encodeData } from '../../data/json/index.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import type { Logger } from '../logger.ts';
import { AccessRights } from './access-rights.ts';
import { authorizeEdit } from './authorize-edit.ts';
import { DryNode } from './dry-node.ts';
import { EditLedger } from './edit-ledger.ts';
import { GuardNode } from './guard-node.ts';
import { readNacmConfig, type AccessOperation, type NacmConfig } from './nacm-config.ts';
import type { DataPath } from '../../data/data-path.ts';
import type { CoreRequest } from '../../http/exchange.ts';
import type { Device } from '../../actors/device.ts';
import { ReadTarget, ReadTargets } from './read-target.ts';

export const NACM_MODULE = 'ietf-netconf-acm';

const READ_ONLY = ['read'] as const;
/** A read removes nothing. */
const NO_EDIT = new EditLedger();
const NO_GROUPS: readonly string[] = [];

export interface NacmOptions {
  /** A user NACM does not apply to (RFC 8341 §2.5, the recovery session): to repair the rules. */
  readonly recoveryUser?: string;
}

export class Nacm {
  private config: NacmConfig;
  private readonly rights = new Map<string, AccessRights>();
  private byGroups = new WeakMap<readonly string[], Map<string | undefined, AccessRights>>();
  version = 0;

  constructor(
    private readonly datastore: Datastore,
    private readonly module: ModuleMeta,
    private readonly options: NacmOptions,
    private readonly logger: Logger,
  ) {
    this.config = this.read();
  }

  private read(): NacmConfig {
    const config = readNacmConfig(encodeData(this.datastore.root(this.module), { strict: false }));
    for (const p of config.problems) this.logger.warn({ nacm: p }, 'NACM rule ignored');
    return config;
  }

  /** The rules changed: the next request sees the new version. */
  reload(): void {
    this.config = this.read();
    this.rights.clear();
    this.byGroups = new WeakMap();
    this.version += 1;
  }

  /** The rights of the request's user (none identified: the rules for no user). */
  rightsFor(context: RequestContext): AccessRights {
    const identity = identityOf(context);
    const user = identity?.user;
    const groups = identity?.groups ?? NO_GROUPS;
    // the groups array of a known identity is the same object each time: its users' rights without building a key
    let byUser = this.byGroups.get(groups);
    if (byUser === undefined) this.byGroups.set(groups, (byUser = new Map()));
    let r = byUser.get(user);
    if (r === undefined) {
      const key = `${user ?? ''}\u0000${groups.join('\u0000')}`;
      r = this.rights.get(key);
      if (r === undefined) {
        r = new AccessRights(this.config, user, groups, user !== undefined && user === this.options.recoveryUser);
        this.rights.set(key, r);
      }
      byUser.set(user, r);
    }
    return r;
  }

  /** May the user do `op` on the target (a module root: on any of its top-level nodes; the datastore, `meta` undefined: in any of `modules`)? */
  permits(context: RequestContext, op: AccessOperation, meta: ModuleMeta | SchemaNode | undefined, path: DataPath, modules: readonly ModuleMeta[] = []): boolean {
    if (meta === undefined) return modules.some((m) => this.permits(context, op, m, path));
    const rights = this.rightsFor(context);
    if (meta.kind !== 'module') return rights.allows(op, meta, path);
    const tops = [...dataChildren(meta.children), ...meta.rpcs, ...meta.notifications] as SchemaNode[];
    return tops.some((n) => rights.allows(op, n, { segments: [{ meta: n as never }] }));
  }

  /** Checks an edit before it reaches any node (authorize-edit.ts). */
  private readonly authorize: AuthorizeEdit = (browser, cmd) => authorizeEdit(this.rightsFor(cmd.context), browser, cmd);

  private targets: ReadTargets | undefined;

  /**
   * What NACM decides for a request of the device before routing, in its
   * scope: whether it only reads (and, for a read of a data node, which
   * node: guardRoot), and the edit check for the others.
   */
  decisionFor(device: Device): (req: CoreRequest, scope: RequestScope) => void {
    if (this.targets === undefined) this.targets = new ReadTargets(device);
    const targets = this.targets;
    return (req, scope) => {
      if (req.method === 'GET' || req.method === 'HEAD') decide(scope, { reading: true, readTarget: targets.of(req.path) });
      else decide(scope, this.writing);
    };
  }

  private readonly writing = { reading: false, authorizeEdit: this.authorize };

  /** The module's root node as this request's user may use it. */
  guardRoot(node: Node, module: ModuleMeta, context: RequestContext): Node {
    const rights = this.rightsFor(context);
    if (rights.unrestricted) return node;
    const dry = dryRunOf(context);
    if (dry instanceof EditLedger) return new GuardNode(new DryNode(node), rights, false, dry);
    const reading = isReading(context);
    // a read of a data node the user may read all of (and the way to it): the node behind, for every fast path of the read
    const target = reading ? readTargetOf(context) : undefined;
    if (target instanceof ReadTarget && target.module === module && rights.readsWhole(target.meta)) return node;
    if (rights.modulePermits(module, reading ? READ_ONLY : undefined)) return node;
    // the real edit's removals: a node written again is an update; deletes were settled by the dry run
    return new GuardNode(node, rights, reading, reading ? NO_EDIT : new EditLedger());
  }
}
