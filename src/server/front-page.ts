/**
 * `/`, the server's front door: GET or HEAD answers 200 with where things
 * are (the RESTCONF root, root discovery, the OpenAPI document, the
 * explorer and /metrics where they are on), as HTML to a browser (Accept
 * naming text/html) and as a JSON object to anything else (curl). Served
 * before authentication: it holds no data, only the locations every
 * client may learn from root discovery anyway; what they serve still asks
 * for credentials. Another method is 405.
 */
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { requestError } from './request-error.ts';

/** The front page's links: name → absolute path. */
export type FrontLinks = Readonly<Record<string, string>>;

const WHAT: Readonly<Record<string, string>> = {
  restconf: 'the RESTCONF API (RFC 8040)',
  'host-meta': 'root discovery (RFC 8040 §3.1)',
  openapi: 'the OpenAPI document of the API',
  explorer: 'the explorer, a page to browse and edit the data',
  metrics: 'Prometheus metrics',
};

const SECURITY = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (links: FrontLinks): string =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>rxconf</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em}</style></head>\n` +
  `<body><h1>rxconf</h1><p>A RESTCONF server. Here:</p><ul>\n${Object.entries(links)
    .map(([name, path]) => `<li><a href="${escape(path)}">${escape(path)}</a>: ${escape(WHAT[name] ?? name)}</li>`)
    .join('\n')}\n</ul></body></html>\n`;

const wantsHtml = (req: CoreRequest): boolean => /\btext\/html\b/.test(req.headers.get('accept') ?? '');

export const withFrontPage = (inner: Handler, links: FrontLinks): Handler => {
  const json = `${JSON.stringify(links)}\n`;
  const page = html(links);
  return (req): CoreResponse | Promise<CoreResponse> => {
    if (req.path !== '/') return inner(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return requestError(req, 'operation-not-supported', '/ is read-only', { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const [type, body] = wantsHtml(req) ? ['text/html; charset=utf-8', page] : ['application/json', json];
    return { status: 200, headers: { ...SECURITY, 'content-type': type, vary: 'accept' }, body: req.method === 'HEAD' ? undefined : body };
  };
};
