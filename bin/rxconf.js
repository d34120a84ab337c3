#!/usr/bin/env node
// The rxconf command: the built JavaScript in dist/cli-bundle/ (`npm run build`
// makes it from dist/cli/ with esbuild: a few files per command instead of
// ~120 modules; in a clone `npm start`, `npm test` and `npm pack` build it
// first). Plain ES modules, no loader.
// Node's compile cache (22.1+) keeps the compiled code between runs (in
// NODE_COMPILE_CACHE, else Node's default folder); older Nodes go without.
import module from 'node:module';

if (typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache();
  } catch {
    // a cache that cannot be opened costs only speed
  }
}
try {
  await import('../dist/cli-bundle/rxconf.js');
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('cli-bundle')) throw e;
  console.error('rxconf: dist/ is not built: run `npm run build` in the rxconf folder');
  process.exit(2);
}
