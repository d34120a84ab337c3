/**
 * The help text of the rxconf command and of each subcommand: printed by
 * `--help`, and named in usage errors. The exit codes are the README's
 * "The command line" section.
 */

export const CHECK_USAGE = `usage: rxconf check [options] FILE|MODULE...

Compiles the YANG modules (files, or names found on the search path) and
prints every problem on stderr as FILE:LINE:COL: error: MESSAGE.

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable; MOD: alone
                            disables all of MOD's features, MOD:* enables all)
      --warnings            print warnings too
  -h, --help                this help

exit: 0 no errors, 1 errors in the modules or an unknown --features name, 2 usage error`;

export const TREE_USAGE = `usage: rxconf tree [options] FILE|MODULE...

Prints the schema tree of each module in the pyang -f tree layout on
stdout; problems go to stderr.

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
  -h, --help                this help

exit: 0 printed, 1 errors in the modules or an unknown --features name, 2 usage error`;

export const SERVE_USAGE = `usage: rxconf serve [options] --module NAME [--module NAME...]

Serves the modules over RESTCONF on the embedded datastore and prints
"listening on URL" on stdout when ready. SIGINT and SIGTERM close it
gracefully (in-flight requests finish, event streams end, data is flushed).

options:
  -m, --module NAME|FILE    a module to serve (repeatable; also as a positional argument)
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
      --data FILE           the datastore file: loaded at start, every committed edit
                            written back (default: in memory)
      --host HOST           listen address (default 127.0.0.1)
      --port N              listen port, 0 for any free one (default 8080)
      --app FILE            an application module: its default export gets the app context
      --transport T         auto (uWebSockets.js if a native build loads, else node:http),
                            uws, http1 or h2c (default auto)
  -h, --help                this help

exit: 0 closed cleanly, 1 could not start (schema error, port taken, app failed),
      2 usage error`;

export const MAIN_USAGE = `usage: rxconf <command> [options] ...

commands:
  check     compile YANG modules and report every problem
  tree      print the schema tree of YANG modules
  serve     serve YANG modules over RESTCONF (RFC 8040)

  rxconf <command> --help   the command's options
  rxconf --version          the version

exit: 0 success, 1 problems found or the server could not start, 2 usage error`;

/** Each subcommand's help, by name. */
export const COMMAND_USAGE: Readonly<Record<'check' | 'tree' | 'serve', string>> = {
  check: CHECK_USAGE,
  tree: TREE_USAGE,
  serve: SERVE_USAGE,
};
