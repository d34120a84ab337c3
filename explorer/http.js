// Requests to the server, each with the credentials given at log-in (kept
// in this tab's sessionStorage only), each listed in the request log with
// its "copy as curl".
import { logRequest } from './requests.js';

export const session = { auth: sessionStorage.getItem('rxconf.auth') ?? '' };

// X-Requested-With: a 401 then comes without a challenge, so the browser shows no log-in dialog of its own.
export const headers = (extra = {}) => ({ accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(session.auth === '' ? {} : { authorization: session.auth }), ...extra });

const parse = (text) => {
  try { return text === '' ? undefined : JSON.parse(text); } catch { return undefined; }
};

/**
 * A request: `call('GET', path)`, `call('PATCH', path, { body, type })`,
 * `call('POST', path, { parts })` (multipart: [name, string | File | { text, type }]).
 * `ifMatch` sends If-Match (an entity-tag of an earlier read).
 * Answers { status, text, json, etag, lastModified }.
 */
export const call = async (method, path, { body, type, parts, ifMatch } = {}) => {
  const url = new URL(path, location.href).href;
  const extra = { ...(type === undefined ? {} : { 'content-type': type }), ...(ifMatch == null ? {} : { 'if-match': ifMatch }) };
  const entry = logRequest({ method, url, auth: session.auth, type, body, parts, ifMatch });
  let form;
  if (parts !== undefined) {
    form = new FormData();
    for (const [name, v] of parts) {
      if (typeof v === 'string') form.append(name, v);
      else if (v instanceof File) form.append(name, v, v.name);
      else form.append(name, new Blob([v.text], { type: v.type }));
    }
  }
  const r = await fetch(url, { method, headers: headers(extra), body: form ?? body });
  const text = await r.text();
  entry.answered(r.status);
  return { status: r.status, text, json: parse(text), etag: r.headers.get('etag'), lastModified: r.headers.get('last-modified') };
};

/** Every RFC 8040 error of an answer (a yang-patch-status's too), readable: `status: path message`. */
export const errorText = (r) => {
  const found = [];
  const collect = (v) => {
    if (Array.isArray(v)) return v.forEach(collect);
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'error' || k.endsWith(':error')) && Array.isArray(x) && x.some((e) => e?.['error-tag'] !== undefined)) found.push(...x);
      else collect(x);
    }
  };
  collect(r.json);
  if (found.length === 0) return `${r.status} ${r.text}`;
  return `${r.status}: ${found.map((e) => `${e['error-path'] ?? ''} ${e['error-message'] ?? e['error-tag']}`.trim()).join('\n')}`;
};
