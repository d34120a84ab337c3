#!/usr/bin/env node
// The rxconf command: the built JavaScript in dist/ (`npm run build` makes it;
// in a clone `npm start`, `npm test` and `npm pack` build it first). No TypeScript loader.
// Node's compile cache (22.1+) keeps the compiled code of dist/ between runs
// (in NODE_COMPILE_CACHE, else Node's default folder); older Nodes go without.
import { existsSync } from 'node:fs';
import module from 'node:module';

if (typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache();
  } catch {
    // a cache that cannot be opened costs only speed
  }
}
const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('rxconf: dist/ is not built: run `npm run build` in the rxconf folder');
  process.exit(2);
}
await import(main.href);
