/**
 * `rxconf openapi`: the documents for the demo module and a large corpus
 * model (OpenConfig interfaces) pass a maintained OpenAPI 3.1 validator and
 * say what the server does; the route wrapper serves the same document.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CoreRequest } from '../../src/http/exchange.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { openapiDocument } from '../../src/openapi/openapi-document.ts';
import { OPENAPI_PATH, withOpenapi } from '../../src/server/openapi-route.ts';
import { cliCommand } from '../helpers/cli-command.ts';
import { corpusPublic, sharedTest } from '../helpers/shared.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const demoYang = join(root, 'demo', 'yang');

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any>; parameters: Record<string, any> } };

const demo = (): Doc => {
  const r = compileSchema({ searchPath: [demoYang], modules: [{ name: 'rxconf-demo' }] });
  if (!r.ok) throw new Error('demo does not compile');
  return openapiDocument(r.context, { modules: ['rxconf-demo'] }) as unknown as Doc;
};

const validate = async (doc: unknown): Promise<{ valid: boolean; errors?: unknown }> => new Validator().validate(doc as Parameters<Validator["validate"]>[0]);

test('the demo document passes the OpenAPI 3.1 validator, and a broken one does not', async (t) => {
  const doc = demo();
  const r = await validate(doc);
  t.true(r.valid, JSON.stringify(r.errors));
  const broken = structuredClone(doc) as unknown as { components: Record<string, unknown> };
  delete broken.components.responses; // every operation's error answers refer to it
  t.false((await validate(broken)).valid, 'the validator resolves references');
});

test('the demo document: paths, key parameters, methods by config, query parameters, rpc/action, errors', (t) => {
  const doc = demo();
  const entry = doc.paths['/restconf/data/rxconf-demo:sensors/sensor={sensor-name}'];
  t.truthy(entry);
  t.deepEqual(Object.keys(entry!).filter((k) => k !== 'parameters').sort(), ['delete', 'get', 'patch', 'post', 'put']);
  t.like(entry!.parameters[0], { name: 'sensor-name', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 32, pattern: '^(?:[a-z][a-z0-9\\-]*)$' } });
  // state: GET only
  t.deepEqual(Object.keys(doc.paths['/restconf/data/rxconf-demo:sensors/sensor={sensor-name}/reading']!).filter((k) => k !== 'parameters'), ['get']);
  t.deepEqual(Object.keys(doc.paths['/restconf/data/rxconf-demo:uptime']!), ['get']);
  // query parameters of a read
  const names = (doc.paths['/restconf/data/rxconf-demo:sensors']!.get.parameters as { $ref: string }[]).map((p) => p.$ref.split('/').at(-1));
  t.deepEqual(names, ['depth', 'fields', 'content', 'with-defaults']);
  t.deepEqual(doc.components.parameters['with-defaults'].schema.enum, ['report-all', 'trim', 'explicit', 'report-all-tagged']);
  // types: uint32 with its range, uint64 and decimal64 as strings, identityref, defaults
  const sensors = doc.components.schemas['rxconf-demo.sensors']!;
  t.like(sensors.properties['sample-interval-ms'], { type: 'integer', minimum: 100, maximum: 60000, default: 1000 });
  const sensor = doc.components.schemas['rxconf-demo.sensors.sensor']!;
  t.deepEqual(sensor.required, ['name']);
  t.like(sensor.properties.threshold, { type: 'string', default: '75.0' });
  t.regex(sensor.properties.threshold.description, /decimal64 with 1 fraction digits in -1000\.0\.\.1000\.0/);
  t.is(doc.components.schemas['rxconf-demo.sensors.sensor.reading']!.properties.samples.type, 'string');
  t.like(sensors.properties.sensor, { type: 'array', items: { $ref: '#/components/schemas/rxconf-demo.sensors.sensor' } });
  // config bodies leave state out
  t.false('reading' in doc.components.schemas['rxconf-demo.sensors.sensor.config']!.properties);
  t.true('reading' in sensor.properties);
  // rpc without input, with output; action with input
  const rpc = doc.paths['/restconf/operations/rxconf-demo:reset-counters']!.post;
  t.is(rpc.requestBody, undefined);
  t.truthy(rpc.responses[200].content['application/yang-data+json'].schema.properties['rxconf-demo:output']);
  const action = doc.paths['/restconf/data/rxconf-demo:sensors/sensor={sensor-name}/calibrate']!.post;
  const input = action.requestBody.content['application/yang-data+json'].schema.properties['rxconf-demo:input'].$ref.split('/').at(-1);
  t.deepEqual(doc.components.schemas[input]!.properties.offset.type, 'string');
  // notification as an event stream with filter; errors
  const stream = doc.paths['/restconf/data/rxconf-demo:overheat']!.get;
  t.truthy(stream.responses[200].content['text/event-stream']);
  t.is(stream.parameters[0].$ref, '#/components/parameters/filter');
  t.is(rpc.responses[400].$ref, '#/components/responses/error-400');
  t.is(rpc.operationId, 'post-rxconf-demo:reset-counters');
  t.truthy(doc.components.schemas['ietf-restconf.errors']!.properties['ietf-restconf:errors']);
});

sharedTest('a large corpus model (OpenConfig interfaces, ethernet, IP) passes the validator', async (t) => {
  const r = compileSchema({ searchPath: [corpusPublic], modules: ['openconfig-interfaces', 'openconfig-if-ethernet', 'openconfig-if-ip'].map((name) => ({ name })) });
  t.true(r.ok);
  const doc = openapiDocument(r.context) as unknown as Doc;
  const paths = Object.keys(doc.paths);
  t.log(`${paths.length} paths, ${Object.keys(doc.components.schemas).length} schemas, ${JSON.stringify(doc).length} bytes`);
  t.true(paths.length > 500);
  t.true(paths.includes('/restconf/data/openconfig-interfaces:interfaces/interface={interface-name}/subinterfaces/subinterface={subinterface-index}/openconfig-if-ip:ipv4/addresses/address={address-ip}'));
  const v = await validate(doc);
  t.true(v.valid, String(JSON.stringify(v.errors)).slice(0, 2000));
});

test('rxconf openapi prints the document, or writes it to --out', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-openapi-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'api.json');
  const rxconf = await cliCommand();
  await promisify(execFile)(process.execPath, [...rxconf, 'openapi', '--path', demoYang, 'rxconf-demo', '--out', out]);
  const written = JSON.parse(readFileSync(out, 'utf8')) as Doc & { openapi: string };
  t.is(written.openapi, '3.1.0');
  t.truthy(written.paths['/restconf/data/rxconf-demo:sensors']);
  t.true((await validate(written)).valid);
  const { stdout } = await promisify(execFile)(process.execPath, [...rxconf, 'openapi', '-p', demoYang, 'rxconf-demo'], { maxBuffer: 1 << 26 });
  t.deepEqual(JSON.parse(stdout), written);
  const usage = await promisify(execFile)(process.execPath, [...rxconf, 'openapi']).catch((e: { code: number; stderr: string }) => e);
  t.like(usage, { code: 2 });
});

const request = (method: string, path: string): CoreRequest => ({
  method, path, query: '', headers: new Map(), body: (async function* () {})(), signal: new AbortController().signal,
} as unknown as CoreRequest);

test('the route answers GET /restconf/openapi.json with the document, 405 to other methods, and passes everything else on', async (t) => {
  const r = compileSchema({ searchPath: [demoYang], modules: [{ name: 'rxconf-demo' }] });
  const handler = withOpenapi(() => ({ status: 418, headers: {}, body: undefined }), r.context);
  const got = await handler(request('GET', OPENAPI_PATH));
  t.is(got.status, 200);
  t.is(got.headers['content-type'], 'application/json');
  const doc = JSON.parse(got.body as string) as Doc;
  t.truthy(doc.paths['/restconf/data/rxconf-demo:sensors/sensor={sensor-name}']);
  t.true((await validate(doc)).valid);
  t.is((await handler(request('HEAD', OPENAPI_PATH))).body, undefined);
  const post = await handler(request('POST', OPENAPI_PATH));
  t.is(post.status, 405);
  t.is(post.headers.allow, 'GET, HEAD');
  t.is((await handler(request('GET', '/restconf/data/rxconf-demo:sensors'))).status, 418);
});
