/**
 * Whether uWebSockets.js runs natively here, and if not, why.
 *
 * uWS.js ships one binary per platform, CPU and Node ABI
 * (`process.versions.modules`: Node 20 = 115, 22 = 127, 24 = 137), linked
 * against some glibc. The npm registry has no official uWS.js; the build
 * used, `@trufflesuite/uws-js-unofficial`, has binaries for ABI 93, 108 and
 * 115 (Node 16, 18, 20; glibc 2.34). Elsewhere its entry point silently
 * hands out a slow node:http imitation (plain JavaScript, no onWritable, no
 * pause), so its binary is loaded directly and its entry point never.
 *
 * The registry's builds for Node 22 and 24 were weighed and left out:
 * `@btc-vision/uwebsockets.js` 20.57 and `uwebsockets` 3.x need glibc 2.38
 * (this project's machines have 2.36), and where they load (checked with
 * glibc 2.41) the btc-vision build fails the adapter conformance suite's
 * flow-control bounds (a slow reader lets 10–13 MB through where 8 MB is the
 * bound). On those runtimes node:http serves, and says so.
 *
 * The outcome is decided once, when this module loads, and said in one line
 * (`uwsStatus.summary`) for the start-up log and the server's runtime state.
 * `UWS_USE_FALLBACK=1` (the trufflesuite switch) turns native uWS off.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type UwsModule = typeof import('@trufflesuite/uws-js-unofficial');

export interface UwsStatus {
  readonly native: boolean;
  /** The package tried, `name@version`. */
  readonly package: string;
  /** The binary that loaded, or why none did. */
  readonly detail: string;
  /** One line for the start-up log and the runtime state. */
  readonly summary: string;
}

const PACKAGE = '@trufflesuite/uws-js-unofficial';
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

const detect = (): { status: UwsStatus; module?: UwsModule } => {
  const off = process.env['UWS_USE_FALLBACK'];
  const fail = (pkg: string, detail: string): { status: UwsStatus } => ({
    status: { native: false, package: pkg, detail, summary: `no native uWebSockets.js (${runtime()}): ${pkg}: ${detail}` },
  });
  if (off !== undefined && ['1', 'true'].includes(off.toLowerCase())) return fail(PACKAGE, 'off, UWS_USE_FALLBACK is set');
  let dir: string;
  try {
    dir = dirname(require.resolve(`${PACKAGE}/package.json`));
  } catch {
    return fail(PACKAGE, 'not installed');
  }
  const id = `${PACKAGE}@${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`;
  const file = `uws_${platform}_${abi}.node`;
  const binary = join(dir, 'binaries', file);
  if (!existsSync(binary)) {
    const abis = abisIn(join(dir, 'binaries'));
    return fail(id, abis.length === 0 ? `no ${process.platform}-${process.arch} binary` : `binaries for ABI ${abis.join(', ')} only`);
  }
  let loaded: unknown;
  try {
    loaded = require(binary);
  } catch (e) {
    return fail(id, loadError(e));
  }
  if (!isNative(loaded)) return fail(id, `${file} is not a native addon`);
  return {
    status: { native: true, package: id, detail: file, summary: `uWebSockets.js native: ${id} (${file}) on Node ${process.version}` },
    module: loaded,
  };
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
