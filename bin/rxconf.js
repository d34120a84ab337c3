#!/usr/bin/env node
// The rxconf command: runs the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
