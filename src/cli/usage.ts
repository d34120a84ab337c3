/**
 * The help text of the rxconf command and of each subcommand: printed by
 * `--help`, and named in usage errors. The exit codes are the README's
 * "The command line" section.
 */

import type { ClientCommandName } from './client-commands/client-command.ts';
import { CLIENT_USAGE } from './client-commands/client-usage.ts';

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
"listening on URL" on stdout when ready; logs go to stdout as JSON lines.
SIGINT and SIGTERM close it gracefully (in-flight requests finish, event
streams end, data is flushed); a second signal exits at once.

options:
  -m, --module NAME|FILE    a module to serve (repeatable; also as a positional argument)
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
      --data FILE           the datastore file: loaded at start, every committed edit
                            written back (default: in memory)
      --app FILE            an application module: its default export gets the app context
      --host HOST           listen address (default 127.0.0.1)
      --port N              listen port, 0 for any free one (default 8080)
      --transport T         auto (uWebSockets.js if a native build loads, else node:http),
                            uws, http1 or h2c (default auto)
      --tls-cert FILE       TLS certificate (PEM); with --tls-key: HTTPS, HTTP/2 and HTTP/1.1
      --tls-key FILE        TLS private key (PEM)
      --tls-ca FILE         CAs that client certificates are checked against
      --call-home HOST[:P]  RESTCONF Call Home: connect out to a client (port 4336 by
                            default) and serve it over TLS; needs --tls-ca (repeatable;
                            written to rxconf-server server/call-home, editable with --nacm)
      --call-home-period S  call home every S seconds instead of keeping the connection
      --call-home-idle S    close a periodic call-home connection idle for S seconds
      --allowed-host NAME   a Host header accepted besides the listen address (repeatable)
      --forwarded-by ADDR   a front proxy whose X-Forwarded-For/-Proto/-Host and Forwarded
                            headers are believed: client address, scheme, host (repeatable)
      --cors-origin ORIGIN  an origin browsers may call from (repeatable; * for any)
  cluster (docs/cluster.md):
      --cluster URL[,URL]   be one replica of the datastore held in NATS JetStream at
                            nats://HOST:PORT; --data then only seeds an empty stream
      --cluster-stream NAME the JetStream stream of the commit log (default RXCONF)
      --cluster-replicas N  the stream's replicas when this process creates it: 1, or 3
                            on a 3-node NATS cluster (default 1)
      --replica-id ID       this replica's name in the runtime state (default random)
      --cluster-wait S      give up starting (exit 1) when NATS has not answered within
                            S seconds (default 30)
      --workers N           run N replica processes serving one port (replica ids
                            ID-w1..ID-wN); a worker that dies is started again
  authentication (none of these: requests are not authenticated):
      --users FILE          HTTP Basic, users and scrypt hashes from FILE
      --jwks FILE           Bearer JWTs checked against the keys in FILE
      --jwt-issuer ISS      the issuer Bearer tokens must name
      --jwt-audience AUD    the audience Bearer tokens must name
      --trusted-proxy ADDR  a front proxy whose x-remote-user header names the user
                            (repeatable)
      --cert-user FP=NAME   a client certificate (SHA-256 fingerprint) as user NAME, or
                            NAME cn, san-dns, san-email, san-ip, san-any to take it from
                            the certificate (repeatable; needs --tls-ca)
      --anonymous           requests without credentials are the user anonymous
      --allow-unauthenticated
                            listen beyond loopback with none of the methods above
                            (anyone who reaches the port may read and change everything)
      --nacm                enforce access control (RFC 8341, ietf-netconf-acm)
      --recovery-user NAME  the user NACM never restricts
  operations:
      --metrics-path PATH   where the Prometheus exposition is served (default /metrics)
      --metrics-module MOD  also export MOD's numeric state leaves as metrics (repeatable)
      --explorer            serve the explorer page at /explorer/ (docs/web.md)
      --url-credentials     take credentials from the URL of GET requests (access_token=, authorization=) for EventSource
  -q, --quiet               no access log
      --access-log FILE     append the access log to FILE (default -: standard output, with
                            the other log lines)
      --access-log-fields LIST  the fields of an access line, comma-separated (default all:
                            reqId,method,path,status,durationMs,bytes,remote,user)
      --log-memory BYTES    log bytes held while the destination is slow or full; beyond,
                            lines are dropped and counted (default 4194304)
  -h, --help                this help

exit: 0 closed cleanly, 1 could not start (schema error, port taken, app failed),
      2 usage error`;

export const PASSWD_USAGE = `usage: rxconf passwd [options] FILE USER

Adds USER to the Basic authentication user file FILE (serve --users FILE),
or changes their password. The password is read from standard input, one
line (prompted for on a terminal), at least 8 characters. FILE is written
atomically with mode 0600.

options:
      --groups G,G          the user's groups (default: kept, or none for a new user)
      --delete              remove USER from FILE instead
  -h, --help                this help

exit: 0 written, 1 password too short or no such user to delete, 2 usage error`;

export const CALL_HOME_USAGE = `usage: rxconf call-home --cert FILE --key FILE --ca FILE [options]

