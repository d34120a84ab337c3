/**
 * Node.js 22 and 24 running on a newer glibc than the machine's: what the
 * uWebSockets.js v20.5x builds need (glibc 2.38; these machines have 2.36).
 * The glibc is Debian 13's (trixie) `libc6`, fetched with apt-get from a
 * trixie source kept in the cache (only that package is downloaded) and
 * unpacked with dpkg-deb; the Node binary (test/package/node-binary.ts) is
 * copied and pointed at that glibc's dynamic loader and libraries with
 * patchelf (its interpreter and RUNPATH), so that every process it starts
 * with `process.execPath` (ava's workers) runs on the same glibc, and no
 * other program's environment changes. All of it in the cache folder
 * ($RXCONF_NODE_CACHE, else <tmpdir>/rxconf-node-cache); any step that
 * cannot be done gives `{ skip }` with the reason, for a visible skip.
 *
 * Run directly, `npx tsx test/package/glibc-node.ts 22` prints the binary's
 * path, or `SKIP: reason` (exit 3): what .ci/run uses.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBinary } from './node-binary.ts';
import { runCommand, tail } from './run-command.ts';

export type GlibcNode = { readonly path: string; readonly version: string; readonly glibc: string } | { readonly skip: string };

const cacheDir = (): string => process.env['RXCONF_NODE_CACHE'] ?? join(tmpdir(), 'rxconf-node-cache');
const SYSTEM_LIBS = '/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu';

/** apt-get with its lists and downloads in `dir`, reading only `sources`. */
const aptArgs = (dir: string, sources: string): string[] => [
  '-o', `Dir::Etc::SourceList=${sources}`, '-o', 'Dir::Etc::SourceParts=/dev/null',
  '-o', `Dir::State::Lists=${join(dir, 'lists')}`, '-o', `Dir::Cache=${join(dir, 'cache')}`, '-o', 'APT::Sandbox::User=root',
];

/** Downloads one package into `into` and unpacks it there; the error text when it cannot. */
const fetchDeb = async (dir: string, sources: string | undefined, name: string, into: string): Promise<string | undefined> => {
  mkdirSync(join(dir, 'lists', 'partial'), { recursive: true });
  mkdirSync(join(dir, 'cache', 'archives', 'partial'), { recursive: true });
  const args = sources === undefined ? [] : aptArgs(dir, sources);
  if (sources !== undefined && readdirSync(join(dir, 'lists')).length <= 2) {
    const u = await runCommand('apt-get', [...args, 'update', '-qq'], { cwd: dir, timeoutMs: 240_000 });
    if (u.code !== 0) return `apt-get update (trixie) failed: ${tail(u, 3)}`;
  }
  const d = await runCommand('apt-get', [...args, 'download', '-qq', name], { cwd: dir, timeoutMs: 240_000 });
  const deb = readdirSync(dir).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
  if (deb === undefined) return `apt-get download ${name} failed: ${tail(d, 3)}`;
  const x = await runCommand('dpkg-deb', ['-x', join(dir, deb), into], { cwd: dir, timeoutMs: 120_000 });
  return x.code === 0 ? undefined : `dpkg-deb -x ${deb} failed: ${tail(x, 3)}`;
};

const glibcDir = async (cache: string): Promise<{ lib: string } | { skip: string }> => {
  const dir = join(cache, 'glibc-trixie');
  const lib = join(dir, 'root', 'usr', 'lib', 'x86_64-linux-gnu');
  if (existsSync(join(lib, 'ld-linux-x86-64.so.2'))) return { lib };
  mkdirSync(dir, { recursive: true });
  const sources = join(dir, 'sources.list');
  writeFileSync(sources, 'deb http://deb.debian.org/debian trixie main\n');
  const failed = await fetchDeb(dir, sources, 'libc6', join(dir, 'root'));
  if (failed !== undefined) return { skip: failed };
  return existsSync(join(lib, 'ld-linux-x86-64.so.2')) ? { lib } : { skip: 'libc6 (trixie) has no ld-linux-x86-64.so.2 where expected' };
};

const patchelf = async (cache: string): Promise<string | { skip: string }> => {
  const onPath = await runCommand('patchelf', ['--version'], { cwd: cache, timeoutMs: 20_000 }).catch(() => undefined);
  if (onPath?.code === 0) return 'patchelf';
  const dir = join(cache, 'patchelf');
  const binary = join(dir, 'root', 'usr', 'bin', 'patchelf');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const failed = await fetchDeb(dir, undefined, 'patchelf', join(dir, 'root'));
  return failed !== undefined ? { skip: failed } : existsSync(binary) ? binary : { skip: 'the patchelf package has no usr/bin/patchelf' };
};

/** Node `major` on Debian 13's glibc, or why not. */
export const glibcNode = async (major: number): Promise<GlibcNode> => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return { skip: `the side-loaded glibc is for linux-x64, not ${process.platform}-${process.arch}` };
  const cache = cacheDir();
  mkdirSync(cache, { recursive: true });
  const target = join(cache, `node-${major}-glibc-trixie`, 'node');
  const probe = async (): Promise<GlibcNode | undefined> => {
    if (!existsSync(target)) return undefined;
    const r = await runCommand(target, ['-p', 'process.version + " " + process.report.getReport().header.glibcVersionRuntime'], { cwd: cache, timeoutMs: 20_000 });
    const [version, glibc] = r.stdout.trim().split(' ');
    return r.code === 0 && version?.startsWith(`v${major}.`) === true && glibc !== undefined ? { path: target, version, glibc } : undefined;
  };
  const have = await probe();
  if (have !== undefined) return have;
  const node = await nodeBinary(major);
  if ('skip' in node) return node;
  const glibc = await glibcDir(cache);
  if ('skip' in glibc) return glibc;
  const pe = await patchelf(cache);
  if (typeof pe !== 'string') return pe;
  mkdirSync(join(cache, `node-${major}-glibc-trixie`), { recursive: true });
  const work = `${target}.${process.pid}`;
  copyFileSync(node.path, work);
  chmodSync(work, 0o755);
  const r = await runCommand(pe, ['--set-interpreter', join(glibc.lib, 'ld-linux-x86-64.so.2'), '--set-rpath', `${glibc.lib}:${SYSTEM_LIBS}`, work], { cwd: cache, timeoutMs: 60_000 });
  if (r.code !== 0) return { skip: `patchelf failed: ${tail(r, 3)}` };
  const { renameSync } = await import('node:fs');
  renameSync(work, target);
  return (await probe()) ?? { skip: `Node ${major} does not run on the side-loaded glibc` };
};

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const got = await glibcNode(Number(process.argv[2] ?? 22));
  if ('skip' in got) {
    console.log(`SKIP: ${got.skip}`);
    process.exitCode = 3;
  } else console.log(got.path);
}
