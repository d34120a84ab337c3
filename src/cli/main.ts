/** The rxconf command line: check, tree, serve. */
import { parseArgs } from 'node:util';
import { checkCommand } from './check-command.ts';
import { treeCommand } from './tree-command.ts';

const USAGE = `usage:
  rxconf check [--path DIR[:DIR]] [--features MOD:F,G] [--warnings] FILE|MODULE...
  rxconf tree  [--path DIR[:DIR]] [--features MOD:F,G] FILE|MODULE...
  rxconf serve --path DIR[:DIR] --module NAME [--module NAME...] [--data FILE]
               [--host H] [--port N] [--app FILE]`;

const run = async (argv: readonly string[]): Promise<number> => {
  const [command, ...rest] = argv;
  const common = {
    path: { type: 'string' as const, short: 'p', multiple: true as const, default: [] as string[] },
    features: { type: 'string' as const, short: 'F', multiple: true as const, default: [] as string[] },
  };
  switch (command) {
    case 'check': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { ...common, warnings: { type: 'boolean' as const, default: false } } });
      return checkCommand({ path: values.path, features: values.features, warnings: values.warnings, files: positionals }, (l) => console.log(l));
    }
    case 'tree': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: common });
      return treeCommand({ path: values.path, features: values.features, modules: positionals }, (t) => process.stdout.write(t), (l) => console.error(l));
    }
    case 'serve': {
      const { serveCommand } = await import('./serve-command.ts');
      return serveCommand(rest);
    }
    case undefined: case '-h': case '--help': case 'help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`rxconf: unknown command "${command}"\n${USAGE}`);
      return 2;
  }
};

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(`rxconf: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 2;
  },
);
