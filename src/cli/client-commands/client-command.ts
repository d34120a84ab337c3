/**
 * The client commands for people: `rxconf get|put|patch|post|delete|call|watch
 * URL [PATH]`. Each parses its options, opens the connection, runs, and
 * answers its exit code: 0 done, 1 refused (the server's errors, or the
 * schema check's, on stderr as PATH: TAG: MESSAGE), 2 usage error (thrown
 * as UsageError), 3 no answer or no schema.
 */
import { TransportFailure } from '../../client/index.ts';
import { RestconfFailure } from '../../errors/index.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { UsageError } from '../usage-error.ts';
import { callCommand } from './call-command.ts';
import type { ClientIo } from './client-io.ts';
import { connectionOptions, connectOptionsOf } from './client-options.ts';
import { openSession } from './client-session.ts';
import { clientTarget } from './client-target.ts';
import { editCommand, editOptions } from './edit-command.ts';
import { getCommand, getOptions } from './get-command.ts';
import { printErrors } from './print-errors.ts';
import { watchCommand, watchOptions } from './watch-command.ts';

export const CLIENT_COMMANDS = ['get', 'put', 'patch', 'post', 'delete', 'call', 'watch'] as const;
export type ClientCommandName = (typeof CLIENT_COMMANDS)[number];

/** No answer: the command could not talk to the server. */
export const NO_ANSWER = 3;

const OPTIONS = {
  get: getOptions, put: editOptions, patch: editOptions, post: editOptions, delete: {}, call: editOptions, watch: watchOptions,
} as const;

export const clientCommand = async (name: ClientCommandName, args: readonly string[], io: ClientIo): Promise<number> => {
  const { values, positionals } = parseCommandArgs({ args: [...args], allowPositionals: true, options: { ...connectionOptions, ...OPTIONS[name] } });
  const [url, path, ...extra] = positionals;
  if (url === undefined) throw new UsageError('give the server URL (http://HOST:PORT)');
  if (extra[0] !== undefined) throw new UsageError(`unexpected argument ${extra[0]}`);
  const target = clientTarget(url, path);
  const session = await openSession(target, connectOptionsOf(values));
  const v = values as Record<string, unknown>;
  try {
    switch (name) {
      case 'get':
        return await getCommand(session, { query: [], ...v }, io);
      case 'put': case 'patch': case 'post': case 'delete':
        return await editCommand(name.toUpperCase() as 'PUT', session, { 'no-check': false, ...v }, io);
      case 'call':
        return await callCommand(session, { 'no-check': false, ...v }, io);
      case 'watch':
        return await watchCommand(session, v, io);
    }
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
