/**
 * The rxconf command line: check, tree, validate, openapi, types, docs, serve, passwd, and the client
 * commands get, put, patch, post, delete, call, watch. Help and diagnostics as
 * `usage.ts` and the README's command-line section describe them: results on
 * stdout, problems on stderr; exit 0 success, 1 problems found (or the
 * server could not start), 2 usage error. Each command's modules are
 * imported when it runs, so `--help` or `get` loads no YANG compiler.
 */
import { readFileSync } from 'node:fs';
import { parseCommandArgs, usageErrorOf } from './parse-command-args.ts';
import { COMMAND_USAGE, MAIN_USAGE } from './usage.ts';
import { UsageError } from './usage-error.ts';

type Command = keyof typeof COMMAND_USAGE;
const isCommand = (name: string): name is Command => Object.hasOwn(COMMAND_USAGE, name);

const schemaOptions = {
  path: { type: 'string', short: 'p', multiple: true, default: [] as string[] },
  features: { type: 'string', short: 'F', multiple: true, default: [] as string[] },
} as const;

/** `--help` or `-h` anywhere before a `--`. */
const asksHelp = (args: readonly string[]): boolean => {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
};

/** package.json sits two folders up from both src/cli and dist/cli. */
const version = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const run = async (command: string | undefined, rest: readonly string[]): Promise<number> => {
  if (command === undefined) {
    console.error(MAIN_USAGE);
    return 2;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    const topic = rest[0];
    if (topic === undefined) console.log(MAIN_USAGE);
    else if (isCommand(topic)) console.log(COMMAND_USAGE[topic]);
    else throw new UsageError(`unknown command "${topic}"`);
    return 0;
  }
  if (command === '--version' || command === '-V') {
    console.log(`rxconf ${version()}`);
    return 0;
  }
  if (!isCommand(command)) throw new UsageError(command.startsWith('-') ? `unknown option '${command}'` : `unknown command "${command}"`);
  if (asksHelp(rest)) {
    console.log(COMMAND_USAGE[command]);
    return 0;
  }
  switch (command) {
    case 'check': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: { ...schemaOptions, warnings: { type: 'boolean', default: false } } });
      const args = { path: values.path, features: values.features, warnings: values.warnings, files: positionals };
      const { cachedCommand } = await import('./cached-command.ts');
      return cachedCommand({ command: 'check', ...args }, (t) => process.stdout.write(t), (l) => console.error(l), async (_out, err, passed) => {
        const { checkCommand } = await import('./schema-commands.ts');
        return checkCommand(args, err, passed);
      });
    }
    case 'tree': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: schemaOptions });
      const { cachedCommand } = await import('./cached-command.ts');
      return cachedCommand({ command: 'tree', path: values.path, features: values.features, warnings: false, files: positionals }, (t) => process.stdout.write(t), (l) => console.error(l), async (out, err, passed) => {
        const { treeCommand } = await import('./schema-commands.ts');
        return treeCommand({ path: values.path, features: values.features, modules: positionals }, out, err, passed);
      });
    }
    case 'validate': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: { ...schemaOptions, state: { type: 'boolean', short: 's', default: false } } });
      const { validateCommand } = await import('./schema-commands.ts');
      return validateCommand({ path: values.path, features: values.features, state: values.state, positionals }, (l) => console.error(l));
    }
    case 'openapi': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: { ...schemaOptions, out: { type: 'string', short: 'o' } } });
      const { openapiCommand } = await import('./schema-commands.ts');
      return openapiCommand({ path: values.path, features: values.features, modules: positionals, out: values.out }, (t) => process.stdout.write(t), (l) => console.error(l));
    }
    case 'types': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: { ...schemaOptions, out: { type: 'string', short: 'o' }, runtime: { type: 'string' } } });
      const { typesCommand } = await import('./schema-commands.ts');
      return typesCommand({ path: values.path, features: values.features, modules: positionals, out: values.out, runtime: values.runtime }, (l) => console.log(l), (l) => console.error(l));
    }
    case 'docs': {
      const { values, positionals } = parseCommandArgs({ args: [...rest], allowPositionals: true, options: { ...schemaOptions, out: { type: 'string', short: 'o' } } });
      const { docsCommand } = await import('./schema-commands.ts');
      return docsCommand({ path: values.path, features: values.features, modules: positionals, out: values.out }, (l) => console.log(l), (l) => console.error(l));
    }
    case 'serve': {
      const { serveCommand } = await import('./serve-command.ts');
      return serveCommand(rest);
    }
    case 'get': case 'put': case 'patch': case 'post': case 'delete': case 'call': case 'watch': {
      const { clientCommand, processIo } = await import('./client-commands/index.ts');
      return clientCommand(command, rest, processIo);
    }
    case 'passwd': {
      const { passwdCommand } = await import('./passwd-command.ts');
      return passwdCommand(rest);
    }
    case 'call-home': {
      const { callHomeCommand } = await import('./call-home-command.ts');
      return callHomeCommand(rest);
    }
  }
};

const [command, ...rest] = process.argv.slice(2);
const who = command !== undefined && isCommand(command) ? `rxconf ${command}` : 'rxconf';
run(command, rest).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const usage = usageErrorOf(e);
    if (usage !== undefined) {
      console.error(`${who}: ${usage.message}`);
      console.error(`Run '${who} --help' for the usage.`);
      process.exitCode = 2;
    } else {
      console.error(`${who}: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    }
  },
);
