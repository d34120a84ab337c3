/**
 * Authentication in front of the core: each configured method in turn
 * (trusted proxy header, TLS client certificate, Bearer token, Basic), then
 * anonymous when allowed. No or wrong credentials: 401 access-denied with
 * `WWW-Authenticate` for each challenge scheme, after a delay that grows
 * with the address's failures. The identity reaches the core's context
 * through `identityOf`.
 */
import type { RequestFilter } from '../../http/core/index.ts';
import type { CoreRequest, CoreResponse, Handler } from '../../http/exchange.ts';
import { errorResponse } from '../error-response.ts';
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

const identities = new WeakMap<CoreRequest, Identity>();

/** The identity authentication gave the request. */
export const identityOf = (req: CoreRequest): Identity | undefined => identities.get(req);

/** The core filter that puts the identity in the request context (`user`, `roles`). */
export const identityFilter: RequestFilter = (req) => {
  const id = identities.get(req);
  return id === undefined ? undefined : { user: id.user, roles: id.groups, authenticatedBy: id.method };
};

const scheme = (header: string): [string, string] => {
  const space = header.indexOf(' ');
  return space < 0 ? [header.toLowerCase(), ''] : [header.slice(0, space).toLowerCase(), header.slice(space + 1).trim()];
};

export const withAuthentication = (inner: Handler, options: AuthOptions): Handler => {
  const basic = options.basic === undefined ? undefined : new BasicAuth(options.basic);
  const bearer = options.bearer === undefined ? undefined : new BearerAuth(options.bearer);
  const certificates = options.certificates === undefined ? undefined : new CertificateAuth(options.certificates);
  const proxy = options.proxy === undefined ? undefined : new ProxyAuth(options.proxy);
  const anonymous: Identity | undefined = options.anonymous === undefined || options.anonymous === false
    ? undefined
    : { user: 'anonymous', groups: options.anonymous === true ? [] : options.anonymous.groups, method: 'anonymous' };
  const realm = options.realm ?? 'rxconf';
  const delay = new FailureDelay();
  const challenges = (failure: AuthFailure | undefined): string[] => [
    ...(basic === undefined ? [] : [`Basic realm="${realm}", charset="UTF-8"`]),
    ...(bearer === undefined ? [] : [`Bearer realm="${realm}"${failure?.scheme === 'Bearer' ? ', error="invalid_token"' : ''}`]),
  ];

  const refuse = async (req: CoreRequest, failure: AuthFailure | undefined): Promise<CoreResponse> => {
    const wait = failure === undefined ? 0 : delay.failed(req.remoteAddress);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const message = failure === undefined ? 'authentication required' : `authentication failed: ${failure.message}`;
    const res = errorResponse(req, 'access-denied', message, { status: 401 });
    const list = challenges(failure);
    return list.length === 0 ? res : { ...res, headers: { ...res.headers, 'www-authenticate': list.join(', ') } };
  };

  const admit = (req: CoreRequest, id: Identity): CoreResponse | Promise<CoreResponse> => {
    identities.set(req, id);
    if (id.method !== 'anonymous') delay.succeeded(req.remoteAddress);
    return inner(req);
  };

  return (req) => {
    const byProxy = proxy?.identify(req);
    if (byProxy !== undefined) return admit(req, byProxy);
    const byCertificate = certificates?.identify(req);
    if (byCertificate !== undefined) return admit(req, byCertificate);
    const header = req.headers.get('authorization');
    if (header === undefined) return anonymous === undefined ? refuse(req, undefined) : admit(req, anonymous);
    const [kind, credentials] = scheme(header);
    const verifier = kind === 'basic' ? basic : kind === 'bearer' ? bearer : undefined;
    if (verifier === undefined) return refuse(req, new AuthFailure(`the ${kind} scheme is not accepted here`, undefined));
    const known = verifier.known(credentials);
    if (known !== undefined) return admit(req, known);
    return verifier.verify(credentials).then(
      (id) => admit(req, id),
      (e: unknown) => refuse(req, e instanceof AuthFailure ? e : new AuthFailure('credentials not accepted', undefined)),
    );
  };
};
