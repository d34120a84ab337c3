/**
 * Starts `rxconf serve` as a user runs it, in a child process: the built
 * command (`node bin/rxconf.js`, which runs what the build made in dist/:
 * dist/cli-bundle/rxconf.js, or dist/cli/main.js in older trees) when the
 * package is built, building it first with `npm run build` when dist/ is
 * missing; otherwise the TypeScript sources through tsx. The launcher says
 * which, and why.
 *
 * In a working tree others rebuild, dist/ may vanish (the build empties it
 * first) or be half written: the launcher waits for a vanished dist/, and
 * when the built command fails to start it says why and uses the sources
 * from then on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export interface RxconfServeOptions {
  readonly dataFile: string;
  /** Its standard output (the access log). */
  readonly stdoutFile: string;
  /** More `rxconf serve` arguments (BENCH_HTTP_SERVE_ARGS), e.g. `--quiet`. */
  readonly extraArgs?: readonly string[];
  /** Write a V8 CPU profile into this directory when the server exits. */
  readonly cpuProfileDir?: string;
}

interface Command {
  /** node's arguments before `serve`. */
  readonly script: readonly string[];
  readonly built: boolean;
  readonly how: string;
}

/** The built file bin/rxconf.js runs (dist/cli-bundle/rxconf.js; dist/cli/main.js in older trees), when it is there. */
const builtEntry = (root: string): string | undefined => {
  const m = /dist\/cli(?:-bundle)?\/[\w.-]+\.js/.exec(readFileSync(join(root, 'bin', 'rxconf.js'), 'utf8'));
  return m !== null && existsSync(join(root, m[0])) ? m[0] : undefined;
};

const binUsesDist = (root: string): boolean => builtEntry(root) !== undefined;

const hasBuildScript = (root: string): boolean => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return pkg.scripts?.build !== undefined;
};

/** The newest file under `dir` and its modification time. */
const newest = (dir: string): { file: string; mtimeMs: number } => {
  let best = { file: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (mtimeMs > best.mtimeMs) best = { file, mtimeMs };
  }
  return best;
};

const built = (root: string): Command => {
  const src = newest(join(root, 'src'));
  const entry = builtEntry(root) ?? 'dist/cli/main.js';
  const stale = src.mtimeMs > statSync(join(root, entry)).mtimeMs;
  return { script: ['bin/rxconf.js'], built: true, how: `built: node bin/rxconf.js (${entry}${stale ? `, older than ${relative(root, src.file)}` : ''})` };
};

const fromSources = (why: string): Command =>
  ({ script: ['--import', 'tsx', 'src/cli/main.ts'], built: false, how: `sources through tsx: node --import tsx src/cli/main.ts (${why})` });

const choose = (root: string, log: (line: string) => void): Command => {
  if (binUsesDist(root)) return built(root);
  if (existsSync(join(root, 'dist'))) return fromSources('bin/rxconf.js does not run a built file of dist/');
  if (!hasBuildScript(root)) return fromSources('no dist/ and no build script');
  log('dist/ is missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status === 0 && binUsesDist(root)) return built(root);
  return fromSources(r.status === 0 ? 'npm run build gave no file bin/rxconf.js runs' : `npm run build failed (${r.status ?? r.signal})`);
};

export class RxconfLauncher {
  private command: Command;

  constructor(private readonly root: string, private readonly log: (line: string) => void) {
    this.command = choose(root, log);
  }

  /** How the next server will run. */
  get how(): string {
    return this.command.how;
  }

  /** `rxconf serve` of the benchmark's two modules on 127.0.0.1, a free port, with `--data`; and how it ran. */
  async start(o: RxconfServeOptions): Promise<{ readonly server: ServerProcess; readonly how: string }> {
    if (this.command.built) await this.waitForDist();
    try {
      return { server: await this.spawn(o), how: this.command.how };
    } catch (e) {
      if (!this.command.built) throw e;
      const why = (e instanceof Error ? e.message : String(e)).split('\n').slice(1).join(' ').slice(0, 300);
      this.log(`  the built rxconf serve did not start (${why}): the sources from now on`);
      this.command = fromSources(`the built command failed to start: ${why}`);
      return { server: await this.spawn(o), how: this.command.how };
    }
  }

  private async waitForDist(waitMs = 120_000): Promise<void> {
    if (binUsesDist(this.root)) return;
    this.log('  the built command is gone (a rebuild?): waiting for it');
    const limit = Date.now() + waitMs;
    while (Date.now() < limit && !binUsesDist(this.root)) await sleep(2000);
    if (!binUsesDist(this.root)) this.command = fromSources(`dist/ disappeared during the run and did not come back in ${waitMs / 1000} s`);
  }

  private spawn(o: RxconfServeOptions): Promise<ServerProcess> {
    return startServerProcess([
      process.execPath,
      ...(o.cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfileDir}`]),
      ...this.command.script,
      'serve',
      '--path', join('benchmarks', 'fixtures'),
      '--module', 'bench-net',
      '--module', 'bench-site',
      '--data', o.dataFile,
      '--host', '127.0.0.1',
      '--port', '0',
      ...(o.extraArgs ?? []),
    ], this.root, o.stdoutFile);
  }
}
