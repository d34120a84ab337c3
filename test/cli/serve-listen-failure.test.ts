/**
 * `rxconf serve` that cannot listen (the port is taken) says why on stderr
 * and exits 1, with an application (`--app`, whose timers would keep Node
 * running) as without one.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const main = join(root, 'src', 'cli', 'main.ts');

/** The command's exit code and stderr; a command still running after a minute is killed and reported as such. */
const serve = (args: readonly string[]): Promise<{ code: number | null; stderr: string; killed: boolean }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import=tsx', main, 'serve', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let killed = false;
    const watchdog = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, 60_000);
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stderr, killed });
    });
  });

const takenPort = async (t: { teardown: (f: () => void) => void }): Promise<number> => {
  const holder = createServer();
  holder.listen(0, '127.0.0.1');
  await once(holder, 'listening');
  t.teardown(() => holder.close());
  return (holder.address() as AddressInfo).port;
};

const base = (port: number): string[] => ['--path', join(root, 'demo', 'yang'), '--module', 'rxconf-demo', '--host', '127.0.0.1', '--port', String(port), '--transport', 'http1', '-q'];

test('serve exits 1 when its port is taken', async (t) => {
  const r = await serve(base(await takenPort(t)));
  t.false(r.killed, 'still running a minute later');
  t.is(r.code, 1);
  t.regex(r.stderr, /EADDRINUSE|in use/);
});

test('serve --app exits 1 when its port is taken, although the application keeps a timer', async (t) => {
  const r = await serve([...base(await takenPort(t)), '--app', join(root, 'test', 'fixtures', 'apps', 'ticking-app.ts')]);
  t.false(r.killed, 'still running a minute later, listening on nothing');
  t.is(r.code, 1);
  t.regex(r.stderr, /EADDRINUSE|in use/);
});
