/**
 * `rxconf types`: the generated TypeScript for the demo module (the binary,
 * spawned) and for OpenConfig interfaces with its IP and Ethernet augments
 * compiles under `strict` against the package's declarations, as an application
 * has it, with an application using the typed API; a
 * handler answering the wrong shape does not compile (tsc's error asserted).
 * Then the generated model drives a real server: typed rpc and action
 * handlers, output checked by the codec at run time, and `reflect` over an
 * object of the generated data type, on both transports.
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { typesCommand } from '../../src/cli/types-command.ts';
import { createServer } from '../../src/server/create-server.ts';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { decodeWith, type YangModel } from '../../src/codegen/runtime/index.ts';
import { Subject } from 'rxjs';
import { cliCommand } from '../helpers/cli-command.ts';
import { corpusPublic, hasShared } from '../helpers/shared.ts';
import { SseClient } from '../helpers/sse-client.ts';

const root = join(import.meta.dirname, '..', '..');
const runtime = join(root, 'src', 'index.ts');
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
// Inside the project, so that generated code resolves io-ts from its node_modules.
// out: generated code that imports the runtime from src/index.ts, which the run-time tests load.
const out = mkdtempSync(join(root, 'node_modules', '.cache', 'rxconf-types-'));
test.after.always(() => rmSync(out, { recursive: true, force: true }));
// compiled: generated code as an application has it (importing 'rxconf', the default), compiled by tsc
// against the package's declarations: node_modules/rxconf is this checkout, whose types are dist/'s (built
// by npm test's pretest, or below when stale), so tsc reads declarations instead of checking all of src/.
const compiled = join(out, 'as-installed');
mkdirSync(join(compiled, 'node_modules'), { recursive: true });
symlinkSync(root, join(compiled, 'node_modules', 'rxconf'));

const run = promisify(execFile);

const generated = (async () => {
  const { stdout } = await run(process.execPath, [...(await cliCommand()), 'types', '--path', join(root, 'demo', 'yang'), 'rxconf-demo', '--out', compiled]);
  const files = [stdout.trim()];
  const own: string[] = [];
  if (typesCommand({ path: [join(root, 'demo', 'yang')], features: [], modules: ['rxconf-demo'], out, runtime }, (l) => own.push(l), (l) => own.push(l)) !== 0) throw new Error(own.join('\n'));
  if (typesCommand({ path: [join(root, 'test', 'types-generated', 'yang')], features: [], modules: ['tg-all'], out: compiled, runtime: undefined }, (l) => own.push(l), (l) => own.push(l)) !== 0) throw new Error(own.join('\n'));
  if (hasShared) {
    const lines: string[] = [];
    for (const modules of [['openconfig-interfaces', 'openconfig-if-ip', 'openconfig-if-ethernet'], ['ietf-interfaces', 'ietf-ip']]) {
      const code = typesCommand({ path: [corpusPublic], features: [], modules, out: compiled, runtime: undefined }, (l) => lines.push(l), (l) => lines.push(l));
      if (code !== 0) throw new Error(lines.join('\n'));
    }
    files.push(...lines);
  }
  return files;
})();

const APP = `import type { AppContext } from 'rxconf';
import { of } from 'rxjs';
import { model, type Overheat } from './rxconf-demo.ts';
export default (app: AppContext) => {
  const demo = app.typed(model);
  const event: Overheat = { sensor: 'cpu', value: '80.5', threshold: '75.0' };
  demo.notification('rxconf-demo:overheat', of(event));
  demo.operation('rxconf-demo:reset-counters', () => ({ reset: 3 }));
  demo.operation('rxconf-demo:sensors/sensor/calibrate', ({ input }) => {
    const offset: string = input.offset; // mandatory in the input: always there
    return Promise.resolve({ applied: offset });
  });
  const node = demo.reflect({ sensors: { sensor: [{ name: 'cpu', kind: 'temperature', reading: { samples: '18446744073709551615' } }] } });
  void node;
};
`;

/** Files that must not compile, each with the one error tsc must give. */
const WRONG: Record<string, { source: string; error: RegExp }> = {
  'wrong-output.ts': {
    source: `import type { AppContext } from 'rxconf';
import { model } from './rxconf-demo.ts';
export default (app: AppContext) => {
  app.typed(model).operation('rxconf-demo:reset-counters', () => ({ reset: 'three' }));
};
`,
    error: /^wrong-output\.ts\(4,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
  },
  'wrong-input.ts': {
    source: `import type { AppContext } from 'rxconf';
import { model } from './rxconf-demo.ts';
export default (app: AppContext) => {
  app.typed(model).operation('rxconf-demo:sensors/sensor/calibrate', ({ input }) => {
    const offset: number = input.offset;
    return { applied: String(offset) };
  });
};
`,
    error: /^wrong-input\.ts\(5,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
  },
  'missing-mandatory-input.ts': {
    source: `import type { SensorsSensorCalibrateInput } from './rxconf-demo.ts';
export const input: SensorsSensorCalibrateInput = {};
`,
    error: /^missing-mandatory-input\.ts\(2,\d+\): error TS2741: Property 'offset' is missing/,
  },
  'wrong-empty.ts': {
    source: `import type { Record_2 } from './tg-all.ts';
export const r: Record_2 = { e: true };
`,
    error: /^wrong-empty\.ts\(2,\d+\): error TS2322: Type 'boolean' is not assignable to type '\[null\]'/,
  },
  'wrong-int64.ts': {
    source: `import type { Record_2 } from './tg-all.ts';
export const r: Record_2 = { i64: 5 };
`,
    error: /^wrong-int64\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
  },
  'wrong-path.ts': {
    source: `import type { AppContext } from 'rxconf';
import { model } from './rxconf-demo.ts';
export default (app: AppContext) => {
  app.typed(model).operation('rxconf-demo:no-such-rpc', () => ({}));
};
`,
    error: /^wrong-path\.ts\(4,\d+\): error TS2345: Argument of type '"rxconf-demo:no-such-rpc"' is not assignable/,
  },
};

const TG_USE = `import type { TgAllData } from './tg-all.ts';
export const data: TgAllData = {
  record: {
    i8: -5, u32: 7, i64: '-9007199254740993', u64: '18446744073709551615', d64: '1.25', s: 'x', b: true, e: [null],
    flags: 'read write', color: 'green', pet: 'tg-all:cat', u: 'unknown', ref: '3', bin: 'AAAA', tags: ['a', 'b'],
    extra: { any: 1 }, raw: [1], width: 2, height: 3, solid: true,
  },
  array: [{ id: '1', 'record-c': 'y' }],
  'record-c': { x: 'z' },
};
`;

const CHOICE_USE = `import type { InterfacesInterfaceIpv4Address } from './ietf-interfaces.ts';
export const byLength: InterfacesInterfaceIpv4Address = { ip: '192.0.2.1', 'prefix-length': 24 };
export const byMask: InterfacesInterfaceIpv4Address = { ip: '192.0.2.1', netmask: '255.255.255.0' };
`;

const CHOICE_WRONG = `import type { InterfacesInterfaceIpv4Address } from './ietf-interfaces.ts';
export const both: InterfacesInterfaceIpv4Address = { ip: '192.0.2.1', 'prefix-length': 24, netmask: '255.255.255.0' };
`;

const OPENCONFIG_USE = `import * as oc from './openconfig-interfaces.ts';
export const ifc: oc.InterfacesInterface = {
  name: 'eth0',
  config: { name: 'eth0', type: 'iana-if-type:ethernetCsmacd', mtu: 1500, enabled: true },
  'openconfig-if-ethernet:ethernet': { config: { 'port-speed': 'openconfig-if-ethernet:SPEED_10GB' } },
};
`;

test('the generated types compile under strict; a handler answering the wrong shape does not', async (t) => {
  const files = await generated;
  if (!hasShared) t.log('note: ../shared is absent; only the demo module is compiled');
  writeFileSync(join(compiled, 'package.json'), '{"type":"module"}\n');
  writeFileSync(join(compiled, 'app.ts'), APP);
  writeFileSync(join(compiled, 'tg-use.ts'), TG_USE);
  const wrong = { ...WRONG };
  if (hasShared) {
    writeFileSync(join(compiled, 'openconfig-use.ts'), OPENCONFIG_USE);
    writeFileSync(join(compiled, 'choice-use.ts'), CHOICE_USE);
    wrong['choice-wrong.ts'] = { source: CHOICE_WRONG, error: /^choice-wrong\.ts\(2,\d+\): error TS2322: Type '\{ ip: string; 'prefix-length': number; netmask: string; \}' is not assignable to type 'InterfacesInterfaceIpv4Address'/ };
  }
  for (const [file, { source }] of Object.entries(wrong)) writeFileSync(join(compiled, file), source);
  writeFileSync(join(compiled, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', noEmit: true,
      allowImportingTsExtensions: true, skipLibCheck: true, types: ['node'],
    },
    include: ['*.ts'],
  }));
  t.true(files.some((f) => f.endsWith('rxconf-demo.ts')));
  const built = await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale']).then(() => '', (e: { stderr: string }) => e.stderr);
  t.is(built, '', 'dist/ (the declarations compiled against) builds');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: compiled, maxBuffer: 1 << 24 }).then(
    () => ({ stdout: '' }),
    (e: { stdout: string }) => ({ stdout: e.stdout }),
  );
  // Errors in src/ (paths from here start with ../) are other work in progress; these files must be clean.
  const errors = result.stdout.split('\n').filter((l) => /error TS\d+/.test(l) && !l.startsWith('../'));
  for (const [file, { error }] of Object.entries(wrong)) {
    const mine = errors.filter((l) => l.startsWith(`${file}(`));
    t.is(mine.length, 1, `${file}: ${result.stdout}`);
    t.regex(mine[0] ?? '', error);
  }
  t.deepEqual(errors.filter((l) => !Object.keys(wrong).some((f) => l.startsWith(`${f}(`))), [], 'the generated files and the right uses compile');
  const demo = readFileSync(files[0] ?? '', 'utf8');
  t.regex(demo, /samples\?: string;/, 'uint64 is a string (RFC 7951)');
  t.regex(demo, /"sample-interval-ms"\?: number;/);
  t.regex(demo, /name: string;/, 'a list key is required');
  t.regex(demo, /interface SensorsSensorCalibrateInput \{\n(?: .*\n)*?  offset: string;/, 'a mandatory input leaf is required');
  t.regex(demo, /\| "rxconf-demo:temperature"/, 'identities as a string union');
  t.regex(demo, /from 'io-ts'/);
});


