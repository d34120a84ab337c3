/**
 * `rxconf serve` in a child process, for tests that kill it (kill -9):
 * src/cli/main.ts bundled once with esbuild (what tsx runs it with) so that
 * a restart costs a fraction of a second; RXCONF_KILL9_TSX=1 runs it through
 * `node --import tsx` instead. `start` waits for its `listening on URL` line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const repo = join(import.meta.dirname, '..', '..');
const mainTs = join(repo, 'src', 'cli', 'main.ts');
const bundles: string[] = [];
process.once('exit', () => {
  for (const dir of bundles) rmSync(dir, { recursive: true, force: true });
});

/** The command that runs `rxconf serve` (node's arguments before `serve`). */
export const serverCommand = async (): Promise<string[]> => {
  const tsx = ['--import', 'tsx', mainTs];
  if (process.env.RXCONF_KILL9_TSX === '1') return tsx;
  // esbuild comes with tsx; without it, run through tsx (slower restarts).
  const esbuild = await import('esbuild').catch(() => undefined);
  if (esbuild === undefined) return tsx;
  // Inside node_modules/.cache, so that packages resolve from the bundle as from the sources.
  const cache = join(repo, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = join(mkdtempSync(join(cache, 'rxconf-kill9-')), 'main.mjs');
  bundles.push(dirname(out));
  await esbuild.build({
    entryPoints: [mainTs], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: out, logLevel: 'error',
    // Every module finds its files (yang/, package.json, node_modules) from where its source is.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(mainTs).href) },
  });
  return [out];
};

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<void>;
}

/**
 * `rxconf serve --path DIR --module M... [--data FILE] [--transport T] ARGS...` on 127.0.0.1, a free port, quiet.
 * `wrap`: a command that runs node (e.g. strace and its arguments).
 */
export const startServe = async (command: readonly string[], o: { readonly path: string; readonly modules: readonly string[]; readonly data?: string; readonly transport?: string; readonly args?: readonly string[]; readonly env?: Record<string, string>; readonly wrap?: readonly string[] }): Promise<ServeProcess> => {
  const [program, ...before] = [...(o.wrap ?? []), process.execPath];
  const choices = [...(o.data === undefined ? [] : ['--data', o.data]), ...(o.transport === undefined ? [] : ['--transport', o.transport]), ...(o.args ?? [])];
  const child = spawn(program as string, [...before, ...command, 'serve', '--path', o.path, ...o.modules.flatMap((m) => ['--module', m]), '--host', '127.0.0.1', '--port', '0', '--quiet', ...choices], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...o.env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const m = /^listening on (\S+)/.exec(line);
      if (m !== null) resolve(m[1] as string);
    });
    void exited.then(() => reject(new Error(`the server exited before listening: ${stderr}`)));
  });
  child.stdout?.resume();
  return { child, url, exited };
};
