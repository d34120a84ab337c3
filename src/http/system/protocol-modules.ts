/**
 * The protocol's own modules, served as modules like any other (RFC 8040
 * §3.3.3, §9; RFC 8525): `ietf-yang-library` (the YANG library and the
 * legacy modules-state) and `ietf-restconf-monitoring` (capabilities and
 * streams), each a read-only state root built from the compiled schema and
 * the server's streams. Their YANG files ship in the package's yang/.
 */
import type { Device } from '../../actors/device.ts';
import type { Node } from '../../actors/node.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import type { SchemaContext } from '../../meta/meta.ts';
import { restconfState } from './restconf-state.ts';
import { schemaLocation } from './schema-resource.ts';
import { stateDataRoot } from './state-data-node.ts';
import { streamList } from './stream-list.ts';
import { yangLibraryDocument } from './yang-library.ts';

export const YANG_LIBRARY_MODULE = 'ietf-yang-library';
export const MONITORING_MODULE = 'ietf-restconf-monitoring';
/** The modules every server compiles and serves besides the ones it is given. */
export const PROTOCOL_MODULES: readonly string[] = [YANG_LIBRARY_MODULE, MONITORING_MODULE];

export interface ProtocolSources {
  readonly schema: SchemaContext;
  readonly device: Device;
  /** The base URL of the request a read is made for (contextBaseUrl), for locations. */
  readonly base: (context: RequestContext) => string;
  /** When a stream's replay buffer was created, by stream name (RFC 3339), if it keeps one. */
  readonly replaySince?: (stream: string) => string | undefined;
  /** Changes whenever a replay buffer is created. */
  readonly replayVersion?: () => number;
}

/** The URL a server will have on `host` and `port`: the locations of one that answers before it listens (inject). */
export const plannedUrl = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The root node of each protocol module the schema holds, by module name. */
export const protocolRoots = (s: ProtocolSources): Map<string, (context: RequestContext) => Node> => {
  const roots = new Map<string, (context: RequestContext) => Node>();
  const library = s.schema.modules.get(YANG_LIBRARY_MODULE);
  if (library?.implemented === true) {
    roots.set(YANG_LIBRARY_MODULE, stateDataRoot(library, s.schema, {
      version: s.base,
      build: (ctx) => yangLibraryDocument(s.schema, schemaLocation(s.base(ctx))),
    }));
  }
  const monitoring = s.schema.modules.get(MONITORING_MODULE);
  if (monitoring?.implemented === true) {
    roots.set(MONITORING_MODULE, stateDataRoot(monitoring, s.schema, {
      version: (ctx) => `${s.base(ctx)} ${s.replayVersion?.() ?? 0}`,
      build: (ctx) => restconfState(streamList(s.device, s.base(ctx)).map((info) => {
        const since = s.replaySince?.(info.name);
        return since === undefined ? info : { ...info, replayLogCreationTime: since };
      })),
    }));
  }
  return roots;
};
