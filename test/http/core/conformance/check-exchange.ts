/** Sends one exchange's request and checks the answer against what it expects. */
import type { ExecutionContext } from 'ava';
import { isDeepStrictEqual } from 'node:util';
import { fetchText, type Client } from '../../adapters/client.ts';
import type { Exchange, ExpectedError } from './case.ts';

const bodyChunks = (body: unknown): readonly (string | Uint8Array)[] | undefined => {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return [body];
  return [JSON.stringify(body)];
};

const parse = (t: ExecutionContext, text: string, label: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    t.fail(`${label}: the body is not JSON: ${text.slice(0, 200)}`);
    return undefined;
  }
};

const checkError = (t: ExecutionContext, json: unknown, e: ExpectedError, label: string): void => {
  const doc = json as Record<string, { error?: Record<string, unknown>[] }>;
  const key = Object.keys(doc).find((k) => k === 'ietf-restconf:errors' || k === 'errors');
  if (key === undefined) return void t.fail(`${label}: no errors member in ${JSON.stringify(json)}`);
  if (e.key !== undefined) t.is(key, e.key, `${label}: errors member`);
  const first = doc[key]?.error?.[0];
  if (first === undefined) return void t.fail(`${label}: no error in ${JSON.stringify(json)}`);
  t.is(first['error-tag'], e.tag, `${label}: error-tag (${String(first['error-message'])})`);
  t.is(typeof first['error-message'], 'string', `${label}: error-message`);
  if (e.type !== undefined) t.is(first['error-type'], e.type, `${label}: error-type`);
  if (e.path !== undefined) t.is(first['error-path'], e.path, `${label}: error-path`);
  if (e.appTag !== undefined) t.is(first['error-app-tag'], e.appTag, `${label}: error-app-tag`);
  if (typeof e.message === 'string') t.is(first['error-message'], e.message, `${label}: error-message`);
  else if (e.message !== undefined) t.regex(String(first['error-message']), e.message, `${label}: error-message`);
};

export const checkExchange = async (t: ExecutionContext, client: Client, x: Exchange, index: number): Promise<void> => {
  const method = x.method ?? 'GET';
  const label = `#${index + 1} ${method} ${x.path}`;
  const body = bodyChunks(x.body);
  // A body needs a JSON Content-Type (415 without one); cases that name none send JSON.
  const named = Object.keys(x.headers ?? {}).some((h) => h.toLowerCase() === 'content-type');
  const headers = body === undefined || named ? (x.headers ?? {}) : { 'content-type': 'application/json', ...x.headers };
  const { response, text } = await fetchText(client, { method, path: x.path, headers, ...(body === undefined ? {} : { body }) });
  const e = x.expect;
  t.is(response.status, e.status, `${label}: status (body: ${text.slice(0, 300)})`);
  for (const [name, want] of Object.entries(e.headers ?? {})) {
    const got = response.headers[name];
    const value = got === undefined ? undefined : String(got);
    if (want === null) t.is(value, undefined, `${label}: header ${name} absent`);
    else if (typeof want === 'string') t.is(value, want, `${label}: header ${name}`);
    else t.regex(value ?? '', want, `${label}: header ${name}`);
  }
  if (typeof e.text === 'string') t.is(text, e.text, `${label}: body`);
  else if (e.text !== undefined) t.regex(text, e.text, `${label}: body`);
  if (e.json === undefined && e.like === undefined && e.error === undefined) return;
  const json = parse(t, text, label);
  // node's own comparison first: ava's (which also draws the difference) costs seconds on answers of 20,000 rows
  if (e.json !== undefined) {
    if (isDeepStrictEqual(json, e.json)) t.pass(`${label}: body`);
    else t.deepEqual(json, e.json, `${label}: body`);
  }
  if (e.like !== undefined) t.like(json as Record<string, unknown>, e.like, `${label}: body`);
  if (e.error !== undefined) checkError(t, json, e.error, label);
};
