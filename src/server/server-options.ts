/**
 * createServer's options checked at run time (JavaScript callers have no
 * compiler to do it): an io-ts codec, its errors collected with their
 * location (`options.limits.maxBodyBytes: ...`), every one reported at once.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { ServerOptions } from './create-server.ts';
import { ACCESS_FIELDS, type AccessField } from './access-log.ts';

const integerIn = (name: string, min: number, max: number) =>
  new t.Type<number, number, unknown>(
    name,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
    (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

const positive = integerIn(`an integer 1..${2 ** 32 - 1}`, 1, 2 ** 32 - 1);
const port = integerIn('a port 0..65535', 0, 65535);
const urlPath = new t.Type<string, string, unknown>(
  'a path starting with /',
  (u): u is string => typeof u === 'string' && u.startsWith('/'),
  (u, c) => (typeof u === 'string' && u.startsWith('/') && !u.startsWith('/restconf') ? t.success(u) : t.failure(u, c)),
  t.identity,
);
const strings = t.readonlyArray(t.string);
const fn = t.Function;

const optionsCodec = t.intersection([
  t.type({ modules: strings }),
  t.partial({
    searchPath: strings,
    features: strings,
    data: t.union([t.string, t.literal(false)]),
    cluster: t.intersection([t.type({ servers: strings }), t.partial({ stream: t.string, replicas: t.number, replica: t.string, publishTimeoutMs: t.number, startTimeoutMs: t.number, snapshotEvery: t.number, sharedPort: t.boolean })]),
    nodes: t.record(t.string, fn),
    app: t.union([fn, t.string]),
    transport: t.keyof({ auto: null, uws: null, http1: null, h2c: null }),
    host: t.string,
    port,
    tls: t.intersection([t.type({ key: t.unknown, cert: t.unknown }), t.partial({ ca: t.unknown })]),
    callHome: t.readonlyArray(t.intersection([
      t.type({ host: t.string }),
      t.partial({
        name: t.string,
        port: integerIn('a port 1..65535', 1, 65535),
        connection: t.union([
          t.type({ type: t.literal('persistent') }),
          t.intersection([t.type({ type: t.literal('periodic') }), t.partial({ periodSeconds: positive, idleTimeoutSeconds: integerIn('an integer 0..86400', 0, 86400) })]),
        ]),
        reconnect: t.partial({ maxAttempts: positive, minDelayMs: positive, maxDelayMs: positive }),
      }),
    ])),
    limits: t.partial({
      maxBodyBytes: positive,
      maxNodeCount: positive,
      requestTimeoutMs: positive,
      keepAliveSeconds: integerIn('an integer 1..3600', 1, 3600),
      maxQueuedEvents: positive,
    }),
    filters: t.readonlyArray(fn),
    auth: t.partial({
      basic: t.type({ usersFile: t.string }),
      bearer: t.partial({ jwksFile: t.string, publicKeys: t.readonlyArray(t.unknown), algorithms: strings, issuer: t.string, audience: t.string, userClaim: t.string, groupsClaim: t.string }),
      certificates: t.type({ map: t.readonlyArray(t.type({ fingerprint: t.string, mapType: t.keyof({ specified: null, 'common-name': null, 'san-rfc822-name': null, 'san-dns-name': null, 'san-ip-address': null, 'san-any': null }) })) }),
      proxy: t.type({ trusted: strings }),
      anonymous: t.union([t.boolean, t.type({ groups: strings })]),
      realm: t.string,
    }),
    logger: t.union([t.literal(false), t.type({ info: fn, warn: fn, error: fn })]),
    allowedHosts: strings,
    forwardedBy: strings,
    allowUnauthenticated: t.boolean,
    nacm: t.union([t.boolean, t.partial({ recoveryUser: t.string })]),
    cors: t.intersection([
      t.type({ origins: t.union([t.literal('*'), strings]) }),
      t.partial({ credentials: t.boolean, maxAgeSeconds: integerIn('an integer 0..86400', 0, 86400) }),
    ]),
    metrics: t.union([t.literal(false), t.partial({ path: urlPath, modules: strings })]),
    accessLog: t.union([t.boolean, t.partial({ fields: t.array(t.keyof(Object.fromEntries(ACCESS_FIELDS.map((f) => [f, null])) as Record<AccessField, null>)), file: t.string })]),
    closeTimeoutMs: integerIn('an integer 0..3600000', 0, 3_600_000),
    web: t.partial({ urlCredentials: t.boolean }),
    explorer: t.union([t.boolean, t.partial({ path: urlPath })]),
  }),
]);

const combinator = (type: t.Decoder<unknown, unknown> | undefined): boolean =>
  type instanceof t.IntersectionType || type instanceof t.UnionType;

/** `options.limits.maxBodyBytes: expected ..., got ...`: the property's own type, not the union member that failed last. */
const describe = (e: t.ValidationError): string => {
  const named = e.context.filter((_c, i) => i > 0 && !combinator(e.context[i - 1]?.type));
  const path = named.map((c) => c.key).join('.');
  const expected = named[named.length - 1]?.type.name ?? 'an object';
  return `options${path === '' ? '' : `.${path}`}: expected ${expected}, got ${JSON.stringify(e.value) ?? String(e.value)}`;
};

/** The options as given, or an Error listing every problem with its location. */
export const checkServerOptions = (options: ServerOptions): ServerOptions => {
  const r = optionsCodec.decode(options);
  if (isLeft(r)) throw new TypeError(`createServer: bad options\n  ${[...new Set(r.left.map(describe))].join('\n  ')}`);
  if (options.modules.length === 0) throw new TypeError('createServer: bad options\n  options.modules: name at least one module to serve');
  return options;
};
