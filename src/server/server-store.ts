/**
 * Assembly step 2, the datastore and settings: the data file locked (one
 * server per datastore: src/store/datastore-lock.ts), the embedded datastore
 * loaded, the rxconf-server module's container made and the options written
 * into it (limits, authentication, call home), the settings read from it
 * (again after each edit of the module: `reload`), and NACM over the
 * ietf-netconf-acm module when it is on.
 */
import { Datastore } from '../actors/nodes/datastore.ts';
import { ClusterBackend, type ClusterOptions } from '../cluster/index.ts';
import { DatastoreLock } from '../store/datastore-lock.ts';
import { DataContainer } from '../data/data-container.ts';
import type { ContainerMeta, ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { applyAuthOptions, readAuthSettings, type AuthSettings } from './auth/auth-settings.ts';
import type { AuthOptions } from './auth/authenticate.ts';
import { applyCallHomeClients } from './call-home/call-home-config.ts';
import type { CallHomeClient } from './call-home/call-home-options.ts';
import type { Logger } from './logger.ts';
import { Nacm, NACM_MODULE, type NacmOptions } from './nacm/nacm.ts';
import { applyLimits, applyListen, readSettings, SERVER_MODULE, type ServerLimits, type ServerSettings } from './server-settings.ts';

export interface StoreChoice {
  readonly data?: string | false;
  readonly limits?: ServerLimits;
  readonly host?: string;
  readonly port?: number;
  readonly auth?: AuthOptions;
  readonly callHome?: readonly CallHomeClient[];
  readonly nacm?: boolean | NacmOptions;
  readonly cluster?: ClusterOptions;
}

export class ServerStore {
  readonly datastore: Datastore;
  /** The data file's lock (none in memory); released by the server's close. */
  readonly lock: DatastoreLock | undefined;
  /** The rxconf-server module. */
  readonly module: ModuleMeta;
  readonly nacmModule: ModuleMeta | undefined;
  readonly nacm: Nacm | undefined;
  /** With `cluster`: the replica whose backend holds the datastore (its data comes from the stream once started). */
  readonly replica: ClusterBackend | undefined;
  #settings: ServerSettings;
  #auth: AuthSettings;

  constructor(schema: SchemaContext, o: StoreChoice, logger: Logger) {
    this.module = schema.modules.get(SERVER_MODULE) as ModuleMeta;
    const file = o.data === false ? undefined : o.data;
    const cluster = o.cluster;
    let replica: ClusterBackend | undefined;
    // a replica only reads its data file (the seed), so replicas of one machine may share it
    this.lock = file === undefined || cluster !== undefined ? undefined : DatastoreLock.acquire(file);
    try {
      // A replica's data file only seeds an empty stream.
      this.datastore = cluster === undefined ? Datastore.load(schema, file)
        : Datastore.load(schema, undefined, { storage: (live) => (replica = new ClusterBackend(schema, live, cluster, file)) });
    } catch (e) {
      this.lock?.release();
      throw e;
    }
    this.replica = replica;
    const serverMeta = findDataChild(this.module, undefined, 'server') as ContainerMeta;
    const root = this.datastore.root(this.module);
    if (!root.values.has(serverMeta)) root.set(serverMeta, new DataContainer(serverMeta));
    if (o.limits !== undefined) applyLimits(this.datastore, this.module, o.limits);
    applyListen(this.datastore, this.module, { ...(o.host === undefined ? {} : { address: o.host }), ...(o.port === undefined ? {} : { port: o.port }) });
    if (o.auth !== undefined) applyAuthOptions(this.datastore, this.module, o.auth);
    if (o.callHome !== undefined) applyCallHomeClients(this.datastore, this.module, o.callHome);
    this.#settings = readSettings(this.datastore, this.module);
    this.#auth = readAuthSettings(this.datastore, this.module);
    this.nacmModule = schema.modules.get(NACM_MODULE);
    this.nacm = o.nacm === undefined || o.nacm === false || this.nacmModule === undefined
      ? undefined
      : new Nacm(this.datastore, this.nacmModule, o.nacm === true ? {} : o.nacm, logger);
  }

  /** The rxconf-server settings in effect. */
  get settings(): ServerSettings {
    return this.#settings;
  }

  get authSettings(): AuthSettings {
    return this.#auth;
  }

  /** The rxconf-server module changed: its settings read again. */
  reload(): void {
    this.#settings = readSettings(this.datastore, this.module);
    this.#auth = readAuthSettings(this.datastore, this.module);
  }
}
