/**
 * The explorer's files (explorer/ in the package: index.html, its script
 * modules and its style sheet; plain files, no build step) at
 * `<explorer>/`, read once.
 * Served before authentication: they hold no data; the page asks for
 * credentials and sends them with every request it makes. A strict
 * Content-Security-Policy: scripts, styles and connections to this origin only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Handler } from '../../http/exchange.ts';
import { requestError } from '../request-error.ts';

/** The explorer/ folder beside src/ or dist/ in the package. */
export const explorerDir = (): string => join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'explorer');

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

const typeOf = (name: string): string | undefined => TYPES[name.slice(name.lastIndexOf('.') + 1)];

const SECURITY = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

export const withExplorerPage = (inner: Handler, base: string): Handler => {
  const dir = explorerDir();
  const files = new Map<string, { type: string; text: string }>();
  for (const name of readdirSync(dir)) {
    const type = typeOf(name);
    if (type !== undefined) files.set(`${base}/${name}`, { type, text: readFileSync(join(dir, name), 'utf8') });
  }
  const index = files.get(`${base}/index.html`);
  return (req) => {
    const path = req.path;
    if (path !== base && !path.startsWith(`${base}/`)) return inner(req);
    if (path === `${base}/schema.json`) return inner(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return requestError(req, 'operation-not-supported', `${base}/ is read-only`, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    if (path === base) return { status: 301, headers: { location: `${base}/` }, body: undefined };
    const file = path === `${base}/` ? index : files.get(path);
    if (file === undefined) return requestError(req, 'invalid-value', `no explorer file at ${path}`, { status: 404 });
    return { status: 200, headers: { ...SECURITY, 'content-type': file.type }, body: req.method === 'HEAD' ? undefined : file.text };
  };
};
