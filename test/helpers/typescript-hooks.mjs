/**
 * Module hooks of typescript-loader.mjs: a .ts file loads as the ES module
 * esbuild makes of it (types removed, inline source map so stack traces name
 * the .ts lines), from the cache when its content was compiled before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = join(repo, 'node_modules', '.cache', 'rxconf-ts');
const tsconfig = JSON.stringify({ compilerOptions: JSON.parse(readFileSync(join(repo, 'tsconfig.json'), 'utf8')).compilerOptions });
// esbuild's version from its package.json: importing esbuild itself costs every test process about 0.1 s of CPU, so it is imported only when a file is not in the cache
const esbuildVersion = JSON.parse(readFileSync(createRequire(join(repo, 'package.json')).resolve('esbuild/package.json'), 'utf8')).version;
let esbuild;
let made = false;

const compile = async (file, source) => {
  const key = createHash('sha256').update(`${esbuildVersion}\0${tsconfig}\0${file}\0`).update(source).digest('hex').slice(0, 32);
  const cached = join(cache, `${key}.mjs`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    esbuild ??= await import('esbuild');
    const { code } = await esbuild.transform(source, { loader: 'ts', format: 'esm', target: 'node20', sourcemap: 'inline', sourcefile: file, tsconfigRaw: tsconfig });
    if (!made) mkdirSync(cache, { recursive: true });
    made = true;
    const tmp = `${cached}.${process.pid}`;
    writeFileSync(tmp, code);
    renameSync(tmp, cached); // whole or not at all, for the other test processes
    return code;
  }
};

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.[cm]?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  return { format: 'module', source: await compile(file, readFileSync(file, 'utf8')), shortCircuit: true };
}
