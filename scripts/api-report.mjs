#!/usr/bin/env node
/**
 * The report of rxconf's public API (`etc/rxconf.api.md`, by
 * @microsoft/api-extractor): the declarations of dist/ (built from src/
 * first when missing or stale, as `npm test` and `npm pack` build it, so no
 * second tsc run is needed) are linked into a temporary folder, whole even
 * while another build swaps dist/, and the entry's surface is written as a
 * report. With
 * `--check` the report is compared with the checked-in one and nothing is
 * written: exit 1 and the difference when the surface changed. `npm run
 * api:report` updates it; the test in test/package/ runs the check.
 */
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The .d.ts files of `from`, hard-linked into `to`. A build swaps dist/ whole
 * (build.mjs), so a walk that finds a folder gone started in the old build:
 * it starts again, in the new one.
 */
const linkDeclarations = (from, to) => {
  for (let attempt = 0; ; attempt++) {
    try {
      rmSync(to, { recursive: true, force: true });
      const walk = (rel) => {
        mkdirSync(join(to, rel), { recursive: true });
        for (const e of readdirSync(join(from, rel), { withFileTypes: true })) {
          const p = join(rel, e.name);
          if (e.isDirectory()) walk(p);
          else if (e.name.endsWith('.d.ts')) linkSync(join(from, p), join(to, p));
        }
      };
      walk('');
      return;
    } catch (e) {
      if (e.code !== 'ENOENT' || attempt >= 10) throw e;
    }
  }
};
const check = process.argv.includes('--check');
const require = createRequire(join(root, 'package.json'));
const out = mkdtempSync(join(tmpdir(), 'rxconf-api-'));
try {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], { encoding: 'utf8' });
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout}${built.stderr}`);
    process.exit(2);
  }
  linkDeclarations(join(root, 'dist'), join(out, 'd'));
  const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');
  const reportFolder = join(out, 'report');
  mkdirSync(reportFolder, { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(out, 'd', 'index.d.ts'),
      compiler: { tsconfigFilePath: join(root, 'tsconfig.build.json') },
      apiReport: { enabled: true, reportFileName: 'rxconf.api.md', reportFolder, reportTempFolder: join(out, 'temp') },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: true, messageCallback: (m) => { if (m.logLevel === 'error') console.error(m.text); m.handled = true; } });
  if (!result.succeeded) {
    console.error(`api-extractor failed: ${result.errorCount} errors`);
    process.exit(2);
  }
  const fresh = readFileSync(join(out, 'temp', 'rxconf.api.md'), 'utf8');
  const file = join(root, 'etc', 'rxconf.api.md');
  let kept = '';
  try {
    kept = readFileSync(file, 'utf8');
  } catch { /* no report yet */ }
  if (check) {
    if (fresh !== kept) {
      const a = kept.split('\n');
      const b = fresh.split('\n');
      const gone = a.filter((l) => !b.includes(l)).map((l) => `- ${l}`);
      const added = b.filter((l) => !a.includes(l)).map((l) => `+ ${l}`);
      console.error(`the public API differs from etc/rxconf.api.md (run \`npm run api:report\` and commit the report):\n${[...gone, ...added].join('\n')}`);
      process.exit(1);
    }
    console.log('the public API matches etc/rxconf.api.md');
  } else {
    writeFileSync(file, fresh);
    console.log(`wrote ${file}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
