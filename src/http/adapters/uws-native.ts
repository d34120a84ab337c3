/**
 * Whether uWebSockets.js runs natively here, which build, and if none, why.
 *
 * uWS.js ships one binary per platform, CPU and Node ABI
 * (`process.versions.modules`: Node 20 = 115, 22 = 127, 24 = 137), linked
 * against some glibc. The builds are tried in this order, the first that
 * loads natively serves:
 *
 * 1. `uWebSockets.js`, the project's own releases (installed from GitHub:
 *    `npm install uNetworking/uWebSockets.js#v20.57.0`); v20.5x has
 *    binaries for Node 20, 22, 24 and 25 and needs glibc 2.38;
 * 2. `@btc-vision/uwebsockets.js`, the registry's repackaging of those
 *    releases (an optional dependency of rxconf: the same binaries);
 * 3. `@trufflesuite/uws-js-unofficial` 20.30, binaries for Node 16, 18 and
 *    20 with glibc 2.34. Its entry point silently hands out a slow node:http
 *    imitation (plain JavaScript, no onWritable, no pause) where it has no
 *    binary, so its binary is loaded directly and its entry point never.
 *
 * uWS reads the largest request head it accepts from the environment
 * (`UWS_HTTP_MAX_HEADERS_SIZE`) when its binary loads: v20.5x answers 431
 * to a head over it, 4 KB unless set, where node:http takes 16 KB (a long
 * bearer token or cookie). Unless the user set it, it is set to node:http's
 * limit (`http.maxHeaderSize`, which `--max-http-header-size` changes) for
 * the load only, so both transports take the same heads.
 *
 * Where none loads, node:http serves, and says why. The outcome is decided
 * once, when this module loads, and said in one line (`uwsStatus.summary`)
 * for the start-up log and the server's runtime state.
 * `UWS_USE_FALLBACK=1` (the trufflesuite switch) turns native uWS off.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type UwsModule = typeof import('@trufflesuite/uws-js-unofficial');

export interface UwsStatus {
  readonly native: boolean;
  /** The build that serves, `name@version`, or the builds tried. */
  readonly package: string;
  /** The binary that loaded, or why none did. */
  readonly detail: string;
  /** One line for the start-up log and the runtime state. */
  readonly summary: string;
}

/** The builds tried, in order, and where each keeps its binaries. */
const BUILDS: readonly { readonly name: string; readonly binaries: string }[] = [
  { name: 'uWebSockets.js', binaries: '.' },
  { name: '@btc-vision/uwebsockets.js', binaries: '.' },
  { name: '@trufflesuite/uws-js-unofficial', binaries: 'binaries' },
];
const require = createRequire(import.meta.url);
const platform = `${process.platform}_${process.arch}`;
const abi = process.versions.modules;

const runtime = (): string => {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const glibc = report?.header?.glibcVersionRuntime;
  return `Node ${process.version}, ${process.platform}-${process.arch}, ABI ${abi}${glibc === undefined ? '' : `, glibc ${glibc}`}`;
};

/** What the loader said, in one line: the missing glibc version, or the message's last line. */
const loadError = (e: unknown): string => {
  const message = e instanceof Error ? e.message : String(e);
  const glibc = /version `GLIBC_([^']*)' not found/.exec(message);
  if (glibc !== null) return `its binary needs glibc ${glibc[1]}`;
  return message.trim().split('\n').at(-1)?.trim() ?? message;
};

const isNative = (m: unknown): m is UwsModule =>
  typeof (m as Partial<UwsModule> | null)?.App === 'function' && Function.prototype.toString.call((m as UwsModule).App).includes('[native code]');

/** The ABIs the package has binaries for on this platform and CPU. */
const abisIn = (binaries: string): string[] =>
  existsSync(binaries)
    ? readdirSync(binaries)
        .flatMap((f) => (f.startsWith(`uws_${platform}_`) && f.endsWith('.node') ? [f.slice(`uws_${platform}_`.length, -'.node'.length)] : []))
        .sort((a, b) => Number(a) - Number(b))
    : [];

/** Where a package is installed (its exports may not name package.json, so its entry point is resolved, never loaded). */
const packageDir = (name: string): string | undefined => {
  for (const id of [`${name}/package.json`, name]) {
    try {
      let dir = dirname(require.resolve(id));
      while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
      return dir;
    } catch {
      // next
    }
  }
  return undefined;
};

const HEAD_LIMIT = 'UWS_HTTP_MAX_HEADERS_SIZE';

/** Loads a uWS binary with node:http's head size limit, unless the user chose one; the environment is left as it was. */
const requireWithHeadLimit = (binary: string): unknown => {
  if (process.env[HEAD_LIMIT] !== undefined) return require(binary);
  process.env[HEAD_LIMIT] = String(maxHeaderSize);
  try {
    return require(binary);
  } finally {
    delete process.env[HEAD_LIMIT];
  }
};

type Attempt = { readonly ok: true; readonly id: string; readonly file: string; readonly module: UwsModule } | { readonly ok: false; readonly id: string; readonly why: string };

/** One build: its binary for this runtime loaded, or why not. */
const attempt = (name: string, binaries: string): Attempt | undefined => {
  const dir = packageDir(name);
  if (dir === undefined) return undefined; // not installed
  const id = `${name}@${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`;
  const file = `uws_${platform}_${abi}.node`;
  const binary = join(dir, binaries, file);
  if (!existsSync(binary)) {
    const abis = abisIn(join(dir, binaries));
    return { ok: false, id, why: abis.length === 0 ? `no ${process.platform}-${process.arch} binary` : `binaries for ABI ${abis.join(', ')} only` };
  }
  let loaded: unknown;
  try {
    loaded = requireWithHeadLimit(binary);
  } catch (e) {
    return { ok: false, id, why: loadError(e) };
  }
  if (!isNative(loaded)) return { ok: false, id, why: `${file} is not a native addon` };
  return { ok: true, id, file, module: loaded };
};

const detect = (): { status: UwsStatus; module?: UwsModule } => {
  const off = process.env['UWS_USE_FALLBACK'];
  const fail = (pkg: string, detail: string): { status: UwsStatus } => ({
    status: { native: false, package: pkg, detail, summary: `no native uWebSockets.js (${runtime()}): ${detail}` },
  });
  if (off !== undefined && ['1', 'true'].includes(off.toLowerCase())) return fail('', 'off, UWS_USE_FALLBACK is set');
  const failed: { id: string; why: string }[] = [];
  for (const b of BUILDS) {
    const a = attempt(b.name, b.binaries);
    if (a === undefined) continue;
    if (!a.ok) {
      failed.push(a);
      continue;
    }
    return {
      status: { native: true, package: a.id, detail: a.file, summary: `uWebSockets.js native: ${a.id} (${a.file}) on Node ${process.version}` },
      module: a.module,
    };
  }
  if (failed.length === 0) return fail('', `none installed (${BUILDS.map((b) => b.name).join(', ')})`);
  return fail(failed.map((f) => f.id).join(', '), failed.map((f) => `${f.id}: ${f.why}`).join('; '));
};

const detected = detect();

/** Whether uWS loaded natively, which build, or why not. */
export const uwsStatus: UwsStatus = detected.status;

/** True when uWS's native binary loaded. */
export const uwsNative: boolean = detected.status.native;

/** The native uWS module; any use of it when none loaded throws, saying why. */
export const uWS: UwsModule =
  detected.module ??
  new Proxy({} as UwsModule, {
    get: () => {
      throw new Error(uwsStatus.summary);
    },
  });
