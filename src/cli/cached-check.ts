/**
 * `rxconf check` through its result cache (check-cache.ts): unchanged
 * modules that passed print the same lines again without loading the
 * compiler; anything else is checked (schema-commands.ts), and a pass kept.
 */
import { cachedCheck, checkCacheFile, keepCheck } from './check-cache.ts';
import type { CheckArgs } from './check-command.ts';

export const cachedCheckCommand = async (args: CheckArgs, err: (line: string) => void): Promise<number> => {
  const file = args.files.length === 0 ? undefined : checkCacheFile(args);
  const hit = file === undefined ? undefined : cachedCheck(file);
  if (hit !== undefined) {
    for (const line of hit) err(line);
    return 0;
  }
  const { checkCommand } = await import('./schema-commands.ts');
  const lines: string[] = [];
  return checkCommand(args, (line) => {
    lines.push(line);
    err(line);
  }, (sources) => {
    if (file !== undefined) keepCheck(file, lines, sources);
  });
};
