/** The help of the client commands (get, put, patch, post, delete, call, watch); usage.ts lists them with the others. */

const CONNECTION = `connection:
  -u, --user USER:PASSWORD  HTTP Basic credentials
      --token TOKEN         a Bearer token
  -H, --header 'NAME: VALUE'  a header sent with every request (repeatable)
      --ca FILE             CA certificates (PEM) the server's certificate is checked against
      --cert FILE           client certificate (PEM), with --key FILE
      --simplified          speak the simplified mode (application/json, plain names)
                            instead of RFC 7951 (application/yang-data+json)
      --timeout MS          time a request may take (default 30000)
  -h, --help                this help`;

const TARGET = `URL is the server (http://HOST:PORT: its RESTCONF root is found by discovery,
RFC 8040 §3.1), its root (http://HOST:PORT/restconf), or a resource
(http://HOST:PORT/restconf/data/PATH). PATH is an api-path, as after
{+restconf}/data: /ietf-interfaces:interfaces/interface=eth0.`;

const EXIT = `exit: 0 done, 1 refused (by the server, or by the schema check: every error
      on stderr as PATH: TAG: MESSAGE), 2 usage error, 3 no answer (connection
      refused, TLS, time-out) or the server's schema could not be loaded`;

export const GET_USAGE = `usage: rxconf get [options] URL [PATH]

Reads PATH (the whole datastore without one) and prints the answer's JSON
on stdout. ${TARGET}

options:
      --depth N             RFC 8040 depth
      --fields F            RFC 8040 fields (a;b/c)
      --content C           config, nonconfig or all
      --with-defaults M     report-all, trim, explicit or report-all-tagged
  -q, --query NAME=VALUE    any other query parameter (repeatable)
${CONNECTION}

${EXIT}`;

const editUsage = (name: string, what: string): string => `usage: rxconf ${name} [options] URL PATH --data FILE|-

${what} The body is checked against the schema the server publishes (its YANG
library and sources) before it is sent, as the server will decode it;
problems go to stderr as FILE: PATH: TAG: MESSAGE and nothing is sent.
${TARGET}

options:
  -d, --data FILE|-         the body (JSON), - for stdin
      --no-check            send the body without checking it first
${CONNECTION}

${EXIT}`;

export const PUT_USAGE = editUsage('put', 'Creates or replaces the resource at PATH (the datastore without PATH: its\nwhole configuration, which is also validated whole: mandatory, unique,\nwhen, must, leafrefs).');
export const PATCH_USAGE = editUsage('patch', 'Merges the body into the resource at PATH (the datastore without PATH).');
export const POST_USAGE = editUsage('post', 'Creates the body\'s resource as a child of PATH; its Location is printed on\nstdout. POST to an rpc or action runs it (see rxconf call).');

export const DELETE_USAGE = `usage: rxconf delete [options] URL PATH

Deletes the resource at PATH. ${TARGET}

options:
${CONNECTION}

${EXIT}`;

export const CALL_USAGE = `usage: rxconf call [options] URL OPERATION [--data FILE|-]

Runs an rpc (OPERATION is MODULE:NAME) or an action (its data path:
/mod:things/thing=a/restart) and prints its output's JSON on stdout. The
input may be given bare ({"name": "x"}) or wrapped ({"mod:input": {...}});
it is checked against the operation's input first (types, mandatory nodes,
must, when), as the server will.

options:
  -d, --data FILE|-         the input (JSON), - for stdin; none: no input
      --no-check            send the input without checking it first
${CONNECTION}

${EXIT}`;

export const WATCH_USAGE = `usage: rxconf watch [options] URL NOTIFICATION
       rxconf watch [options] URL --stream NAME

Subscribes to a notification's event stream (NOTIFICATION is its data path,
/mod:alarm) or to a named stream ({+restconf}/streams/NAME, e.g.
--stream mod/changes) and prints each event's JSON on its own line on stdout
until the server ends the stream, --count events have come, or SIGINT.

options:
      --filter XPATH        only events this XPath selects (RFC 8040 filter)
  -n, --count N             stop after N events
${CONNECTION}

${EXIT}`;

/** By command name. */
export const CLIENT_USAGE = {
  get: GET_USAGE, put: PUT_USAGE, patch: PATCH_USAGE, post: POST_USAGE, delete: DELETE_USAGE, call: CALL_USAGE, watch: WATCH_USAGE,
} as const;
