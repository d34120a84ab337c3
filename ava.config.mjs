/**
 * ava's configuration (npm test). Four test files run at once, each in its
 * own process with the TypeScript loader (test/helpers/typescript-loader.mjs),
 * which runs each test file as a bundle (test/helpers/test-bundle.mjs). The
 * bundles missing or outdated are made first, here, in one esbuild run: each
 * file parsed once, not once per test file.
 * The files that take longest start first, so that the last minutes of a
 * run are not one long file running alone; the others follow in path order.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prebundle } from './test/helpers/test-bundle.mjs';

const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []);
// the test files ava was given, or all of them; a folder or a pattern leaves the bundling to the loader
const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
await prebundle(named.length === 0
  ? testFiles(join(import.meta.dirname, 'test'))
  : named.filter((a) => a.endsWith('.ts') && existsSync(a)).map((a) => resolve(a)));

/** The longest files, longest first (wall time in a whole run on a 2-core machine). */
const longest = [
  'test/cli/types-command.test.ts',
  'test/package/package.test.ts',
  'test/cli/client-cli.test.ts',
  'test/http/bulk-read-memory.test.ts',
  'test/http/core/reads-defaults-depth-fields.test.ts',
  'test/package/fresh-clone.test.ts',
  'test/meta/corpus.test.ts',
  'test/validate/validate-change.test.ts',
  'test/http/hostile/writers.test.ts',
  'test/http/core/corpus-yanglint.test.ts',
  'test/http/hostile/kill9.test.ts',
  'test/http/hostile/fuzz.test.ts',
  'test/client/corpus-roundtrip.test.ts',
  'test/server/web-forms.test.ts',
  'test/cli/cli.test.ts',
  'test/cluster/replica-kill9.test.ts',
  'test/cli/validate-command.test.ts',
  'test/openapi/openapi-lint.test.ts',
  'test/http/core/canonical-values-and-input-defaults.test.ts',
  'test/streams/dynamic-subscriptions.test.ts',
  'test/store/kill9.test.ts',
  'test/server/explorer-browser.test.ts',
  'test/server/explorer-editing-browser.test.ts',
];

const rank = (file) => {
  const i = longest.findIndex((f) => file.endsWith(f));
  return i === -1 ? longest.length : i;
};

export default {
  extensions: { ts: 'module' },
  nodeArguments: ['--import=./test/helpers/typescript-loader.mjs'],
  workerThreads: false,
  files: ['test/**/*.test.ts'],
  timeout: '2m',
  concurrency: 4,
  environmentVariables: { NODE_EXTRA_CA_CERTS: '' },
  sortTestFiles: (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
};
