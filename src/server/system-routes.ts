/**
 * Resources the server answers before the RESTCONF core: YANG source
 * download (the YANG library's `location` URLs) and
 * `ietf-restconf-monitoring:restconf-state` (capabilities and streams).
 */
import type { Device } from '../actors/device.ts';
import { PLAIN_JSON, requestIsStrict, YANG_JSON } from '../http/core/index.ts';
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { restconfState, type StreamInfo } from '../http/system/restconf-state.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { percentDecode } from '../parser/expr/index.ts';
import { errorResponse } from './error-response.ts';

export const SCHEMA_PREFIX = '/restconf/schema/';
const STATE = '/restconf/data/ietf-restconf-monitoring:restconf-state';

/** `http://host:port/restconf/schema/name@revision` */
export const schemaLocation = (base: string) => (name: string, revision: string | undefined): string =>
  `${base}${SCHEMA_PREFIX}${encodeURIComponent(name)}${revision === undefined ? '' : `@${revision}`}`;

const text = (status: number, body: string, type = 'text/plain; charset=utf-8'): CoreResponse => ({ status, headers: { 'content-type': type }, body });

const findSource = (schema: SchemaContext, decoded: string): string | undefined => {
  const [name = '', revision] = decoded.split('@');
  for (const m of schema.modules.values()) {
    if (m.name === name && (revision === undefined || m.revision === revision)) return m.source;
  }
  return undefined;
};

/** Every stream: each notification of every served module (top level), and each module's change stream. */
export const streamList = (device: Device, base: string): StreamInfo[] =>
  device.all.flatMap((b) => [
    ...b.module.notifications.map((n) => ({
      name: `${b.module.name}:${n.name}`,
      description: n.description ?? `the ${n.name} notification`,
      location: `${base}/restconf/data/${b.module.name}:${n.name}`,
    })),
    { name: `${b.module.name}/changes`, description: `every committed edit of ${b.module.name}`, location: `${base}/restconf/streams/${b.module.name}/changes` },
  ]);

export const withSystemRoutes = (core: Handler, schema: SchemaContext, device: Device, base: () => string): Handler => (req: CoreRequest) => {
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (req.path.startsWith(SCHEMA_PREFIX)) {
    if (!readOnly) return { ...text(405, 'YANG sources are read-only\n'), headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' } };
    const ref = percentDecode(req.path, SCHEMA_PREFIX.length, req.path.length);
    if (!ref.ok) return errorResponse(req, 'invalid-value', `bad module reference in ${req.path}: ${ref.message}`);
    const source = findSource(schema, ref.value);
    if (source === undefined) return text(404, `no module ${req.path.slice(SCHEMA_PREFIX.length)} is served\n`);
    const r = text(200, source, 'application/yang');
    return req.method === 'HEAD' ? { ...r, body: undefined } : r;
  }
  if (readOnly && (req.path === STATE || req.path === `${STATE}/`)) {
    const strict = requestIsStrict(req);
    const doc = restconfState(streamList(device, base()));
    const body = strict ? doc : { 'restconf-state': doc['ietf-restconf-monitoring:restconf-state'] };
    return { status: 200, headers: { 'content-type': strict ? YANG_JSON : PLAIN_JSON }, body: req.method === 'HEAD' ? undefined : JSON.stringify(body) };
  }
  return core(req);
};