for (const transport of ['uws', 'http1'] as const) {
  test(`${transport}: typed handlers and a typed reflect serve the demo; wrong output is a located error`, async (t) => {
    await generated;
    const { model } = (await import(join(out, 'rxconf-demo.ts'))) as { model: YangModel };
    const data = { sensors: { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '70.5', reading: { samples: '18446744073709551615', value: '1.5' } }] }, uptime: { seconds: '12' } };
    const inputs: unknown[] = [];
    const overheat = new Subject<Record<string, unknown>>();
    let answerWrong = false;
    const server = createServer({
      searchPath: [join(root, 'demo', 'yang')], modules: ['rxconf-demo'], host: '127.0.0.1', port: 0, logger: false, transport,
      app: (app) => {
        const demo = app.typed(model);
        demo.operation('rxconf-demo:reset-counters', () => (answerWrong ? { reset: 'three' } : { reset: 3 }));
        demo.operation('rxconf-demo:sensors/sensor/calibrate', ({ input }) => {
          inputs.push(input);
          return Promise.resolve({ applied: (input as { offset: string }).offset });
        });
        app.serve('rxconf-demo', () => demo.reflect(data));
        demo.notification('rxconf-demo:overheat', overheat);
      },
    });
    const { url } = await server.listen();
    try {
      const json = { 'Content-Type': 'application/yang-data+json', Accept: 'application/yang-data+json' };
      const reset = await fetch(`${url}/restconf/operations/rxconf-demo:reset-counters`, { method: 'POST', headers: json });
      t.is(reset.status, 200);
      t.deepEqual(await reset.json(), { 'rxconf-demo:output': { reset: 3 } });

      const cal = await fetch(`${url}/restconf/data/rxconf-demo:sensors/sensor=cpu/calibrate`, { method: 'POST', headers: json, body: JSON.stringify({ 'rxconf-demo:input': { offset: '2.5' } }) });
      t.is(cal.status, 200);
      t.deepEqual(await cal.json(), { 'rxconf-demo:output': { applied: '2.5' } });
      t.deepEqual(inputs, [{ offset: '2.5' }], 'the handler sees the input in RFC 7951 form');

      const read = await fetch(`${url}/restconf/data/rxconf-demo:sensors/sensor=cpu`, { headers: json });
      t.is(read.status, 200);
      const entry = ((await read.json()) as { 'rxconf-demo:sensor': Record<string, unknown>[] })['rxconf-demo:sensor'][0];
      t.like(entry, { name: 'cpu', kind: 'temperature', threshold: '70.5', reading: { samples: '18446744073709551615', value: '1.5' } });

      const ok = await fetch(`${url}/restconf/data/rxconf-demo:sensors/sensor=cpu/threshold`, { method: 'PUT', headers: json, body: JSON.stringify({ 'rxconf-demo:threshold': '80.5' }) });
      t.is(ok.status, 204);
      t.is(data.sensors.sensor[0]?.threshold, '80.5', 'the bound object holds the RFC 7951 form');

      const events = await SseClient.open(`${url}/restconf/data/rxconf-demo:overheat`, { Accept: 'text/event-stream' });
      t.is(events.status, 200);
      overheat.next({ sensor: 'cpu', value: '80.5', threshold: '75.0' });
      const [event] = await events.waitFor(1);
      events.close();
      t.regex(event?.data ?? '', /"value":\s*"80\.5"/, 'a typed event, sent as RFC 7951 JSON');

      answerWrong = true;
      const wrong = await fetch(`${url}/restconf/operations/rxconf-demo:reset-counters`, { method: 'POST', headers: json });
      t.is(wrong.status, 500);
      const body = JSON.stringify(await wrong.json());
      t.regex(body, /operation-failed/);
      t.regex(body, /answered invalid output at \/reset/);
    } finally {
      await server.close();
    }
  });
}

