// "Copy as curl": the shell command that makes a request the page made.
// No secret is written: a Basic user is named (`-u user`, curl asks for the
// password) and a bearer token is read from $TOKEN.

import { basicUser } from './credentials.js';

const quote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** The credentials as curl options. */
const credentials = (auth) => {
  const user = basicUser(auth);
  if (user !== undefined) return ['-u', quote(user)];
  if (auth.startsWith('Bearer ')) return ['-H', '"Authorization: Bearer $TOKEN"'];
  return [];
};

/** A multipart part as a `-F` option: text, a JSON part, or a file. */
const formPart = ([name, value]) => {
  if (typeof value === 'string') return ['--form-string', quote(`${name}=${value}`)];
  if (value instanceof File) return ['-F', quote(`${name}=@${value.name}`)];
  return ['-F', quote(`${name}=${value.text ?? ''};type=${value.type}`)];
};

/**
 * The command for `{ method, url, auth, type, body, accept }`: `body` a
 * string, or `parts` ([name, string | File | { text, type }]) for a form.
 */
export const curlCommand = (request) => {
  const words = ['curl'];
  if (request.accept === 'text/event-stream') words.push('-N', '-H', quote('Accept: text/event-stream'));
  words.push(...credentials(request.auth));
  if (request.method !== 'GET' && !(request.method === 'POST' && (request.body !== undefined || request.parts !== undefined))) words.push('-X', request.method);
  if (request.type !== undefined) words.push('-H', quote(`Content-Type: ${request.type}`));
  if (request.ifMatch != null) words.push('-H', quote(`If-Match: ${request.ifMatch}`));
  if (request.body !== undefined) words.push('--data-binary', quote(request.body));
  for (const p of request.parts ?? []) words.push(...formPart(p));
  words.push(quote(request.url));
  return words.join(' ');
};
