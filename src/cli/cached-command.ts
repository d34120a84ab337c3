/**
 * `rxconf check` and `rxconf tree` through their result cache
 * (result-cache.ts): on unchanged modules that compiled, the output of the
 * last run is printed again without loading the compiler; anything else is
 * run (`run`: the command from schema-commands.ts, imported only then),
 * and its output kept when it passed.
 */
import { cachedResult, keepResult, resultCacheFile, type CheckSources, type ResultKeyArgs } from './result-cache.ts';

export type CachedRun = (out: (text: string) => void, err: (line: string) => void, passed: (sources: CheckSources) => void) => Promise<number>;

export const cachedCommand = async (key: ResultKeyArgs, out: (text: string) => void, err: (line: string) => void, run: CachedRun): Promise<number> => {
  const file = key.files.length === 0 ? undefined : resultCacheFile(key);
  const hit = file === undefined ? undefined : cachedResult(file);
  if (hit !== undefined) {
    for (const line of hit.lines) err(line);
    if (hit.out !== '') out(hit.out);
    return 0;
  }
  const lines: string[] = [];
  let text = '';
  return run((t) => {
    text += t;
    out(t);
  }, (line) => {
    lines.push(line);
    err(line);
  }, (sources) => {
    if (file !== undefined) keepResult(file, { lines, out: text }, sources);
  });
};