test('a typed reflect refuses data that does not fit the generated type, naming where', async (t) => {
  await generated;
  const { model } = (await import(join(out, 'rxconf-demo.ts'))) as { model: YangModel };
  const server = createServer({
    searchPath: [join(root, 'demo', 'yang')], modules: ['rxconf-demo'], host: '127.0.0.1', port: 0, logger: false,
    app: (app) => {
      app.typed(model).reflect({ sensors: { sensor: [{ name: 'cpu', reading: { samples: 5 } }] } });
    },
  });
  const error = await t.throwsAsync(() => server.listen());
  t.regex(error?.message ?? '', /\/sensors\/sensor\/0\/reading\/samples/);
  await server.close().catch(() => undefined);
});

test('a generated codec answers every problem with its location, as an Either', async (t) => {
  await generated;
  const { model } = (await import(join(out, 'rxconf-demo.ts'))) as { model: YangModel };
  const good = { 'rxconf-demo:sensors': { 'sample-interval-ms': 500, sensor: [{ name: 'cpu', kind: 'rxconf-demo:humidity', threshold: '70.5' }] } };
  t.deepEqual(decodeWith(model.configDocument, good), right(good));
  const bad = {
    'rxconf-demo:sensors': { 'sample-interval-ms': 50, sensor: [{ name: 'cpu', kind: 'rxconf-demo:dog' }, { name: 'gpu' }, { name: 'gpu' }, { kind: 'humidity' }] },
    'rxconf-demo:uptime': { seconds: '1' },
  };
  const result = decodeWith(model.configDocument, bad);
  t.true(isLeft(result));
  const errors = isLeft(result) ? result.left : [];
  t.deepEqual(errors.map((e) => e.path), [
    '/rxconf-demo:sensors/sample-interval-ms',
    '/rxconf-demo:sensors/sensor/0/kind',
    '/rxconf-demo:sensors/sensor/2',
    '/rxconf-demo:sensors/sensor/3',
    '/rxconf-demo:uptime',
  ]);
  t.regex(errors[0]?.message ?? '', /out of range 100\.\.60000/);
  t.regex(errors[1]?.message ?? '', /rxconf-demo:dog/);
  t.regex(errors[2]?.message ?? '', /given twice/);
  t.regex(errors[3]?.message ?? '', /key "name" is missing/);
  t.regex(errors[4]?.message ?? '', /no member "rxconf-demo:uptime"/, 'state in a configuration document');
});
