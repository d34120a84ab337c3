/** RFC 8040 §4: each method's statuses, and the spec's rules where the modes differ. */
import { STRICT, STRICT_GET, type Case } from './case.ts';

const LIB = '/restconf/data/example-jukebox:jukebox/library';
const FOO = `${LIB}/artist=Foo%20Fighters`;
const TOP = '/restconf/data/hx-test:top';
const location = (path: string): RegExp => new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export const methodCases: readonly Case[] = [
  {
    title: 'PUT creates (201 with Location) and then replaces (204)',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${LIB}/artist=Nick%20Cave`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Nick Cave', album: [{ name: 'Tender Prey', year: 1988 }] }] }, expect: { status: 201, headers: { location: location(`${LIB}/artist=Nick%20Cave`) }, text: '' } },
      { method: 'PUT', path: `${LIB}/artist=Nick%20Cave`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Nick Cave', album: [{ name: 'Henry\'s Dream', year: 1992 }] }] }, expect: { status: 204, headers: { location: null }, text: '' } },
      { path: `${LIB}/artist=Nick%20Cave`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:artist': [{ name: 'Nick Cave', album: [{ name: 'Henry\'s Dream', year: 1992 }] }] } } },
    ],
  },
  {
    title: 'PUT of a list entry: the body\'s keys must be the path\'s',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${LIB}/artist=Nick%20Cave`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Someone Else' }] }, expect: { status: 400, error: { tag: 'invalid-value', message: 'key leaf "name" in the body must equal the key value in the path' } } },
      { method: 'PUT', path: `${LIB}/artist=Nick%20Cave`, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'x' }] }, expect: { status: 400, error: { tag: 'unknown-element', message: /must hold "artist"/ } } },
      { method: 'PUT', path: `${LIB}/artist=Nick%20Cave`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Nick Cave' }], extra: 1 }, expect: { status: 400, error: { tag: 'invalid-value', message: /as its only member/ } } },
      { path: `${LIB}/artist=Nick%20Cave`, expect: { status: 404 } },
    ],
  },
  {
    title: 'PUT of a leaf, a leaf-list entry, anydata and a whole module',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/count`, body: { count: 9 }, expect: { status: 201 } },
      { method: 'PUT', path: `${TOP}/count`, body: { count: 10 }, expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/tag=c`, body: { tag: ['c'] }, expect: { status: 201, headers: { location: location(`${TOP}/tag=c`) } } },
      { method: 'PUT', path: `${TOP}/tag=d`, body: { tag: ['e'] }, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `${TOP}/tag`, expect: { status: 200, json: { tag: ['a', 'b', 'c'] } } },
      { method: 'PUT', path: `${TOP}/blob`, body: { blob: { any: 'thing' } }, expect: { status: 204 } },
      { path: `${TOP}/blob`, expect: { status: 200, json: { blob: { any: 'thing' } } } },
      { method: 'PUT', path: '/restconf/data/hx-test:', body: { top: { name: 'only' } }, expect: { status: 204 } },
      { path: `${TOP}?content=config`, expect: { status: 200, json: { top: { name: 'only', count: 7 } } } },
    ],
  },
  {
    title: 'PATCH merges (204); in the simplified mode a missing target is created',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PATCH', path: `${FOO}/album=Wasting%20Light`, body: { album: [{ name: 'Wasting Light', admin: { label: 'RCA' } }] }, expect: { status: 204, text: '' } },
      { path: `${FOO}/album=Wasting%20Light/admin`, expect: { status: 200, json: { admin: { label: 'RCA' } } } },
      { path: `${FOO}/album=Wasting%20Light/year`, expect: { status: 200, json: { year: 2011 } } },
      { method: 'PATCH', path: `${LIB}/artist=Nobody`, body: { artist: [{ name: 'Nobody' }] }, expect: { status: 204 } },
      { path: `${LIB}/artist=Nobody`, expect: { status: 200, json: { artist: [{ name: 'Nobody' }] } } },
    ],
  },
  {
    title: 'PATCH in the strict mode: the target must exist (404, nothing created)',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PATCH', path: `${LIB}/artist=Nobody`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Nobody' }] }, expect: { status: 404, error: { tag: 'invalid-value', path: "/example-jukebox:jukebox/library/artist[name='Nobody']" } } },
      { path: `${LIB}/artist=Nobody`, expect: { status: 404 } },
      { method: 'PATCH', path: '/restconf/data/example-jukebox:jukebox/player', headers: STRICT, body: { 'example-jukebox:player': { gap: '1.5' } }, expect: { status: 204 } },
      { path: '/restconf/data/example-jukebox:jukebox/player/gap', headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:gap': '1.5' } } },
    ],
  },
  {
    title: 'PUT and PATCH need a body',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${FOO}`, headers: STRICT, expect: { status: 400, error: { tag: 'malformed-message', message: 'PUT needs a request body' } } },
      { method: 'PATCH', path: `${FOO}`, body: '  ', expect: { status: 400, error: { tag: 'malformed-message', message: 'PATCH needs a request body' } } },
    ],
  },
  {
    title: 'POST creates a child (201 with Location), 409 data-exists when it is there (RFC 8040 §4.4.1)',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'POST', path: FOO, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'Medicine at Midnight', year: 2021 }] }, expect: { status: 201, headers: { location: location(`${FOO}/album=Medicine%20at%20Midnight`) } } },
      { method: 'POST', path: FOO, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'Medicine at Midnight', year: 2021 }] }, expect: { status: 409, error: { tag: 'data-exists', path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Medicine at Midnight']" } } },
      { method: 'POST', path: `${FOO}/album=Wasting%20Light`, body: { admin: { label: 'RCA' } }, expect: { status: 201, headers: { location: location(`${FOO}/album=Wasting%20Light/admin`) } } },
      { method: 'POST', path: `${FOO}/album=Wasting%20Light`, body: { format: 'x' }, expect: { status: 400, error: { tag: 'unknown-element' } } },
    ],
  },
  {
    title: 'POST under a resource that does not exist is 404',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'POST', path: `${LIB}/artist=Nobody`, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'x' }] }, expect: { status: 404, error: { tag: 'invalid-value', path: "/example-jukebox:jukebox/library/artist[name='Nobody']" } } },
      { path: `${LIB}/artist=Nobody`, expect: { status: 404 } },
    ],
  },
  {
    title: 'POST to the datastore creates a top-level node; to a module root too',
    fixture: 'jukebox',
    exchanges: [
      { method: 'POST', path: '/restconf/data', headers: STRICT, body: { 'example-jukebox:jukebox': {} }, expect: { status: 201, headers: { location: location('/restconf/data/example-jukebox:jukebox') } } },
      { method: 'POST', path: '/restconf/data', headers: STRICT, body: { 'example-jukebox:jukebox': {} }, expect: { status: 409, error: { tag: 'data-exists' } } },
      { method: 'POST', path: '/restconf/data/example-jukebox:', body: { jukebox: {} }, expect: { status: 409, error: { tag: 'data-exists' } } },
    ],
  },
  {
    title: 'POST of one leaf-list entry; the body must hold exactly one',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: TOP, body: { tag: ['z'] }, expect: { status: 201, headers: { location: location(`${TOP}/tag=z`) } } },
      { method: 'POST', path: TOP, body: { tag: ['z'] }, expect: { status: 409, error: { tag: 'data-exists' } } },
      { method: 'POST', path: TOP, body: { tag: ['x', 'y'] }, expect: { status: 400, error: { tag: 'invalid-value', message: /creates one leaf-list entry/ } } },
    ],
  },
  {
    title: 'DELETE: 204; a missing resource is 404 in the strict mode and no error in the simplified one',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'DELETE', path: `${FOO}/album=Wasting%20Light`, headers: STRICT_GET, expect: { status: 204, text: '' } },
      { path: `${FOO}/album=Wasting%20Light`, expect: { status: 404 } },
      { method: 'DELETE', path: `${FOO}/album=Wasting%20Light`, headers: STRICT_GET, expect: { status: 404, error: { tag: 'invalid-value', path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']" } } },
      { method: 'DELETE', path: `${FOO}/album=Wasting%20Light`, expect: { status: 204 } },
      { method: 'DELETE', path: '/restconf/data/example-jukebox:jukebox/player/gap', expect: { status: 204 } },
      { path: '/restconf/data/example-jukebox:jukebox/player/gap', expect: { status: 404 } },
    ],
  },
  {
    title: 'DELETE of a leaf-list entry removes that value only',
    fixture: 'hx',
    exchanges: [
      { method: 'DELETE', path: `${TOP}/tag=a`, expect: { status: 204 } },
      { path: `${TOP}/tag`, expect: { status: 200, json: { tag: ['b'] } } },
    ],
  },
  {
    title: '405 with Allow for methods a resource does not take',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: '/restconf/operations/hx-test:echo', body: {}, expect: { status: 405, headers: { allow: 'POST, OPTIONS' }, error: { tag: 'operation-not-supported', message: 'PUT is not allowed on rpc "echo"; it allows POST, OPTIONS' } } },
      { method: 'GET', path: '/restconf/operations/hx-test:echo', expect: { status: 405, headers: { allow: 'POST, OPTIONS' } } },
      { method: 'DELETE', path: `${TOP}/stats/uptime`, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' }, error: { tag: 'operation-not-supported', message: /leaf "uptime" \(state data\)/ } } },
      { method: 'POST', path: `${TOP}/name`, body: { name: 'x' }, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, DELETE' } } },
      { method: 'DELETE', path: '/restconf/data', expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST' } } },
      { method: 'PUT', path: `${TOP}/numbered`, body: {}, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' }, error: { tag: 'operation-not-supported', message: /the whole list "numbered"/ } } },
      { method: 'PUT', path: `${TOP}/numbered=7/id`, body: { id: 7 }, expect: { status: 405, error: { tag: 'operation-not-supported', message: /\(a list key\)/ } } },
      { method: 'TRACE', path: TOP, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST, DELETE' } } },
    ],
  },
  {
    title: 'state data is never edited: 405 on the node, 400 inside a body',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/stats`, body: { stats: { uptime: 1 } }, expect: { status: 405 } },
      { method: 'PATCH', path: TOP, body: { top: { stats: { uptime: 1 } } }, expect: { status: 400, error: { tag: 'unknown-element', path: '/hx-test:top/stats' } } },
      { method: 'POST', path: TOP, body: { stats: { uptime: 1 } }, expect: { status: 400, error: { tag: 'unknown-element', message: /state data/ } } },
      { path: `${TOP}/stats/uptime`, expect: { status: 200, json: { uptime: 42 } } },
    ],
  },
  {
    title: 'OPTIONS: 204 with Allow, and Accept-Patch where PATCH is allowed',
    fixture: 'hx',
    exchanges: [
      { method: 'OPTIONS', path: TOP, expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST, DELETE', 'accept-patch': 'application/yang-data+json, application/json, application/yang-patch+json' }, text: '' } },
      { method: 'OPTIONS', path: `${TOP}/stats`, expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS', 'accept-patch': null } } },
      { method: 'OPTIONS', path: '/restconf/operations/hx-test:echo', expect: { status: 204, headers: { allow: 'POST, OPTIONS', 'accept-patch': null } } },
      { method: 'OPTIONS', path: `${TOP}/numbered=99`, expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST, DELETE' } } },
      { method: 'OPTIONS', path: '/restconf/data', expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST' } } },
    ],
  },
  {
    title: 'rpc: 200 with output, 204 without; no handler is 501',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/hx-test:noop', headers: STRICT_GET, expect: { status: 501, error: { tag: 'operation-not-supported' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: STRICT, body: { 'hx-test:input': {} }, expect: { status: 409, error: { tag: 'data-missing', path: '/hx-test:echo/text' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: STRICT, body: { 'hx-test:input': { text: 1 } }, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:noop', body: { anything: 1 }, expect: { status: 400, error: { tag: 'unknown-element', message: 'rpc "noop" takes no input' } } },
    ],
  },
  {
    title: 'an rpc whose node has no action handler is 501',
    fixture: 'hx-no-handlers',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: STRICT, body: { 'hx-test:input': { text: 'x' } }, expect: { status: 501, error: { tag: 'operation-not-supported', message: 'rpc "echo" has no handler' } } },
      { method: 'POST', path: `${TOP}/ping`, headers: STRICT_GET, expect: { status: 501, error: { tag: 'operation-not-supported', message: 'action "ping" has no handler' } } },
    ],
  },
  {
    title: 'actions are POSTed at their path in the data tree, in a served module',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: `${TOP}/ping`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-test:output': { pong: 'pong' } } } },
      { method: 'POST', path: '/restconf/data/example-actions:interfaces/interface=eth9/reset', expect: { status: 400, error: { tag: 'unknown-namespace' } } },
    ],
  },
];
