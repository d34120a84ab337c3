/**
 * The client commands for people: `rxconf get|put|patch|post|delete|call|watch
 * URL [PATH]`. Each parses its options, opens the connection, runs, and
 * answers its exit code: 0 done, 1 refused (the server's errors, or the
 * schema check's, on stderr as PATH: TAG: MESSAGE), 2 usage error (thrown
 * as UsageError), 3 no answer or no schema.
 */
import { TransportFailure } from '../../client/client-transport.ts';
import { RestconfFailure } from '../../errors/index.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { UsageError } from '../usage-error.ts';
import type { ClientIo } from './client-io.ts';
import { connectionOptions, connectOptionsOf } from './client-options.ts';
import { openSession, type ClientSession } from './client-session.ts';
import { clientTarget } from './client-target.ts';
import { printErrors } from './print-errors.ts';

export const CLIENT_COMMANDS = ['get', 'put', 'patch', 'post', 'delete', 'call', 'watch'] as const;
export type ClientCommandName = (typeof CLIENT_COMMANDS)[number];

/** No answer: the command could not talk to the server. */
export const NO_ANSWER = 3;

interface Loaded {
  readonly options: Record<string, { readonly type: 'string' | 'boolean' }>;
  readonly run: (session: ClientSession, values: Record<string, unknown>, io: ClientIo) => Promise<number>;
}

/** Only the module of the command run is loaded (a `get` loads no schema compiler, no rxjs). */
const load = async (name: ClientCommandName): Promise<Loaded> => {
  switch (name) {
    case 'get': {
      const { getCommand, getOptions } = await import('./get-command.ts');
      return { options: getOptions, run: (s, v, io) => getCommand(s, { query: [], ...v }, io) };
    }
    case 'put': case 'patch': case 'post': case 'delete': {
      const { editCommand, editOptions } = await import('./edit-command.ts');
      return { options: name === 'delete' ? {} : editOptions, run: (s, v, io) => editCommand(name.toUpperCase() as 'PUT', s, { 'no-check': false, ...v }, io) };
    }
    case 'call': {
      const [{ callCommand }, { editOptions }] = await Promise.all([import('./call-command.ts'), import('./edit-command.ts')]);
      return { options: editOptions, run: (s, v, io) => callCommand(s, { 'no-check': false, ...v }, io) };
    }
    case 'watch': {
      const { watchCommand, watchOptions } = await import('./watch-command.ts');
      return { options: watchOptions, run: (s, v, io) => watchCommand(s, v, io) };
    }
  }
};

export const clientCommand = async (name: ClientCommandName, args: readonly string[], io: ClientIo): Promise<number> => {
  const command = await load(name);
  const { values, positionals } = parseCommandArgs({ args: [...args], allowPositionals: true, options: { ...connectionOptions, ...command.options } });
  const [url, path, ...extra] = positionals;
  if (url === undefined) throw new UsageError('give the server URL (http://HOST:PORT)');
  if (extra[0] !== undefined) throw new UsageError(`unexpected argument ${extra[0]}`);
  const target = clientTarget(url, path);
  const session = await openSession(target, connectOptionsOf(values));
  const v = values as Record<string, unknown>;
  try {
    return await command.run(session, v, io);
  } catch (e) {
    if (e instanceof TransportFailure) {
      io.err(`rxconf ${name}: no answer from ${target.origin}: ${e.message}`);
      return NO_ANSWER;
    }
    if (e instanceof RestconfFailure) {
      printErrors(e.errors, io.err);
      return 1;
    }
    if (e instanceof UsageError) throw e;
    if (e instanceof Error && /YANG library|do not compile/.test(e.message)) {
      io.err(`rxconf ${name}: cannot check the input: ${e.message} (--no-check sends it unchecked)`);
      return NO_ANSWER;
    }
    throw e;
  }
};
