/**
 * Authentication in front of the core: each configured method in turn
 * (trusted proxy header, TLS client certificate, Bearer token, Basic), then
 * anonymous when allowed. No or wrong credentials: 401 access-denied with
 * `WWW-Authenticate` for each challenge scheme, after a delay that grows
 * with the client's failures (keyed by the client's address: the one a
 * trusted proxy names, else the peer's; http/forwarded/client-address.ts). The identity reaches the request's scope
 * through `authenticatedAs` (server-core.ts), before any application filter. The rxconf-server module's `authentication`
 * settings (auth-settings.ts) switch methods off, name the trusted proxies,
 * allow anonymous access and set the realm and the delays, per request.
 */
import type { CoreRequest, CoreResponse, Handler } from '../../http/exchange.ts';
import { withHeaders } from '../../http/with-headers.ts';
import { requestError } from '../request-error.ts';
import { clientAddress } from '../../http/forwarded/index.ts';
import { requestSlot } from '../../http/request-slot.ts';
import type { AuthSettings } from './auth-settings.ts';
import { BasicAuth, type BasicOptions } from './basic-auth.ts';
import { BearerAuth, type BearerOptions } from './bearer-auth.ts';
import { CertificateAuth, type CertificateOptions } from './certificate-auth.ts';
import { FailureDelay } from './failure-delay.ts';
import { AuthFailure, type Identity } from './identity.ts';
import { ProxyAuth, type ProxyOptions } from './proxy-auth.ts';

export interface AuthOptions {
  readonly basic?: BasicOptions;
  readonly bearer?: BearerOptions;
  readonly certificates?: CertificateOptions;
  readonly proxy?: ProxyOptions;
  /** Requests without credentials are the user `anonymous` (in these groups), subject to access control like anyone. */
  readonly anonymous?: boolean | { readonly groups: readonly string[] };
  /** Realm of the challenges (default `rxconf`). */
  readonly realm?: string;
}

/** The identity authentication gave a request, kept on the transport's request so that layers outside a rewrite (the access log) see it too. */
const identity = requestSlot<Identity>();
const keepIdentity = identity.keep;

/** The identity authentication gave the request. */
export const authenticatedAs = (request: CoreRequest): Identity | undefined => identity.of(request);

const scheme = (header: string): [string, string] => {
  const space = header.indexOf(' ');
  return space < 0 ? [header.toLowerCase(), ''] : [header.slice(0, space).toLowerCase(), header.slice(space + 1).trim()];
};

/** The settings `options` alone give (no rxconf-server module at hand). */
export const settingsOf = (options: AuthOptions): AuthSettings => ({
  basic: true,
  bearer: true,
  certificate: true,
  trustedProxies: options.proxy?.trusted ?? [],
  anonymous: options.anonymous === undefined || options.anonymous === false ? undefined : options.anonymous === true ? [] : options.anonymous.groups,
  realm: options.realm ?? 'rxconf',
  failureDelayMs: 100,
  maxFailureDelayMs: 5_000,
});

/** The methods in effect under `settings`, made again only when the settings change. */
class Methods {
  readonly basic: BasicAuth | undefined;
  readonly bearer: BearerAuth | undefined;
  readonly certificates: CertificateAuth | undefined;
  readonly proxy: ProxyAuth | undefined;
  readonly anonymous: Identity | undefined;

  constructor(readonly settings: AuthSettings, all: { basic?: BasicAuth; bearer?: BearerAuth; certificates?: CertificateAuth }, options: AuthOptions) {
    this.basic = settings.basic ? all.basic : undefined;
    this.bearer = settings.bearer ? all.bearer : undefined;
    this.certificates = settings.certificate ? all.certificates : undefined;
    this.proxy = settings.trustedProxies.length === 0 ? undefined : new ProxyAuth({ ...options.proxy, trusted: settings.trustedProxies });
    this.anonymous = settings.anonymous === undefined ? undefined : { user: 'anonymous', groups: settings.anonymous, method: 'anonymous' };
  }
}

/**
 * `open`: requests let through without credentials (and with no identity)
 * where anonymous access is not allowed; credentials they carry are
 * checked as anywhere.
 */
export const withAuthentication = (inner: Handler, options: AuthOptions, settings?: () => AuthSettings, open?: (req: CoreRequest) => boolean): Handler => {
  const fixed = settingsOf(options);
  const read = settings ?? ((): AuthSettings => fixed);
  const all = {
    ...(options.basic === undefined ? {} : { basic: new BasicAuth(options.basic) }),
    ...(options.bearer === undefined ? {} : { bearer: new BearerAuth(options.bearer) }),
    ...(options.certificates === undefined ? {} : { certificates: new CertificateAuth(options.certificates) }),
  };
  let methods = new Methods(read(), all, options);
  const current = (): Methods => {
    const s = read();
    if (s !== methods.settings) methods = new Methods(s, all, options);
    return methods;
  };
  const delay = new FailureDelay();
  const challenges = (m: Methods, failure: AuthFailure | undefined): string[] => [
    ...(m.basic === undefined ? [] : [`Basic realm="${m.settings.realm}", charset="UTF-8"`]),
    ...(m.bearer === undefined ? [] : [`Bearer realm="${m.settings.realm}"${failure?.scheme === 'Bearer' ? ', error="invalid_token"' : ''}`]),
  ];

  const refuse = async (req: CoreRequest, m: Methods, failure: AuthFailure | undefined): Promise<CoreResponse> => {
    const wait = failure === undefined ? 0 : delay.failed(clientAddress(req), Date.now(), m.settings.failureDelayMs, m.settings.maxFailureDelayMs);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const message = failure === undefined ? 'authentication required' : `authentication failed: ${failure.message}`;
    const res = requestError(req, 'access-denied', message, { status: 401 });
    const list = challenges(m, failure);
    return list.length === 0 ? res : withHeaders(res, { 'www-authenticate': list.join(', ') });
  };

  const admit = (req: CoreRequest, id: Identity): CoreResponse | Promise<CoreResponse> => {
    keepIdentity(req, id);
    // the peer's address is costly to read on uWS: only when some address has failures to forget
    if (delay.active && id.method !== 'anonymous') delay.succeeded(clientAddress(req));
    return inner(req);
  };

  return (req) => {
    const { basic, bearer, certificates, proxy, anonymous } = current();
    const m = methods;
    const byProxy = proxy?.identify(req);
    if (byProxy !== undefined) return admit(req, byProxy);
    const byCertificate = certificates?.identify(req);
    if (byCertificate !== undefined) return admit(req, byCertificate);
    const header = req.headers.get('authorization');
    if (header === undefined) return anonymous !== undefined ? admit(req, anonymous) : open?.(req) === true ? inner(req) : refuse(req, m, undefined);
    const [kind, credentials] = scheme(header);
    const verifier = kind === 'basic' ? basic : kind === 'bearer' ? bearer : undefined;
    if (verifier === undefined) return refuse(req, m, new AuthFailure(`the ${kind} scheme is not accepted here`, undefined));
    const known = verifier.known(credentials);
    if (known !== undefined) return admit(req, known);
    return verifier.verify(credentials).then(
      (id) => admit(req, id),
      (e: unknown) => refuse(req, m, e instanceof AuthFailure ? e : new AuthFailure('credentials not accepted', undefined)),
    );
  };
};
