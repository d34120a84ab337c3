/**
 * The client commands keep the sources of a server's schema in the schema
 * cache ($RXCONF_CACHE_DIR here), keyed by its YANG library content-id:
 * a later command checks against the cached sources without downloading
 * them (shown by an entry changed on purpose: its schema is the one
 * used), and an entry that is damaged is thrown away and downloaded again.
 */
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../client/client-server.ts';
import { runCli } from '../helpers/run-cli.ts';

const cache = mkdtempSync(join(tmpdir(), 'rxconf-schema-cache-'));
process.env['RXCONF_CACHE_DIR'] = cache;

const entries = (): string[] => readdirSync(join(cache, 'schemas')).filter((n) => !n.startsWith('.'));

test('a second command checks against the cached sources; a damaged entry is downloaded again', async (t) => {
  const s = await startServer('uws');
  try {
    const hostname = (n: string): string => JSON.stringify({ 'client-test:system': { hostname: n } });
    const first = await runCli(['patch', s.url, '/client-test:system', '--data', '-'], hostname('alpha'));
    t.is(first.code, 0, first.stderr);
    t.is(entries().length, 1, 'one entry, for the server\'s content-id');
    const entry = join(cache, 'schemas', entries()[0] ?? '');
    const manifest = JSON.parse(readFileSync(join(entry, 'manifest.json'), 'utf8')) as { files: Record<string, string> };
    t.true('client-test@2026-11-24.yang' in manifest.files);

    // the cached module narrowed (digest updated): the next check uses it, so it was not downloaded
    const file = join(entry, 'client-test@2026-11-24.yang');
    const narrowed = readFileSync(file, 'utf8').replace('length "1..63"', 'length "1..3"');
    writeFileSync(file, narrowed);
    manifest.files['client-test@2026-11-24.yang'] = createHash('sha256').update(narrowed).digest('hex');
    writeFileSync(join(entry, 'manifest.json'), JSON.stringify({ ...manifest }));
    const cached = await runCli(['patch', s.url, '/client-test:system', '--data', '-'], hostname('alpha'));
    t.is(cached.code, 1);
    t.regex(cached.stderr, /\/client-test:system\/hostname: invalid-value: .*1\.\.3/);

    // damaged (the file no longer matches its digest): thrown away, downloaded again, the server's own range
    writeFileSync(file, `${narrowed.slice(0, 200)}`);
    const again = await runCli(['patch', s.url, '/client-test:system', '--data', '-'], hostname('beta'));
    t.is(again.code, 0, again.stderr);
    t.regex(readFileSync(file, 'utf8'), /length "1\.\.63"/);
    t.deepEqual(entries().length, 1);
  } finally {
    await s.server.close();
  }
});
