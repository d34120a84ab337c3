/**
 * The README's "Try the demo" curl lines, run as a reader runs them against
 * `npm start`'s server: the command is package.json's `start` script (the
 * built CLI on the demo, authentication and NACM on), on a free port and a
 * data file of its own. Every line must answer the status its comment
 * promises (`# 401`, `# 403`), else a 2xx; event-stream lines (`curl -N`)
 * must open their stream (200 and the event-stream type) within two
 * seconds. Needs the built package (dist/, which `npm test` builds first) and curl.
 */
import test from 'ava';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const built = existsSync(join(root, 'dist', 'cli', 'main.js'));
const curl = spawnSync('curl', ['--version']).status === 0;

/** The ```sh block of the "Try the demo" section, continued lines joined, comments kept. */
const demoLines = (): string[] => {
  const section = readme.slice(readme.indexOf('\n## Try the demo\n'));
  const block = /\n```sh\n([\s\S]*?)```\n/.exec(section)?.[1] ?? '';
  return block.replace(/\\\n\s*/g, '').split('\n').filter((l) => l.startsWith('curl '));
};

/** package.json's start script as arguments, on port 0 with `dataFile`. */
const startArgs = (dataFile: string): string[] => {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm start is not a node command: ${script}`);
  return words.slice(1).map((w, i, all) => (all[i - 1] === '--port' ? '0' : all[i - 1] === '--data' ? dataFile : w));
};

const run = (command: string): Promise<{ code: number; out: string }> =>
  new Promise((resolve) => {
    execFile('sh', ['-c', command], { timeout: 10_000 }, (e, stdout) => resolve({ code: e === null ? 0 : typeof e.code === 'number' ? e.code : 1, out: stdout }));
  });

test('every curl line of the README demo answers as its comment says, on npm start\'s server', async (t) => {
  if (!built || !curl) {
    t.log(`skipped: ${built ? '' : 'dist/ is not built (npm test builds it first) '}${curl ? '' : 'curl is not installed'}`);
    t.pass();
    return;
  }
  const lines = demoLines();
  t.true(lines.length >= 10, `${lines.length} curl lines found`);
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-readme-demo-'));
  const child = spawn(process.execPath, startArgs(join(dir, 'demo.json')), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m !== null) resolve(m[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`the demo exited (${code}): ${stderr}`)));
    });
    const host = url.replace(/^http:\/\//, '');
    for (const line of lines) {
      const [command = '', comment = ''] = line.split(/\s#\s/);
      const expected = /^(\d{3})\b/.exec(comment.trim())?.[1];
      const stream = /\bcurl -N\b/.test(command);
      // the line as written, against this server; only the status line is printed (-i and -s lines alike)
      const probe = `${command.replaceAll('localhost:8080', host).replace(/^curl /, 'curl -s -o /dev/null -w "%{http_code} %{content_type}" ')}${stream ? ' --max-time 2' : ''}`;
      const r = await run(probe);
      const [status = '', type = ''] = r.out.trim().split(' ');
      if (expected !== undefined) t.is(status, expected, line);
      else t.regex(status, /^2\d\d$/, line);
      if (stream) {
        t.is(r.code, 28, `${line}: the stream stays open (curl ends it at --max-time)`);
        t.regex(type, /^text\/event-stream/, line);
      } else t.is(r.code, 0, line);
    }
  } finally {
    // a demo that exited already (the failure says why) has no exit left to wait for
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
