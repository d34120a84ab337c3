#!/usr/bin/env node
// The rxconf command: the built JavaScript in dist/ (`npm run build` makes it;
// `npm install` in a clone and `npm pack` build it too). No TypeScript loader.
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('rxconf: dist/ is not built: run `npm run build` in the rxconf folder');
  process.exit(2);
}
await import(main.href);