The client end of RESTCONF Call Home (RFC 8071): listens for servers calling
home (rxconf serve --call-home), completes TLS as the client (our certificate
presented, the server's checked against --ca) and serves a local plain-HTTP
port whose requests go to the server that called last: curl it as if the
server listened there. Runs until SIGINT or SIGTERM.

options:
      --listen [HOST:]PORT  where servers call (default 0.0.0.0:4336)
      --cert FILE           our certificate (PEM), signed by a CA the server trusts
      --key FILE            its private key (PEM)
      --ca FILE             CAs the server's certificate is checked against
      --server-name NAME    the name the server's certificate must carry (default: any
                            certificate signed by --ca)
      --local PORT          the local port on 127.0.0.1 (default 8080; 0 for any free one)
  -h, --help                this help

exit: 0 stopped, 1 could not listen, 2 usage error`;

export const VALIDATE_USAGE = `usage: rxconf validate [options] MODULE... DATA.json

Validates an instance document against the modules, as yanglint does: types,
unknown members, keys, choices, then mandatory nodes, min/max-elements,
unique, when, must, leafref and instance-identifier targets. Every problem
goes to stderr as DATA.json: PATH: ERROR-TAG: MESSAGE; a valid document
prints nothing. The document is RFC 7951 JSON (module-qualified top-level
members), or the plain form keyed by module name ({"my-module": {...}}) that
serve --data also accepts.

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
  -s, --state               the document holds configuration and state (yanglint -t data);
                            without it, configuration only (-t config): state is an error
  -h, --help                this help

exit: 0 valid, 1 invalid (or errors in the modules), 2 usage error`;

export const OPENAPI_USAGE = `usage: rxconf openapi [options] MODULE...

Prints the OpenAPI 3.1 document of the modules served over RESTCONF: every
data path (list keys as path parameters), the methods of each (GET; PUT,
PATCH, POST and DELETE on configuration), the RFC 8040 query parameters,
request and answer bodies as JSON Schema of the RFC 7951 encoding, the
error body, rpcs and actions (POST) and notifications (event streams).
A running server answers the same document at GET /restconf/openapi.json.

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
  -o, --out FILE            write the document to FILE instead of stdout
  -h, --help                this help

exit: 0 written, 1 errors in the modules or an unknown --features name, 2 usage error`;

export const TYPES_USAGE = `usage: rxconf types [options] MODULE... --out DIR

Writes DIR/MODULE.ts for each module: TypeScript interfaces of its data
(configuration and state; configuration only; the RFC 7951 instance
document), every container and list entry, rpc and action input and output,
and notifications, with values in their RFC 7951 JSON form (int64, uint64,
decimal64 as strings, enumerations and identities as string unions, choices
as unions of their cases, empty as [null]); an io-ts codec for each, checking
what the server's decoder checks; and \`model\`, for app.typed(model).

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
  -o, --out DIR             the directory written (created when missing)
      --runtime MODULE      where generated code imports its helpers from (default rxconf)
  -h, --help                this help

exit: 0 written, 1 errors in the modules or an unknown --features name, 2 usage error`;

export const DOCS_USAGE = `usage: rxconf docs [options] MODULE... --out DIR

Writes DIR/MODULE.md and DIR/MODULE.html (one file, no external resources)
for each module: its schema tree, then every node with its kind, type,
default, constraints (range, length, pattern, must, when, mandatory,
min/max-elements, unique, key) and description.

options:
  -p, --path DIR[:DIR]      directories searched for modules and imports (repeatable)
  -F, --features MOD:F,G    enable only these features of MOD (repeatable)
  -o, --out DIR             the directory written (created when missing)
  -h, --help                this help

exit: 0 written, 1 errors in the modules or an unknown --features name, 2 usage error`;

export const MAIN_USAGE = `usage: rxconf <command> [options] ...

commands:
  check     compile YANG modules and report every problem
  tree      print the schema tree of YANG modules
  validate  validate a JSON instance document against YANG modules
  openapi   print the OpenAPI 3.1 document of the RESTCONF API of YANG modules
  types     write TypeScript types and io-ts codecs of YANG modules
  docs      write Markdown and HTML documentation of YANG modules
  serve     serve YANG modules over RESTCONF (RFC 8040)
  passwd    add a user to a Basic authentication user file, or change a password
  call-home accept RESTCONF Call Home connections and serve them on a local port
  get, put, patch, post, delete
            read or edit a resource of a RESTCONF server (input checked against its schema)
  call      run an rpc or action of a RESTCONF server
  watch     print a RESTCONF server's events, one per line

  rxconf <command> --help   the command's options
  rxconf --version          the version

exit: 0 success, 1 problems found or the server could not start (client commands:
      the request refused), 2 usage error, 3 no answer from the server (client commands)`;

/** Each subcommand's help, by name. */
export const COMMAND_USAGE: Readonly<Record<'check' | 'tree' | 'validate' | 'openapi' | 'types' | 'docs' | 'serve' | 'passwd' | 'call-home' | ClientCommandName, string>> = {
  check: CHECK_USAGE,
  tree: TREE_USAGE,
  validate: VALIDATE_USAGE,
  openapi: OPENAPI_USAGE,
  types: TYPES_USAGE,
  docs: DOCS_USAGE,
  serve: SERVE_USAGE,
  passwd: PASSWD_USAGE,
  'call-home': CALL_HOME_USAGE,
  ...CLIENT_USAGE,
};
