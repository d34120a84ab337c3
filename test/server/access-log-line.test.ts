/**
 * The access line rxconf's JSON logger writes (its fields written as text,
 * without an object per line) says what a pino-like logger is given for the
 * same requests: the same fields in the same order, valid JSON whatever the
 * path, query or method hold, fields left out when unknown.
 */
import test from 'ava';
import { request } from 'node:http';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { ACCESS_FIELDS, type AccessField } from '../../src/server/access-log.ts';
import { jsonLogger, type Logger } from '../../src/server/logger.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

/** A logger that is not rxconf's: given the fields as an object. */
const objectLogger = (): Logger & { lines: Record<string, unknown>[] } => {
  const lines: Record<string, unknown>[] = [];
  const at = (a: Record<string, unknown> | string, msg?: string): void => {
    if (typeof a !== 'string' && msg === 'request') lines.push(a);
  };
  return { lines, info: at, warn: at, error: at };
};

/** The request target sent as written (fetch would percent-encode quotes and backslashes). */
const send = (url: string, method: string, path: string, id: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const req = request(url + '/', { method, path, headers: { 'x-request-id': id } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });

const TARGETS = [
  '/restconf/data/cs-hello:settings',
  '/restconf/data/cs-hello:settings?depth=1&access_token=s3cret&x=%22q%22',
  '/restconf/data/cs-hello:n%22o%5Cthing%E2%80%A8%C3%A9',
  '/restconf/data/cs-hello:settings?fields=a"b\\c',
  '/nowhere/\u00fcn\u00efcode/"quoted"',
];

/** The access lines of TARGETS, GET each, through `logger`; reqId, time and durationMs set aside. */
const linesThrough = async (logger: Logger, read: () => Record<string, unknown>[], fields?: readonly AccessField[]): Promise<Record<string, unknown>[]> => {
  const server = createServer({ searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger, ...(fields === undefined ? {} : { accessLog: { fields } }) });
  const { url } = await server.listen();
  try {
    for (const [i, target] of TARGETS.entries()) await send(url, 'GET', target, `same-${i}`);
    await send(url, 'HEAD', TARGETS[0] ?? '', 'same-head');
  } finally {
    await server.close();
  }
  return read().map((l) => {
    const { time: _t, level: _l, msg: _m, durationMs, ...rest } = l;
    return { ...rest, durationMs: typeof durationMs };
  });
};

const viaJson = async (fields?: readonly AccessField[]): Promise<{ lines: Record<string, unknown>[]; text: string }> => {
  let text = '';
  const logger = jsonLogger((t) => { text += t; });
  const lines = await linesThrough(logger, () => {
    logger.flush();
    return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
  }, fields);
  return { lines, text };
};

const viaObjects = (fields?: readonly AccessField[]): Promise<Record<string, unknown>[]> => {
  const logger = objectLogger();
  return linesThrough(logger, () => logger.lines.map((l) => JSON.parse(JSON.stringify(l)) as Record<string, unknown>), fields);
};

test('the JSON logger writes each access line with the fields a logger of objects is given, in order', async (t) => {
  const [json, objects] = [await viaJson(), await viaObjects()];
  t.is(json.lines.length, TARGETS.length + 1);
  t.deepEqual(json.lines, objects);
  for (const l of json.lines) t.deepEqual(Object.keys(l).filter((k) => k !== 'durationMs'), Object.keys(objects[0] ?? {}).filter((k) => k !== 'durationMs' && k in l));
  t.like(json.lines[2], { method: 'GET', path: '/restconf/data/cs-hello:n%22o%5Cthing%E2%80%A8%C3%A9', remote: '127.0.0.1', reqId: 'same-2' });
  t.like(json.lines[3], { path: '/restconf/data/cs-hello:settings?fields=a"b\\c' });
  t.false(json.text.includes('s3cret'));
  // every line the logger wrote is one JSON object (nothing the path held broke it)
  for (const l of json.text.split('\n').filter((x) => x !== '')) t.notThrows(() => JSON.parse(l));
});

test('with chosen fields the JSON logger writes only those, as a logger of objects is given them', async (t) => {
  const fields: AccessField[] = ['status', 'path', 'remote'];
  const json = await viaJson(fields);
  t.deepEqual(json.lines, await viaObjects(fields));
  t.deepEqual(Object.keys(json.lines[0] ?? {}).sort(), ['durationMs', 'path', 'remote', 'status']);
  t.true(ACCESS_FIELDS.every((f) => fields.includes(f) || f === 'durationMs' || !(f in (json.lines[0] ?? {}))));
});
