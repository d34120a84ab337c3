/**
 * `parseArgs` (strict) for a subcommand, its complaints turned into a
 * UsageError that names the option: `unknown option '--prot'`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';

export const parseCommandArgs = <T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> => {
  try {
    return parseArgs(config);
  } catch (e) {
    throw usageErrorOf(e) ?? e;
  }
};

/** parseArgs's own errors as usage errors; anything else is not one. */
export const usageErrorOf = (e: unknown): UsageError | undefined => {
  if (e instanceof UsageError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return undefined;
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1];
    return new UsageError(option === undefined ? message : `unknown option '${option}'`);
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`unexpected argument ${/'([^']+)'/.exec(message)?.[1] ?? message}`);
  // e.g. "Option '-p, --path <value>' argument missing"
  return new UsageError(message.charAt(0).toLowerCase() + message.slice(1));
};
